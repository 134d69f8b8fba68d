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
import { buildApp } from "../apps/server/src/app";
import { DEMO_PASSWORD } from "../apps/server/src/db/seed";
import type { TenantContext } from "../apps/server/src/platform/context";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import {
  ensurePgDatabase,
  leadScenarios,
  ms,
  one,
  PG_URL,
  pct,
  prepareDatabase,
  searchSqlOf,
  tenantContextOf,
  VIEW,
} from "./support/lead-volume";

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
async function run(label: string, d: Database, count: number) {
  const { orgId, total } = await prepareDatabase(d, count, label);
  const app = await buildApp({ config: testConfig(), database: d });
  await app.ready();
  const searchSql = searchSqlOf(d);
  const tokens = new Map<string, string>();
  const contexts = new Map<string, TenantContext>();
  const signIn = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const res = await app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email, password: DEMO_PASSWORD },
    });
    const body = res.json();
    tokens.set(email, body.token);
    contexts.set(email, await tenantContextOf(d, orgId, body.userId));
    return body.token as string;
  };

  const rows: string[] = [];
  for (const s of await leadScenarios(d, orgId)) {
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
      const q = searchSql(contexts.get(s.user)!, view, s.body);
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
  await ensurePgDatabase(PG_URL, args.fresh ?? false);
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
