import type { QrAppointmentType, QrDetails, QrEntryRequest } from "@fieldlead/contracts";
import type { Lang, Texts } from "./i18n";

export type Question = QrAppointmentType["questions"][number];
/** An answer as the input holds it: numbers are edited as text. */
export type Draft = string | boolean | number | number[] | null;

/** The honeypot's name: QR_HONEYPOT_FIELD (packages/contracts/src/qr-codes.ts). People never see it. */
export const HONEYPOT_FIELD = "website";

export type Values = {
  typeId: number | null;
  /** By question id. */
  answers: Record<string, Draft>;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
  /** A window's id, `"none"` (no time suits: call me), or null (not chosen yet). */
  window: number | "none" | null;
  /** The text the shopper ticked, by destination (a text that changed since no longer counts). */
  consents: Record<string, string | null>;
  /** The honeypot: stays empty for a person. */
  website: string;
};

export const emptyValues = (typeId: number | null): Values => ({
  typeId,
  answers: {},
  firstName: "",
  lastName: "",
  phone: "",
  email: "",
  address: "",
  city: "",
  state: "",
  zip: "",
  notes: "",
  window: null,
  consents: {},
  website: "",
});

export const activeQuestions = (type: QrAppointmentType | undefined) =>
  (type?.questions ?? []).filter((q) => q.isActive).sort((a, b) => a.sortOrder - b.sortOrder);

export function emptyDraft(q: Question): Draft {
  if (q.dataTypeCode === "multiChoice") return [];
  if (q.dataTypeCode === "choice" || q.dataTypeCode === "boolean") return null;
  return "";
}

export function isAnswered(d: Draft | undefined): boolean {
  if (d === null || d === undefined) return false;
  if (typeof d === "string") return d.trim() !== "";
  if (Array.isArray(d)) return d.length > 0;
  return true;
}

/** The answer the API takes (as apps/web/src/components/question-field.tsx sends it). */
export function answerValue(q: Question, d: Draft | undefined): string | number | boolean | number[] | null {
  if (!isAnswered(d)) return null;
  if ((q.dataTypeCode === "number" || q.dataTypeCode === "decimal") && typeof d === "string") {
    const n = Number(d.trim());
    return Number.isFinite(n) ? n : d.trim();
  }
  if (typeof d === "string") return d.trim();
  return d ?? null;
}

/** Ten digits of a US phone number, or null: normalizePhone (packages/contracts/src/contact.ts). */
export function normalizePhone(raw: string): string | null {
  let digits = raw.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** normalizeEmail's pattern (packages/contracts/src/contact.ts). */
export const isEmail = (raw: string) => {
  const e = raw.trim();
  return e.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(e);
};

function questionError(q: Question, d: Draft | undefined, t: Texts): string | null {
  if (!isAnswered(d)) return q.isRequired ? t.answer : null;
  const text = typeof d === "string" ? d.trim() : "";
  switch (q.dataTypeCode) {
    case "number":
      return /^-?\d{1,15}$/.test(text) ? null : t.wholeNumber;
    case "decimal":
      return /^-?\d{1,15}(\.\d{1,6})?$/.test(text) ? null : t.number;
    case "phone":
      return normalizePhone(text) ? null : t.badPhone;
    case "email":
      return isEmail(text) ? null : t.badEmail;
    default:
      return null;
  }
}

/** What the windows section offers now: whether a time must be chosen before sending. */
export type WindowsState = "loading" | "some" | "none" | "error";

/** The disclosures of the language shown, and whether the shopper agreed to each (the exact text shown). */
export const disclosuresOf = (details: QrDetails, lang: Lang) => details.disclosures[lang] ?? [];
export const agreed = (values: Values, destination: string, text: string) =>
  values.consents[destination] === text;

/**
 * The checks the server makes too, done first so the shopper is not kept waiting: by field key (`type`,
 * `answers.<id>`, `firstName`, ..., `window`, `consents.<destination>`), in the order of the page.
 */
export function validate(
  values: Values,
  details: QrDetails,
  lang: Lang,
  t: Texts,
  windows: WindowsState,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = details.appointmentTypes.find((a) => a.id === values.typeId);
  if (!type) errors.type = t.chooseType;
  for (const q of activeQuestions(type)) {
    const message = questionError(q, values.answers[String(q.id)], t);
    if (message) errors[`answers.${q.id}`] = message;
  }
  if (!values.firstName.trim()) errors.firstName = t.enterFirstName;
  if (!values.lastName.trim()) errors.lastName = t.enterLastName;
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (!phone && !email) errors.phone = t.phoneOrEmail;
  else if (phone && !normalizePhone(phone)) errors.phone = t.badPhone;
  if (email && !isEmail(email)) errors.email = t.badEmail;
  if (values.zip.trim() && !/^\d{5}$/.test(values.zip.trim())) errors.zip = t.badZip;
  if (type && values.window === null && (windows === "some" || windows === "loading"))
    errors.window = t.chooseTime;
  const shown = disclosuresOf(details, lang);
  if (typeof values.window === "number") {
    for (const d of shown) {
      if (d.requiredToBook && !agreed(values, d.destination, d.text))
        errors[`consents.${d.destination}`] = t.consentNeeded(
          t.consentHeading(d.destination, details.organizationName),
        );
    }
  }
  // The server takes no entry without a consent: nobody could contact the shopper about it.
  if (shown.length && !shown.some((d) => agreed(values, d.destination, d.text)) && !hasConsentError(errors))
    errors.consents = t.consentAny;
  return errors;
}

const hasConsentError = (errors: Record<string, string>) =>
  Object.keys(errors).some((k) => k.startsWith("consents"));

/** The entry as the API takes it: blank optional fields left out, answered questions only. */
export function entryBody(
  values: Values,
  details: QrDetails,
  lang: Lang,
  group: number,
  windows: WindowsState,
): QrEntryRequest {
  const type = details.appointmentTypes.find((a) => a.id === values.typeId);
  const optional = (key: "phone" | "email" | "address" | "city" | "state" | "zip" | "notes") => {
    const v = values[key].trim();
    return v ? { [key]: v } : {};
  };
  return {
    group,
    formToken: details.formToken,
    [HONEYPOT_FIELD]: values.website,
    language: lang,
    appointmentTypeId: values.typeId ?? 0,
    ...(typeof values.window === "number" && windows !== "none" ? { windowId: values.window } : {}),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...optional("phone"),
    ...optional("email"),
    ...optional("address"),
    ...optional("city"),
    ...optional("state"),
    ...optional("zip"),
    ...optional("notes"),
    answers: activeQuestions(type)
      .filter((q) => isAnswered(values.answers[String(q.id)]))
      .map((q) => ({ questionId: q.id, value: answerValue(q, values.answers[String(q.id)]) })),
    consents: disclosuresOf(details, lang)
      .filter((d) => agreed(values, d.destination, d.text))
      .map((d) => ({ destination: d.destination, disclosureText: d.text })),
  };
}

const FIELDS = ["firstName", "lastName", "phone", "email", "address", "city", "state", "zip", "notes"];

/**
 * The server's field errors by the page's field keys: `body.firstName`, `body.windowId`, `body.answers.<question
 * id>` (the answers' own checks) or `body.answers.<index>.value` (the request's schema), `body.consents` or
 * `body.consents.<index>...`. What names no field of the page is returned as `form`.
 */
export function serverErrors(errors: Record<string, string[]>, sent: QrEntryRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const path = key.replace(/^body\.?/, "").split(".");
    let field = "form";
    if (FIELDS.includes(path[0])) field = path[0];
    else if (path[0] === "windowId") field = "window";
    else if (path[0] === "appointmentTypeId") field = "type";
    else if (path[0] === "answers" && path.length === 2) field = `answers.${path[1]}`;
    else if (path[0] === "answers" && path[1] !== undefined) {
      const answer = sent.answers?.[Number(path[1])];
      field = answer ? `answers.${answer.questionId}` : "form";
    } else if (path[0] === "consents") {
      const consent = path[1] === undefined ? undefined : sent.consents?.[Number(path[1])];
      field = consent ? `consents.${consent.destination}` : "consents";
    }
    out[field] ??= message;
  }
  return out;
}
