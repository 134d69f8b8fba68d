import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, stores, tenantKey, timestamps } from "./organizations";
import { users } from "./users";

/**
 * Labor (docs/decisions/0040-labor.md): punches, hours for payroll, schedules, available hours and activities.
 * Every table leads with the organization; every instant is a `timestamptz` and every planned or local time
 * carries the store's zone beside it, so a shift across a daylight-saving change has its real length.
 */

const orgId = () =>
  integer("organization_id")
    .notNull()
    .references(() => organizations.id);

/**
 * One shift of one person at one store: a punch in and a punch out (either may be missing).
 *
 * `state`: `open` (punched in, not out yet), `closed` (both punches), `missing` (the sweep found a punch in with no
 * punch out once the store's day was over or the longest shift had passed, or a punch out with no punch in),
 * `proposed` (the person proposed the missing time; a manager accepts or corrects it). Nothing is closed silently:
 * a `missing` or `proposed` log becomes `closed` only by a person's edit, which its history keeps.
 */
export const timeLogs = pgTable(
  "time_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    storeId: integer("store_id").notNull(),
    /** The `userHoursTypes` id (the membership's hours type when the punch did not name one). */
    hoursTypeId: integer("hours_type_id"),
    punchInAt: timestamp("punch_in_at", { withTimezone: true }),
    punchOutAt: timestamp("punch_out_at", { withTimezone: true }),
    /** The store's zone when the log was made: local dates and times are shown in it. */
    timeZone: text("time_zone").notNull(),
    /** The store-local date of the punch in (of the punch out when there is no punch in): what searches filter. */
    workDate: date("work_date", { mode: "string" }).notNull(),
    state: text("state").$type<"open" | "closed" | "missing" | "proposed">().notNull().default("open"),
    /** What is missing, once the sweep flagged it: the punch out or the punch in. */
    missing: text("missing").$type<"punchOut" | "punchIn">(),
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    /** The person's proposal for a missing punch, until a manager accepts or corrects it. */
    proposedInAt: timestamp("proposed_in_at", { withTimezone: true }),
    proposedOutAt: timestamp("proposed_out_at", { withTimezone: true }),
    proposedReason: text("proposed_reason"),
    proposedAt: timestamp("proposed_at", { withTimezone: true }),
    /** Where the phone was at each punch, when the person allowed it, and how far that was from the store. */
    inLatitude: doublePrecision("in_latitude"),
    inLongitude: doublePrecision("in_longitude"),
    inDistanceMeters: integer("in_distance_meters"),
    outLatitude: doublePrecision("out_latitude"),
    outLongitude: doublePrecision("out_longitude"),
    outDistanceMeters: integer("out_distance_meters"),
    /** `punch`: the person's own taps; `manual`: entered or corrected by a manager. */
    source: text("source").$type<"punch" | "manual">().notNull().default("punch"),
    notes: text("notes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("time_logs_org_user_date_idx").on(t.organizationId, t.userId, t.workDate),
    index("time_logs_org_date_idx").on(t.organizationId, t.workDate),
    index("time_logs_org_store_date_idx").on(t.organizationId, t.storeId, t.workDate),
    // The missing-punch list and the sweep read only these.
    index("time_logs_org_attention_idx")
      .on(t.organizationId, t.workDate)
      .where(sql`state in ('open', 'missing', 'proposed')`),
    // A person has at most one open shift in an organization.
    uniqueIndex("time_logs_one_open_key").on(t.organizationId, t.userId).where(sql`state = 'open'`),
    unique("time_logs_org_id_key").on(t.organizationId, t.id),
    tenantKey("time_logs_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
  ],
);

/** Every create, edit and delete of a time log: who, when, before, after and the reason (platform/history.ts). */
export const timeLogHistory = pgTable(
  "time_log_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: orgId(),
    /** Not a foreign key: the history of a deleted log stays. */
    timeLogId: bigint("time_log_id", { mode: "number" }).notNull(),
    /** Whose log it is (kept after the log is deleted, so a person's trail can be read). */
    subjectUserId: integer("subject_user_id"),
    action: text("action").notNull(),
    userId: integer("user_id").references(() => users.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
  },
  (t) => [
    index("time_log_history_org_log_idx").on(t.organizationId, t.timeLogId, t.at),
    index("time_log_history_org_subject_idx").on(t.organizationId, t.subjectUserId, t.at),
  ],
);

/** A posted pay period: dates `start_date`..`end_date` (inclusive) locked for the people in `hours_posting_users`. */
export const hoursPostings = pgTable(
  "hours_postings",
  {
    id: serial("id").primaryKey(),
    organizationId: orgId(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    postedByUserId: integer("posted_by_user_id").references(() => users.id),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note"),
  },
  (t) => [
    index("hours_postings_org_dates_idx").on(t.organizationId, t.endDate),
    unique("hours_postings_org_id_key").on(t.organizationId, t.id),
  ],
);

/**
 * Hours per person, date and type. `source = 'timeLogs'` rows are derived from the time logs (recomputed until the
 * period is posted, then frozen with the posting); `manual` rows are entered by a manager.
 */
export const hoursEntries = pgTable(
  "hours_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    workDate: date("work_date", { mode: "string" }).notNull(),
    hoursTypeId: integer("hours_type_id"),
    storeId: integer("store_id"),
    minutes: integer("minutes").notNull(),
    source: text("source").$type<"timeLogs" | "manual">().notNull().default("manual"),
    notes: text("notes"),
    /** The posting that froze it (null: not posted). */
    postingId: integer("posting_id"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("hours_entries_org_user_date_idx").on(t.organizationId, t.userId, t.workDate),
    index("hours_entries_org_date_idx").on(t.organizationId, t.workDate),
    index("hours_entries_org_posting_idx").on(t.organizationId, t.postingId),
    unique("hours_entries_org_id_key").on(t.organizationId, t.id),
    tenantKey("hours_entries_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey("hours_entries_posting_id_tenant_fk", [t.organizationId, t.postingId], hoursPostings),
  ],
);

export const hoursPostingUsers = pgTable(
  "hours_posting_users",
  {
    organizationId: orgId(),
    postingId: integer("posting_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
  },
  (t) => [
    uniqueIndex("hours_posting_users_key").on(t.organizationId, t.postingId, t.userId),
    // "Is this person's date posted?": leads with the organization and the person.
    index("hours_posting_users_lookup_idx").on(t.organizationId, t.userId, t.startDate, t.endDate),
    tenantKey(
      "hours_posting_users_posting_id_tenant_fk",
      [t.organizationId, t.postingId],
      hoursPostings,
    ).onDelete("cascade"),
  ],
);

/**
 * A planned shift: a person at a store on a store-local date from `start_time` to `end_time` (an end at or before
 * the start ends the next day). `starts_at`/`ends_at` are the instants in the store's zone, kept for conflicts.
 */
export const shifts = pgTable(
  "shifts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    storeId: integer("store_id").notNull(),
    workDate: date("work_date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    timeZone: text("time_zone").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    notes: text("notes"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("shifts_org_date_user_idx").on(t.organizationId, t.workDate, t.userId),
    index("shifts_org_user_starts_idx").on(t.organizationId, t.userId, t.startsAt),
    index("shifts_org_store_date_idx").on(t.organizationId, t.storeId, t.workDate),
    unique("shifts_org_id_key").on(t.organizationId, t.id),
    tenantKey("shifts_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
  ],
);

/** When a person can work, by day of week (0 Sunday .. 6 Saturday), in the organization's zone. */
export const availableHours = pgTable(
  "available_hours",
  {
    id: serial("id").primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    dayOfWeek: smallint("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    ...timestamps,
  },
  (t) => [
    index("available_hours_org_user_idx").on(t.organizationId, t.userId, t.dayOfWeek),
    unique("available_hours_org_id_key").on(t.organizationId, t.id),
  ],
);

/**
 * What a person did during a shift: a `userActivities` type with a count (approaches) and/or minutes, optionally a
 * `userReasons` reason, on a store-local date.
 */
export const activities = pgTable(
  "activities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    storeId: integer("store_id"),
    activityTypeId: integer("activity_type_id").notNull(),
    reasonId: integer("reason_id"),
    workDate: date("work_date", { mode: "string" }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    count: integer("count").notNull().default(0),
    minutes: integer("minutes"),
    notes: text("notes"),
    timeLogId: bigint("time_log_id", { mode: "number" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("activities_org_date_idx").on(t.organizationId, t.workDate),
    index("activities_org_user_date_idx").on(t.organizationId, t.userId, t.workDate),
    index("activities_org_occurred_idx").on(t.organizationId, t.occurredAt),
    unique("activities_org_id_key").on(t.organizationId, t.id),
    tenantKey("activities_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey("activities_time_log_id_tenant_fk", [t.organizationId, t.timeLogId], timeLogs),
  ],
);

/** Why a person had no activity on a date, as a manager recorded it (`userReasons`). */
export const noActivityReasons = pgTable(
  "no_activity_reasons",
  {
    id: serial("id").primaryKey(),
    organizationId: orgId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    workDate: date("work_date", { mode: "string" }).notNull(),
    reasonId: integer("reason_id").notNull(),
    notes: text("notes"),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("no_activity_reasons_key").on(t.organizationId, t.userId, t.workDate)],
);
