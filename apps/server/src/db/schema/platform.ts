import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { timestamps } from "./organizations";

export const roles = pgTable("roles", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
  rank: smallint("rank").notNull(),
});

export const subscriptions = pgTable("subscriptions", {
  id: smallint("id").primaryKey(),
  name: text("name").notNull(),
});

/**
 * Platform-wide reference lists behind the lookup list (lead statuses, language types, activities,
 * reasons, store brands, hours types, trades, program groups and job types, data and field types).
 */
export const referenceItems = pgTable(
  "reference_items",
  {
    list: text("list").notNull(),
    id: integer("id").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    sortOrder: smallint("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.list, t.id] })],
);

export const features = pgTable("features", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  isActive: boolean("is_active").notNull().default(false),
  ...timestamps,
});

/** Every email the product sends; without SMTP_URL this is the development mailbox. */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the message (a calendar file): name, media type and text content. */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    transport: text("transport", { enum: ["smtp", "mailbox"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_messages_created_idx").on(t.createdAt)],
);

/**
 * Work that must not be lost (docs/decisions/0019-outbox.md): a row written in the same transaction as its cause,
 * claimed by the worker with FOR UPDATE SKIP LOCKED, retried with backoff until its handler succeeds. `key` makes
 * a second write of the same work a no-op, and handlers check it so a repeat does nothing.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    key: text("key").notNull().unique("outbox_key_unique"),
    /** The organization the work belongs to, when it belongs to one (for the status page and clean-up). */
    organizationId: integer("organization_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "done", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.runAfter).where(sql`status = 'pending'`),
    index("outbox_done_idx").on(t.doneAt).where(sql`status = 'done'`),
  ],
);

/**
 * The first answer to a create sent with an `Idempotency-Key` (platform/idempotency.ts), written in the same
 * transaction as what it created: a repeat of the key by the same actor gets this answer instead of a second row.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    organizationId: integer("organization_id").notNull(),
    /** Who sent it: `u{userId}` for a signed-in user, another prefix for public callers. */
    actor: text("actor").notNull(),
    /** The call, such as `leads.capture`. */
    operation: text("operation").notNull(),
    key: text("key").notNull(),
    /** A hash of the request body: the same key with a different body is refused. */
    fingerprint: text("fingerprint").notNull(),
    statusCode: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.actor, t.operation, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);
