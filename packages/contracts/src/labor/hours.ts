import { z } from "zod";
import { idSchema, localDateSchema, okResponse, pageOf, pathIdSchema, textSchema } from "../common";
import { endpoint } from "../endpoint";
import { optionalBody } from "../leads";
import { laborFilterFields, laborPaging, resolvedPeriod } from "./common";

/**
 * Hours and payroll (docs/decisions/0040-labor.md). Hours are per person, store-local date and hours type
 * (`userHoursTypes`; a person's default is their membership's). Two kinds:
 * - **from time logs**: the real minutes of a person's CLOSED time logs, per date, hours type and store, computed
 *   live until the date is posted for them (fix the time logs to change them);
 * - **manual**: entries a manager adds, changes and deletes here.
 * **Posting** (`post-hours`) freezes a period for a set of people: their hours from time logs are written down
 * with the posting, their manual entries stamped with it, and nothing of theirs in that period changes afterwards
 * (409 naming the period). The payroll export is the posted hours, one row per person, date and type.
 */

export const HOURS_SOURCES = ["timeLogs", "manual"] as const;
export type HoursSource = (typeof HOURS_SOURCES)[number];
/** `entry`: each line (a manual entry, or one date/type/store of time logs); `day`: per person and date; `person`: per person over the period. */
export const HOURS_GROUP_BY = ["entry", "day", "person"] as const;
export type HoursGroupBy = (typeof HOURS_GROUP_BY)[number];
export const HOURS_SORT_KEYS = ["userName", "workDate", "minutes", "hoursType", "storeName"] as const;
export type HoursSortKey = (typeof HOURS_SORT_KEYS)[number];

/** The most one entry holds: a whole day. */
export const HOURS_ENTRY_MAX_MINUTES = 24 * 60;
export const HOURS_MINUTES_MESSAGE = `Enter between 0:01 and 24:00 hours`;
/** The people one posting lists back by name (the count is always whole). */
export const HOURS_POSTING_PEOPLE_LISTED = 200;

// ---------------------------------------------------------------------------------------------------------
// Hours as people write them
// ---------------------------------------------------------------------------------------------------------

/** 450 -> "7:30" (hours and minutes). */
export function formatHoursMinutes(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}

/** 450 -> 7.5; 20 -> 0.33 (hours as a decimal, two places: what payroll imports). */
export const decimalHours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

/**
 * What a person typed as hours, in minutes: `h:mm` ("7:30", "0:45") or a decimal ("7.5", "7,5", ".25", "8").
 * Null when it reads as neither (a decimal is rounded to the nearest minute).
 */
export function parseHoursText(text: string): number | null {
  const s = text.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const decimal = /^(\d{0,2})(?:[.,](\d{1,4}))?$/.exec(s);
  if (decimal && (decimal[1] || decimal[2])) {
    return Math.round(Number(`${decimal[1] || "0"}.${decimal[2] ?? "0"}`) * 60);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// users.hoursSearch
// ---------------------------------------------------------------------------------------------------------

const hoursFilterFields = {
  ...laborFilterFields,
  hoursTypeIds: z.array(idSchema).max(50).optional(),
};

const hoursSearchBody = z.object({
  ...laborPaging,
  ...hoursFilterFields,
  sources: z.array(z.enum(HOURS_SOURCES)).max(2).optional(),
  /** true: posted hours only; false: not posted yet; absent: both. */
  posted: z.boolean().nullish(),
  groupBy: z.enum(HOURS_GROUP_BY).default("entry"),
  sortBy: z.enum(HOURS_SORT_KEYS).default("userName"),
});
export const hoursSearchRequest = optionalBody(hoursSearchBody);
export type HoursSearchRequest = z.input<typeof hoursSearchBody>;

export const hoursRow = z.object({
  /** Stable for the row: `e<id>` (a stored entry), `t<user>:<date>:<type>:<store>` (time logs), `<user>:<date>` (a day), `<user>` (a person). */
  key: z.string(),
  /** The stored entry's id (a manual entry, or posted hours from time logs); null for live hours and groups. */
  id: z.number().int().nullable(),
  userId: z.number().int(),
  userName: z.string(),
  /** Null when grouped by person. */
  workDate: z.string().nullable(),
  /** Null when grouped, or when neither the entry nor the person has one. */
  hoursTypeId: z.number().int().nullable(),
  hoursTypeName: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  minutes: z.number().int(),
  /** The same as a decimal, two places. */
  hours: z.number(),
  timeLogMinutes: z.number().int(),
  manualMinutes: z.number().int(),
  /** Null for groups (`timeLogMinutes` and `manualMinutes` tell). */
  source: z.enum(HOURS_SOURCES).nullable(),
  /** Closed time logs behind it (live hours; posted ones keep no count). */
  logCount: z.number().int(),
  /** Lines behind a group (1 for an entry). */
  lineCount: z.number().int(),
  notes: z.string().nullable(),
  /** Every line of it is posted: locked for payroll. */
  posted: z.boolean(),
  postedMinutes: z.number().int(),
  /** The posting that froze it (entries only). */
  postingId: z.number().int().nullable(),
  /** The caller may change or delete it: a manual entry, not posted, and the caller fixes hours. */
  canEdit: z.boolean(),
});
export type HoursRow = z.infer<typeof hoursRow>;

export const hoursTotals = z.object({
  minutes: z.number().int(),
  timeLogMinutes: z.number().int(),
  manualMinutes: z.number().int(),
  postedMinutes: z.number().int(),
  unpostedMinutes: z.number().int(),
  people: z.number().int(),
});

export const hoursSearchResponse = pageOf(hoursRow).extend({
  period: resolvedPeriod,
  groupBy: z.enum(HOURS_GROUP_BY),
  /** Over the whole filter, not just the page. */
  totals: hoursTotals,
  /**
   * Time logs of the filter's people and period that count no hours yet (open, missing a punch, or a proposal
   * waiting): fix them under Missing punches. A posting of them is refused until they are.
   */
  attention: z.object({ logs: z.number().int(), people: z.number().int() }),
  /** The caller may add entries and post hours. */
  canEdit: z.boolean(),
});
export type HoursSearchResponse = z.infer<typeof hoursSearchResponse>;

// ---------------------------------------------------------------------------------------------------------
// users.hoursUpsert, users.hoursById (DELETE)
// ---------------------------------------------------------------------------------------------------------

/**
 * A manual entry: create (no `id`) or change. `hoursTypeId` absent or null takes the person's default. A date in a
 * posted period of the person is refused with 409 naming the period; so is an entry that is posted.
 */
export const hoursUpsertRequest = z.object({
  id: idSchema.nullish(),
  userId: idSchema,
  workDate: localDateSchema,
  hoursTypeId: idSchema.nullish(),
  storeId: idSchema.nullish(),
  minutes: z
    .number({ error: HOURS_MINUTES_MESSAGE })
    .int("Use whole minutes")
    .min(1, HOURS_MINUTES_MESSAGE)
    .max(HOURS_ENTRY_MAX_MINUTES, HOURS_MINUTES_MESSAGE),
  notes: textSchema.trim().max(1000, "Keep the notes under 1,000 characters").nullish(),
});
export type HoursUpsertRequest = z.input<typeof hoursUpsertRequest>;

// ---------------------------------------------------------------------------------------------------------
// users.hoursPostHours
// ---------------------------------------------------------------------------------------------------------

/**
 * Posts a pay period (`startDate`..`endDate`, store-local dates, days that are over) for a set of people: exactly
 * `userIds` when given, else every person the filters pick who has something unposted in the period (hours, or
 * time logs of any state). The filters pick PEOPLE: everything of theirs in the period is posted, whatever the store
 * or type. `dryRun` answers what a posting would do (people, hours, what stops it) and writes nothing.
 */
export const hoursPostRequest = z.object({
  startDate: localDateSchema,
  endDate: localDateSchema,
  userIds: z.array(idSchema).max(500).optional(),
  storeIds: hoursFilterFields.storeIds,
  territoryIds: hoursFilterFields.territoryIds,
  hoursTypeIds: hoursFilterFields.hoursTypeIds,
  text: hoursFilterFields.text,
  note: textSchema.trim().max(500, "Keep the note under 500 characters").nullish(),
  dryRun: z.boolean().default(false),
});
export type HoursPostRequest = z.input<typeof hoursPostRequest>;

export const hoursPostingItem = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  postedAt: z.string(),
  postedByUserId: z.number().int().nullable(),
  postedByName: z.string().nullable(),
  note: z.string().nullable(),
  /** The people of the posting the caller reaches, and their posted hours. */
  peopleCount: z.number().int(),
  totalMinutes: z.number().int(),
});
export type HoursPostingItem = z.infer<typeof hoursPostingItem>;

export const hoursPostPerson = z.object({
  userId: z.number().int(),
  userName: z.string(),
  minutes: z.number().int(),
  timeLogMinutes: z.number().int(),
  manualMinutes: z.number().int(),
});

export const hoursPostResponse = z.object({
  dryRun: z.boolean(),
  /** The posting made (null in a dry run). */
  posting: hoursPostingItem.nullable(),
  period: resolvedPeriod,
  peopleCount: z.number().int(),
  /** The people by name, at most HOURS_POSTING_PEOPLE_LISTED. */
  people: z.array(hoursPostPerson),
  totalMinutes: z.number().int(),
  /** What stops the posting: a dry run lists it; a posting answers 409 with it in the message. */
  blockers: z.object({
    /** People with time logs in the period that count no hours yet (open, missing, proposed). */
    attention: z.array(z.object({ userId: z.number().int(), userName: z.string(), logs: z.number().int() })),
    /** People already posted for part of the period. */
    alreadyPosted: z.array(
      z.object({
        userId: z.number().int(),
        userName: z.string(),
        postingId: z.number().int(),
        startDate: z.string(),
        endDate: z.string(),
      }),
    ),
  }),
});
export type HoursPostResponse = z.infer<typeof hoursPostResponse>;

// ---------------------------------------------------------------------------------------------------------
// Extras: the postings, the payroll file
// ---------------------------------------------------------------------------------------------------------

const queryInt = (fallback: number, max: number) =>
  z.coerce
    .number({ error: `Use a whole number from 1 to ${max}` })
    .int(`Use a whole number from 1 to ${max}`)
    .min(1, `Use a whole number from 1 to ${max}`)
    .max(max, `Use a whole number from 1 to ${max}`)
    .default(fallback);

/** `GET /api/users/hours/postings`: the newest first; `startDate`/`endDate` keep postings overlapping those dates. */
export const hoursPostingsQuery = z.object({
  page: queryInt(1, 100_000),
  pageSize: queryInt(25, 200),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
  userId: pathIdSchema().optional(),
});
export type HoursPostingsQuery = z.input<typeof hoursPostingsQuery>;
export const hoursPostingsResponse = pageOf(hoursPostingItem);

/**
 * `GET /api/users/hours/payroll-export`: posted hours, one row per person, date and type (hours as a decimal and as
 * h:mm), each person's total after their rows. Of one posting (`postingId`), or of every posting in a period
 * (`startDate` and `endDate`).
 */
export const hoursPayrollExportQuery = z.object({
  format: z.enum(["csv", "xlsx"]).default("csv"),
  postingId: pathIdSchema().optional(),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
});
export type HoursPayrollExportQuery = z.input<typeof hoursPayrollExportQuery>;

// ---------------------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------------------

export const hoursApi = {
  hoursSearch: endpoint({
    name: "users.hoursSearch",
    method: "POST",
    path: "/api/users/hours/search",
    auth: "tenant",
    summary:
      "Hours per person, date, type and store over a period (from closed time logs, live until posted, and manual entries), or summed per day or per person (`groupBy`); filtered, sorted and paged on the server, with totals and the time logs that count no hours yet. A lead generator reads their own.",
    body: hoursSearchRequest,
    response: hoursSearchResponse,
  }),
  hoursUpsert: endpoint({
    name: "users.hoursUpsert",
    method: "POST",
    path: "/api/users/hours/upsert",
    auth: "tenant",
    summary:
      "Add (no `id`) or change a manual hours entry (managers). A date in a posted period answers 409 naming the period.",
    body: hoursUpsertRequest,
    response: hoursRow,
  }),
  hoursPost: endpoint({
    name: "users.hoursPostHours",
    method: "POST",
    path: "/api/users/hours/post-hours",
    auth: "tenant",
    summary:
      "Post (lock) a pay period for a set of people (managers): their hours from time logs are written down, their manual entries stamped, and nothing of theirs in the period changes afterwards. Refused (409) when a person is already posted for part of it or has time logs still missing a punch. `dryRun` only tells.",
    body: hoursPostRequest,
    response: hoursPostResponse,
  }),
  hoursDelete: endpoint({
    name: "users.hoursById",
    method: "DELETE",
    path: "/api/users/hours/{id}",
    auth: "tenant",
    summary: "Delete a manual hours entry (managers). A posted one answers 409 naming the period.",
    params: z.object({ id: pathIdSchema() }),
    response: okResponse,
  }),
  hoursPostings: endpoint({
    name: "users.hoursPostings",
    method: "GET",
    path: "/api/users/hours/postings",
    auth: "tenant",
    summary:
      "The posted pay periods the caller reaches (the people and hours of their scope), newest first, paged.",
    query: hoursPostingsQuery,
    response: hoursPostingsResponse,
  }),
  hoursPayrollExport: endpoint({
    name: "users.hoursPayrollExport",
    method: "GET",
    path: "/api/users/hours/payroll-export",
    auth: "tenant",
    summary:
      "The payroll file (CSV or XLSX) of posted hours: one row per person, date and type, hours as a decimal and as h:mm, and each person's total. Of one posting (`postingId`) or of a period (`startDate`, `endDate`).",
    query: hoursPayrollExportQuery,
    response: z.string().describe("The file."),
    download: true,
  }),
} as const;
