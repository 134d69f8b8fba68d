import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { organizations, stores, tenantKey, territories } from "./organizations";
import { qrCodes } from "./qr-codes";
import { serviceTypeQuestions, serviceTypes } from "./settings";
import { users } from "./users";

const live = sql`deleted_at is null`;

/**
 * A shopper's lead. Sized for millions per organization: ids are bigint, and every index a tenant query uses
 * leads with organization_id; the search indexes cover live (not deleted) leads only (docs/decisions/0011).
 */
export const leads = pgTable(
  "leads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    kind: text("kind", { enum: ["internal", "external"] }).notNull(),
    source: text("source", {
      enum: ["app", "qr", "retailerProgram", "secondPartner", "web", "import"],
    }).notNull(),
    storeId: integer("store_id"),
    /** The store's territory when the lead was captured (kept, so moving a store does not move its leads). */
    territoryId: integer("territory_id"),
    capturedByUserId: integer("captured_by_user_id").references(() => users.id),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
    serviceTypeId: integer("service_type_id"),
    statusId: smallint("status_id").notNull().default(1),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Ten digits. */
    phone: text("phone"),
    /** Trimmed and lower-cased. */
    email: text("email"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    languageId: integer("language_id"),
    notes: text("notes"),
    duplicateOfLeadId: bigint("duplicate_of_lead_id", { mode: "number" }),
    rejectionReason: text("rejection_reason"),
    // The programs' own fields (retailer program: group and job type; second partner: service id and ad code).
    hdsfiGroupId: integer("hdsfi_group_id"),
    hdJobTypeId: integer("hd_job_type_id"),
    centahServiceId: integer("centah_service_id"),
    centahAdCodeId: integer("centah_ad_code_id"),
    externalReference: text("external_reference"),
    /** What the CRM reports (or a manager enters) for the lead's job. */
    revenue: numeric("revenue", { precision: 12, scale: 2, mode: "number" }),
    // Speed to lead (docs/decisions/0039): captured (above), first delivered to a destination, first contacted
    // (the CRM's people acted on it: a booking accepted, a job scheduled).
    firstDeliveredAt: timestamp("first_delivered_at", { withTimezone: true }),
    firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedByUserId: integer("deleted_by_user_id").references(() => users.id),
  },
  (t) => [
    index("leads_org_captured_idx").on(t.organizationId, t.capturedAt.desc(), t.id.desc()).where(live),
    index("leads_org_kind_captured_idx")
      .on(t.organizationId, t.kind, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_source_captured_idx")
      .on(t.organizationId, t.source, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_status_captured_idx")
      .on(t.organizationId, t.statusId, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_store_captured_idx")
      .on(t.organizationId, t.storeId, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_territory_captured_idx")
      .on(t.organizationId, t.territoryId, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_user_captured_idx")
      .on(t.organizationId, t.capturedByUserId, t.capturedAt.desc(), t.id.desc())
      .where(live),
    // Not partial: a service type in use by deleted leads is still in use (the foreign key says so too).
    index("leads_org_service_type_idx").on(t.organizationId, t.serviceTypeId, t.capturedAt.desc()),
    // Exact and prefix matches (duplicates, text search); text_pattern_ops serves LIKE 'x%' in any collation.
    index("leads_org_phone_idx").on(t.organizationId, t.phone.op("text_pattern_ops")).where(live),
    index("leads_org_email_idx").on(t.organizationId, t.email.op("text_pattern_ops")).where(live),
    // Not partial: the planner reads statistics of an expression index only when it is not partial, and
    // without them it guesses that any name prefix matches 0.5% of the leads (docs/decisions/0011).
    index("leads_org_last_name_idx").on(t.organizationId, sql`lower(${t.lastName}) text_pattern_ops`),
    index("leads_org_first_name_idx").on(t.organizationId, sql`lower(${t.firstName}) text_pattern_ops`),
    // Sorting by name: the exact order of leadOrder() (DESC NULLS LAST, read backwards for ascending), so the
    // first page of "all time, by last name" walks the index and stops after a page instead of sorting every
    // live lead of the organization. The prefix indexes above cannot serve ORDER BY (text_pattern_ops). A text
    // search sorted by name is kept off these (leadOrder(), docs/benchmarks.md).
    index("leads_org_last_name_sort_idx")
      .on(t.organizationId, sql`lower(${t.lastName}) desc nulls last`, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_first_name_sort_idx")
      .on(t.organizationId, sql`lower(${t.firstName}) desc nulls last`, t.capturedAt.desc(), t.id.desc())
      .where(live),
    index("leads_org_duplicate_of_idx")
      .on(t.organizationId, t.duplicateOfLeadId)
      .where(sql`duplicate_of_lead_id is not null`),
    index("leads_org_deleted_idx")
      .on(t.organizationId, t.deletedAt.desc())
      .where(sql`deleted_at is not null`),
    unique("leads_org_id_key").on(t.organizationId, t.id),
    tenantKey("leads_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey("leads_territory_id_tenant_fk", [t.organizationId, t.territoryId], territories),
    tenantKey("leads_service_type_id_tenant_fk", [t.organizationId, t.serviceTypeId], serviceTypes),
    tenantKey("leads_duplicate_of_lead_id_tenant_fk", [t.organizationId, t.duplicateOfLeadId], t),
  ],
);

/** The answers to the service type's questions (a row per answered question). */
export const leadAnswers = pgTable(
  "lead_answers",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    questionId: integer("question_id").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leadId, t.questionId] }),
    index("lead_answers_org_question_idx").on(t.organizationId, t.questionId),
    tenantKey("lead_answers_lead_id_tenant_fk", [t.organizationId, t.leadId], leads),
    tenantKey("lead_answers_question_id_tenant_fk", [t.organizationId, t.questionId], serviceTypeQuestions),
  ],
);

/** The shopper's consent to be contacted by a destination: the exact disclosure shown, and when. */
export const leadConsents = pgTable(
  "lead_consents",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    destination: text("destination", {
      enum: ["crm", "retailer", "retailerProgram", "secondPartner"],
    }).notNull(),
    disclosureText: text("disclosure_text").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
    recordedByUserId: integer("recorded_by_user_id").references(() => users.id),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leadId, t.destination] }),
    tenantKey("lead_consents_lead_id_tenant_fk", [t.organizationId, t.leadId], leads),
  ],
);

/** Every change of a lead: who, when, and the changed fields before and after. Sends will land here too. */
export const leadHistory = pgTable(
  "lead_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    action: text("action").notNull(),
    userId: integer("user_id").references(() => users.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    /** Why, when the person gave a reason (a rejection, a correction). */
    reason: text("reason"),
  },
  (t) => [
    index("lead_history_org_lead_idx").on(t.organizationId, t.leadId, t.at),
    tenantKey("lead_history_lead_id_tenant_fk", [t.organizationId, t.leadId], leads),
  ],
);

/**
 * Every submission of the capture and QR forms exactly as it was sent, with what it became: a lead, a
 * duplicate, a rejected lead, or nothing (invalid, with the message the sender got).
 */
export const captureEntries = pgTable(
  "capture_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    source: text("source").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    submittedByUserId: integer("submitted_by_user_id").references(() => users.id),
    storeId: integer("store_id"),
    territoryId: integer("territory_id"),
    payload: jsonb("payload").notNull(),
    outcome: text("outcome", { enum: ["lead", "duplicate", "rejected", "invalid"] }).notNull(),
    leadId: bigint("lead_id", { mode: "number" }),
    rejectionReason: text("rejection_reason"),
    message: text("message"),
    /** The QR code a shopper's own entry came through (docs/decisions/0037); null for every other source. */
    qrCodeId: integer("qr_code_id"),
  },
  (t) => [
    index("capture_entries_org_received_idx").on(t.organizationId, t.receivedAt.desc(), t.id.desc()),
    index("capture_entries_org_lead_idx").on(t.organizationId, t.leadId).where(sql`lead_id is not null`),
    index("capture_entries_org_user_idx").on(t.organizationId, t.submittedByUserId, t.receivedAt.desc()),
    tenantKey("capture_entries_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
    tenantKey("capture_entries_territory_id_tenant_fk", [t.organizationId, t.territoryId], territories),
    tenantKey("capture_entries_lead_id_tenant_fk", [t.organizationId, t.leadId], leads),
    // A code's entry count (the codes' list counts a page of codes in one grouped query).
    index("capture_entries_org_qr_code_idx")
      .on(t.organizationId, t.qrCodeId)
      .where(sql`qr_code_id is not null`),
    tenantKey("capture_entries_qr_code_id_tenant_fk", [t.organizationId, t.qrCodeId], qrCodes),
  ],
);
