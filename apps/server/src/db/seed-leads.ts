import type { Tx } from "../platform/db";
import { ensureDemoServiceTypes } from "./demo-service-types";
import { generateLeads } from "./leads-volume";

/**
 * The demo organizations' service types (with their questions) and a few months of leads, so the Leads
 * screens have something to show on a fresh clone. More: `npm run generate:leads`.
 */
export async function seedDemoLeads(tx: Tx, orgs: { east: number; west: number; solar: number }) {
  await ensureDemoServiceTypes(tx, orgs.east);
  await ensureDemoServiceTypes(tx, orgs.west, ["HVAC", "Water heaters", "Windows", "Bath"]);
  await ensureDemoServiceTypes(tx, orgs.solar, ["Solar"]);
  await generateLeads(tx, { organizationId: orgs.east, count: 400, years: 0.25, batchSize: 400 });
  await generateLeads(tx, { organizationId: orgs.west, count: 200, years: 0.25, batchSize: 200 });
  await generateLeads(tx, { organizationId: orgs.solar, count: 60, years: 0.25, batchSize: 60 });
}
