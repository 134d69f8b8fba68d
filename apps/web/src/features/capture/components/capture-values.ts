import {
  type ConsentDestination,
  type DisclosureTexts,
  type LeadTypeLookup,
  normalizeEmail,
  normalizePhone,
} from "@fieldlead/contracts";
import {
  type AnswerDraft,
  answerFromDraft,
  emptyDraft,
  isAnswered,
  validateDraft,
} from "../../../components/question-field";
import type { CaptureRequest } from "../api/capture-lead";

export type CaptureServiceType = LeadTypeLookup["serviceTypes"][number];

export type CaptureValues = {
  storeId: number | null;
  serviceTypeId: number | null;
  /** Keyed by question id, so the server's `answers.<id>` errors land beside their question. */
  answers: Record<string, AnswerDraft>;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string | null;
  zip: string;
  languageId: number | null;
  notes: string;
  /** The disclosure text the shopper agreed to, keyed by destination (null or absent: not agreed). */
  consents: Record<string, string | null>;
};

export function initialCaptureValues(defaults: {
  storeId?: number | null;
  serviceType?: CaptureServiceType | null;
  languageId?: number | null;
}): CaptureValues {
  return {
    storeId: defaults.storeId ?? null,
    serviceTypeId: defaults.serviceType?.id ?? null,
    answers: defaults.serviceType ? emptyAnswers(defaults.serviceType) : {},
    firstName: "",
    lastName: "",
    phone: "",
    email: "",
    address: "",
    city: "",
    state: null,
    zip: "",
    languageId: defaults.languageId ?? null,
    notes: "",
    consents: {},
  };
}

export const activeQuestions = (type: CaptureServiceType | undefined | null) =>
  (type?.questions ?? []).filter((q) => q.isActive).sort((a, b) => a.sortOrder - b.sortOrder);

export function emptyAnswers(type: CaptureServiceType): Record<string, AnswerDraft> {
  return Object.fromEntries(activeQuestions(type).map((q) => [String(q.id), emptyDraft(q)]));
}

/** The checks the server makes too, done first so the shopper is not kept waiting for a round trip. */
export function validateCapture(values: CaptureValues, type: CaptureServiceType | undefined | null) {
  const errors: Record<string, string> = {};
  if (!values.storeId) errors.storeId = "Choose the store";
  if (!values.serviceTypeId) errors.serviceTypeId = "Choose the service type";
  if (!values.firstName.trim()) errors.firstName = "Enter the first name";
  if (!values.lastName.trim()) errors.lastName = "Enter the last name";
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (!phone && !email) errors.phone = "Enter a phone number or an email address";
  else if (phone && !normalizePhone(phone)) errors.phone = "Enter a 10-digit US phone number";
  if (email && !normalizeEmail(email)) errors.email = "Enter a valid email address";
  if (values.zip && !/^\d{5}$/.test(values.zip)) errors.zip = "Enter a 5-digit ZIP code";
  for (const q of activeQuestions(type)) {
    const message = validateDraft(q, values.answers[String(q.id)]);
    if (message) errors[`answers.${q.id}`] = message;
  }
  return errors;
}

/** Whether the shopper agreed to the text shown now (a text changed since they agreed no longer counts). */
export const hasConsent = (values: CaptureValues, destination: string, disclosures: DisclosureTexts) =>
  Boolean(values.consents[destination]) &&
  values.consents[destination] === disclosures[destination as ConsentDestination];

/**
 * Each consent's heading in the shopper's words (the destinations' own names, "Field-service CRM", are the
 * organization's words): who may contact them.
 */
export function consentHeading(destination: string, organizationName: string): string {
  const org = organizationName.trim() || "This company";
  switch (destination as ConsentDestination) {
    case "crm":
      return `${org} may contact me`;
    case "retailer":
      return "The store may contact me";
    case "retailerProgram":
      return "The store's home-services program may contact me";
    case "secondPartner":
      return `${org}'s partner program may contact me`;
    default:
      return "I may be contacted";
  }
}

/**
 * The API body of the form: answered questions only; consents with the exact disclosure shown. `capturedAt`
 * (a capture kept on the phone, sent later) says when the shopper was met; without it the server's clock does.
 */
export function captureRequest(
  values: CaptureValues,
  type: CaptureServiceType | undefined | null,
  disclosures: DisclosureTexts,
  { capturedAt }: { capturedAt?: string } = {},
): CaptureRequest {
  const blank = (s: string) => (s.trim() === "" ? null : s.trim());
  const acceptedAt = capturedAt ?? new Date().toISOString();
  return {
    ...(capturedAt ? { capturedAt } : {}),
    storeId: values.storeId,
    serviceTypeId: values.serviceTypeId,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: blank(values.phone),
    email: blank(values.email),
    address: blank(values.address),
    city: blank(values.city),
    state: values.state,
    zip: blank(values.zip),
    languageId: values.languageId,
    notes: blank(values.notes),
    answers: activeQuestions(type)
      .filter((q) => isAnswered(values.answers[String(q.id)]))
      .map((q) => ({ questionId: q.id, value: answerFromDraft(q, values.answers[String(q.id)]) })),
    consents: Object.entries(values.consents)
      .filter(([destination]) => hasConsent(values, destination, disclosures))
      .map(([destination, text]) => ({
        destination: destination as ConsentDestination,
        disclosureText: text ?? undefined,
        acceptedAt,
      })),
  };
}
