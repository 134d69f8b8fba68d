import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, stores, tenantKey, territories, timestamps } from "./organizations";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    languageIds: integer("language_ids").array().notNull().default(sql`'{}'::integer[]`),
    timeZone: text("time_zone"),
    isPlatformActive: boolean("is_platform_active").notNull().default(true),
    failedLoginCount: integer("failed_login_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_uid_key").on(t.uid), uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

export const userCaptureIcons = pgTable("user_capture_icons", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  contentType: text("content_type").notNull(),
  content: bytea("content").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A user's place in one organization: role, subscription, and the territories/stores it covers. */
export const memberships = pgTable(
  "memberships",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    roleId: smallint("role_id").notNull(),
    subscriptionId: smallint("subscription_id").notNull().default(1),
    hoursTypeId: integer("hours_type_id"),
    isActive: boolean("is_active").notNull().default(true),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("memberships_org_user_key").on(t.organizationId, t.userId),
    index("memberships_user_idx").on(t.userId),
    index("memberships_org_role_idx").on(t.organizationId, t.roleId),
    unique("memberships_org_id_key").on(t.organizationId, t.id),
  ],
);

export const membershipTerritories = pgTable(
  "membership_territories",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    membershipId: integer("membership_id").notNull(),
    territoryId: integer("territory_id").notNull(),
  },
  (t) => [
    uniqueIndex("membership_territories_key").on(t.organizationId, t.membershipId, t.territoryId),
    index("membership_territories_territory_idx").on(t.organizationId, t.territoryId),
    tenantKey(
      "membership_territories_membership_id_tenant_fk",
      [t.organizationId, t.membershipId],
      memberships,
    ).onDelete("cascade"),
    tenantKey(
      "membership_territories_territory_id_tenant_fk",
      [t.organizationId, t.territoryId],
      territories,
    ),
  ],
);

export const membershipStores = pgTable(
  "membership_stores",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    membershipId: integer("membership_id").notNull(),
    storeId: integer("store_id").notNull(),
  },
  (t) => [
    uniqueIndex("membership_stores_key").on(t.organizationId, t.membershipId, t.storeId),
    index("membership_stores_store_idx").on(t.organizationId, t.storeId),
    tenantKey(
      "membership_stores_membership_id_tenant_fk",
      [t.organizationId, t.membershipId],
      memberships,
    ).onDelete("cascade"),
    tenantKey("membership_stores_store_id_tenant_fk", [t.organizationId, t.storeId], stores),
  ],
);

/** A user's skills (the `userTrades` list) within an organization. */
export const userTrades = pgTable(
  "user_trades",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tradeId: integer("trade_id").notNull(),
    yearsOfExperience: smallint("years_of_experience"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [uniqueIndex("user_trades_key").on(t.organizationId, t.userId, t.tradeId)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    currentOrganizationId: integer("current_organization_id")
      .notNull()
      .references(() => organizations.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use links for password resets and invitations; only the hash of the link id is stored. */
export const passwordLinks = pgTable(
  "password_links",
  {
    id: serial("id").primaryKey(),
    linkHash: text("link_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: ["reset", "invite"] }).notNull(),
    organizationId: integer("organization_id").references(() => organizations.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_links_hash_key").on(t.linkHash),
    index("password_links_user_idx").on(t.userId),
  ],
);

export const webConfigs = pgTable("web_configs", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  config: jsonb("config").notNull().$type<Record<string, unknown>>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An organization's invitation to an email: what the inviter typed (name, phone, role, places) and nothing of
 * any account that email may have. It becomes a membership only when the person accepts (decision 0015);
 * declining, cancelling or accepting deletes it, and past `expires_at` it is as if it did not exist.
 */
export const membershipInvitations = pgTable(
  "membership_invitations",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** Lower case, as typed. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    languageIds: integer("language_ids").array().notNull().default(sql`'{}'::integer[]`),
    timeZone: text("time_zone"),
    roleId: smallint("role_id").notNull(),
    subscriptionId: smallint("subscription_id").notNull().default(1),
    hoursTypeId: integer("hours_type_id"),
    territoryIds: integer("territory_ids").array().notNull().default(sql`'{}'::integer[]`),
    storeIds: integer("store_ids").array().notNull().default(sql`'{}'::integer[]`),
    invitedByUserId: integer("invited_by_user_id")
      .notNull()
      .references(() => users.id),
    /** Only the hash of the emailed link's secret is kept. */
    linkHash: text("link_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("membership_invitations_org_email_key").on(t.organizationId, t.email),
    uniqueIndex("membership_invitations_link_key").on(t.linkHash),
    index("membership_invitations_email_idx").on(t.email),
  ],
);
