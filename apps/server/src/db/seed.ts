import { ROLE, randomId, SUBSCRIPTION } from "@fieldlead/contracts";
import { hashPassword } from "../platform/crypto";
import type { Db } from "../platform/db";
import type { FileStorage } from "../platform/storage";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./demo-logins";
import {
  features,
  membershipStores,
  memberships,
  membershipTerritories,
  organizations,
  stores,
  territories,
  users,
  userTrades,
} from "./schema/index";
import { seedDemoBookings } from "./seed-bookings";
import { seedDemoCrm } from "./seed-crm";
import { seedDemoDestinations } from "./seed-destinations";
import { seedDemoLaborActivities } from "./seed-labor-activities";
import { seedDemoLaborSchedules } from "./seed-labor-schedules";
import { seedDemoLaborTimeLogs } from "./seed-labor-time";
import { seedDemoLeads } from "./seed-leads";
import { seedDemoNotifications } from "./seed-notifications";
import { seedDemoQrCodes } from "./seed-qr";
import { seedDemoScheduling } from "./seed-scheduling";
import { seedDemoSupport } from "./seed-support";

export { DEMO_PASSWORD } from "./demo-logins";

export type DemoLogin = { email: string; role: string; organizations: string };

type StoreSeed = {
  name: string;
  brandId: number;
  number: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

const EAST_STORES: Record<string, StoreSeed[]> = {
  "North Jersey": [
    {
      name: "Costco Wayne",
      brandId: 1,
      number: "1101",
      address: "149 Route 23",
      city: "Wayne",
      state: "NJ",
      zip: "07470",
    },
    {
      name: "The Home Depot Paramus",
      brandId: 2,
      number: "0912",
      address: "200 Route 17",
      city: "Paramus",
      state: "NJ",
      zip: "07652",
    },
    {
      name: "Lowe's Clifton",
      brandId: 3,
      number: "2231",
      address: "395 Allwood Rd",
      city: "Clifton",
      state: "NJ",
      zip: "07012",
    },
  ],
  "Long Island": [
    {
      name: "Costco Westbury",
      brandId: 1,
      number: "1102",
      address: "1250 Old Country Rd",
      city: "Westbury",
      state: "NY",
      zip: "11590",
    },
    {
      name: "BJ's Wholesale Hicksville",
      brandId: 5,
      number: "0077",
      address: "358 N Broadway",
      city: "Hicksville",
      state: "NY",
      zip: "11801",
    },
  ],
  Philadelphia: [
    {
      name: "Costco South Philadelphia",
      brandId: 1,
      number: "1103",
      address: "2450 S Christopher Columbus Blvd",
      city: "Philadelphia",
      state: "PA",
      zip: "19148",
    },
    {
      name: "The Home Depot Conshohocken",
      brandId: 2,
      number: "4150",
      address: "1000 Ridge Pike",
      city: "Conshohocken",
      state: "PA",
      zip: "19428",
    },
  ],
};
const WEST_STORES: Record<string, StoreSeed[]> = {
  "Los Angeles": [
    {
      name: "Costco Burbank",
      brandId: 1,
      number: "0678",
      address: "1051 W Burbank Blvd",
      city: "Burbank",
      state: "CA",
      zip: "91506",
    },
    {
      name: "The Home Depot Glendale",
      brandId: 2,
      number: "6618",
      address: "5040 San Fernando Rd",
      city: "Glendale",
      state: "CA",
      zip: "91204",
    },
  ],
  "San Diego": [
    {
      name: "Costco Mission Valley",
      brandId: 1,
      number: "0401",
      address: "2345 Fenton Pkwy",
      city: "San Diego",
      state: "CA",
      zip: "92108",
    },
    {
      name: "Lowe's Chula Vista",
      brandId: 3,
      number: "1789",
      address: "2345 Otay Lakes Rd",
      city: "Chula Vista",
      state: "CA",
      zip: "91915",
    },
  ],
  "Bay Area": [
    {
      name: "Sam's Club San Leandro",
      brandId: 4,
      number: "6612",
      address: "1559 Fairway Dr",
      city: "San Leandro",
      state: "CA",
      zip: "94577",
    },
  ],
};

const FIRST = [
  "Ava",
  "Liam",
  "Mia",
  "Noah",
  "Sofia",
  "Ethan",
  "Isabella",
  "Lucas",
  "Emma",
  "Mateo",
  "Olivia",
  "Diego",
  "Chloe",
  "Jayden",
  "Grace",
  "Carlos",
];
const LAST = [
  "Garcia",
  "Nguyen",
  "Patel",
  "Johnson",
  "Kim",
  "Rodriguez",
  "Smith",
  "Lee",
  "Martinez",
  "Brown",
  "Lopez",
  "Davis",
];

/**
 * Demo data worth looking at. Runs only on an empty database (see main.ts). Returns the logins to print. With a
 * `storage`, the demo's files (support documents) are stored there too; without one only their rows are written.
 */
export async function seedDemo(db: Db, options: { storage?: FileStorage } = {}): Promise<DemoLogin[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const org = async (
      v: Partial<typeof organizations.$inferInsert> & { name: string; timeZone: string },
    ) => {
      const [row] = await tx
        .insert(organizations)
        .values({ uid: randomId(12), ...v })
        .returning();
      return row;
    };
    const group = await org({ name: "Summit Home Group", timeZone: "America/New_York", firstDayOfWeek: 1 });
    const east = await org({
      name: "Summit Home East",
      parentId: group.id,
      timeZone: "America/New_York",
      firstDayOfWeek: 1,
      crmIntegrationId: 1,
      showApproaches: true,
    });
    const west = await org({
      name: "Summit Home West",
      parentId: group.id,
      timeZone: "America/Los_Angeles",
      firstDayOfWeek: 0,
      crmIntegrationId: 1,
      showApproaches: false,
    });
    const solar = await org({
      name: "BrightPath Solar",
      timeZone: "America/Chicago",
      firstDayOfWeek: 6,
      isSmartCircleLG: true,
      smartCircleCompany: "Smart Circle Retail",
      showApproaches: true,
    });

    const territoryIds = new Map<string, number>();
    const storeIds = new Map<string, number[]>();
    const addStores = async (orgId: number, tz: string, byTerritory: Record<string, StoreSeed[]>) => {
      for (const [tName, list] of Object.entries(byTerritory)) {
        const [t] = await tx.insert(territories).values({ organizationId: orgId, name: tName }).returning();
        territoryIds.set(tName, t.id);
        const rows = await tx
          .insert(stores)
          .values(
            list.map((s) => ({
              organizationId: orgId,
              territoryId: t.id,
              brandId: s.brandId,
              name: s.name,
              storeNumber: s.number,
              address: s.address,
              city: s.city,
              state: s.state,
              zip: s.zip,
              timeZone: tz,
            })),
          )
          .returning({ id: stores.id });
        storeIds.set(
          tName,
          rows.map((r) => r.id),
        );
      }
    };
    await addStores(east.id, "America/New_York", EAST_STORES);
    await addStores(west.id, "America/Los_Angeles", WEST_STORES);
    await addStores(solar.id, "America/Chicago", {
      Dallas: [
        {
          name: "Costco Dallas",
          brandId: 1,
          number: "0680",
          address: "8055 Churchill Way",
          city: "Dallas",
          state: "TX",
          zip: "75251",
        },
      ],
    });
    await tx
      .insert(territories)
      .values({ organizationId: east.id, name: "Hudson Valley (retired)", isActive: false });

    const logins: DemoLogin[] = [];
    const person = async (
      email: string,
      firstName: string,
      lastName: string,
      places: {
        orgId: number;
        roleId: number;
        subscriptionId?: number;
        territories?: string[];
        active?: boolean;
      }[],
      label: string,
    ) => {
      const [u] = await tx
        .insert(users)
        .values({
          uid: randomId(12),
          email,
          passwordHash,
          firstName,
          lastName,
          phone: "5550100000",
          timeZone: null,
        })
        .returning();
      for (const p of places) {
        const [m] = await tx
          .insert(memberships)
          .values({
            organizationId: p.orgId,
            userId: u.id,
            roleId: p.roleId,
            subscriptionId: p.subscriptionId ?? SUBSCRIPTION.full,
            isActive: p.active ?? true,
            hoursTypeId: 1,
          })
          .returning();
        for (const tName of p.territories ?? []) {
          const territoryId = territoryIds.get(tName)!;
          await tx
            .insert(membershipTerritories)
            .values({ organizationId: p.orgId, membershipId: m.id, territoryId });
          const sIds = storeIds.get(tName) ?? [];
          if (sIds.length) {
            await tx
              .insert(membershipStores)
              .values(sIds.map((storeId) => ({ organizationId: p.orgId, membershipId: m.id, storeId })));
          }
        }
      }
      if (label) logins.push({ email, role: label, organizations: "" });
      return u;
    };

    // The demo logins (README.md's table and the start banner read the same list).
    const orgIds = { group: group.id, east: east.id, west: west.id, solar: solar.id };
    const demoUsers = new Map<string, number>();
    for (const l of DEMO_LOGINS) {
      const u = await person(
        l.email,
        l.firstName,
        l.lastName,
        l.places.map((p) => ({
          orgId: orgIds[p.organization],
          roleId: p.roleId,
          subscriptionId: p.subscriptionId,
          territories: p.territories,
        })),
        l.label,
      );
      demoUsers.set(l.email, u.id);
    }
    const lg = { id: demoUsers.get("lg@demo.local")! };

    // A crew of lead generators across territories, a few inactive.
    const crew: [string, number, string][] = [
      ["North Jersey", east.id, "east"],
      ["Long Island", east.id, "east"],
      ["Philadelphia", east.id, "east"],
      ["Los Angeles", west.id, "west"],
      ["San Diego", west.id, "west"],
      ["Bay Area", west.id, "west"],
      ["Dallas", solar.id, "solar"],
    ];
    let n = 0;
    for (const [tName, orgId, tag] of crew) {
      for (let i = 0; i < 3; i++) {
        const first = FIRST[n % FIRST.length];
        const last = LAST[(n * 7) % LAST.length];
        const u = await person(
          `${first}.${last}.${n}@${tag}.demo.local`.toLowerCase(),
          first,
          last,
          [
            {
              orgId,
              roleId: i === 0 && n % 2 === 0 ? ROLE.leadGeneratorLead : ROLE.leadGenerator,
              territories: [tName],
              active: !(i === 2 && n % 4 === 2),
            },
          ],
          "",
        );
        await tx.insert(userTrades).values({ organizationId: orgId, userId: u.id, tradeId: (n % 5) + 1 });
        n++;
      }
    }
    await tx.insert(userTrades).values([
      { organizationId: east.id, userId: lg.id, tradeId: 1, yearsOfExperience: 3 },
      { organizationId: east.id, userId: lg.id, tradeId: 2, yearsOfExperience: 1 },
    ]);

    await tx.insert(features).values([
      {
        name: "Consent texts in settings",
        description: "Admins write the consent texts shoppers agree to in Settings > Lead capture.",
        isActive: true,
      },
      {
        name: "Address suggestions",
        description: "Stores and leads suggest US cities and ZIP codes as you type.",
        isActive: true,
      },
      {
        name: "Speed-to-lead report",
        description: "Time from capture to first contact, by lead generator.",
        isActive: false,
      },
    ]);
    await seedDemoLeads(tx, { east: east.id, west: west.id, solar: solar.id });
    await seedDemoCrm(tx, { east: east.id });
    await seedDemoDestinations(tx, { east: east.id });
    await seedDemoScheduling(tx, { east: east.id, west: west.id });
    await seedDemoBookings(tx, { east: east.id });
    await seedDemoQrCodes(tx, [east.id, west.id, solar.id]);
    // Labor: the weeks' shifts, then the punches against them, then what people did during them.
    await seedDemoLaborSchedules(tx, { east: east.id, west: west.id });
    await seedDemoLaborTimeLogs(tx, { east: east.id, west: west.id });
    await seedDemoLaborActivities(tx, { east: east.id, west: west.id });
    await seedDemoNotifications(tx, { east: east.id });
    await seedDemoSupport(tx, { east: east.id }, options.storage);
    return logins;
  });
}
