import { z } from "zod";
import {
  idSchema,
  idSchemaWith,
  localDateSchema,
  okResponse,
  pageOf,
  pathIdSchema,
  textSchema,
} from "../common";
import { endpoint } from "../endpoint";
import { idempotencyKeyHeaders, optionalBody } from "../leads";
import { laborFilterFields, laborPaging, resolvedPeriod } from "./common";

/**
 * Labor: activities and no activity (docs/decisions/0040-labor.md). What a lead generator did during a shift: a
 * `userActivities` type (Approaches, Break, Lunch, Training...) with a count and/or minutes, optionally a
 * `userReasons` reason and notes, at a store on a store-local date, linked to the time log the person was punched
 * in on. "No activity": lead generators with a day worked or scheduled and nothing logged on it (or nothing logged
 * in the whole period), with the reason a manager records.
 */

/** The most one activity counts (approaches in one entry). */
export const ACTIVITY_COUNT_MAX = 10_000;
/** One activity lasts at most a day. */
export const ACTIVITY_MINUTES_MAX = 24 * 60;
/** How far back an activity may be logged (days before today). */
export const ACTIVITY_DAYS_BACK_MAX = 400;
/** The most activities the recent feed lists. */
export const ACTIVITY_RECENT_MAX = 50;
/** The most no-activity rows one update records. */
export const NO_ACTIVITY_UPDATE_MAX = 200;

export const COUNT_OR_MINUTES_MESSAGE = "Give a count or minutes";

/** An activity type of the `userActivities` list, in the organization's order (Approaches first with `showApproaches`). */
export const activityTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The type whose count is approaches (the "+1 Approach" button logs it). */
  isApproaches: z.boolean(),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;

export const activityItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  activityTypeId: z.number().int(),
  activityTypeName: z.string(),
  isApproaches: z.boolean(),
  reasonId: z.number().int().nullable(),
  reasonName: z.string().nullable(),
  /** The store-local date it belongs to (the shift's date when linked to a time log). */
  workDate: z.string(),
  /** When it was logged. */
  occurredAt: z.string(),
  /** The store's zone (the organization's when there is no store): `occurredAt` reads in it. */
  timeZone: z.string(),
  count: z.number().int(),
  minutes: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** The time log the person was punched in on when it was logged. */
  timeLogId: z.number().int().nullable(),
  recordedByUserId: z.number().int().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller may change or delete it (their own, or a manager's in scope). */
  canEdit: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItem>;

const countSchema = z
  .number({ error: "Use a whole number" })
  .int("Use a whole number")
  .min(0, "Use 0 or more")
  .max(ACTIVITY_COUNT_MAX, `Use at most ${ACTIVITY_COUNT_MAX.toLocaleString("en-US")}`);
const minutesSchema = z
  .number({ error: "Use a whole number of minutes" })
  .int("Use a whole number of minutes")
  .min(1, "Use at least 1 minute")
  .max(ACTIVITY_MINUTES_MAX, `Use at most ${ACTIVITY_MINUTES_MAX} minutes (a day)`);

const activityFields = {
  activityTypeId: idSchemaWith("Choose an activity type"),
  /** How many (approaches); 0 when only minutes are logged. */
  count: countSchema.default(0),
  minutes: minutesSchema.nullish(),
  /** A `userReasons` id (why: a break for weather, training...). */
  reasonId: idSchema.nullish(),
  notes: textSchema.trim().max(1000, "Keep the notes under 1,000 characters").nullish(),
};

const countOrMinutes = (v: { count?: number; minutes?: number | null }, ctx: z.RefinementCtx) => {
  // Minutes given but out of range are refused by their own check.
  if (!(v.count && v.count > 0) && v.minutes == null)
    ctx.addIssue({ code: "custom", path: ["count"], message: COUNT_OR_MINUTES_MESSAGE });
};

/**
 * `POST /api/users/activity`: logs an activity. `userId` defaults to the caller (`labor.own`); another person takes
 * `labor.edit` and that person in the caller's scope. `storeId` and `workDate` default to the time log the person
 * is punched in on (else today's scheduled shift's store, today in its zone). An Idempotency-Key makes a retried
 * tap one activity.
 */
const activityCreateBody = z
  .object({
    userId: idSchema.nullish(),
    ...activityFields,
    storeId: idSchema.nullish(),
    workDate: localDateSchema.nullish(),
  })
  .superRefine(countOrMinutes);
export const activityCreateRequest = activityCreateBody;
export type ActivityCreateRequest = z.input<typeof activityCreateBody>;

/**
 * `PUT /api/users/activity/{id}` (extra): changes an activity (its person stays). `storeId` and `workDate` left out
 * keep theirs; `storeId: null` takes the store off.
 */
const activityUpdateBody = z
  .object({
    ...activityFields,
    storeId: idSchema.nullish(),
    workDate: localDateSchema.optional(),
  })
  .superRefine(countOrMinutes);
export const activityUpdateRequest = activityUpdateBody;
export type ActivityUpdateRequest = z.input<typeof activityUpdateBody>;

export const activityIdParams = z.object({ id: pathIdSchema() });

// ---------------------------------------------------------------------------------------------------------
// Search and recent
// ---------------------------------------------------------------------------------------------------------

export const ACTIVITY_SORT_KEYS = [
  "occurredAt",
  "workDate",
  "userName",
  "storeName",
  "activityType",
  "count",
  "minutes",
] as const;
export type ActivitySortKey = (typeof ACTIVITY_SORT_KEYS)[number];

const activitySearchBody = z.object({
  ...laborPaging,
  ...laborFilterFields,
  activityTypeIds: z.array(idSchema).max(100).optional(),
  reasonIds: z.array(idSchema).max(100).optional(),
  sortBy: z.enum(ACTIVITY_SORT_KEYS).default("occurredAt"),
  /** The latest first by default. */
  sortDirection: z.enum(["asc", "desc"]).default("desc"),
});
export const activitySearchRequest = optionalBody(activitySearchBody);
export type ActivitySearchRequest = z.input<typeof activitySearchBody>;

/** One type's totals over the whole filter (not just the page). */
export const activityTypeTotal = activityTypeSchema.extend({
  entries: z.number().int(),
  count: z.number().int(),
  minutes: z.number().int(),
});
export type ActivityTypeTotal = z.infer<typeof activityTypeTotal>;

export const activitySearchResponse = pageOf(activityItem).extend({
  period: resolvedPeriod,
  /** Every type of the organization in its order, with its totals over the filter (zero when none). */
  totals: z.array(activityTypeTotal),
});
export type ActivitySearchResponse = z.infer<typeof activitySearchResponse>;

export const activityRecentQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `Use a number from 1 to ${ACTIVITY_RECENT_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `Use a number from 1 to ${ACTIVITY_RECENT_MAX}`)
        .max(ACTIVITY_RECENT_MAX, `Use a number from 1 to ${ACTIVITY_RECENT_MAX}`),
    )
    .optional(),
});
export type ActivityRecentQuery = z.input<typeof activityRecentQuery>;

/** The caller's own day, for the quick "+1 Approach" card. */
export const myActivityDay = z.object({
  /** The day an activity logged now belongs to: the open shift's date, else today. */
  workDate: z.string(),
  approaches: z.number().int(),
  entries: z.number().int(),
  /** Where an activity logged now goes: the open shift's store, else today's scheduled one. */
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  /** The open time log it would be linked to (null: not punched in). */
  timeLogId: z.number().int().nullable(),
});
export type MyActivityDay = z.infer<typeof myActivityDay>;

export const activityRecentResponse = z.object({
  /** The latest logged first: the caller's scope (a lead generator: their own). */
  items: z.array(activityItem),
  /** The organization's activity types in its order. */
  types: z.array(activityTypeSchema),
  showApproaches: z.boolean(),
  /** The caller's own day when they log their own activity (`labor.own`), else null. */
  mine: myActivityDay.nullable(),
});
export type ActivityRecentResponse = z.infer<typeof activityRecentResponse>;

// ---------------------------------------------------------------------------------------------------------
// No activity
// ---------------------------------------------------------------------------------------------------------

export const NO_ACTIVITY_SORT_KEYS = ["workDate", "userName", "reasonName"] as const;
export type NoActivitySortKey = (typeof NO_ACTIVITY_SORT_KEYS)[number];
export const NO_ACTIVITY_REASON_STATES = ["all", "missing", "recorded"] as const;

const noActivitySearchBody = z.object({
  ...laborPaging,
  ...laborFilterFields,
  /** `missing`: rows with no reason recorded yet; `recorded`: rows with one. */
  reasonState: z.enum(NO_ACTIVITY_REASON_STATES).default("all"),
  reasonIds: z.array(idSchema).max(100).optional(),
  sortBy: z.enum(NO_ACTIVITY_SORT_KEYS).default("workDate"),
  sortDirection: z.enum(["asc", "desc"]).default("desc"),
});
export const noActivitySearchRequest = optionalBody(noActivitySearchBody);
export type NoActivitySearchRequest = z.input<typeof noActivitySearchBody>;

export const noActivityRow = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /**
   * `day`: a date the person worked (a time log) or was scheduled (a shift) with nothing logged; `period`: no
   * activity at all in the period and no day worked or scheduled (dated the period's first day).
   */
  kind: z.enum(["day", "period"]),
  workDate: z.string(),
  worked: z.boolean(),
  scheduled: z.boolean(),
  /** The stores of that day's time logs and shifts. */
  storeNames: z.array(z.string()),
  reasonId: z.number().int().nullable(),
  reasonName: z.string().nullable(),
  notes: z.string().nullable(),
  /** The date the reason is kept under (a period row's reason may have been recorded on another day of it). */
  reasonDate: z.string().nullable(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string().nullable(),
});
export type NoActivityRow = z.infer<typeof noActivityRow>;

export const noActivitySearchResponse = pageOf(noActivityRow).extend({
  period: resolvedPeriod,
  /** Over the whole filter. */
  counts: z.object({
    days: z.number().int(),
    people: z.number().int(),
    withReason: z.number().int(),
    withoutReason: z.number().int(),
  }),
  /** The caller may record reasons (`labor.edit`). */
  canEdit: z.boolean(),
});
export type NoActivitySearchResponse = z.infer<typeof noActivitySearchResponse>;

/**
 * `PUT /api/users/no-activity/update`: records, changes or clears (`reasonId: null`) the reason for several people
 * and dates at once, in one transaction.
 */
export const noActivityUpdateRequest = z.object({
  items: z
    .array(
      z.object({
        userId: idSchema,
        workDate: localDateSchema,
        reasonId: idSchema.nullable(),
        notes: textSchema.trim().max(500, "Keep the notes under 500 characters").nullish(),
      }),
    )
    .min(1, "Choose at least one row")
    .max(NO_ACTIVITY_UPDATE_MAX, `Record at most ${NO_ACTIVITY_UPDATE_MAX} rows at once`),
});
export type NoActivityUpdateRequest = z.input<typeof noActivityUpdateRequest>;
export const noActivityUpdateResponse = z.object({
  saved: z.number().int(),
  cleared: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------------------

export const activitiesApi = {
  activitySearch: endpoint({
    name: "users.activitySearch",
    method: "POST",
    path: "/api/users/activity/search",
    auth: "tenant",
    summary:
      "Logged activities over the filter (period, people, stores, territories, types, reasons), paged and sorted on the server, with every type's totals. A lead generator sees their own.",
    body: activitySearchRequest,
    response: activitySearchResponse,
  }),
  activityCreate: endpoint({
    name: "users.activity",
    method: "POST",
    path: "/api/users/activity",
    auth: "tenant",
    summary:
      "Log an activity (a type with a count and/or minutes, a reason, notes): one's own (`labor.own`) or, for managers, a person in scope. 201; an Idempotency-Key makes a retried tap one activity.",
    headers: idempotencyKeyHeaders,
    body: activityCreateRequest,
    response: activityItem,
    status: 201,
  }),
  activityRecent: endpoint({
    name: "users.activityRecent",
    method: "GET",
    path: "/api/users/activity/recent",
    auth: "tenant",
    summary:
      "The latest activities in the caller's scope (a manager's feed; a lead generator's own), the organization's types in order, and the caller's own day for the quick card.",
    query: activityRecentQuery,
    response: activityRecentResponse,
  }),
  activityUpdate: endpoint({
    name: "users.activityById.put",
    method: "PUT",
    path: "/api/users/activity/{id}",
    auth: "tenant",
    summary: "Change an activity: one's own, or (managers) a person's in scope.",
    params: activityIdParams,
    body: activityUpdateRequest,
    response: activityItem,
  }),
  activityDelete: endpoint({
    name: "users.activityById.delete",
    method: "DELETE",
    path: "/api/users/activity/{id}",
    auth: "tenant",
    summary: "Delete an activity (a mistaken tap): one's own, or (managers) a person's in scope.",
    params: activityIdParams,
    response: okResponse,
  }),
  noActivitySearch: endpoint({
    name: "users.noActivitySearch",
    method: "POST",
    path: "/api/users/no-activity/search",
    auth: "tenant",
    summary:
      "Active lead generators in scope with no activity on a day they worked or were scheduled, or none in the whole period: one row per person and date, with the reason a manager recorded.",
    body: noActivitySearchRequest,
    response: noActivitySearchResponse,
  }),
  noActivityUpdate: endpoint({
    name: "users.noActivityUpdate",
    method: "PUT",
    path: "/api/users/no-activity/update",
    auth: "tenant",
    summary:
      "Record, change or clear (`reasonId: null`) why people had no activity, for several people and dates at once (`labor.edit`).",
    body: noActivityUpdateRequest,
    response: noActivityUpdateResponse,
  }),
} as const;
