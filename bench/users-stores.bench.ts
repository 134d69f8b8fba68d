/**
 * User and store search at scale: one organization with 20,000 people and 5,000 stores.
 *
 *   npx tsx bench/users-stores.bench.ts                 # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/users-stores.bench.ts
 *                                                       # ... and PostgreSQL (a separate database is created and dropped)
 *
 * Builds the app on a fresh database, generates the data, then times each search through app.inject
 * (routing, auth, validation, SQL, serialization). Prints a Markdown section for docs/benchmarks.md.
 */
import { cpus, loadavg, totalmem } from "node:os";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { generateOrgScale } from "../apps/server/src/db/generate-org-scale";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const STORES = Number(process.env.BENCH_STORES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;
const PASSWORD = "bench-password-1";

type Scenario = {
  name: string;
  url: string;
  body: Record<string, unknown> | ((ctx: Ctx) => Record<string, unknown>);
};
type Ctx = { territoryIds: number[] };

const SCENARIOS: Scenario[] = [
  { name: "users: first page, by name", url: "/api/users/search", body: {} },
  { name: "users: text 'garc' (name/email/phone)", url: "/api/users/search", body: { search: "garc" } },
  { name: "users: text 'mia garcia' (two words)", url: "/api/users/search", body: { search: "mia garcia" } },
  { name: "users: email fragment 'user1234.'", url: "/api/users/search", body: { search: "user1234." } },
  { name: "users: phone digits '0001234'", url: "/api/users/search", body: { search: "0001234" } },
  {
    name: "users: role 14 + one territory + active",
    url: "/api/users/search",
    body: (c) => ({ roleIds: [14], territoryIds: [c.territoryIds[3]], isActive: true }),
  },
  {
    name: "users: active, by last sign-in desc",
    url: "/api/users/search",
    body: { isActive: true, sortBy: "lastLoginAt", sortDirection: "desc" },
  },
  { name: "users: page 400 of 50 by name", url: "/api/users/search", body: { page: 400, pageSize: 50 } },
  { name: "stores: first page, by name", url: "/api/store/search", body: {} },
  { name: "stores: text 'main st'", url: "/api/store/search", body: { search: "main st" } },
  { name: "stores: text 'springfield 12'", url: "/api/store/search", body: { search: "springfield 12" } },
  { name: "stores: brand + state", url: "/api/store/search", body: { brandIds: [1], states: ["NJ", "NY"] } },
  {
    name: "stores: one territory, active",
    url: "/api/store/search",
    body: (c) => ({ territoryIds: [c.territoryIds[7]], isActive: true }),
  },
  {
    name: "stores: by brand desc",
    url: "/api/store/search",
    body: { sortBy: "brand", sortDirection: "desc" },
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v: number) => v.toFixed(1);

async function postgresDatabase(url: string): Promise<Database> {
  const name = `fl_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const d = await openDatabase({ databaseUrl: u.toString() });
  const close = d.close;
  d.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return d;
}

async function run(label: string, database: Database): Promise<string[]> {
  await database.migrate();
  await applyReferenceData(database.db);
  const gen = await generateOrgScale(database.db, {
    users: USERS,
    stores: STORES,
    adminEmail: "bench.admin@scale.test",
    adminPassword: PASSWORD,
  });
  if (database.kind === "postgres") await database.executeSql("analyze", []);
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email: gen.adminEmail, password: PASSWORD },
  });
  const headers = {
    authorization: `Bearer ${login.json().token}`,
    currentorganizationid: String(gen.organizationId),
    offset: "0",
  };
  const ctx: Ctx = { territoryIds: gen.territoryIds };
  const loadBefore = loadavg()[0].toFixed(1);

  const lines = [
    `### ${label}`,
    "",
    `Data generated in ${gen.seconds} s (${USERS.toLocaleString("en-US")} people, ${STORES.toLocaleString("en-US")} stores, ${gen.territoryIds.length} territories, one organization). ${RUNS} runs per call after ${WARMUP} warm-up runs, one at a time.`,
    "",
    "| call | total rows | p50 ms | p95 ms | max ms |",
    "|---|---:|---:|---:|---:|",
  ];
  for (const s of SCENARIOS) {
    const payload = typeof s.body === "function" ? s.body(ctx) : s.body;
    let total = 0;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "POST", url: s.url, headers, payload });
      const elapsed = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      if (i >= WARMUP) times.push(elapsed);
      total = res.json().total;
    }
    times.sort((a, b) => a - b);
    lines.push(
      `| ${s.name} | ${total.toLocaleString("en-US")} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times.at(-1)!)} |`,
    );
    console.error(`${label}: ${s.name} p50 ${ms(percentile(times, 50))} ms`);
  }
  lines.push(
    "",
    `1-minute load average ${loadBefore} before the runs and ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores (above that, other work shared them).`,
  );
  await app.close();
  await database.close();
  return lines;
}

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const out = ["## Users and stores search (bench/users-stores.bench.ts)", "", `Machine: ${machine}.`, ""];
out.push(...(await run("PGlite (embedded, in memory)", await openDatabase({ inMemory: true }))), "");
if (process.env.BENCH_DATABASE_URL) {
  const server = await postgresDatabase(process.env.BENCH_DATABASE_URL);
  const version = ((await server.executeSql("show server_version", [])).rows[0] as { server_version: string })
    .server_version;
  out.push(...(await run(`PostgreSQL ${version} (local server, same machine)`, server)), "");
}
console.log(out.join("\n"));
