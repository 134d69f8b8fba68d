import type { AvailableWindows, FreeWindow } from "@fieldlead/contracts";
import { type Ref, useState } from "react";
import { FieldError } from "./fields";
import { dayLabel, type Lang, type Texts, timeRange, zoneName } from "./i18n";

/** Days shown at first, and how many more each "Show more days" adds: a phone's screen or two. */
const FIRST_DAYS = 3;
const MORE_DAYS = 4;

type Props = {
  lang: Lang;
  t: Texts;
  state: "loading" | "ready" | "error";
  data?: AvailableWindows;
  /** After a 409: the next free windows the server offered, shown first. */
  offered: FreeWindow[];
  /** Why the offered windows are there ("that time was just taken"), focused when it appears. */
  takenMessage: string | null;
  takenRef: Ref<HTMLParagraphElement>;
  value: number | "none" | null;
  onChange: (value: number | "none") => void;
  onRetry: () => void;
  error?: string;
};

/**
 * The free windows of the chosen type, grouped by day in the store's time zone, as one radio group (arrow keys move
 * through every time), and the way out: none of these times work, call me.
 */
export function WindowPicker(p: Props) {
  const [shown, setShown] = useState(FIRST_DAYS);
  const offeredIds = new Set(p.offered.map((w) => w.id));
  const days = (p.data?.days ?? [])
    .map((d) => ({ ...d, windows: d.windows.filter((w) => !offeredIds.has(w.id)) }))
    .filter((d) => d.windows.length > 0);
  const all = [...p.offered, ...days.flatMap((d) => d.windows)];
  const zones = [...new Set(all.map((w) => zoneName(w.startsAt, w.timeZone)))];
  const errorId = "window-error";
  const hasAny = all.length > 0;

  const radio = (w: FreeWindow, label: string, first: boolean) => (
    <label key={w.id} className="choice slot">
      <input
        type="radio"
        name="window"
        id={first ? "window" : undefined}
        value={w.id}
        checked={p.value === w.id}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? errorId : undefined}
        onChange={() => p.onChange(w.id)}
      />
      <span>
        {label}
        {w.left === 1 ? <span className="muted"> · {p.t.lastPlace}</span> : null}
      </span>
    </label>
  );

  return (
    <fieldset className="card" aria-busy={p.state === "loading" || undefined}>
      <legend>
        <h2>{p.t.timeLegend}</h2>
      </legend>
      {p.takenMessage ? (
        <p className="notice" role="alert" tabIndex={-1} ref={p.takenRef}>
          {p.takenMessage}
        </p>
      ) : null}
      {p.state === "loading" ? (
        <p className="muted" role="status">
          {p.t.loadingTimes}
        </p>
      ) : p.state === "error" && !p.offered.length ? (
        <div className="notice">
          <p>{p.t.timesError}</p>
          <button type="button" className="button secondary" onClick={p.onRetry}>
            {p.t.tryAgain}
          </button>
        </div>
      ) : !hasAny ? (
        <p className="notice">{p.t.noTimes}</p>
      ) : (
        <>
          {zones.length ? <p className="muted">{p.t.timesIn(zones.join(" / "))}</p> : null}
          {p.offered.length ? (
            <fieldset className="day offered">
              <legend>
                <h3>{p.t.nextFree}</h3>
              </legend>
              <div className="slots">
                {p.offered.map((w, i) =>
                  radio(
                    w,
                    p.t.at(
                      dayLabel(p.lang, w.startsAt, w.timeZone),
                      timeRange(p.lang, w.startTime, w.endTime),
                    ),
                    i === 0,
                  ),
                )}
              </div>
            </fieldset>
          ) : null}
          {days.slice(0, shown).map((d, di) => (
            <fieldset key={d.localDate} className="day">
              <legend>
                <h3>{dayLabel(p.lang, d.windows[0].startsAt, d.windows[0].timeZone)}</h3>
              </legend>
              <div className="slots">
                {d.windows.map((w, wi) =>
                  radio(
                    w,
                    timeRange(p.lang, w.startTime, w.endTime),
                    !p.offered.length && di === 0 && wi === 0,
                  ),
                )}
              </div>
            </fieldset>
          ))}
          {days.length > shown ? (
            <button type="button" className="button secondary" onClick={() => setShown((n) => n + MORE_DAYS)}>
              {p.t.moreDays}
            </button>
          ) : null}
          <label className="choice none">
            <input
              type="radio"
              name="window"
              value="none"
              checked={p.value === "none"}
              aria-invalid={p.error ? true : undefined}
              aria-describedby={p.error ? errorId : undefined}
              onChange={() => p.onChange("none")}
            />
            <span>{p.t.noneWork}</span>
          </label>
        </>
      )}
      <FieldError id={errorId} message={p.error} />
    </fieldset>
  );
}
