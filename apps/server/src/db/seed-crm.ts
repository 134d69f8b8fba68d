import { SIMULATOR_CREDENTIALS } from "../integrations/servicetitan/simulator-data";
import type { Tx } from "../platform/db";
import { crmConnections } from "./schema/index";

/** Where `npm start` serves the ServiceTitan simulator (SERVICETITAN_SIMULATOR_PORT, default 3101). */
export function demoSimulatorUrl(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.SERVICETITAN_SIMULATOR_PORT) || 3101;
  return `http://127.0.0.1:${port}`;
}

/**
 * The demo organization's CRM connection (decision 0036): Summit Home East reads its technicians, business units,
 * job types, campaigns and capacity from the ServiceTitan simulator that `npm start` serves beside the product.
 * Its references are read from there (update-technicians-list, the 6-hourly job, and once at each start while the
 * simulator is on), not seeded.
 */
export async function seedDemoCrm(tx: Tx, orgs: { east: number }) {
  const url = demoSimulatorUrl();
  await tx.insert(crmConnections).values({
    organizationId: orgs.east,
    apiUrl: url,
    authUrl: url,
    tenantId: SIMULATOR_CREDENTIALS.tenantId,
    clientId: SIMULATOR_CREDENTIALS.clientId,
    clientSecret: SIMULATOR_CREDENTIALS.clientSecret,
    appKey: SIMULATOR_CREDENTIALS.appKey,
  });
}
