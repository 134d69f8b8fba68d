import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { appointments } from "./appointments";
import { leads } from "./leads";
import { organizations, tenantKey } from "./organizations";
import { users } from "./users";

/** The four destinations, as leads' consents name them. */
export const DESTINATION_IDS = ["crm", "retailer", "retailerProgram", "secondPartner"] as const;

/**
 * An organization's settings of one destination (docs/decisions/0039): on or off, its settings in the destination's
 * shape, and its credentials sealed (AES-256-GCM, platform/secrets.ts, decision 0038). The CRM's endpoint, tenant
 * and client secret live in `crm_connections` (the lookups and capacity use them too); its row here holds the
 * rest (mode, booking provider, defaults).
 */
export const destinationSettings = pgTable(
  "destination_settings",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    destination: text("destination", { enum: DESTINATION_IDS }).notNull(),
    isEnabled: boolean("is_enabled").notNull().default(false),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    /** The credentials' JSON, sealed; `null` when none were given (the CRM's are in `crm_connections`). */
    credentials: text("credentials"),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.destination] })],
);

/**
 * One lead's delivery to one destination (docs/decisions/0039): what the destination should hold
 * (`wanted_version`, bumped in the transaction of every booking, move, cancel or resend) against what it was last
 * told (`sent_version`). The worker sends the lead's state as it is when it sends, one send per delivery at a time,
 * so a cancel never overtakes its booking and a burst of changes is one send. `idempotency_key` is what the
 * destination knows the lead by (ServiceTitan's `externalId`): every send of the delivery carries it.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id),
    leadId: bigint("lead_id", { mode: "number" }).notNull(),
    destination: text("destination", { enum: DESTINATION_IDS }).notNull(),
    /** The lead's appointment the delivery carries (its latest; `null` for a lead sent without one). */
    appointmentId: bigint("appointment_id", { mode: "number" }),
    state: text("state", { enum: ["pending", "sending", "sent", "failed", "dead"] })
      .notNull()
      .default("pending"),
    wantedVersion: integer("wanted_version").notNull().default(1),
    sentVersion: integer("sent_version").notNull().default(0),
    /** The version being sent by the claim that holds the row (state `sending`). */
    sendingVersion: integer("sending_version"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Tries since the last success (the current run of failures). */
    attempts: integer("attempts").notNull().default(0),
    /** Every try ever: the claim's token (a claim marks the row only while this is still its number). */
    totalAttempts: integer("total_attempts").notNull().default(0),
    lastError: text("last_error"),
    lastHttpStatus: integer("last_http_status"),
    /** The previous try had no clear answer: the adapter looks for the record before creating one. */
    unclear: boolean("unclear").notNull().default(false),
    externalId: text("external_id"),
    externalIds: jsonb("external_ids").$type<Record<string, string>>().notNull().default({}),
    /** What the destination was last told (appointment, status, start, end). */
    sentState: jsonb("sent_state").$type<{
      appointmentId: number | null;
      status: "booked" | "cancelled" | null;
      start: string | null;
      end: string | null;
    }>(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    deadAt: timestamp("dead_at", { withTimezone: true }),
    /** The CRM's read-back (what became of the job; its revenue goes to `leads.revenue`), and when last read. */
    outcome: text("outcome", { enum: ["pending", "ran", "sold", "notSold", "noShow", "cancelled"] }),
    outcomeReadAt: timestamp("outcome_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("deliveries_org_lead_destination_key").on(t.organizationId, t.leadId, t.destination),
    unique("deliveries_org_id_key").on(t.organizationId, t.id),
    // The worker's claim: what is due, across organizations (a small set: sent rows are not in it).
    index("deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'failed', 'sending')`),
    // The deliveries page and the health line: by organization, state and time.
    index("deliveries_org_state_updated_idx").on(t.organizationId, t.state, t.updatedAt.desc()),
    index("deliveries_org_destination_sent_idx").on(t.organizationId, t.destination, t.lastSentAt.desc()),
    // The CRM read-back: sent CRM deliveries whose outcome is not final yet.
    index("deliveries_org_readback_idx")
      .on(t.organizationId, t.outcomeReadAt)
      .where(
        sql`${t.destination} = 'crm' and ${t.externalId} is not null and (${t.outcome} is null or ${t.outcome} in ('pending', 'ran'))`,
      ),
    tenantKey("deliveries_lead_tenant_fk", [t.organizationId, t.leadId], leads),
    tenantKey("deliveries_appointment_tenant_fk", [t.organizationId, t.appointmentId], appointments),
    check("deliveries_versions_check", sql`sent_version <= wanted_version`),
  ],
);
