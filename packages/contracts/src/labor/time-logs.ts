import { z } from "zod";
import { idSchema, localDateSchema, okResponse, pageOf, pathIdSchema, textSchema } from "../common";
import { endpoint } from "../endpoint";
import { idempotencyKeyHeaders, optionalBody } from "../leads";
import { localTimeSchema } from "../scheduling";
import {
  laborFilterFields,
  laborFormat,
  laborPaging,
  laborPeriodFields,
  reasonSchema,
  resolvedPeriod,
} from "./common";

/**
 * Time logs (docs/decisions/0040-labor.md): a shift of one person at one store, a punch in and a punch out. Stored
 * as instants; shown in the store's zone (`timeZone`), so a shift across a daylight-saving change has its real
 * length. A missing punch is flagged by a sweep, proposed by the person, accepted or corrected by a manager; every
 * create, edit and delete keeps who, when, before, after and the reason.
 */

export const TIME_LOG_STATES = ["open", "closed", "missing", "proposed"] as const;
export type TimeLogState = (typeof TIME_LOG_STATES)[number];
export const TIME_LOG_MISSING = ["punchOut", "punchIn"] as const;

/** A local date and time in the store's zone, as people read it: `yyyy-MM-dd HH:mm`. */
const localDateTime = z.string();

export const timeLogItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  /** The store's zone: every local value below is in it. */
  timeZone: z.string(),
  /** The store-local date of the punch in (of the punch out when there is none). */
  workDate: z.string(),
  hoursTypeId: z.number().int().nullable(),
  hoursTypeName: z.string().nullable(),
  punchInAt: z.string().nullable(),
  punchOutAt: z.string().nullable(),
  localPunchIn: localDateTime.nullable(),
  localPunchOut: localDateTime.nullable(),
  /** Real elapsed minutes (instants), null while a punch is missing. */
  minutes: z.number().int().nullable(),
  state: z.enum(TIME_LOG_STATES),
  missing: z.enum(TIME_LOG_MISSING).nullable(),
  flaggedAt: z.string().nullable(),
  /** The person's proposal for the missing time, waiting for a manager. */
  proposal: z
    .object({
      punchInAt: z.string().nullable(),
      punchOutAt: z.string().nullable(),
      localPunchIn: localDateTime.nullable(),
      localPunchOut: localDateTime.nullable(),
      reason: z.string().nullable(),
      proposedAt: z.string(),
    })
    .nullable(),
  inDistanceMeters: z.number().int().nullable(),
  outDistanceMeters: z.number().int().nullable(),
  /** A punch was farther from the store than the organization's distance (a warning, never a refusal). */
  farFromStore: z.boolean(),
  source: z.enum(["punch", "manual"]),
  notes: z.string().nullable(),
  /** The log's date is in a posted pay period for its person: nothing about it changes any more. */
  posted: z.boolean(),
  /** Leads the person captured during the shift. */
  leadCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with it (server-computed). */
  canEdit: z.boolean(),
  canPropose: z.boolean(),
});
export type TimeLogItem = z.infer<typeof timeLogItem>;

// ---------------------------------------------------------------------------------------------------------
// laborHistory.search: minutes per person per day or week, with the flags managers act on
// ---------------------------------------------------------------------------------------------------------

export const LABOR_HISTORY_SORT_KEYS = ["userName", "periodStart", "minutes", "leadCount"] as const;

const laborHistoryBody = z.object({
  ...laborPaging,
  ...laborFilterFields,
  /** One row per person and day (default) or per person and week (weeks start on the organization's first day). */
  groupBy: z.enum(["day", "week"]).default("day"),
  sortBy: z.enum(LABOR_HISTORY_SORT_KEYS).default("periodStart"),
  /** Only rows with something to look at: a missing punch, leads while not punched in, or approaches with no lead. */
  flaggedOnly: z.boolean().optional(),
  format: laborFormat,
});
export const laborHistorySearchRequest = optionalBody(laborHistoryBody);
export type LaborHistorySearchRequest = z.input<typeof laborHistoryBody>;

export const laborHistoryRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** The day, or the first day of the week. */
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Minutes of closed time logs. */
  minutes: z.number().int(),
  shiftCount: z.number().int(),
  storeNames: z.array(z.string()),
  /** Logs still open, missing a punch, or proposed. */
  attentionCount: z.number().int(),
  leadCount: z.number().int(),
  /** Leads captured while the person was not punched in anywhere. */
  leadsNotPunchedIn: z.number().int(),
  /** Approaches logged as activities. */
  approaches: z.number().int(),
  /** Shifts with approaches logged but no lead captured. */
  shiftsWithApproachesNoLeads: z.number().int(),
  scheduledMinutes: z.number().int(),
});
export type LaborHistoryRow = z.infer<typeof laborHistoryRow>;
export const laborHistorySearchResponse = pageOf(laborHistoryRow).extend({
  period: resolvedPeriod,
  totalMinutes: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// One person's time logs
// ---------------------------------------------------------------------------------------------------------

export const userIdParams = z.object({ userId: pathIdSchema() });
export const userLogParams = z.object({ userId: pathIdSchema(), logId: pathIdSchema() });

export const TIME_LOG_SORT_KEYS = ["punchInAt", "workDate", "minutes", "storeName"] as const;

const timeLogSearchBody = z.object({
  ...laborPaging,
  ...laborPeriodFields,
  storeIds: z.array(idSchema).max(500).optional(),
  states: z.array(z.enum(TIME_LOG_STATES)).max(4).optional(),
  sortBy: z.enum(TIME_LOG_SORT_KEYS).default("punchInAt"),
  sortDirection: z.enum(["asc", "desc"]).default("desc"),
});
export const timeLogSearchRequest = optionalBody(timeLogSearchBody);
export type TimeLogSearchRequest = z.input<typeof timeLogSearchBody>;
export const timeLogSearchResponse = pageOf(timeLogItem).extend({
  period: resolvedPeriod,
  totalMinutes: z.number().int(),
});

const latitude = z.number().min(-90, "Latitude is -90 to 90").max(90, "Latitude is -90 to 90");
const longitude = z.number().min(-180, "Longitude is -180 to 180").max(180, "Longitude is -180 to 180");
/** Where the phone was, when the person allowed it. */
const location = {
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  accuracyMeters: z.number().min(0).max(100_000).nullish(),
};

/**
 * `POST /api/laborHistory/{userId}/time-logs`:
 * - `punchIn`: the person punches in (their own log only). The store defaults to today's scheduled shift's; a
 *   second punch in while one is open answers 409 naming the open shift.
 * - `punchOut`: closes the person's open log; with none open, records the punch out with its punch in missing (a
 *   warning says so; the store defaults as for a punch in, or `storeId`).
 * - `entry`: a manager enters a whole shift (store-local date and times; an end at or before the start ends the
 *   next day) with a reason.
 * A phone may retry: an `Idempotency-Key` makes the retry answer the first result.
 */
export const timeLogCreateRequest = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("punchIn"),
    storeId: idSchema.nullish(),
    hoursTypeId: idSchema.nullish(),
    ...location,
  }),
  z.object({
    action: z.literal("punchOut"),
    /** Only used when there is no open log (a punch out with no punch in): the store, as for a punch in. */
    storeId: idSchema.nullish(),
    ...location,
  }),
  z.object({
    action: z.literal("entry"),
    storeId: idSchema,
    hoursTypeId: idSchema.nullish(),
    workDate: localDateSchema,
    startTime: localTimeSchema,
    endTime: localTimeSchema.nullish(),
    notes: textSchema.trim().max(1000).nullish(),
    reason: reasonSchema,
  }),
]);
export type TimeLogCreateRequest = z.input<typeof timeLogCreateRequest>;

export const timeLogWriteResponse = z.object({
  timeLog: timeLogItem,
  /** Things worth knowing that did not stop the write (far from the store, not the scheduled store). */
  warnings: z.array(z.string()),
});

/**
 * `PUT /api/laborHistory/{userId}/time-logs/{logId}`:
 * - `edit` (managers): new store-local times, store, hours type or notes, with a reason; closes a missing log.
 * - `propose` (the person, on their own missing or open log): the time they say they worked, with a reason.
 * - `accept` (managers): takes the person's proposal as it is.
 * A log in a posted pay period answers 409 naming the period.
 */
export const timeLogUpdateRequest = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("edit"),
    storeId: idSchema.optional(),
    hoursTypeId: idSchema.nullish(),
    workDate: localDateSchema,
    startTime: localTimeSchema,
    endTime: localTimeSchema.nullish(),
    notes: textSchema.trim().max(1000).nullish(),
    reason: reasonSchema,
  }),
  z.object({
    kind: z.literal("propose"),
    workDate: localDateSchema,
    startTime: localTimeSchema,
    endTime: localTimeSchema,
    reason: reasonSchema,
  }),
  z.object({ kind: z.literal("accept"), reason: reasonSchema.nullish() }),
]);
export type TimeLogUpdateRequest = z.input<typeof timeLogUpdateRequest>;

/** `DELETE`: a reason is required (the audit trail keeps it and the log as it was). */
export const timeLogDeleteQuery = z.object({ reason: reasonSchema });

// ---------------------------------------------------------------------------------------------------------
// Missing punches
// ---------------------------------------------------------------------------------------------------------

const missingPunchBody = z.object({
  ...laborPaging,
  ...laborFilterFields,
  /** `missing` and `proposed` by default: what still needs a person. */
  states: z
    .array(z.enum(["missing", "proposed"]))
    .max(2)
    .optional(),
  sortBy: z.enum(["workDate", "userName", "storeName"]).default("workDate"),
});
export const missingPunchSearchRequest = optionalBody(missingPunchBody);
export type MissingPunchSearchRequest = z.input<typeof missingPunchBody>;
export const missingPunchSearchResponse = pageOf(timeLogItem).extend({
  period: resolvedPeriod.nullable(),
  /** Counts over the whole filter (not just the page). */
  counts: z.object({ missing: z.number().int(), proposed: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------------
// The audit trail, the phone's "today", the dashboard's list
// ---------------------------------------------------------------------------------------------------------

export const timeLogHistoryEntry = z.object({
  id: z.number().int(),
  timeLogId: z.number().int(),
  action: z.string(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export const timeLogHistoryResponse = z.object({ items: z.array(timeLogHistoryEntry) });

export const laborTodayResponse = z.object({
  /** The caller's open log, if punched in. */
  open: timeLogItem.nullable(),
  /** Today's scheduled shifts (store-local), first the one to punch into. */
  shifts: z.array(
    z.object({
      id: z.number().int(),
      storeId: z.number().int(),
      storeName: z.string(),
      workDate: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      timeZone: z.string(),
    }),
  ),
  /** The store a punch in would use when none is chosen. */
  suggestedStoreId: z.number().int().nullable(),
  /** Stores the caller may punch into. */
  stores: z.array(z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() })),
  /** The caller's logs that need them: missing punches to propose. */
  missing: z.array(timeLogItem),
  /** Minutes worked this week (the organization's week) and today. */
  minutesThisWeek: z.number().int(),
  minutesToday: z.number().int(),
});

export const dashboardTimeLogsQuery = z.object({
  dateRange: z
    .string()
    .regex(/^([1-9]|10)$/, "Use a date range from 1 to 10")
    .transform(Number)
    .optional(),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
});
export const dashboardTimeLogsResponse = z.object({
  period: resolvedPeriod,
  items: z.array(timeLogItem),
  totalMinutes: z.number().int(),
  /** At most 500 logs are listed; `truncated` says there were more. */
  truncated: z.boolean(),
});

export const timeLogsApi = {
  historySearch: endpoint({
    name: "laborHistory.search",
    method: "POST",
    path: "/api/laborHistory/search",
    auth: "tenant",
    summary:
      "Labor history: minutes per person per day or week over the filter, with the flags managers act on (missing punches, leads while not punched in, approaches with no lead). `format` csv/xlsx downloads it.",
    body: laborHistorySearchRequest,
    response: laborHistorySearchResponse,
    download: true,
  }),
  userTimeLogsSearch: endpoint({
    name: "laborHistory.byUserIdTimeLogsSearch",
    method: "POST",
    path: "/api/laborHistory/{userId}/time-logs/search",
    auth: "tenant",
    summary: "One person's time logs over a period, paged and sorted on the server.",
    params: userIdParams,
    body: timeLogSearchRequest,
    response: timeLogSearchResponse,
  }),
  create: endpoint({
    name: "laborHistory.byUserIdTimeLogs",
    method: "POST",
    path: "/api/laborHistory/{userId}/time-logs",
    auth: "tenant",
    summary:
      "Punch in, punch out (the person's own log), or enter a whole shift (managers, with a reason). 201; an Idempotency-Key makes a retried punch one punch.",
    headers: idempotencyKeyHeaders,
    params: userIdParams,
    body: timeLogCreateRequest,
    response: timeLogWriteResponse,
    status: 201,
  }),
  update: endpoint({
    name: "laborHistory.byUserIdTimeLogsByLogId.put",
    method: "PUT",
    path: "/api/laborHistory/{userId}/time-logs/{logId}",
    auth: "tenant",
    summary:
      "Edit a log (managers, with a reason), propose the missing time (the person), or accept the proposal (managers). A posted period answers 409.",
    params: userLogParams,
    body: timeLogUpdateRequest,
    response: timeLogWriteResponse,
  }),
  remove: endpoint({
    name: "laborHistory.byUserIdTimeLogsByLogId.delete",
    method: "DELETE",
    path: "/api/laborHistory/{userId}/time-logs/{logId}",
    auth: "tenant",
    summary: "Delete a log (managers, with `?reason=`); its history keeps it as it was.",
    params: userLogParams,
    query: timeLogDeleteQuery,
    response: okResponse,
  }),
  missingPunches: endpoint({
    name: "laborHistory.missingPunches",
    method: "POST",
    path: "/api/laborHistory/missing-punches",
    auth: "tenant",
    summary:
      "Logs missing a punch (flagged by the sweep) and proposals waiting for a manager, over the filter (every outstanding one when no period is given).",
    body: missingPunchSearchRequest,
    response: missingPunchSearchResponse,
  }),
  timeLogHistory: endpoint({
    name: "laborHistory.byUserIdTimeLogsByLogIdHistory",
    method: "GET",
    path: "/api/laborHistory/{userId}/time-logs/{logId}/history",
    auth: "tenant",
    summary:
      "A log's audit trail: every create, edit and delete with who, when, before, after and the reason.",
    params: userLogParams,
    response: timeLogHistoryResponse,
  }),
  today: endpoint({
    name: "laborHistory.today",
    method: "GET",
    path: "/api/laborHistory/today",
    auth: "tenant",
    summary:
      "The caller's day for the punch screen: the open log, today's shifts, the store to punch into, missing punches to propose, minutes this week.",
    response: laborTodayResponse,
  }),
  dashboardTimeLogs: endpoint({
    name: "dashboard.usersByIdTimeLogs",
    method: "GET",
    path: "/api/dashboard/users/{id}/time-logs",
    auth: "tenant",
    summary:
      "One person's time logs for the period (the dashboard's drawer): at most 500, with the total minutes.",
    params: z.object({ id: pathIdSchema() }),
    query: dashboardTimeLogsQuery,
    response: dashboardTimeLogsResponse,
  }),
} as const;
