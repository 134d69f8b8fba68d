/**
 * Lead search at volume: the first page of each search through the API (app.inject, the whole request:
 * auth, validation, queries, serialization) and the same SQL run directly, at p50 and p95, with a million leads
 * in one organization, on PostgreSQL and on the embedded database (PGlite on disk).
 *
 *   npx tsx bench/leads-search.bench.ts [--target pg|pglite|both] [--count 1000000] [--pglite-count N]
 *                                       [--runs 40] [--fresh] [--explain] [--only TEXT] [--pglite-dir DIR]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench), created when missing and
 * reused when it already holds the leads (--fresh starts over). PGlite: a new temporary folder each run, or
 * --pglite-dir, kept and reused like the PostgreSQL database (delete the folder to start over). --only runs the searches whose label contains
 * TEXT; --explain prints each page's EXPLAIN (ANALYZE, BUFFERS).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { capabilitiesOf, isTerritoryLimited, type LeadSearchRequest, rowScopeOf } from "@fieldlead/contracts";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { generateLeads } from "../apps/server/src/db/leads-volume";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../apps/server/src/db/seed";
import { leadsRepository, leadsSearchRepository, leadsService } from "../apps/server/src/modules/leads/index";
import {
  contactsRepository,
  leadFormReader,
  serviceTypesRepository,
} from "../apps/server/src/modules/settings/index";
import type { TenantContext } from "../apps/server/src/platform/context";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { unitOfWork } from "../apps/server/src/platform/unit-of-work";
import { testConfig } from "../apps/server/test/harness";

const { values: args } = parseArgs({
  options: {
    target: { type: "string", default: "both" },
    count: { type: "string", default: "1000000" },
    "pglite-count": { type: "string" },
    runs: { type: "string", default: "40" },
    fresh: { type: "boolean", default: false },
    explain: { type: "boolean", default: false },
    only: { type: "string" },
    "pglite-dir": { type: "string" },
  },
});
const COUNT = Number(args.count);
const PGLITE_COUNT = Number(args["pglite-count"] ?? args.count);
const RUNS = Number(args.runs);
const ORG = "Summit Home East";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench";

type Scenario = {
  label: string;
  user: string;
  path: string;
  body: Partial<LeadSearchRequest> & Record<string, unknown>;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))];
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : Math.round(x).toString());

async function one<T>(d: Database, sql: string, params: unknown[] = []) {
  return (await d.executeSql(sql, params)).rows[0] as T;
}

async function prepareDatabase(d: Database, count: number, label: string) {
  await d.migrate();
  await applyReferenceData(d.db);
  if (await d.isEmpty()) await seedDemo(d.db);
  const { id: orgId } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
  const { n } = await one<{ n: number }>(
    d,
    "select count(*)::int as n from leads where organization_id = $1",
    [orgId],
  );
  if (n < count) {
    const missing = count - n;
    console.log(`[${label}] generating ${missing.toLocaleString("en-US")} leads in ${ORG}...`);
    const t0 = performance.now();
    const written = await generateLeads(d.db, {
      skipForeignKeyChecks: true,
      organizationId: orgId,
      count: missing,
      years: 2,
      batchSize: d.kind === "pglite" ? 25_000 : 100_000,
      onBatch: (done, total) => {
        const s = (performance.now() - t0) / 1000;
        process.stdout.write(
          `\r  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} (${Math.round(done / s).toLocaleString("en-US")} leads/s)   `,
        );
      },
    });
    const s = (performance.now() - t0) / 1000;
    console.log(
      `\n[${label}] generated ${written.toLocaleString("en-US")} leads in ${s.toFixed(1)} s (${Math.round(written / s).toLocaleString("en-US")} leads/s, answers and capture entries included)`,
    );
  }
  await d.executeSql("analyze");
  const { n: total } = await one<{ n: number }>(
    d,
    "select count(*)::int as n from leads where organization_id = $1",
    [orgId],
  );
  return { orgId, total };
}

async function scenarios(d: Database, orgId: number): Promise<Scenario[]> {
  const store = await one<{ id: number }>(
    d,
    "select id from stores where organization_id = $1 and name = 'Costco Wayne'",
    [orgId],
  );
  const lg = await one<{ id: number }>(d, "select id from users where email = 'lg@demo.local'");
  const territory = await one<{ id: number }>(
    d,
    "select territory_id as id from leads where organization_id = $1 and territory_id is not null limit 1",
    [orgId],
  );
  const admin = "admin@demo.local";
  return [
    { label: "internal, all time", user: admin, path: "internal", body: {} },
    { label: "internal, This Month", user: admin, path: "internal", body: { dateRange: 5 } },
    {
      label: "internal, This Year, one store",
      user: admin,
      path: "internal",
      body: { dateRange: 7, storeIds: [store.id] },
    },
    {
      label: "internal, Last Year, one lead generator",
      user: admin,
      path: "internal",
      body: { dateRange: 8, leadGeneratorIds: [lg.id] },
    },
    {
      label: "internal, This Year, status Sold",
      user: admin,
      path: "internal",
      body: { dateRange: 7, statusIds: [7] },
    },
    { label: "internal, text: phone prefix 201555", user: admin, path: "internal", body: { text: "201555" } },
    { label: "internal, text: last name 'garc'", user: admin, path: "internal", body: { text: "garc" } },
    {
      label: "internal, text: 'olivia smi' (first and last name)",
      user: admin,
      path: "internal",
      body: { text: "olivia smi" },
    },
    {
      label: "internal, text: email prefix 'emma.lee'",
      user: admin,
      path: "internal",
      body: { text: "emma.lee" },
    },
    {
      label: "internal, This Month, sorted by last name",
      user: admin,
      path: "internal",
      body: { dateRange: 5, sortBy: "lastName", sortDirection: "asc" },
    },
    {
      label: "internal, all time, sorted by last name",
      user: admin,
      path: "internal",
      body: { sortBy: "lastName", sortDirection: "asc" },
    },
    {
      label: "internal, all time, sorted by last name desc",
      user: admin,
      path: "internal",
      body: { sortBy: "lastName", sortDirection: "desc" },
    },
    {
      label: "internal, all time, sorted by first name",
      user: admin,
      path: "internal",
      body: { sortBy: "firstName", sortDirection: "asc" },
    },
    {
      label: "internal, all time, one territory, sorted by last name",
      user: admin,
      path: "internal",
      body: { territoryIds: [territory.id], sortBy: "lastName", sortDirection: "asc" },
    },
    {
      label: "internal, all time, status Sold, sorted by last name",
      user: admin,
      path: "internal",
      body: { statusIds: [7], sortBy: "lastName", sortDirection: "asc" },
    },
    {
      label: "internal, text: last name 'garc', sorted by last name",
      user: admin,
      path: "internal",
      body: { text: "garc", sortBy: "lastName", sortDirection: "asc" },
    },
    {
      label: "external, all time, sorted by last name",
      user: admin,
      path: "external",
      body: { sortBy: "lastName", sortDirection: "asc" },
    },
    { label: "internal, all time, page 20", user: admin, path: "internal", body: { page: 20 } },
    { label: "external, This Year", user: admin, path: "external", body: { dateRange: 7 } },
    { label: "leads-hd, all time", user: admin, path: "leads-hd", body: {} },
    { label: "leads-centah, all time", user: admin, path: "leads-centah", body: {} },
    { label: "rejected, This Year", user: admin, path: "rejected", body: { dateRange: 7 } },
    { label: "capture-leads, This Month", user: admin, path: "capture-leads", body: { dateRange: 5 } },
    {
      label: "internal as regional manager (2 territories), This Month",
      user: "regional@demo.local",
      path: "internal",
      body: { dateRange: 5 },
    },
    {
      label: "internal as lead generator (own leads), This Year",
      user: "lg@demo.local",
      path: "internal",
      body: { dateRange: 7 },
    },
    {
      label: "leads-hd as retailer-program user, all time",
      user: "hd@demo.local",
      path: "leads-hd",
      body: {},
    },
  ];
}

const VIEW: Record<string, "internal" | "external" | "retailerProgram" | "secondPartner" | "rejected"> = {
  internal: "internal",
  external: "external",
  "leads-hd": "retailerProgram",
  "leads-centah": "secondPartner",
  rejected: "rejected",
};

async function run(label: string, d: Database, count: number) {
  const { orgId, total } = await prepareDatabase(d, count, label);
  const app = await buildApp({ config: testConfig(), database: d });
  await app.ready();
  const svc = leadsService({
    uow: unitOfWork(d),
    repo: leadsRepository(),
    search: leadsSearchRepository(),
    forms: leadFormReader({ serviceTypes: serviceTypesRepository(), contacts: contactsRepository() }),
  });
  const tokens = new Map<string, string>();
  const contexts = new Map<string, TenantContext>();
  const org = await one<{ time_zone: string; first_day_of_week: number | null }>(
    d,
    "select time_zone, first_day_of_week from organizations where id = $1",
    [orgId],
  );
  const signIn = async (email: string) => {
    if (tokens.has(email)) return tokens.get(email)!;
    const res = await app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email, password: DEMO_PASSWORD },
    });
    const body = res.json();
    tokens.set(email, body.token);
    const m = await one<{
      user_id: number;
      role_id: number;
      subscription_id: number;
      territory_ids: number[] | string;
    }>(
      d,
      `select m.user_id, m.role_id, m.subscription_id,
              coalesce(array_agg(mt.territory_id) filter (where mt.territory_id is not null), '{}') as territory_ids
       from memberships m left join membership_territories mt on mt.membership_id = m.id
       where m.organization_id = $1 and m.user_id = $2 group by m.id`,
      [orgId, body.userId],
    );
    const territoryIds = Array.isArray(m.territory_ids)
      ? m.territory_ids.map(Number)
      : m.territory_ids.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
    const who = { roleId: m.role_id, subscriptionId: m.subscription_id };
    const limitedTo = isTerritoryLimited(who) ? territoryIds : [];
    contexts.set(email, {
      userId: m.user_id,
      sessionId: 0,
      organizationId: orgId,
      membershipId: null,
      roleId: m.role_id,
      subscriptionId: m.subscription_id,
      isPlatformAdmin: false,
      territoryIds: limitedTo,
      timeZone: org.time_zone,
      offsetMinutes: 0,
      firstDayOfWeek: org.first_day_of_week,
      can: capabilitiesOf(who),
      scope: rowScopeOf({ ...who, userId: m.user_id, territoryIds: limitedTo }),
    });
    return body.token as string;
  };

  const rows: string[] = [];
  for (const s of await scenarios(d, orgId)) {
    if (args.only && !s.label.includes(args.only)) continue;
    const token = await signIn(s.user);
    const call = () =>
      app.inject({
        method: "POST",
        url: `/api/leads/${s.path}/search`,
        headers: { authorization: `Bearer ${token}`, currentorganizationid: String(orgId) },
        payload: s.body,
      });
    const first = await call();
    if (first.statusCode !== 200) throw new Error(`${s.label}: ${first.statusCode} ${first.body}`);
    const page = first.json() as { items: unknown[]; total: number; totalCapped: boolean };
    for (let i = 0; i < 3; i++) await call();
    const api: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await call();
      api.push(performance.now() - t0);
    }
    let direct = "n/a";
    let explain = "";
    const view = VIEW[s.path];
    if (view) {
      const req = {
        page: 1,
        pageSize: 25,
        sortBy: "capturedAt",
        sortDirection: "desc",
        format: "json",
        ...s.body,
      } as LeadSearchRequest;
      const q = svc.searchSql(contexts.get(s.user)!, view, req);
      const sqlTimes: number[] = [];
      for (let i = 0; i < 3 + RUNS; i++) {
        const t0 = performance.now();
        await d.executeSql(q.page.sql, q.page.params);
        await d.executeSql(q.count.sql, q.count.params);
        if (i >= 3) sqlTimes.push(performance.now() - t0);
      }
      direct = `${ms(pct(sqlTimes, 0.5))} / ${ms(pct(sqlTimes, 0.95))}`;
      if (args.explain) {
        const plan = await d.executeSql(
          `explain (analyze, buffers, costs off, timing off) ${q.page.sql}`,
          q.page.params,
        );
        explain = (plan.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
      }
    }
    const totalText = page.totalCapped ? "10,000+" : page.total.toLocaleString("en-US");
    rows.push(`| ${s.label} | ${totalText} | ${ms(pct(api, 0.5))} / ${ms(pct(api, 0.95))} | ${direct} |`);
    console.log(rows.at(-1));
    if (explain) console.log(explain.replace(/^/gm, "      "));
  }

  // A CSV export of a month: rows, time and speed.
  const token = await signIn("admin@demo.local");
  const t0 = performance.now();
  const csv = await app.inject({
    method: "POST",
    url: "/api/leads/internal/search",
    headers: { authorization: `Bearer ${token}`, currentorganizationid: String(orgId) },
    payload: { dateRange: 6, format: "csv" },
  });
  const csvMs = performance.now() - t0;
  const csvRows = csv.body.split("\r\n").length - 2;
  const exportLine = `CSV export of Last Month (internal): ${csvRows.toLocaleString("en-US")} rows, ${(csv.body.length / 1e6).toFixed(1)} MB in ${Math.round(csvMs)} ms`;
  console.log(exportLine);

  await app.close();
  return {
    label,
    total,
    table: [
      `| search (first page of 25, newest first unless said) | matches | API p50 / p95 ms | SQL p50 / p95 ms |`,
      `|---|---:|---:|---:|`,
      ...rows,
    ].join("\n"),
    exportLine,
  };
}

async function onPostgres() {
  const u = new URL(PG_URL);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(PG_URL), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  const exists = (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount;
  if (exists && args.fresh) await admin.query(`drop database ${name} with (force)`);
  if (!exists || args.fresh) await admin.query(`create database ${name}`);
  await admin.end();
  const d = await openDatabase({ databaseUrl: PG_URL });
  try {
    const version = await one<{ v: string }>(d, "select version() as v");
    const r = await run("PostgreSQL", d, COUNT);
    return { ...r, version: version.v.split(" on ")[0] };
  } finally {
    await d.close();
  }
}

async function onPglite() {
  const keep = args["pglite-dir"];
  const dir = keep ?? mkdtempSync(join(tmpdir(), "fl-bench-pglite-"));
  const d = await openDatabase({ dataDir: dir });
  try {
    const r = await run("PGlite", d, PGLITE_COUNT);
    return { ...r, version: "PGlite 0.5 (PostgreSQL 18, WebAssembly), on disk" };
  } finally {
    await d.close();
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
if (args.target === "pg" || args.target === "both") results.push(await onPostgres());
if (args.target === "pglite" || args.target === "both") results.push(await onPglite());
console.log("\n");
for (const r of results) {
  console.log(
    `### ${r.label}: ${r.total.toLocaleString("en-US")} leads in one organization (${r.version}), ${RUNS} runs each\n`,
  );
  console.log(r.table);
  console.log(`\n${r.exportLine}\n`);
}
