import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
import { leads } from "./leads";
import { organizations, stores, tenantKey, territories, timestamps } from "./organizations";
import { serviceTypeQuestions } from "./settings";
import { users } from "./users";

/**
 * Appointments (docs/decisions/0033-appointments-and-capacity.md). An appointment type says what can be booked;
 * the weekly template (`appointment_templates`, the spec's "default scheduled appointments") says when, in wall
 * clock; dated windows (`appointment_windows`, "scheduled appointments") are the template made real for dates,
 * stored as instants with the zone they were made in; an appointment is one lead's booking of one unit of a
 * window's capacity. `appointment_windows.booked` counts the live bookings and is only changed by a conditional
 * update in the booking's own transaction, with a check constraint as the backstop: a window never holds more
 * bookings than its capacity.
 */

export const appointmentTypes = pgTable(
  "appointment_types",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** Null: every territory of the organization. */
    territoryId: integer("territory_id"),
    name: text("name").notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(120),
    /** The arrival window the shopper is promised (a technician arrives within it). */
    arrivalWindowMinutes: integer("arrival_window_minutes").notNull().default(120),
    /** No booking starts sooner than this after now. */
    minimumNoticeMinutes: integer("minimum_notice_minutes").notNull().default(120),
    /** How far ahead a booking may be made. */
    bookingHorizonDays: integer("booking_horizon_days").notNull().default(60),
    /** The CRM's job type and campaign (their ids in the CRM). */
    crmJobTypeId: bigint("crm_job_type_id", { mode: "number" }),
    crmCampaignId: bigint("crm_campaign_id", { mode: "number" }),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("appointment_types_org_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    unique("appointment_types_org_id_key").on(t.organizationId, t.id),
    tenantKey("appointment_types_territory_id_tenant_fk", [t.organizationId, t.territoryId], territories),
    check("appointment_types_minutes_check", sql`duration_minutes > 0 and arrival_window_minutes > 0`),
    check(
      "appointment_types_notice_check",
      sql`minimum_notice_minutes >= 0 and booking_horizon_days between 1 and 730`,
    ),
  ],
);

/**
 * What the organization's CRM knows, kept here and refreshed from it (`update-technicians-list` and a recurring
 * job): technicians, business units, job types and campaigns, by their CRM ids.
 */
export const crmReferences = pgTable(
  "crm_references",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    kind: text("kind", { enum: ["technician", "businessUnit", "jobType", "campaign"] }).notNull(),
    externalId: bigint("external_id", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** What else the CRM said of it (a technician's business unit, email, phone). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("crm_references_org_kind_external_key").on(t.organizationId, t.kind, t.externalId),
    index("crm_references_org_kind_name_idx").on(t.organizationId, t.kind, sql`lower(${t.name})`),
    unique("crm_references_org_id_key").on(t.organizationId, t.id),
  ],
);

/** The technicians who run a type's appointments (a CRM technician, by our reference row). */
export const appointmentTypeTechnicians = pgTable(
  "appointment_type_technicians",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    crmReferenceId: integer("crm_reference_id").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("appointment_type_technicians_key").on(
      t.organizationId,
      t.appointmentTypeId,
      t.crmReferenceId,
    ),
    tenantKey(
      "appointment_type_technicians_type_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
    tenantKey(
      "appointment_type_technicians_ref_tenant_fk",
      [t.organizationId, t.crmReferenceId],
      crmReferences,
    ),
  ],
);

/** The CRM business units a type's jobs go to. */
export const appointmentTypeBusinessUnits = pgTable(
  "appointment_type_business_units",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    crmReferenceId: integer("crm_reference_id").notNull(),
    /** The unit jobs go to when the type has several. */
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("appointment_type_business_units_key").on(
      t.organizationId,
      t.appointmentTypeId,
      t.crmReferenceId,
    ),
    tenantKey(
      "appointment_type_business_units_type_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
    tenantKey(
      "appointment_type_business_units_ref_tenant_fk",
      [t.organizationId, t.crmReferenceId],
      crmReferences,
    ),
  ],
);

/**
 * The questions asked when booking a type: links to the organization's service-type questions. The same rows are
 * the settings' "schedule appointment questions" of a question, seen from the question's side.
 */
export const appointmentTypeQuestions = pgTable(
  "appointment_type_questions",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    questionId: integer("question_id").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("appointment_type_questions_key").on(t.organizationId, t.appointmentTypeId, t.questionId),
    index("appointment_type_questions_org_question_idx").on(t.organizationId, t.questionId),
    tenantKey(
      "appointment_type_questions_type_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
    tenantKey(
      "appointment_type_questions_question_tenant_fk",
      [t.organizationId, t.questionId],
      serviceTypeQuestions,
    ),
  ],
);

/**
 * The weekly template (the spec's "default scheduled appointments"): for a type, and optionally one territory or
 * one store, a window on a day of the week (0 Sunday .. 6 Saturday) from `start_time` to `end_time` in wall-clock
 * time, taking `capacity` bookings.
 */
export const appointmentTemplates = pgTable(
  "appointment_templates",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    territoryId: integer("territory_id"),
    storeId: integer("store_id"),
    dayOfWeek: smallint("day_of_week").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    capacity: integer("capacity").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("appointment_templates_org_type_day_idx").on(
      t.organizationId,
      t.appointmentTypeId,
      t.dayOfWeek,
      t.startTime,
    ),
    unique("appointment_templates_org_id_key").on(t.organizationId, t.id),
    tenantKey(
      "appointment_templates_type_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
    tenantKey("appointment_templates_territory_tenant_fk", [t.organizationId, t.territoryId], territories),
    tenantKey("appointment_templates_store_tenant_fk", [t.organizationId, t.storeId], stores),
    check("appointment_templates_day_check", sql`day_of_week between 0 and 6`),
    check("appointment_templates_capacity_check", sql`capacity between 1 and 1000`),
    check("appointment_templates_time_check", sql`start_time < end_time`),
  ],
);

/**
 * Dated windows (the spec's "scheduled appointments"): wall-clock date and times in `time_zone` (the store's, the
 * territory's or the organization's when the window was made) and the instants they are, `starts_at` to `ends_at`.
 * `booked` counts the live appointments in the window; `booked <= capacity` always (the check, and the conditional
 * update that books). A window generated from the template names it and its date, so generating again is a no-op.
 */
export const appointmentWindows = pgTable(
  "appointment_windows",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    territoryId: integer("territory_id"),
    storeId: integer("store_id"),
    templateId: integer("template_id"),
    timeZone: text("time_zone").notNull(),
    localDate: date("local_date", { mode: "string" }).notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
    /** Closed: takes no new bookings (what it holds stays). */
    isClosed: boolean("is_closed").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("appointment_windows_org_type_starts_idx").on(t.organizationId, t.appointmentTypeId, t.startsAt),
    index("appointment_windows_org_starts_idx").on(t.organizationId, t.startsAt),
    uniqueIndex("appointment_windows_template_date_key")
      .on(t.organizationId, t.templateId, t.localDate)
      .where(sql`template_id is not null`),
    unique("appointment_windows_org_id_key").on(t.organizationId, t.id),
    tenantKey(
      "appointment_windows_type_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
    tenantKey("appointment_windows_territory_tenant_fk", [t.organizationId, t.territoryId], territories),
    tenantKey("appointment_windows_store_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey(
      "appointment_windows_template_tenant_fk",
      [t.organizationId, t.templateId],
      appointmentTemplates,
    ),
    check("appointment_windows_capacity_check", sql`capacity between 0 and 1000`),
    check("appointment_windows_booked_check", sql`booked >= 0 and booked <= capacity`),
    check("appointment_windows_time_check", sql`starts_at < ends_at`),
  ],
);

/**
 * A booking: one lead in one window. `status` is the appointment's own (booked, then cancelled, or what the CRM
 * reports: ran, sold, noShow); `starts_at`/`ends_at` and the type are copied from the window for reports. A lead
 * has at most one booked appointment at a time (moving it changes its window).
 */
export const appointments = pgTable(
  "appointments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    windowId: bigint("window_id", { mode: "number" }).notNull(),
    appointmentTypeId: integer("appointment_type_id").notNull(),
    storeId: integer("store_id"),
    territoryId: integer("territory_id"),
    status: text("status", { enum: ["booked", "cancelled", "ran", "sold", "noShow"] })
      .notNull()
      .default("booked"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    /** Where the booking came from: the app (staff), a shopper's QR page, the CRM. */
    source: text("source", { enum: ["app", "qr", "crm"] }).notNull(),
    bookedByUserId: integer("booked_by_user_id").references(() => users.id),
    bookedAt: timestamp("booked_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    notes: text("notes"),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("appointments_org_starts_idx").on(t.organizationId, t.startsAt, t.id),
    index("appointments_org_status_starts_idx").on(t.organizationId, t.status, t.startsAt),
    index("appointments_org_type_starts_idx").on(t.organizationId, t.appointmentTypeId, t.startsAt),
    index("appointments_org_store_starts_idx").on(t.organizationId, t.storeId, t.startsAt),
    index("appointments_org_window_idx").on(t.organizationId, t.windowId),
    index("appointments_org_lead_idx").on(t.organizationId, t.leadId),
    uniqueIndex("appointments_one_booked_per_lead_key")
      .on(t.organizationId, t.leadId)
      .where(sql`status = 'booked'`),
    unique("appointments_org_id_key").on(t.organizationId, t.id),
    tenantKey("appointments_lead_tenant_fk", [t.organizationId, t.leadId], leads),
    tenantKey("appointments_window_tenant_fk", [t.organizationId, t.windowId], appointmentWindows),
    tenantKey("appointments_type_tenant_fk", [t.organizationId, t.appointmentTypeId], appointmentTypes),
    tenantKey("appointments_store_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey("appointments_territory_tenant_fk", [t.organizationId, t.territoryId], territories),
  ],
);

/** Every change of an appointment (booked, moved, cancelled, a status from the CRM): the standard history columns. */
export const appointmentHistory = pgTable(
  "appointment_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    appointmentId: bigint("appointment_id", { mode: "number" }).notNull(),
    action: text("action").notNull(),
    userId: integer("user_id").references(() => users.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
  },
  (t) => [
    index("appointment_history_org_appointment_idx").on(t.organizationId, t.appointmentId, t.at),
    tenantKey("appointment_history_appointment_tenant_fk", [t.organizationId, t.appointmentId], appointments),
  ],
);

/**
 * An organization's scheduling settings; an organization without a row uses the defaults. `generate_weeks_ahead`:
 * the recurring job keeps this many weeks of windows generated from the templates (0: off, windows are generated
 * by hand). `sms_enabled`: shoppers also get text messages (confirmation, reminder, changes).
 */
export const schedulingSettings = pgTable(
  "scheduling_settings",
  {
    organizationId: integer("organization_id")
      .primaryKey()
      .references(() => organizations.id),
    generateWeeksAhead: integer("generate_weeks_ahead").notNull().default(0),
    smsEnabled: boolean("sms_enabled").notNull().default(false),
    reminderHoursBefore: integer("reminder_hours_before").notNull().default(24),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  () => [
    check("scheduling_settings_weeks_check", sql`generate_weeks_ahead between 0 and 26`),
    check("scheduling_settings_reminder_check", sql`reminder_hours_before between 1 and 168`),
  ],
);
