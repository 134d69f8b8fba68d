import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { organizations, tenantKey } from "./organizations";
import { users } from "./users";

/**
 * Notifications (docs/decisions/0041-notifications-and-support.md): what was sent, to whom, and who has read it.
 * A manager's message and the product's own notices (a missing punch, a dead delivery, an invitation) are the same
 * rows with a different `kind`.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    kind: text("kind").$type<"message" | "missingPunch" | "deadDelivery" | "invitation">().notNull(),
    /** The person who sent it; null for the product's own notices. */
    senderUserId: integer("sender_user_id").references(() => users.id),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** An in-app path it opens. */
    link: text("link"),
    /** The audience as the sender picked it (contracts' `Audience`); null for a notice to named people. */
    audience: jsonb("audience").$type<Record<string, unknown>>(),
    audienceSummary: text("audience_summary").notNull().default(""),
    sendEmail: boolean("send_email").notNull().default(true),
    status: text("status").$type<"sending" | "sent">().notNull().default("sending"),
    /** People reached: fixed when it is sent. */
    recipientCount: integer("recipient_count").notNull().default(0),
    /** Copies done (emailed, or not wanted by email): the progress figure. */
    processedCount: integer("processed_count").notNull().default(0),
    emailedCount: integer("emailed_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_org_created_idx").on(t.organizationId, t.createdAt.desc(), t.id.desc()),
    index("notifications_org_sender_idx").on(t.organizationId, t.senderUserId, t.createdAt.desc()),
    unique("notifications_org_id_key").on(t.organizationId, t.id),
  ],
);

/**
 * One person's copy: one row per notification and person (the key makes a second copy impossible). `email` is
 * `pending` until the background send emails it (`sent`) or finds it not wanted (`off`: the person turned email
 * off or the sender did not ask for it), in the same transaction as the mail message it writes.
 */
export const notificationRecipients = pgTable(
  "notification_recipients",
  {
    notificationId: bigint("notification_id", { mode: "number" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    email: text("email").$type<"pending" | "sent" | "off">().notNull().default("pending"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    tenantKey(
      "notification_recipients_notification_id_tenant_fk",
      [t.organizationId, t.notificationId],
      notifications,
    ).onDelete("cascade"),
    /** The inbox, newest first. */
    index("notification_recipients_user_idx").on(t.userId, t.createdAt.desc(), t.notificationId.desc()),
    /** The bell's count. */
    index("notification_recipients_unread_idx").on(t.userId).where(sql`read_at is null`),
    /** The background send's next batch. */
    index("notification_recipients_email_pending_idx")
      .on(t.notificationId, t.userId)
      .where(sql`email = 'pending'`),
  ],
);

/** A person's choice, across their organizations: notifications also by email (the default) or in the app only. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  email: boolean("email").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
