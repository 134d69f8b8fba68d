import type { TokenCache } from "../../integrations/destination";
import {
  memoryTokenCache,
  type ServiceTitanClient,
  type ServiceTitanClientOptions,
  type ServiceTitanConnection,
  serviceTitanClient,
} from "../../integrations/servicetitan/index";
import type { Executor } from "../../platform/unit-of-work";
import type { CrmConnectionRow, CrmRepository } from "./crm.repository";

export type CrmClientsOptions = {
  fetch?: typeof fetch;
  now?: () => Date;
  tokens?: TokenCache;
  client?: ServiceTitanClientOptions;
};

/** An organization's CRM client, with the connection it was built from. */
export type ConnectedCrm = {
  organizationId: number;
  connection: ServiceTitanConnection;
  client: ServiceTitanClient;
};

/** The client's connection; the repository answers the client secret opened (decision 0038), kept in memory only. */
const connectionOf = (row: CrmConnectionRow): ServiceTitanConnection => ({
  apiUrl: row.apiUrl,
  authUrl: row.authUrl,
  tenantId: Number(row.tenantId),
  clientId: row.clientId,
  clientSecret: row.clientSecret,
  appKey: row.appKey,
});

/**
 * The CRM clients of this process, one per organization, kept while its connection is unchanged: the token cache
 * and the in-flight token fetch live in them, so the refresh, the capacity port and the job share one token per
 * connection. Shared by the CRM service and the capacity port (modules/index.ts builds one).
 */
export function crmClients(repo: CrmRepository, options: CrmClientsOptions = {}) {
  const tokens = options.tokens ?? memoryTokenCache();
  const clients = new Map<number, { fingerprint: string; crm: ConnectedCrm }>();
  return {
    /** The organization's client, or null when it has no connection or the connection is off. */
    async forOrganization(exec: Executor, organizationId: number): Promise<ConnectedCrm | null> {
      const row = await repo.connection(exec, organizationId);
      if (!row?.isActive) {
        clients.delete(organizationId);
        return null;
      }
      const connection = connectionOf(row);
      const fingerprint = JSON.stringify(connection);
      const kept = clients.get(organizationId);
      if (kept && kept.fingerprint === fingerprint) return kept.crm;
      const crm: ConnectedCrm = {
        organizationId,
        connection,
        client: serviceTitanClient(
          connection,
          { fetch: options.fetch, now: options.now, tokens },
          options.client,
        ),
      };
      clients.set(organizationId, { fingerprint, crm });
      return crm;
    },
  };
}

export type CrmClients = ReturnType<typeof crmClients>;
