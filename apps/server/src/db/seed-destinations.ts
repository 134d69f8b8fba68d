import { eq } from "drizzle-orm";
import {
  PARTNER_MOUNTS,
  PARTNER_SIMULATOR_SECRETS,
  PARTNER_SIMULATOR_VENDORS,
} from "../integrations/partners/simulator";
import { SIMULATOR_BOOKING_PROVIDER_ID } from "../integrations/servicetitan/simulator-data";
import type { Tx } from "../platform/db";
import { REFERENCE_LISTS } from "./reference-data";
import { destinationSettings, stores } from "./schema/index";
import { demoSimulatorUrl } from "./seed-crm";

/** Where `npm start` serves the three HTTP destinations' simulator (PARTNER_SIMULATOR_PORT, default 3102). */
export function demoPartnerSimulatorUrl(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PARTNER_SIMULATOR_PORT) || 3102;
  return `http://127.0.0.1:${port}`;
}

/** The booking provider the demo's CRM bookings go to (the simulator's). */
export const DEMO_BOOKING_PROVIDER_ID = SIMULATOR_BOOKING_PROVIDER_ID;

/**
 * The demo organization's four destinations (decision 0039), all on and wired to the simulators `npm start` serves,
 * so a person sees deliveries succeed, fail (switch a simulator off) and recover. The shared secrets are written
 * plain, as the seed has no key: the start seals them (`sealDestinationCredentials`), as it does the CRM's.
 */
export async function seedDemoDestinations(tx: Tx, orgs: { east: number }) {
  const partner = demoPartnerSimulatorUrl();
  const eastStores = await tx
    .select({ id: stores.id, storeNumber: stores.storeNumber })
    .from(stores)
    .where(eq(stores.organizationId, orgs.east));
  const plain = (secret: string) => JSON.stringify({ secret });
  await tx.insert(destinationSettings).values([
    {
      organizationId: orgs.east,
      destination: "crm",
      isEnabled: true,
      settings: {
        mode: "booking",
        bookingProviderId: DEMO_BOOKING_PROVIDER_ID,
        campaignId: null,
        businessUnitId: null,
        jobTypeId: null,
        priority: "Normal",
      },
    },
    {
      organizationId: orgs.east,
      destination: "retailer",
      isEnabled: true,
      settings: {
        endpoint: `${partner}/${PARTNER_MOUNTS.retailer}`,
        vendorNumber: PARTNER_SIMULATOR_VENDORS.retailer,
        storeNumbers: Object.fromEntries(
          eastStores.map((s) => [String(s.id), s.storeNumber ?? String(100 + s.id)]),
        ),
        imeSubCategories: [
          { id: 1, name: "Heating and cooling" },
          { id: 2, name: "Water heaters" },
          { id: 3, name: "Windows and doors" },
        ],
      },
      credentials: plain(PARTNER_SIMULATOR_SECRETS.retailer),
    },
    {
      organizationId: orgs.east,
      destination: "retailerProgram",
      isEnabled: true,
      settings: {
        endpoint: `${partner}/${PARTNER_MOUNTS.retailerProgram}`,
        groups: REFERENCE_LISTS.hdsfiGroup,
        jobTypes: REFERENCE_LISTS.hdJobType,
        defaultGroupId: 1,
        defaultJobTypeId: 1,
      },
      credentials: plain(PARTNER_SIMULATOR_SECRETS.retailerProgram),
    },
    {
      organizationId: orgs.east,
      destination: "secondPartner",
      isEnabled: true,
      settings: {
        endpoint: `${partner}/${PARTNER_MOUNTS.secondPartner}`,
        serviceIds: REFERENCE_LISTS.centahServiceId,
        adCodes: REFERENCE_LISTS.centahAdCode,
        defaultServiceId: 1,
        defaultAdCodeId: 1,
      },
      credentials: plain(PARTNER_SIMULATOR_SECRETS.secondPartner),
    },
  ]);
}

export { demoSimulatorUrl };
