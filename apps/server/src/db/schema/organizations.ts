import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
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

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable(
  "organizations",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => organizations.id),
    timeZone: text("time_zone").notNull().default("America/New_York"),
    firstDayOfWeek: smallint("first_day_of_week"),
    crmIntegrationId: integer("crm_integration_id"),
    showApproaches: boolean("show_approaches").notNull().default(false),
    /** Labor (decision 0040): a punch in with no punch out is missing after this many hours at the latest. */
    maxShiftHours: smallint("max_shift_hours").notNull().default(12),
    /** Labor: a schedule over this many hours in a week is marked as a conflict. */
    weeklyHoursLimit: smallint("weekly_hours_limit").notNull().default(40),
    /** Labor: a punch farther than this from its store is warned about (never refused). */
    punchDistanceMeters: integer("punch_distance_meters").notNull().default(500),
    isSmartCircleLG: boolean("is_smart_circle_lg").notNull().default(false),
    smartCircleCompany: text("smart_circle_company"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("organizations_uid_key").on(t.uid),
    index("organizations_parent_idx").on(t.parentId),
    index("organizations_name_idx").on(sql`lower(${t.name})`),
  ],
);

export const territories = pgTable(
  "territories",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("territories_org_name_idx").on(t.organizationId, t.name),
    unique("territories_org_id_key").on(t.organizationId, t.id),
  ],
);

export const stores = pgTable(
  "stores",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    territoryId: integer("territory_id"),
    brandId: integer("brand_id"),
    name: text("name").notNull(),
    storeNumber: text("store_number"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    timeZone: text("time_zone").notNull(),
    latitude: text("latitude"),
    longitude: text("longitude"),
    isActive: boolean("is_active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("stores_org_name_idx").on(t.organizationId, sql`lower(${t.name})`),
    index("stores_org_territory_idx").on(t.organizationId, t.territoryId),
    index("stores_org_brand_idx").on(t.organizationId, t.brandId),
    index("stores_org_state_idx").on(t.organizationId, t.state),
    unique("stores_org_id_key").on(t.organizationId, t.id),
    tenantKey("stores_territory_id_tenant_fk", [t.organizationId, t.territoryId], territories),
  ],
);

/**
 * A reference from one tenant table to another: `(organization_id, x_id)` to `x (organization_id, id)`, so the
 * database refuses a row pointing at another organization's row (docs/decisions/0022-tenancy-in-the-database.md).
 * Every such reference is one of these (test/tenant-keys.api.test.ts checks the schema); the target table holds
 * a unique `(organization_id, id)`. A null `x_id` is not checked (MATCH SIMPLE), as before.
 */
export function tenantKey(
  name: string,
  columns: [organizationId: AnyPgColumn, id: AnyPgColumn],
  target: { organizationId: AnyPgColumn; id: AnyPgColumn },
) {
  return foreignKey({ name, columns, foreignColumns: [target.organizationId, target.id] });
}

export { timestamps };
