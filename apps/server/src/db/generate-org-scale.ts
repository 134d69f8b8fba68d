import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ROLE, randomId, US_STATES } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import { loadConfig } from "../platform/config";
import { hashPassword } from "../platform/crypto";
import { type Db, openDatabase } from "../platform/db";
import { applyReferenceData } from "./reference-data";
import {
  membershipStores,
  memberships,
  membershipTerritories,
  organizations,
  stores,
  territories,
  users,
} from "./schema/index";

/**
 * Scale data: one organization with many people and stores, for benchmarks and capacity checks
 * (`npm run generate:org -w apps/server -- --users 20000 --stores 5000`). Rows go in as multi-row inserts,
 * one transaction per batch, on PGlite or PostgreSQL (DATABASE_URL).
 */
export type ScaleOptions = {
  users: number;
  stores: number;
  territories: number;
  batchSize: number;
  name?: string;
  timeZone?: string;
  /** An Admin who can sign in (the benchmark logs in as them). */
  adminEmail?: string;
  adminPassword?: string;
  log?: (line: string) => void;
};

export const DEFAULT_SCALE: ScaleOptions = {
  users: 20_000,
  stores: 5_000,
  territories: 50,
  batchSize: 1_000,
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
  "Zoe",
  "Omar",
  "Priya",
  "Hiro",
  "Fatima",
  "Kwame",
  "Elena",
  "Ivan",
  "Mei",
  "Tariq",
  "Nora",
  "Sven",
  "Lucia",
  "Dmitri",
  "Aisha",
  "Jonas",
  "Camila",
  "Raj",
  "Yara",
  "Felix",
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
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Hill",
  "Green",
  "Adams",
  "Baker",
  "Nelson",
  "Carter",
  "Mitchell",
  "Perez",
  "Roberts",
  "Turner",
];
const CITIES = [
  "Springfield",
  "Riverside",
  "Franklin",
  "Greenville",
  "Bristol",
  "Clinton",
  "Fairview",
  "Salem",
  "Madison",
  "Georgetown",
  "Arlington",
  "Ashland",
  "Burlington",
  "Manchester",
  "Oxford",
  "Jackson",
];
const STREETS = ["Main St", "Oak Ave", "Route 9", "Market St", "Elm St", "Lake Rd", "Park Blvd", "Hwy 1"];
const BRANDS = ["Costco", "The Home Depot", "Lowe's", "Sam's Club", "BJ's Wholesale", "Menards", "Walmart"];

/** Roles in proportion to a field-sales organization: mostly lead generators. */
function roleFor(i: number): number {
  const r = i % 100;
  if (r < 80) return ROLE.leadGenerator;
  if (r < 88) return ROLE.leadGeneratorLead;
  if (r < 92) return ROLE.territoryManager;
  if (r < 94) return ROLE.regionalManager;
  if (r < 96) return ROLE.fieldMarketingManager;
  if (r < 98) return ROLE.manager;
  return r < 99 ? ROLE.scheduler : ROLE.analyst;
}

async function inBatches(total: number, size: number, work: (from: number, to: number) => Promise<void>) {
  for (let from = 0; from < total; from += size) await work(from, Math.min(total, from + size));
}

export async function generateOrgScale(db: Db, options: Partial<ScaleOptions> = {}) {
  const o = { ...DEFAULT_SCALE, ...options };
  const log = o.log ?? (() => undefined);
  const started = performance.now();
  const tag = randomId(6).toLowerCase();
  const timeZone = o.timeZone ?? "America/New_York";

  const { organizationId, territoryIds } = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ uid: randomId(12), name: o.name ?? `Scale Org ${tag}`, timeZone, firstDayOfWeek: 1 })
      .returning({ id: organizations.id });
    const rows = await tx
      .insert(territories)
      .values(
        Array.from({ length: o.territories }, (_, i) => ({
          organizationId: org.id,
          name: `Territory ${String(i + 1).padStart(3, "0")}`,
        })),
      )
      .returning({ id: territories.id });
    return { organizationId: org.id, territoryIds: rows.map((r) => r.id) };
  });
  log(`organization ${organizationId} with ${territoryIds.length} territories`);

  const storesByTerritory = new Map<number, number[]>(territoryIds.map((id) => [id, []]));
  await inBatches(o.stores, o.batchSize, async (from, to) => {
    await db.transaction(async (tx) => {
      const values = [];
      for (let i = from; i < to; i++) {
        const brand = i % BRANDS.length;
        const city = CITIES[(i * 7) % CITIES.length];
        values.push({
          organizationId,
          territoryId: territoryIds[i % territoryIds.length],
          brandId: brand + 1,
          name: `${BRANDS[brand]} ${city} ${i + 1}`,
          storeNumber: String(i + 1).padStart(5, "0"),
          address: `${100 + (i % 9000)} ${STREETS[i % STREETS.length]}`,
          city,
          state: US_STATES[(i * 13) % US_STATES.length].code,
          zip: String(10000 + ((i * 37) % 89999)).padStart(5, "0"),
          timeZone,
          isActive: i % 20 !== 0,
        });
      }
      const rows = await tx
        .insert(stores)
        .values(values)
        .returning({ id: stores.id, territoryId: stores.territoryId });
      for (const r of rows) storesByTerritory.get(r.territoryId!)!.push(r.id);
    });
  });
  log(`${o.stores} stores`);

  const adminEmail = o.adminEmail ?? `admin.${tag}@scale.test`;
  const adminHash = o.adminPassword ? await hashPassword(o.adminPassword) : null;
  await inBatches(o.users, o.batchSize, async (from, to) => {
    await db.transaction(async (tx) => {
      const people = [];
      for (let i = from; i < to; i++) {
        const admin = i === 0;
        people.push({
          uid: randomId(12),
          email: admin ? adminEmail : `user${i}.${tag}@scale.test`,
          passwordHash: admin ? adminHash : null,
          firstName: FIRST[i % FIRST.length],
          lastName: LAST[Math.floor(i / FIRST.length) % LAST.length],
          phone: `2${String(i).padStart(9, "0")}`,
          lastLoginAt: i % 3 === 0 ? new Date(Date.UTC(2026, 0, 1) + i * 60_000) : null,
        });
      }
      const u = await tx.insert(users).values(people).returning({ id: users.id });
      const m = await tx
        .insert(memberships)
        .values(
          u.map((row, k) => ({
            organizationId,
            userId: row.id,
            roleId: from + k === 0 ? ROLE.admin : roleFor(from + k),
            hoursTypeId: 1,
            isActive: (from + k) % 12 !== 5,
          })),
        )
        .returning({ id: memberships.id });
      const mt = [];
      const ms = [];
      for (let k = 0; k < m.length; k++) {
        const i = from + k;
        if (i === 0) continue;
        const first = territoryIds[i % territoryIds.length];
        const places = i % 5 === 0 ? [first, territoryIds[(i + 1) % territoryIds.length]] : [first];
        for (const territoryId of places) mt.push({ organizationId, membershipId: m[k].id, territoryId });
        const local = storesByTerritory.get(first) ?? [];
        for (let s = 0; s < Math.min(2, local.length); s++) {
          ms.push({ organizationId, membershipId: m[k].id, storeId: local[(i + s) % local.length] });
        }
      }
      if (mt.length) await tx.insert(membershipTerritories).values(mt);
      if (ms.length) await tx.insert(membershipStores).values(ms);
    });
    if (to % 5_000 === 0 || to === o.users) log(`${to} users`);
  });

  // A bulk load leaves the planner without statistics (PGlite has no autovacuum to gather them).
  await db.execute(sql`analyze`);
  return {
    organizationId,
    adminEmail,
    territoryIds,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function cli() {
  const { values } = parseArgs({
    options: {
      users: { type: "string" },
      stores: { type: "string" },
      territories: { type: "string" },
      name: { type: "string" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
    },
  });
  const num = (v: string | undefined, d: number) => (v === undefined ? d : Number.parseInt(v, 10));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await applyReferenceData(database.db);
  const result = await generateOrgScale(database.db, {
    users: num(values.users, DEFAULT_SCALE.users),
    stores: num(values.stores, DEFAULT_SCALE.stores),
    territories: num(values.territories, DEFAULT_SCALE.territories),
    name: values.name,
    adminEmail: values["admin-email"],
    adminPassword: values["admin-password"],
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `Organization ${result.organizationId} generated in ${result.seconds} s on ${database.kind}. Admin: ${result.adminEmail}${values["admin-password"] ? "" : " (no password: pass --admin-password to sign in)"}.`,
  );
  await database.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
