import {
  boolean,
  index,
  integer,
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
    transport: text("transport", { enum: ["smtp", "mailbox"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [index("mail_messages_created_idx").on(t.createdAt)],
);
