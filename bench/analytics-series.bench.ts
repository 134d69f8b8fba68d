/**
 * The charts and the series reports at volume (docs/decisions/0042): charts.leadCount, the dashboard's bar chart,
 * charts.leadGeneratorHoursOfDay, reports.speedToLead and reports.leadRan for This Year, through the API
 * (app.inject: auth, validation, the scope's queries, the report's query, serialization), at p50 and p95, with a
 * million leads in one organization on PostgreSQL.
 *
 *   npx tsx bench/analytics-series.bench.ts [--count 1000000] [--runs 20] [--fresh] [--only TEXT]
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench), made and filled as the leads search
 * benchmark does (bench/support/lead-volume.ts) and reused when it already holds the leads.
 */
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import { DEMO_PASSWORD } from "../apps/server/src/db/seed";
import { openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import { ensurePgDatabase, ms, one, PG_URL, pct, prepareDatabase } from "./support/lead-volume";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
    fresh: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);
const THIS_YEAR = 7;

type Call = { label: string; method: "GET" | "POST"; url: string; body?: Record<string, unknown> };

const CALLS: Call[] = [
  { label: "charts.leadCount, This Year (months)", method: "POST", url: "/api/charts/lead-count", body: {} },
  {
    label: "charts.leadCount, This Year by day",
    method: "POST",
    url: "/api/charts/lead-count",
    body: { interval: "day" },
  },
  { label: "dashboard bar chart, all territories", method: "GET", url: "/api/dashboard/leads-bar-chart/0" },
  {
    label: "charts.leadGeneratorHoursOfDay, This Year",
    method: "POST",
    url: "/api/charts/lead-generator/hours-of-day",
    body: {},
  },
  {
    label: "charts.leadGeneratorDaysOfWeek, This Year, sold",
    method: "POST",
    url: "/api/charts/lead-generator/days-of-week",
    body: { measure: "sold" },
  },
  {
    label: "charts.leadCountSummary, This Year",
    method: "POST",
    url: "/api/charts/lead-count-summary",
    body: {},
  },
  {
    label: "reports.speedToLead, This Year by source",
    method: "POST",
    url: "/api/reports/speed-to-lead",
    body: {},
  },
  {
    label: "reports.speedToLead, This Year by store",
    method: "POST",
    url: "/api/reports/speed-to-lead",
    body: { groupBy: "store" },
  },
  {
    label: "reports.speedToLead, This Year by lead generator",
    method: "POST",
    url: "/api/reports/speed-to-lead",
    body: { groupBy: "leadGenerator" },
  },
  { label: "reports.leadRan, This Year by type", method: "POST", url: "/api/reports/lead-ran", body: {} },
];

await ensurePgDatabase(PG_URL, args.fresh ?? false);
const d = await openDatabase({ databaseUrl: PG_URL });
try {
  const version = (await one<{ v: string }>(d, "select version() as v")).v.split(" on ")[0];
  const { orgId, total } = await prepareDatabase(d, COUNT, "PostgreSQL");
  const app = await buildApp({ config: testConfig(), database: d });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email: "admin@demo.local", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().token}`, currentorganizationid: String(orgId) };
  const rows: string[] = [];
  for (const c of CALLS) {
    if (args.only && !c.label.includes(args.only)) continue;
    const call = () =>
      c.method === "GET"
        ? app.inject({ method: "GET", url: `${c.url}?dateRange=${THIS_YEAR}`, headers })
        : app.inject({ method: "POST", url: c.url, headers, payload: { ...c.body, dateRange: THIS_YEAR } });
    const first = await call();
    if (first.statusCode !== 200) throw new Error(`${c.label}: ${first.statusCode} ${first.body}`);
    for (let i = 0; i < 2; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    rows.push(`| ${c.label} | ${ms(pct(times, 0.5))} / ${ms(pct(times, 0.95))} |`);
    console.log(rows.at(-1));
  }
  const year = await one<{ n: number }>(
    d,
    `select count(*)::int as n from leads where organization_id = $1 and deleted_at is null
       and captured_at >= date_trunc('year', now() at time zone 'America/New_York') at time zone 'America/New_York'`,
    [orgId],
  );
  await app.close();
  console.log(
    `\n### PostgreSQL: ${total.toLocaleString("en-US")} leads in one organization (${version}), This Year holds ${year.n.toLocaleString("en-US")}, ${RUNS} runs each\n`,
  );
  console.log("| call | API p50 / p95 ms |\n|---|---:|");
  console.log(rows.join("\n"));
} finally {
  await d.close();
}
