import { z } from "zod";
import {
  idRangeMessage,
  idSchema,
  localDateSchema,
  okResponse,
  pageOf,
  pathIdSchema,
  textSchema,
} from "./common";
import { normalizeEmail, normalizePhone } from "./contact";
import { type EndpointDef, endpoint } from "./endpoint";
import {
  CAPTURE_OUTCOMES,
  CONSENT_DESTINATIONS,
  type ConsentDestination,
  LEAD_CURSOR_MAX_LENGTH,
  LEAD_HISTORY_ACTIONS,
  LEAD_KINDS,
  LEAD_SORT_KEYS,
  LEAD_SOURCE_IDS,
  REJECTION_REASONS,
  type RejectionReason,
} from "./lead-constants";

export * from "./lead-constants";

export const leadSourceSchema = z.enum(LEAD_SOURCE_IDS);
export const rejectionReasonSchema = z.enum(
  REJECTION_REASONS.map((r) => r.id) as [RejectionReason, ...RejectionReason[]],
);
export const consentDestinationSchema = z.enum(
  CONSENT_DESTINATIONS.map((d) => d.id) as [ConsentDestination, ...ConsentDestination[]],
);

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** Ids of integer columns (stores, users, questions...) stop at PostgreSQL's integer maximum. */
const id = idSchema;
const ids = z.array(id).max(500);
/** Lead ids are bigint. */
const leadIdMessage = idRangeMessage(Number.MAX_SAFE_INTEGER);
const leadId = z
  .number()
  .int({ error: leadIdMessage, abort: true })
  .min(1, leadIdMessage)
  .max(Number.MAX_SAFE_INTEGER, leadIdMessage);
export const leadIdParam = z.object({ id: pathIdSchema(Number.MAX_SAFE_INTEGER) });
/** Optional text: trimmed; an empty string clears the field (null). */
const optText = (max: number) =>
  textSchema
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((v) => (v === "" ? null : v));
/** A POST body that may be left out (no body reads as `{}`, so every field takes its default). */
export const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

/** "" (a cleared form field) reads as null. */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema);

/**
 * What `phoneInput` takes, for the OpenAPI document: blank, or ten digits of a US number (area code and
 * exchange not starting with 0 or 1), with a leading 1 and any punctuation around them. The same rule as
 * {@link normalizePhone}, which the transform applies.
 */
export const LEAD_PHONE_PATTERN = "^(?:\\s*|\\D*(?:1\\D*)?[2-9]\\D*\\d\\D*\\d\\D*[2-9]\\D*(?:\\d\\D*){6})$";
/** What `emailInput` takes, for the OpenAPI document: blank, or {@link EMAIL_PATTERN} once trimmed. */
export const LEAD_EMAIL_PATTERN = "^\\s*(?:[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,})?\\s*$";

const phoneInput = textSchema
  .trim()
  .max(40)
  .meta({
    pattern: LEAD_PHONE_PATTERN,
    description: "A 10-digit US phone number; punctuation and a leading 1 are ignored. Empty clears it.",
    example: "(201) 555-0142",
  })
  .nullish()
  .transform((v, c) => {
    if (v == null || v === "") return v === "" ? null : v;
    const p = normalizePhone(v);
    if (!p) {
      c.addIssue({ code: "custom", message: "Enter a 10-digit US phone number" });
      return z.NEVER;
    }
    return p;
  });
const emailInput = textSchema
  .trim()
  .max(254)
  .meta({
    pattern: LEAD_EMAIL_PATTERN,
    description: "An email address (stored in lower case). Empty clears it.",
    example: "mia.garcia@example.com",
  })
  .nullish()
  .transform((v, c) => {
    if (v == null || v === "") return v === "" ? null : v;
    const e = normalizeEmail(v);
    if (!e) {
      c.addIssue({ code: "custom", message: "Enter a valid email address" });
      return z.NEVER;
    }
    return e;
  });

/** An answer: text, a number, a yes/no, a date (yyyy-MM-dd), a response id (choice) or response ids (multi). */
export const answerValueSchema = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.array(z.number().int()).max(100),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
/** An answer as sent: its text may not hold what the lead's jsonb answers cannot keep (a NUL, broken Unicode). */
const answerValueInput = z.union([
  textSchema.max(2000),
  z.number(),
  z.boolean(),
  z.array(z.number().int()).max(100),
  z.null(),
]);
export const leadAnswerInput = z.object({ questionId: id, value: answerValueInput });
export type LeadAnswerInput = z.infer<typeof leadAnswerInput>;

export const leadConsentInput = z.object({
  destination: consentDestinationSchema,
  disclosureText: textSchema.trim().min(1, "Keep the disclosure text the shopper saw").max(5000),
  /** When the shopper accepted; now when omitted. */
  acceptedAt: z.iso.datetime({ offset: true }).optional(),
});
export type LeadConsentInput = z.infer<typeof leadConsentInput>;
/**
 * A consent captured in the app: the text must be the organization's current disclosure for the destination
 * (`GET /api/settings/leads`); left out, the server fills it in (docs/decisions/0014).
 */
export const internalLeadConsentInput = leadConsentInput.extend({
  disclosureText: leadConsentInput.shape.disclosureText.optional(),
});
export type InternalLeadConsentInput = z.infer<typeof internalLeadConsentInput>;

const leadFields = {
  storeId: id.nullish(),
  serviceTypeId: id.nullish(),
  firstName: textSchema.trim().min(1, "Enter the first name").max(100).optional(),
  lastName: textSchema.trim().min(1, "Enter the last name").max(100).optional(),
  phone: phoneInput,
  email: emailInput,
  address: optText(200),
  city: optText(100),
  state: blankToNull(
    textSchema
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Use the two-letter state code")
      .nullish(),
  ),
  zip: blankToNull(
    textSchema
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code")
      .nullish(),
  ),
  languageId: id.nullish(),
  notes: optText(4000),
  /** The answers to the service type's questions; when given, they replace the lead's answers. */
  answers: z.array(leadAnswerInput).max(200).optional(),
  /** Consents given (or given again) by the shopper; existing consents of other destinations stay. */
  consents: z.array(leadConsentInput).max(10).optional(),
  statusId: z.number().int().min(1).max(11).optional(),
  /** Required when `statusId` is 11 (Rejected). */
  rejectionReason: rejectionReasonSchema.nullish(),
};

/** Create (no `id`) or update an internal lead. Create needs store, service type, names and a phone or email. */
export const internalLeadUpsertRequest = z.object({
  id: leadId.optional(),
  /** Validate and look for duplicates only; nothing is saved (docs/decisions/0012). */
  checkOnly: z.boolean().optional(),
  /** The lead generator who captured it (managers capturing for someone); the caller when omitted. */
  leadGeneratorId: id.nullish(),
  /** When the shopper was met (a phone that was offline sends it later); now when omitted. */
  capturedAt: z.iso.datetime({ offset: true }).optional(),
  ...leadFields,
  /** Consents given (or given again) by the shopper, with the organization's current disclosure texts. */
  consents: z.array(internalLeadConsentInput).max(10).optional(),
});
export type InternalLeadUpsertRequest = z.infer<typeof internalLeadUpsertRequest>;

/** The programs' own fields of an external lead. */
const programFields = {
  hdsfiGroupId: id.nullish(),
  hdJobTypeId: id.nullish(),
  centahServiceId: id.nullish(),
  centahAdCodeId: id.nullish(),
  externalReference: optText(100),
};

export const externalLeadUpdateRequest = z.object({
  id: leadId,
  leadGeneratorId: id.nullish(),
  ...leadFields,
  ...programFields,
});
export type ExternalLeadUpdateRequest = z.infer<typeof externalLeadUpdateRequest>;

/** What an intake (QR entry, program feed, web form, import) submits; validated into a lead or a rejection. */
export const externalLeadSubmission = z.object({
  storeId: id.nullish(),
  leadGeneratorId: id.nullish(),
  serviceTypeId: id.nullish(),
  capturedAt: z.iso.datetime({ offset: true }).optional(),
  firstName: textSchema.trim().max(100).optional(),
  lastName: textSchema.trim().max(100).optional(),
  phone: textSchema.max(40).nullish(),
  email: textSchema.max(254).nullish(),
  address: optText(200),
  city: optText(100),
  state: textSchema.trim().max(2).nullish(),
  zip: textSchema.trim().max(10).nullish(),
  languageId: id.nullish(),
  notes: optText(4000),
  answers: z.array(leadAnswerInput).max(200).optional(),
  consents: z.array(leadConsentInput).max(10).optional(),
  ...programFields,
});
export type ExternalLeadSubmission = z.infer<typeof externalLeadSubmission>;

const searchCommon = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  sortDirection: z.enum(["asc", "desc"]).default("desc"),
  /** 1 (Today) .. 10 (Year Before Last), in the organization's time zone. */
  dateRange: z.number().int().min(1).max(10).nullish(),
  /** A custom range of local dates (inclusive); wins over `dateRange` when given. */
  startDate: localDateSchema.nullish(),
  endDate: localDateSchema.nullish(),
  territoryIds: ids.optional(),
  storeIds: ids.optional(),
  leadGeneratorIds: ids.optional(),
  sources: z.array(leadSourceSchema).max(10).optional(),
  /** `csv` / `xlsx`: the whole result (up to 100,000 rows) as a CSV or Excel download. */
  format: z.enum(["json", "csv", "xlsx"]).default("json"),
};

export const leadSearchRequest = optionalBody(
  z.object({
    ...searchCommon,
    sortBy: z.enum(LEAD_SORT_KEYS).default("capturedAt"),
    statusIds: z.array(z.number().int().min(1).max(11)).max(11).optional(),
    serviceTypeIds: ids.optional(),
    rejectionReasons: z.array(rejectionReasonSchema).max(10).optional(),
    /** Name (prefix of first or last name, or "first last"), phone (digits, prefix) or email (prefix). */
    text: textSchema.trim().max(100).nullish(),
    duplicatesOnly: z.boolean().optional(),
    /** Admins: list deleted leads (to restore one) instead of live ones. */
    deleted: z.boolean().optional(),
    /**
     * An opaque cursor: the `nextCursor` of the page before. Given, the page starts right after that page's last
     * row (no offset, so as cheap as the first page and not stopped at 10,000 rows); `page` is then only echoed.
     * Only the search order it was made for takes it (same `sortBy` and `sortDirection`).
     */
    after: z
      .string()
      .max(LEAD_CURSOR_MAX_LENGTH)
      .nullish()
      .describe(
        "The `nextCursor` of the page before: this page starts right after it (keyset paging, not offset; " +
          "past the 10,000 counted results too). Same `sortBy` and `sortDirection` as the search that gave it. " +
          "Left out or null: the page is `page`.",
      ),
  }),
);
export type LeadSearchRequest = z.infer<typeof leadSearchRequest>;

/** The longest note a person may add to a lead's history. */
export const LEAD_NOTE_MAX_LENGTH = 2000;

/** A note for a lead's history (docs/decisions/0032): trimmed, 1 to 2,000 characters. */
export const leadNoteRequest = z.object({
  text: textSchema
    .trim()
    .min(1, "Write the note before adding it")
    .max(LEAD_NOTE_MAX_LENGTH, `Keep the note to ${LEAD_NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`)
    .describe("The note, trimmed; 1 to 2,000 characters."),
});
export type LeadNoteRequest = z.infer<typeof leadNoteRequest>;

export const captureEntrySearchRequest = optionalBody(
  z.object({
    ...searchCommon,
    sortBy: z.enum(["receivedAt", "id"]).default("receivedAt"),
    outcomes: z.array(z.enum(CAPTURE_OUTCOMES)).max(4).optional(),
  }),
);
export type CaptureEntrySearchRequest = z.infer<typeof captureEntrySearchRequest>;

export const leadTypeLookupRequest = optionalBody(
  z.object({
    /** Include inactive service types and questions (editing an old lead). */
    includeInactive: z.boolean().optional(),
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

export const leadListItem = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_KINDS),
  source: leadSourceSchema,
  capturedAt: z.string(),
  /** Capture time on the wall clock of the store (the organization's zone when there is no store). */
  capturedAtLocal: z.string(),
  timeZone: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  territoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  leadGeneratorId: z.number().int().nullable(),
  leadGeneratorName: z.string().nullable(),
  serviceTypeId: z.number().int().nullable(),
  serviceTypeName: z.string().nullable(),
  statusId: z.number().int(),
  statusName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  languageId: z.number().int().nullable(),
  duplicateOfLeadId: z.number().int().nullable(),
  rejectionReason: rejectionReasonSchema.nullable(),
  hdsfiGroupId: z.number().int().nullable(),
  hdJobTypeId: z.number().int().nullable(),
  centahServiceId: z.number().int().nullable(),
  centahAdCodeId: z.number().int().nullable(),
  externalReference: z.string().nullable(),
  revenue: z.number().nullable(),
  deletedAt: z.string().nullable(),
});
export type LeadListItem = z.infer<typeof leadListItem>;

/**
 * `total` stops at 10,000 for speed; `totalCapped` then says there are more ("10,000+"). `nextCursor` fetches the
 * page after this one as `after` (null when this page holds the last row).
 */
export const leadPage = pageOf(leadListItem).extend({
  totalCapped: z.boolean(),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      "Send it as `after` (same sort) for the page after this one; null when no row follows this page.",
    ),
});
export type LeadPage = z.infer<typeof leadPage>;

export const duplicateMatch = z.object({
  leadId: z.number().int(),
  capturedAt: z.string(),
  capturedAtLocal: z.string(),
  storeName: z.string().nullable(),
  leadGeneratorName: z.string().nullable(),
  statusId: z.number().int(),
  statusName: z.string(),
  matchedOn: z.array(z.enum(["phone", "email"])),
  /** The caller may open this lead (a lead generator sees only their own). */
  visible: z.boolean(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;

export const leadAnswer = z.object({
  questionId: z.number().int(),
  questionText: z.string(),
  dataTypeId: z.number().int(),
  fieldTypeId: z.number().int(),
  value: answerValueSchema,
  /** The answer as a person reads it (choice texts, Yes/No). */
  display: z.string(),
});
export const leadConsent = z.object({
  destination: consentDestinationSchema,
  disclosureText: z.string(),
  acceptedAt: z.string(),
});
export const leadHistoryEntry = z.object({
  id: z.number().int(),
  action: z.enum(LEAD_HISTORY_ACTIONS),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Why, when there was a reason: for a rejection, the rejection reason's id (`REJECTION_REASONS`). */
  reason: z.string().nullable().optional(),
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntry>;

/** One lead with its whole story. */
export const leadDetail = leadListItem.extend({
  address: z.string().nullable(),
  notes: z.string().nullable(),
  answers: z.array(leadAnswer),
  consents: z.array(leadConsent),
  history: z.array(leadHistoryEntry),
  duplicateOf: duplicateMatch.nullable(),
  /** Later leads linked to this one as duplicates. */
  duplicates: z.array(duplicateMatch),
  captureEntryId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it. */
  nextStatusIds: z.array(z.number().int()),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type LeadDetail = z.infer<typeof leadDetail>;

export const leadUpsertResponse = z.object({
  /** False for `checkOnly`. */
  saved: z.boolean(),
  lead: leadDetail.nullable(),
  /** The saved (or checked) lead repeats an earlier lead's phone or email within the window. */
  isDuplicate: z.boolean(),
  duplicateOf: duplicateMatch.nullable(),
  possibleDuplicates: z.array(duplicateMatch),
});
export type LeadUpsertResponse = z.infer<typeof leadUpsertResponse>;

export const captureEntryItem = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  receivedAtLocal: z.string(),
  timeZone: z.string(),
  source: leadSourceSchema,
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  territoryId: z.number().int().nullable(),
  territoryName: z.string().nullable(),
  leadGeneratorId: z.number().int().nullable(),
  leadGeneratorName: z.string().nullable(),
  outcome: z.enum(CAPTURE_OUTCOMES),
  leadId: z.number().int().nullable(),
  rejectionReason: rejectionReasonSchema.nullable(),
  message: z.string().nullable(),
  /** The submission exactly as it was sent. */
  payload: z.unknown(),
});
export type CaptureEntryItem = z.infer<typeof captureEntryItem>;
export const captureEntryPage = pageOf(captureEntryItem).extend({ totalCapped: z.boolean() });
export type CaptureEntryPage = z.infer<typeof captureEntryPage>;

const option = z.object({ id: z.number().int(), name: z.string() });
const stringOption = z.object({ id: z.string(), name: z.string() });

export const leadFormQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  dataTypeId: z.number().int(),
  dataTypeCode: z.string(),
  fieldTypeId: z.number().int(),
  fieldTypeCode: z.string(),
  isRequired: z.boolean(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  responses: z.array(z.object({ id: z.number().int(), text: z.string(), sortOrder: z.number().int() })),
});
export const leadTypeLookup = z.object({
  serviceTypes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      isActive: z.boolean(),
      sortOrder: z.number().int(),
      questions: z.array(leadFormQuestion),
    }),
  ),
  statuses: z.array(option.extend({ nextStatusIds: z.array(z.number().int()) })),
  sources: z.array(stringOption.extend({ kind: z.enum(LEAD_KINDS) })),
  rejectionReasons: z.array(stringOption),
  consentDestinations: z.array(stringOption),
  languageTypes: z.array(option),
  duplicateWindowDays: z.number().int(),
});
export type LeadTypeLookup = z.infer<typeof leadTypeLookup>;

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

const exportNote =
  'With `format: "csv"` the answer is a text/csv download of the whole result (up to 100,000 rows); with `format: "xlsx"` the same rows as an Excel workbook.';

/** Documents the header; the server checks it with a message that says what a key looks like. */
export const idempotencyKeyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .optional()
    .describe("Makes a retried create safe: the same key answers with the first result (kept 24 hours)."),
});

const leadSearch = <const N extends EndpointDef["name"], const P extends string>(
  name: N,
  path: P,
  what: string,
) =>
  endpoint({
    name,
    method: "POST",
    path,
    auth: "tenant",
    summary: `${what} ${exportNote}`,
    body: leadSearchRequest,
    response: leadPage,
    download: true,
  });

export const leadsApi = {
  internalSearch: leadSearch(
    "leads.internalSearch",
    "/api/leads/internal/search",
    "Leads captured in the app by lead generators.",
  ),
  externalSearch: leadSearch(
    "leads.externalSearch",
    "/api/leads/external/search",
    "Leads that came from outside (QR, programs, web, imports).",
  ),
  retailerProgramSearch: leadSearch(
    "leads.leadsHdSearch",
    "/api/leads/leads-hd/search",
    "Retailer-program leads.",
  ),
  secondPartnerSearch: leadSearch(
    "leads.leadsCentahSearch",
    "/api/leads/leads-centah/search",
    "Second-partner-program leads.",
  ),
  rejectedSearch: leadSearch(
    "leads.rejectedSearch",
    "/api/leads/rejected/search",
    "Rejected leads with their reason.",
  ),
  captureEntriesSearch: endpoint({
    name: "leads.captureLeadsSearch",
    method: "POST",
    path: "/api/leads/capture-leads/search",
    auth: "tenant",
    summary: `Raw capture entries, before they became leads. ${exportNote}`,
    body: captureEntrySearchRequest,
    response: captureEntryPage,
    download: true,
  }),
  internalDetail: endpoint({
    name: "leads.byIdInternal.get",
    method: "GET",
    path: "/api/leads/{id}/internal",
    auth: "tenant",
    params: leadIdParam,
    response: leadDetail,
  }),
  externalDetail: endpoint({
    name: "leads.byIdExternal.get",
    method: "GET",
    path: "/api/leads/{id}/external",
    auth: "tenant",
    params: leadIdParam,
    response: leadDetail,
  }),
  internalUpsert: endpoint({
    name: "leads.internalUpsert",
    method: "POST",
    path: "/api/leads/internal/upsert",
    auth: "tenant",
    summary:
      "Creates (no `id`) or edits a lead captured in the app. A capture sent again with the same `Idempotency-Key` header (a UUID the client makes once per capture) creates nothing and answers with the first call's lead.",
    headers: idempotencyKeyHeaders,
    body: internalLeadUpsertRequest,
    response: leadUpsertResponse,
  }),
  externalUpdate: endpoint({
    name: "leads.externalUpdate",
    method: "PUT",
    path: "/api/leads/external/update",
    auth: "tenant",
    body: externalLeadUpdateRequest,
    response: leadUpsertResponse,
  }),
  internalDelete: endpoint({
    name: "leads.byIdInternal.delete",
    method: "DELETE",
    path: "/api/leads/{id}/internal",
    auth: "tenant",
    params: leadIdParam,
    response: okResponse,
  }),
  externalDelete: endpoint({
    name: "leads.byIdExternal.delete",
    method: "DELETE",
    path: "/api/leads/{id}/external",
    auth: "tenant",
    params: leadIdParam,
    response: okResponse,
  }),
  leadTypes: endpoint({
    name: "leads.lookupListLeadType",
    method: "POST",
    path: "/api/leads/lookup-list/lead-type",
    auth: "tenant",
    body: leadTypeLookupRequest,
    response: leadTypeLookup,
  }),
  restore: endpoint({
    name: "leads.byIdRestore",
    method: "POST",
    path: "/api/leads/{id}/restore",
    auth: "tenant",
    summary: "Brings a deleted lead back (outside the spec's catalogue).",
    params: leadIdParam,
    response: leadDetail,
  }),
  addNote: endpoint({
    name: "leads.byIdNotes",
    method: "POST",
    path: "/api/leads/{id}/notes",
    auth: "tenant",
    summary:
      "Adds a note to the lead's history (outside the spec's catalogue) and answers the new history entry (`action: \"note\"`, the text in `after.text`). Whoever may edit the lead may add one. A note sent again with the same `Idempotency-Key` header (a UUID the client makes once per note) adds nothing and answers the first call's entry.",
    headers: idempotencyKeyHeaders,
    params: leadIdParam,
    body: leadNoteRequest,
    response: leadHistoryEntry,
  }),
} as const;
