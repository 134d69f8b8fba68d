import type { QrEntryResponse } from "@fieldlead/contracts";
import { useEffect, useRef } from "react";
import { dayLabel, type Lang, type Texts, timeRange, zoneName } from "./i18n";

/** What the shopper sees once the entry is in: when, and what happens next. Its heading takes the focus. */
export function Confirmation({
  lang,
  t,
  result,
  organizationName,
}: {
  lang: Lang;
  t: Texts;
  result: QrEntryResponse;
  organizationName: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "center" });
  }, []);
  const a = result.appointment;
  const booked = result.outcome === "booked" && a !== null;
  return (
    <section className="card done" aria-labelledby="done-heading">
      <h2 id="done-heading" tabIndex={-1} ref={heading}>
        {booked ? t.booked : t.received}
      </h2>
      {booked ? (
        <p className="when">
          <strong>{a.appointmentTypeName}</strong>
          <br />
          {`${t.at(dayLabel(lang, a.startsAt, a.timeZone), timeRange(lang, a.startTime, a.endTime))} (${zoneName(a.startsAt, a.timeZone)})`}
        </p>
      ) : null}
      <h3>{t.next}</h3>
      <ul>
        {result.emailSent ? <li>{t.emailSent}</li> : null}
        <li>{booked ? t.willConfirm(organizationName) : t.willCall(organizationName)}</li>
      </ul>
      <p className="muted">{t.thanks(organizationName)}</p>
    </section>
  );
}
