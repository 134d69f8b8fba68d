import type {
  AvailableWindows,
  FreeWindow,
  QrDetails,
  QrEntryRequest,
  QrEntryResponse,
} from "@fieldlead/contracts";
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { codeFromPath, getDetails, getWindows, isProblem, newIdempotencyKey, postEntry } from "./api";
import { Confirmation } from "./confirmation";
import { Consents } from "./consents";
import { ChoiceGroup, Need, QuestionField, TextField } from "./fields";
import {
  activeQuestions,
  type Draft,
  disclosuresOf,
  emptyValues,
  entryBody,
  HONEYPOT_FIELD,
  serverErrors,
  type Values,
  validate,
  type WindowsState,
} from "./form";
import {
  initialLang,
  LANG_NAMES,
  LANGS,
  type Lang,
  NOT_IN_USE,
  rememberLang,
  TEXTS,
  type Texts,
} from "./i18n";
import { WindowPicker } from "./windows";

type Phase = "loading" | "ready" | "notFound" | "error";
type WindowsEntry = { state: "loading" | "ready" | "error"; data?: AvailableWindows };
/** A message in the language shown now (the shopper may switch after it appeared). */
type Message = (t: Texts) => string;

// The two-letter codes of US_STATES (packages/contracts/src/us-states.ts).
const STATES =
  "AK AL AR AZ CA CO CT DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY".split(
    " ",
  );

/**
 * The form token's refusals (apps/server/src/modules/qr-codes/qr-form-token.ts): sent too soon after opening the
 * page (send again), or a token too old or not this page's (the page reads the details again for a new one).
 */
const TOO_FAST = "form_too_fast";
const NEW_TOKEN = ["form_expired", "form_invalid"];
/** The honeypot was filled (a bot, or a browser's autofill): emptied, with a new token. */
const REFUSED = "form_refused";

/**
 * The public page a shopper opens from a lead generator's QR code (`/q/{userUid}/{group}`): the organization, the
 * appointment types and their questions, the shopper's details, the consent texts, the free windows of the chosen
 * type in the store's time zone, and a confirmation. One scrolling page: nothing to page through on a phone.
 */
export function BookingPage({ pathname }: { pathname: string }) {
  const code = useMemo(() => codeFromPath(pathname), [pathname]);
  const [lang, setLang] = useState<Lang>(initialLang);
  const t = TEXTS[lang];
  const [phase, setPhase] = useState<Phase>(code ? "loading" : "notFound");
  const [details, setDetails] = useState<QrDetails | null>(null);
  const [values, setValues] = useState<Values>(() => emptyValues(null));
  const [windows, setWindows] = useState<Record<number, WindowsEntry>>({});
  /** Once the shopper has tried to send, the page's own checks show as they type. */
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Message | null>(null);
  const [offered, setOffered] = useState<FreeWindow[]>([]);
  const [taken, setTaken] = useState<Message | null>(null);
  const [stale, setStale] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<QrEntryResponse | null>(null);
  const [focus, setFocus] = useState<{ target: "error" | "taken" | "stale"; n: number } | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  const takenRef = useRef<HTMLParagraphElement>(null);
  const staleRef = useRef<HTMLParagraphElement>(null);
  /** One Idempotency-Key per attempt: kept while the same entry is sent again, new once the form changes. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  /** A second tap while the first is on its way does nothing (state would be a render late). */
  const inFlight = useRef(false);
  const requestedWindows = useRef(new Set<number>());

  const org = details?.organizationName ?? "";
  const type = details?.appointmentTypes.find((a) => a.id === values.typeId);
  const entry = values.typeId !== null ? windows[values.typeId] : undefined;
  const windowsState: WindowsState =
    !entry || entry.state === "loading"
      ? "loading"
      : entry.state === "error"
        ? offered.length
          ? "some"
          : "error"
        : offered.length || entry.data?.days.some((d) => d.windows.length)
          ? "some"
          : "none";
  const errors: Record<string, string> = {
    ...fromServer,
    ...(submitted && details ? validate(values, details, lang, t, windowsState) : {}),
  };
  const errorCount = Object.keys(errors).length;

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = phase === "notFound" ? NOT_IN_USE.en : details ? t.title(org) : t.titlePlain;
  }, [lang, phase, details, org, t]);

  const loadDetails = useCallback(
    async (signal?: AbortSignal) => {
      if (!code) return null;
      const d = await getDetails(code.userUid, code.group, signal);
      setDetails(d);
      setValues((v) => {
        if (v.typeId !== null && d.appointmentTypes.some((a) => a.id === v.typeId)) return v;
        return { ...v, typeId: d.appointmentTypes.length === 1 ? d.appointmentTypes[0].id : null };
      });
      setPhase("ready");
      return d;
    },
    [code],
  );

  const openPage = useCallback(
    (signal?: AbortSignal) => {
      setPhase("loading");
      loadDetails(signal).catch((err) => {
        if (signal?.aborted) return;
        setPhase(isProblem(err) && err.status === 404 ? "notFound" : "error");
      });
    },
    [loadDetails],
  );

  useEffect(() => {
    if (!code) return;
    const ac = new AbortController();
    openPage(ac.signal);
    return () => ac.abort();
  }, [code, openPage]);

  const loadWindows = useCallback(
    (typeId: number) => {
      if (!code) return;
      requestedWindows.current.add(typeId);
      setWindows((w) => ({ ...w, [typeId]: { state: "loading", data: w[typeId]?.data } }));
      getWindows(code.userUid, typeId, code.group).then(
        (data) => setWindows((w) => ({ ...w, [typeId]: { state: "ready", data } })),
        (err) => {
          if (isProblem(err) && err.status === 404) setPhase("notFound");
          else setWindows((w) => ({ ...w, [typeId]: { state: "error", data: w[typeId]?.data } }));
        },
      );
    },
    [code],
  );

  useEffect(() => {
    if (phase === "ready" && values.typeId !== null && !requestedWindows.current.has(values.typeId))
      loadWindows(values.typeId);
  }, [phase, values.typeId, loadWindows]);

  // Focus where the shopper has to look next, once it is drawn.
  useEffect(() => {
    if (!focus) return;
    let el: HTMLElement | null | undefined;
    if (focus.target === "taken") el = takenRef.current;
    else if (focus.target === "stale") el = staleRef.current;
    else el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!el) return;
    const closed = el.closest("details");
    if (closed) closed.open = true;
    el.focus();
    el.scrollIntoView?.({ block: "center" });
  }, [focus]);
  const focusOn = (target: "error" | "taken" | "stale") => setFocus((f) => ({ target, n: (f?.n ?? 0) + 1 }));

  /** Any edit of the form: a new attempt (a new Idempotency-Key), and the server's word on that field is gone. */
  const change = (patch: Partial<Values>, ...fields: string[]) => {
    attempt.current = null;
    setValues((v) => ({ ...v, ...patch }));
    if (fields.length)
      setFromServer((e) => {
        const next = { ...e };
        for (const f of fields) delete next[f];
        return next;
      });
  };

  const switchLang = (next: Lang) => {
    if (next === lang) return;
    setLang(next);
    rememberLang(next);
    // A tick counts for the text read: the other language's text was not (the boxes show unticked).
    if (details) {
      const texts = disclosuresOf(details, next);
      const kept = Object.fromEntries(
        Object.entries(values.consents).filter(([d, text]) =>
          texts.some((x) => x.destination === d && x.text === text),
        ),
      );
      if (Object.keys(kept).length !== Object.keys(values.consents).length) change({ consents: kept });
    }
  };

  async function onProblem(err: unknown, sent: QrEntryRequest) {
    if (!isProblem(err)) {
      setNotice(() => (tt: Texts) => tt.generic);
      return;
    }
    if (err.status === 0) {
      setNotice(() => (tt: Texts) => tt.network);
    } else if (err.status === 404) {
      setPhase("notFound");
    } else if (err.status === 409 && (err.code === "window_taken" || err.nextWindows)) {
      const next = err.nextWindows ?? [];
      setOffered(next);
      setValues((v) => ({ ...v, window: null }));
      setTaken(() => (tt: Texts) => (next.length ? tt.taken : tt.takenNone));
      if (values.typeId !== null) loadWindows(values.typeId);
      focusOn("taken");
    } else if (err.status === 400 && err.code === "stale_disclosure") {
      try {
        await loadDetails();
        setStale(true);
        focusOn("stale");
      } catch {
        setNotice(() => (tt: Texts) => tt.network);
      }
    } else if (err.status === 429) {
      setNotice(() => (tt: Texts) => tt.tooMany);
    } else if (err.status === 422 && err.code === TOO_FAST) {
      setNotice(() => (tt: Texts) => tt.tooFast);
    } else if (err.status === 422 && (NEW_TOKEN.includes(err.code ?? "") || err.code === REFUSED)) {
      if (err.code === REFUSED) setValues((v) => ({ ...v, website: "" }));
      try {
        await loadDetails();
        setNotice(() => (tt: Texts) => (err.code === REFUSED ? tt.refused : tt.formOld));
      } catch {
        setNotice(() => (tt: Texts) => tt.network);
      }
    } else {
      const { form, ...byField } = serverErrors(err.errors, sent);
      setFromServer(byField);
      const message = form ?? (Object.keys(byField).length ? null : err.message);
      setNotice(message ? () => () => message : err.status >= 500 ? () => (tt: Texts) => tt.generic : null);
      if (Object.keys(byField).length) focusOn("error");
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!details || !code || inFlight.current) return;
    setSubmitted(true);
    setNotice(null);
    const found = validate(values, details, lang, t, windowsState);
    if (Object.keys(found).length) {
      focusOn("error");
      return;
    }
    const body = entryBody(values, details, lang, code.group, windowsState);
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json)
      attempt.current = { key: newIdempotencyKey(), body: json };
    inFlight.current = true;
    setSending(true);
    setTaken(null);
    setStale(false);
    try {
      setResult(await postEntry(code.userUid, attempt.current.key, body));
      setFromServer({});
    } catch (err) {
      await onProblem(err, body);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  if (phase === "notFound") {
    return (
      <main className="page gone">
        {(["en", "es"] as const).map((l) => (
          <p key={l} lang={l}>
            {NOT_IN_USE[l]}
          </p>
        ))}
      </main>
    );
  }

  const languages = (
    <fieldset className="lang">
      <legend className="sr-only">{t.language}</legend>
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          className="button toggle"
          aria-pressed={l === lang}
          onClick={() => switchLang(l)}
        >
          {LANG_NAMES[l]}
        </button>
      ))}
    </fieldset>
  );

  if (phase !== "ready" || !details) {
    return (
      <div className="page">
        <header className="top">{languages}</header>
        <main aria-busy={phase === "loading" || undefined}>
          {phase === "loading" ? (
            <div className="card skeleton" role="status">
              <span className="sr-only">{t.loading}</span>
              <span className="bar wide" aria-hidden="true" />
              <span className="bar" aria-hidden="true" />
              <span className="bar tall" aria-hidden="true" />
              <span className="bar tall" aria-hidden="true" />
            </div>
          ) : (
            <div className="card" role="alert">
              <p>{t.loadError}</p>
              <button type="button" className="button secondary" onClick={() => openPage()}>
                {t.tryAgain}
              </button>
            </div>
          )}
        </main>
      </div>
    );
  }

  const types = details.appointmentTypes;
  const questions = activeQuestions(type);
  const booking = typeof values.window === "number";
  const setAnswer = (id: number, value: Draft) =>
    change({ answers: { ...values.answers, [String(id)]: value } }, `answers.${id}`);
  const field = (
    key: "firstName" | "lastName" | "phone" | "email" | "address" | "city" | "zip" | "notes",
  ) => ({
    id: key,
    value: values[key],
    onChange: (v: string) => change({ [key]: v }, key),
    error: errors[key],
  });

  return (
    <div className="page">
      <header className="top">
        {languages}
        <h1>{org}</h1>
        <p className="sub">{t.withAt(details.leadGeneratorName, details.storeName)}</p>
      </header>
      <main>
        {result ? (
          <Confirmation lang={lang} t={t} result={result} organizationName={org} />
        ) : types.length === 0 ? (
          <p className="card notice">{t.noTypes}</p>
        ) : (
          <form ref={formRef} noValidate onSubmit={submit}>
            <p className="intro">
              {t.intro}
              {types.length === 1 ? (
                <>
                  {" "}
                  <strong>{types[0].name}</strong>
                </>
              ) : null}
            </p>

            {types.length > 1 ? (
              <ChoiceGroup
                name="type"
                className="card"
                legend={<h2>{t.typeLegend}</h2>}
                options={types.map((a) => ({ value: String(a.id), label: a.name }))}
                selected={values.typeId !== null ? [String(values.typeId)] : []}
                onToggle={(v) => {
                  setOffered([]);
                  setTaken(null);
                  change({ typeId: Number(v), window: null }, "type", "window");
                }}
                error={errors.type}
              />
            ) : null}

            {questions.length ? (
              <section className="card" aria-labelledby="questions-heading">
                <h2 id="questions-heading">{t.questions}</h2>
                {questions.map((q) => (
                  <QuestionField
                    key={q.id}
                    q={q}
                    t={t}
                    value={values.answers[String(q.id)]}
                    onChange={(v) => setAnswer(q.id, v)}
                    error={errors[`answers.${q.id}`]}
                  />
                ))}
              </section>
            ) : null}

            {type ? (
              <WindowPicker
                key={type.id}
                lang={lang}
                t={t}
                state={entry?.state ?? "loading"}
                data={entry?.data}
                offered={offered}
                takenMessage={taken ? taken(t) : null}
                takenRef={takenRef}
                value={values.window}
                onChange={(w) => change({ window: w }, "window")}
                onRetry={() => loadWindows(type.id)}
                error={errors.window}
              />
            ) : null}

            <section className="card" aria-labelledby="details-heading">
              <h2 id="details-heading">{t.details}</h2>
              <div className="row">
                <TextField
                  {...field("firstName")}
                  label={
                    <>
                      {t.firstName}
                      <Need required t={t} />
                    </>
                  }
                  autoComplete="given-name"
                  maxLength={100}
                  required
                />
                <TextField
                  {...field("lastName")}
                  label={
                    <>
                      {t.lastName}
                      <Need required t={t} />
                    </>
                  }
                  autoComplete="family-name"
                  maxLength={100}
                  required
                />
              </div>
              <p id="contact-hint" className="muted">
                {t.contactHint}
              </p>
              <div className="row">
                <TextField
                  {...field("phone")}
                  label={t.phone}
                  type="tel"
                  autoComplete="tel"
                  hintId="contact-hint"
                  maxLength={40}
                />
                <TextField
                  {...field("email")}
                  label={t.email}
                  type="email"
                  autoComplete="email"
                  hintId="contact-hint"
                  maxLength={254}
                />
              </div>
              <details className="more">
                <summary>
                  {t.more} ({t.optional})
                </summary>
                <TextField
                  {...field("address")}
                  label={t.address}
                  autoComplete="street-address"
                  maxLength={200}
                />
                <div className="row three">
                  <TextField
                    {...field("city")}
                    label={t.city}
                    autoComplete="address-level2"
                    maxLength={100}
                  />
                  <div className="field">
                    <label htmlFor="state">{t.state}</label>
                    <select
                      id="state"
                      name="state"
                      autoComplete="address-level1"
                      value={values.state}
                      onChange={(e) => change({ state: e.currentTarget.value }, "state")}
                    >
                      <option value="">{t.choose}</option>
                      {STATES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                  </div>
                  <TextField
                    {...field("zip")}
                    label={t.zip}
                    autoComplete="postal-code"
                    inputMode="numeric"
                    maxLength={10}
                  />
                </div>
                <TextField {...field("notes")} label={t.notes} multiline maxLength={1000} />
              </details>
            </section>

            <Consents
              t={t}
              organizationName={org}
              disclosures={disclosuresOf(details, lang)}
              consents={values.consents}
              onChange={(d, text) => change({ consents: { ...values.consents, [d]: text } }, `consents.${d}`)}
              errors={errors}
              staleMessage={stale ? t.stale : null}
              staleRef={staleRef}
            />

            {/* The honeypot (QR_HONEYPOT_FIELD): out of sight, out of the accessibility tree and the tab order. */}
            <div className="hp" aria-hidden="true">
              <label htmlFor={HONEYPOT_FIELD}>Website</label>
              <input
                id={HONEYPOT_FIELD}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={(e) => change({ website: e.currentTarget.value })}
              />
            </div>

            <div className="send">
              <div role="alert" className="alert-slot">
                {submitted && errorCount > 0 && !notice ? (
                  <p className="error">{t.summary(errorCount)}</p>
                ) : null}
                {notice ? <p className="error">{notice(t)}</p> : null}
              </div>
              <p role="status" className="sr-only">
                {sending ? t.sending : ""}
              </p>
              <button type="submit" className="button primary" aria-disabled={sending || undefined}>
                {sending ? t.sending : booking ? t.book : t.send}
              </button>
            </div>
          </form>
        )}
      </main>
    </div>
  );
}
