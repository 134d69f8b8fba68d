import { bigint, boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { organizations, timestamps } from "./organizations";

/**
 * An organization's connection to its field-service CRM (ServiceTitan: docs/integrations/servicetitan.md; decision
 * 0036): where to call, which tenant, and as whom. One per organization. The client secret is sealed at rest
 * (AES-256-GCM, `platform/secrets.ts`, decision 0038): never stored, returned or logged as given.
 */
export const crmConnections = pgTable("crm_connections", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id),
  /** `https://api.servicetitan.io` (or the integration environment, or the simulator). */
  apiUrl: text("api_url").notNull(),
  /** `https://auth.servicetitan.io`: tokens come from `{authUrl}/connect/token`. */
  authUrl: text("auth_url").notNull(),
  tenantId: bigint("tenant_id", { mode: "number" }).notNull(),
  clientId: text("client_id").notNull(),
  clientSecret: text("client_secret").notNull(),
  appKey: text("app_key").notNull(),
  /** Off: the organization is treated as not connected (no refresh, no capacity). */
  isActive: boolean("is_active").notNull().default(true),
  ...timestamps,
});
