import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations, stores, tenantKey, timestamps } from "./organizations";
import { users } from "./users";

/**
 * A lead generator's QR code (docs/decisions/0037): one per person and group in an
 * organization, at one store. Its public address is `/q/{users.uid}/{hdsfi_group}`, which names no organization,
 * so at most one ACTIVE code per person and group exists across all organizations (the partial unique index): the
 * address always resolves to one code or to none.
 */
export const qrCodes = pgTable(
  "qr_codes",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Where the person works with the code: the lead's store (and its territory) until schedules exist. */
    storeId: integer("store_id").notNull(),
    /** The retailer program's `hdsfiGroup` id, or 0 for a code of no group. */
    group: integer("hdsfi_group").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * The key of the code's form tokens (an HMAC of the code and the time the page was opened). Per code and in
     * the database, so every API process signs and checks alike and a restart keeps open forms valid; never sent
     * to anyone. Made by the database (two v4 UUIDs: 244 random bits).
     */
    formSecret: text("form_secret")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    // One code per person and group in an organization (also the search's index: it leads with the organization).
    uniqueIndex("qr_codes_org_user_group_key").on(t.organizationId, t.userId, t.group),
    // The public address carries no organization: one live code per person and group everywhere.
    uniqueIndex("qr_codes_active_user_group_key").on(t.userId, t.group).where(sql`is_active`),
    index("qr_codes_org_store_idx").on(t.organizationId, t.storeId),
    unique("qr_codes_org_id_key").on(t.organizationId, t.id),
    tenantKey("qr_codes_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
  ],
);
