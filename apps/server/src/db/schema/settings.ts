import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { appointmentTypes } from "./appointments";
import { organizations, tenantKey, territories, timestamps } from "./organizations";

/** What an organization's leads are for (HVAC, water heaters, windows...): each asks its own questions. */
export const serviceTypes = pgTable(
  "service_types",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("service_types_org_name_key").on(t.organizationId, sql`lower(${t.name})`),
    index("service_types_org_sort_idx").on(t.organizationId, t.sortOrder),
    unique("service_types_org_id_key").on(t.organizationId, t.id),
  ],
);

export const serviceTypeQuestions = pgTable(
  "service_type_questions",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    serviceTypeId: integer("service_type_id").notNull(),
    text: text("text").notNull(),
    dataTypeId: smallint("data_type_id").notNull(),
    fieldTypeId: smallint("field_type_id").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("service_type_questions_org_type_idx").on(t.organizationId, t.serviceTypeId, t.sortOrder),
    unique("service_type_questions_org_id_key").on(t.organizationId, t.id),
    tenantKey(
      "service_type_questions_service_type_id_tenant_fk",
      [t.organizationId, t.serviceTypeId],
      serviceTypes,
    ),
  ],
);

/** The choices of a dropdown, radio or checkbox question. */
export const questionResponses = pgTable(
  "question_responses",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    questionId: integer("question_id").notNull(),
    text: text("text").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("question_responses_org_question_idx").on(t.organizationId, t.questionId, t.sortOrder),
    tenantKey(
      "question_responses_question_id_tenant_fk",
      [t.organizationId, t.questionId],
      serviceTypeQuestions,
    ),
  ],
);

/**
 * People outside the product who hear about an organization's leads and appointments, at organization level
 * (no territory), for one territory or for one appointment type.
 */
export const businessContacts = pgTable(
  "business_contacts",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    territoryId: integer("territory_id"),
    appointmentTypeId: integer("appointment_type_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    topics: text("topics").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("business_contacts_org_scope_idx").on(
      t.organizationId,
      t.territoryId,
      t.appointmentTypeId,
      t.sortOrder,
    ),
    tenantKey("business_contacts_territory_id_tenant_fk", [t.organizationId, t.territoryId], territories),
    tenantKey(
      "business_contacts_appointment_type_id_tenant_fk",
      [t.organizationId, t.appointmentTypeId],
      appointmentTypes,
    ),
  ],
);

/**
 * Per-organization lead settings; an organization without a row uses the defaults. A null disclosure is the
 * product's default text (`DEFAULT_DISCLOSURE_TEMPLATES`); a text keeps `{organization}` unfilled.
 */
export const leadSettings = pgTable("lead_settings", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id),
  duplicateWindowDays: smallint("duplicate_window_days").notNull().default(30),
  disclosureCrm: text("disclosure_crm"),
  disclosureRetailer: text("disclosure_retailer"),
  disclosureRetailerProgram: text("disclosure_retailer_program"),
  disclosureSecondPartner: text("disclosure_second_partner"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
