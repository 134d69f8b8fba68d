import { z } from "zod";
import { availableWindowsResponse } from "./appointments";
import { idSchema, pageOf, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { consentDestinationSchema, idempotencyKeyHeaders, leadAnswerInput, leadFormQuestion } from "./leads";

/**
 * QR codes (docs/decisions/0037-qr-self-booking.md). A code belongs to one lead generator (by user uid) and one
 * group (the retailer program's `hdsfiGroup` id, or 0 for a code of no program group) in one organization, and
 * sends a shopper to the public page `/q/{userUid}/{group}`, where they book themselves. The lead is credited to
 * the code's person, store and group. Three calls need no sign-in; they answer an unknown, inactive or stopped code
 * with the same 404 and say nothing about anyone else.
 */

/** The group of a code that belongs to no program group. */
export const QR_NO_GROUP = 0;
export const QR_GROUP_MAX = 1_000_000;
/** A user's uid as it appears in a code's address: letters and digits. */
export const QR_USER_UID_PATTERN = /^[A-Za-z0-9]{4,64}$/;

/** The public page's path for a code (the QR image encodes the full URL: the server's public URL + this). */
export const qrPagePath = (userUid: string, group: number) =>
  `/q/${encodeURIComponent(userUid)}/${encodeURIComponent(String(group))}`;

/** The shortest time a person takes to fill the form; a faster submission is refused as automated. */
export const QR_MIN_FILL_SECONDS = 3;
/** How long a form token (from `qr-details`) stays good. */
export const QR_FORM_TOKEN_HOURS = 12;
/** The honeypot: a field people never see (hidden from sight and from screen readers); a bot fills it. */
export const QR_HONEYPOT_FIELD = "website";

export const QR_LANGUAGES = ["en", "es"] as const;
export type QrLanguage = (typeof QR_LANGUAGES)[number];

const userUidSchema = z
  .string()
  .regex(QR_USER_UID_PATTERN, "A code's person is letters and digits (4 to 64)")
  .describe("The lead generator's uid (letters and digits).");
const groupSchema = z
  .number()
  .int("Use a whole number")
  .min(0, "Use 0 (no group) or a group id")
  .max(QR_GROUP_MAX, "Use 0 (no group) or a group id");
/** The group as a path or query value: digits only. */
const groupParam = z
  .string()
  .regex(/^\d{1,7}$/, "Use 0 (no group) or a group id (digits)")
  .transform(Number)
  .pipe(groupSchema);

// ---------------------------------------------------------------------------------------------------------
// Staff: codes
// ---------------------------------------------------------------------------------------------------------

export const qrCodeItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userUid: z.string(),
  userName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  territoryId: z.number().int().nullable(),
  group: z.number().int().describe("The `hdsfiGroup` id, or 0 for no group."),
  groupName: z.string().nullable(),
  isActive: z.boolean(),
  /**
   * Whether a shopper can book with it now: the code is active, and its person is still an active member of the
   * organization (made inactive, or moved out, stops the code).
   */
  isLive: z.boolean(),
  /** The public page's path (`/q/{userUid}/{group}`). */
  path: z.string(),
  /** What the QR image encodes: the server's public URL (`PUBLIC_URL`) and the path; the PDF prints the same. */
  url: z.string(),
  /** Entries made through the code (every submission, whatever became of it). */
  entryCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QrCodeItem = z.infer<typeof qrCodeItem>;

export const QR_SORT_KEYS = ["userName", "storeName", "group", "updatedAt"] as const;

const qrFilters = {
  /** The person's name (prefix of first or last name) or email prefix. */
  text: textSchema.trim().max(100).nullish(),
  userIds: z.array(idSchema).max(200).optional(),
  storeIds: z.array(idSchema).max(500).optional(),
  groups: z.array(groupSchema).max(100).optional(),
  isActive: z.boolean().nullish(),
};

const qrCodeSearchBody = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  ...qrFilters,
  sortBy: z.enum(QR_SORT_KEYS).default("userName"),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
});
/** `POST /api/QRCodes/search` (no body: the first page of every code the caller reaches). */
export const qrCodeSearchRequest = z.preprocess((v) => v ?? {}, qrCodeSearchBody);
export type QrCodeSearchRequest = z.input<typeof qrCodeSearchBody>;
export const qrCodeSearchResponse = pageOf(qrCodeItem);

/**
 * `POST /api/QRCodes/upsert`: create (no `id`) or change a code. One code per person and group: creating one that
 * exists answers 409 naming it. A lead generator creates and changes their own code only.
 */
export const qrCodeUpsertRequest = z.object({
  id: idSchema.nullish(),
  userId: idSchema,
  storeId: idSchema,
  group: groupSchema.default(QR_NO_GROUP),
  isActive: z.boolean().default(true),
});
export type QrCodeUpsertRequest = z.input<typeof qrCodeUpsertRequest>;

const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, "Use ids separated by commas (such as 3,7,12)")
  .transform((s) => s.split(",").map(Number))
  .pipe(z.array(idSchema));

/**
 * `GET /api/QRCodes/export`: printable codes. `format=pdf` (default): a sheet of cut-out cards (name, store,
 * group, the code and a short call to action); `format=csv`: the codes with their links. The filters are the
 * search's, as query values (lists separated by commas); `ids` picks codes one by one.
 */
export const qrCodeExportQuery = z.object({
  format: z.enum(["pdf", "csv"]).default("pdf"),
  ids: idList.optional(),
  userIds: idList.optional(),
  storeIds: idList.optional(),
  groups: z
    .string()
    .regex(/^\d{1,7}(,\d{1,7}){0,99}$/, "Use group ids separated by commas")
    .transform((s) => s.split(",").map(Number))
    .optional(),
  text: textSchema.trim().max(100).optional(),
  isActive: z.enum(["true", "false"]).optional(),
});
export type QrCodeExportQuery = z.input<typeof qrCodeExportQuery>;
/** The most codes one export prints. */
export const QR_EXPORT_MAX_CODES = 2000;

// ---------------------------------------------------------------------------------------------------------
// Public: what the page shows, the free windows, the entry
// ---------------------------------------------------------------------------------------------------------

export const qrUserUidParams = z.object({ userUid: userUidSchema });
export const qrDetailsParams = z.object({ userUid: userUidSchema, hdsfiGroup: groupParam });

export const qrAppointmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  arrivalWindowMinutes: z.number().int(),
  questions: z.array(leadFormQuestion),
});
export type QrAppointmentType = z.infer<typeof qrAppointmentType>;

const disclosureSet = z.array(
  z.object({
    destination: consentDestinationSchema,
    /** The text the shopper reads and agrees to, exactly as the entry must send it back. */
    text: z.string(),
    /** Whether the page may book without it (the organization's CRM consent is needed to book). */
    requiredToBook: z.boolean(),
  }),
);

export const qrDetailsResponse = z.object({
  organizationName: z.string(),
  /** The lead generator as a shopper may see them: first name and last initial. */
  leadGeneratorName: z.string(),
  storeName: z.string(),
  storeCity: z.string().nullable(),
  timeZone: z.string().describe("The store's time zone: windows are shown in it."),
  group: z.number().int(),
  groupName: z.string().nullable(),
  appointmentTypes: z.array(qrAppointmentType),
  /**
   * The consent texts, by language. An organization that wrote its own text gets it in both languages as written
   * (a translation would be a different text than the one it approved).
   */
  disclosures: z.object({ en: disclosureSet, es: disclosureSet }),
  /** Send back with the entry: proves the form was opened, and when (the minimum fill time). */
  formToken: z.string(),
  languageIds: z.object({ en: z.number().int(), es: z.number().int() }),
});
export type QrDetails = z.infer<typeof qrDetailsResponse>;

export const qrAvailableQuery = z.object({
  appointmentTypeId: z
    .string()
    .regex(/^\d{1,10}$/, "Choose an appointment type")
    .transform(Number)
    .pipe(idSchema),
  /** The code's group (0 when not given: the person's code of no group, else their only live code). */
  group: groupParam.optional(),
});
export type QrAvailableQuery = z.input<typeof qrAvailableQuery>;

/** Each field's size is bounded; anything else in the body is refused. */
export const qrEntryRequest = z.strictObject({
  group: groupSchema.default(QR_NO_GROUP),
  formToken: textSchema.min(1, "Open the form again").max(400),
  /** The honeypot: always empty from a person. */
  [QR_HONEYPOT_FIELD]: textSchema.max(200).optional(),
  language: z.enum(QR_LANGUAGES).default("en"),
  appointmentTypeId: idSchema,
  /** The window to book; absent, the entry is a lead only (no window suited the shopper). */
  windowId: idSchema.nullish(),
  firstName: textSchema.trim().min(1, "Enter your first name").max(100),
  lastName: textSchema.trim().min(1, "Enter your last name").max(100),
  phone: textSchema.trim().max(40).nullish(),
  email: textSchema.trim().max(254).nullish(),
  address: textSchema.trim().max(200).nullish(),
  city: textSchema.trim().max(100).nullish(),
  state: textSchema.trim().max(2).nullish(),
  zip: textSchema.trim().max(10).nullish(),
  notes: textSchema.trim().max(1000).nullish(),
  answers: z.array(leadAnswerInput).max(50).optional(),
  consents: z
    .array(z.strictObject({ destination: consentDestinationSchema, disclosureText: textSchema.max(5000) }))
    .max(4)
    .optional(),
});
export type QrEntryRequest = z.input<typeof qrEntryRequest>;

export const qrEntryResponse = z.object({
  /** The kept submission (a capture entry). */
  entryId: z.number().int(),
  /** `booked`: a lead with an appointment; `received`: a lead, to be called back. */
  outcome: z.enum(["booked", "received"]),
  appointment: z
    .object({
      appointmentTypeName: z.string(),
      localDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      timeZone: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
  /** Whether a confirmation email is on its way (the shopper gave an email). */
  emailSent: z.boolean(),
});
export type QrEntryResponse = z.infer<typeof qrEntryResponse>;

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

const publicNote =
  " Needs no sign-in. An unknown, inactive or stopped code answers 404, the same for each; calls are rate-limited per address and per code.";

export const qrCodesApi = {
  search: endpoint({
    name: "QRCodes.search",
    method: "POST",
    path: "/api/QRCodes/search",
    auth: "tenant",
    summary:
      "QR codes the caller reaches (a lead generator: their own), paged, sorted and filtered on the server.",
    body: qrCodeSearchRequest,
    response: qrCodeSearchResponse,
  }),
  upsert: endpoint({
    name: "QRCodes.upsert",
    method: "POST",
    path: "/api/QRCodes/upsert",
    auth: "tenant",
    summary: "Create (no `id`) or change a code: one per person and group; a lead generator's own code only.",
    body: qrCodeUpsertRequest,
    response: qrCodeItem,
  }),
  export: endpoint({
    name: "QRCodes.export",
    method: "GET",
    path: "/api/QRCodes/export",
    auth: "tenant",
    summary:
      "Printable codes: a PDF sheet of cut-out cards (`format=pdf`) or a CSV of the codes and their links (`format=csv`).",
    query: qrCodeExportQuery,
    response: z.string().describe("The file."),
    download: true,
  }),
  details: endpoint({
    name: "QRCodes.qrDetailsByUserUidByHdsfiGroup",
    method: "GET",
    path: "/api/QRCodes/qr-details/{userUid}/{hdsfiGroup}",
    auth: "public",
    summary: `What the public page shows: the organization, the lead generator's first name, the store, the appointment types with their questions, the consent texts, and a form token.${publicNote}`,
    params: qrDetailsParams,
    response: qrDetailsResponse,
  }),
  available: endpoint({
    name: "QRCodes.availableAppointmentsByUserUid",
    method: "GET",
    path: "/api/QRCodes/available-appointments/{userUid}",
    auth: "public",
    summary: `Free windows of a type at the code's store, in the store's time zone.${publicNote}`,
    params: qrUserUidParams,
    query: qrAvailableQuery,
    response: availableWindowsResponse,
  }),
  entry: endpoint({
    name: "QRCodes.byUserUidQrEntry",
    method: "POST",
    path: "/api/QRCodes/{userUid}/qr-entry",
    auth: "public",
    summary: `A shopper's entry (201): kept as sent, made a lead credited to the code's person, store and group, and booked when a window is given. An Idempotency-Key makes a double tap one lead and one booking; a window just taken answers 409 with \`nextWindows\`.${publicNote}`,
    headers: idempotencyKeyHeaders,
    params: qrUserUidParams,
    body: qrEntryRequest,
    response: qrEntryResponse,
    status: 201,
  }),
} as const;
