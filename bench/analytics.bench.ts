/**
 * The funnel reports and the dashboard's panels at volume (docs/decisions/0042): a million leads in one organization
 * (the organization of bench/support/lead-volume.ts, generated once and reused), about two thirds of them with an
 * appointment (some rebooked), and a closed time log and an approaches activity per lead generator and working day
 * over the two years. Each call is timed through the API (app.inject: auth, validation, queries, serialization)
 * and beside it the same SQL run directly (the repository's statement on the database handle), at p50 and p95.
 *
 *   npx tsx bench/analytics.bench.ts [--count 1000000] [--runs 20] [--explain] [--only TEXT]
 *
 * PostgreSQL only: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench). The appointments and
 * labor are added once (the bench checks whether they are there); delete the database to start over.
 */
import { parseArgs } from "node:util";
import type { FunnelDimension, PeriodInterval } from "@fieldlead/contracts";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { DEMO_PASSWORD } from "../apps/server/src/db/seed";
import {
  type AnalyticsFilterInput,
  analyticsScope,
  previousPeriod,
} from "../apps/server/src/modules/reports/analytics/analytics-scope";
import {
  type FunnelQuery,
  funnelRepository,
  funnelSql,
} from "../apps/server/src/modules/reports/analytics/funnel.repository";
import { type Database, openDatabase, rowsOf } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import {
  ensurePgDatabase,
  ms,
  one,
  PG_URL,
  pct,
  prepareDatabase,
  tenantContextOf,
} from "./support/lead-volume";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
    explain: { type: "boolean", default: false },
    only: { type: "string" },
  },
});
const COUNT = Number(args.count);
const RUNS = Number(args.runs);

/** Appointments for the leads along the funnel, and labor for the lead generators, once. */
async function addAnalyticsVolume(d: Database, orgId: number) {
  const { n } = await one<{ n: number }>(
    d,
    "select count(*)::int as n from appointments where organization_id = $1",
    [orgId],
  );
  if (n < 100_000) {
    console.log("adding appointments for the leads along the funnel...");
    const t0 = performance.now();
    await d.executeSql(
      `insert into appointment_windows (organization_id, appointment_type_id, time_zone, local_date, start_time,
         end_time, starts_at, ends_at, capacity, booked)
       select $1, t.id, 'America/New_York', current_date, '09:00', '11:00', now(), now() + interval '2 hours', 1000, 0
       from appointment_types t where t.organization_id = $1
         and not exists (select 1 from appointment_windows w where w.organization_id = $1
           and w.appointment_type_id = t.id and w.capacity = 1000 and w.start_time = '09:00' and w.local_date = current_date)`,
      [orgId],
    );
    // One appointment per lead of status 3..10 (booked, ran, sold, no show, cancelled as the status says); one lead
    // in twenty was booked before (a cancelled first booking of the other type). The demo's own bookings stay as they are.
    const statusOf = `case when l.status_id in (3, 4, 5) then 'booked' when l.status_id in (6, 8) then 'ran'
      when l.status_id = 7 then 'sold' when l.status_id = 9 then 'noShow' else 'cancelled' end`;
    const types = `(select array_agg(id order by id) from appointment_types where organization_id = ${orgId})`;
    const windowOf = `(select w.id from appointment_windows w where w.organization_id = ${orgId}
      and w.appointment_type_id = t.type_id and w.capacity = 1000 order by w.id limit 1)`;
    await d.executeSql(`begin; set local session_replication_role = replica;
      insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, territory_id,
        status, starts_at, ends_at, time_zone, source, booked_at, cancelled_at)
      select ${orgId}, l.id, ${windowOf}, t.type_id, l.store_id, l.territory_id, 'cancelled',
        l.captured_at + interval '3 days', l.captured_at + interval '3 days 2 hours', 'America/New_York', 'app',
        l.captured_at + interval '5 minutes', l.captured_at + interval '1 day'
      from leads l cross join lateral (select (${types})[1 + ((l.id + 1) % 2)] as type_id) t
      where l.organization_id = ${orgId} and l.status_id between 3 and 10 and l.id % 20 = 0
        and not exists (select 1 from appointments a where a.organization_id = ${orgId} and a.lead_id = l.id
          and a.window_id not in (select id from appointment_windows where organization_id = ${orgId} and capacity = 1000));
      insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, territory_id,
        status, starts_at, ends_at, time_zone, source, booked_at, cancelled_at)
      select ${orgId}, l.id, ${windowOf}, t.type_id, l.store_id, l.territory_id, ${statusOf},
        l.captured_at + interval '4 days', l.captured_at + interval '4 days 2 hours', 'America/New_York', 'app',
        l.captured_at + interval '2 days', case when l.status_id = 10 then l.captured_at + interval '3 days' end
      from leads l cross join lateral (select (${types})[1 + (l.id % 2)] as type_id) t
      where l.organization_id = ${orgId} and l.status_id between 3 and 10
        and not exists (select 1 from appointments a where a.organization_id = ${orgId} and a.lead_id = l.id
          and a.window_id not in (select id from appointment_windows where organization_id = ${orgId} and capacity = 1000));
      commit;`);
    console.log(`  in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const { logs } = await one<{ logs: number }>(
    d,
    "select count(*)::int as logs from time_logs where organization_id = $1",
    [orgId],
  );
  if (logs < 1_000) {
    console.log("adding time logs and approaches for the lead generators...");
    // Each lead generator at the store where they captured most, every day but Sunday of the two years.
    const people = `with people as (
        select distinct on (l.captured_by_user_id) l.captured_by_user_id as user_id, l.store_id, s.time_zone
        from leads l join stores s on s.id = l.store_id
        where l.organization_id = ${orgId} and l.captured_by_user_id is not null and l.id % 50 = 0
        order by l.captured_by_user_id, l.store_id)`;
    const days = `generate_series(current_date - 730, current_date, interval '1 day') d`;
    await d.executeSql(`${people}
      insert into time_logs (organization_id, user_id, store_id, punch_in_at, punch_out_at, time_zone, work_date,
        state, source)
      select ${orgId}, p.user_id, p.store_id, (d::date + time '10:00') at time zone p.time_zone,
        (d::date + time '16:30') at time zone p.time_zone, p.time_zone, d::date, 'closed', 'punch'
      from people p cross join ${days} where extract(isodow from d) <> 7`);
    await d.executeSql(`${people}
      insert into activities (organization_id, user_id, store_id, activity_type_id, work_date, occurred_at, count)
      select ${orgId}, p.user_id, p.store_id,
        (select id from reference_items where list = 'userActivities' and lower(name) = 'approaches' limit 1),
        d::date, (d::date + time '12:00') at time zone p.time_zone, 20 + (extract(doy from d)::int % 30)
      from people p cross join ${days} where extract(isodow from d) <> 7`);
  }
  // Vacuumed as a live table would be (an index-only scan of appointments needs the visibility map).
  await d.executeSql("vacuum analyze appointments, time_logs, activities");
  return one<{ appointments: number; logs: number; activities: number }>(
    d,
    `select (select count(*)::int from appointments where organization_id = $1) as appointments,
      (select count(*)::int from time_logs where organization_id = $1) as logs,
      (select count(*)::int from activities where organization_id = $1) as activities`,
    [orgId],
  );
}

type Scenario = {
  label: string;
  path: string;
  method: "GET" | "POST";
  body: AnalyticsFilterInput & { interval?: PeriodInterval };
  dimension: FunnelDimension | "panels";
  sort: FunnelQuery["sort"];
};

const SCENARIOS: Scenario[] = [
  {
    label: "lg-ag-analysis, This Month",
    path: "/api/reports/lg-ag-analysis",
    method: "POST",
    body: { dateRange: 5 },
    dimension: "leadGenerator",
    sort: { key: "leads", direction: "desc" },
  },
  {
    label: "lg-ag-analysis, This Year",
    path: "/api/reports/lg-ag-analysis",
    method: "POST",
    body: { dateRange: 7 },
    dimension: "leadGenerator",
    sort: { key: "leads", direction: "desc" },
  },
  {
    label: "store-lead, This Year",
    path: "/api/reports/store-lead",
    method: "POST",
    body: { dateRange: 7 },
    dimension: "store",
    sort: { key: "leads", direction: "desc" },
  },
  {
    label: "lead-count-summary, This Year (weeks)",
    path: "/api/reports/lead-count-summary",
    method: "POST",
    body: { dateRange: 7, interval: "week" },
    dimension: "period",
    sort: { key: "name", direction: "asc" },
  },
  {
    label: "lead-count/appointment-type, This Year",
    path: "/api/reports/lead-count/appointment-type",
    method: "POST",
    body: { dateRange: 7 },
    dimension: "appointmentType",
    sort: { key: "leads", direction: "desc" },
  },
  {
    label: "dashboard panels, This Month",
    path: "/api/dashboard/panels/0?dateRange=5",
    method: "GET",
    body: { dateRange: 5 },
    dimension: "panels",
    sort: { key: "name", direction: "asc" },
  },
];

async function main() {
  await ensurePgDatabase(PG_URL, false);
  const d = await openDatabase({ databaseUrl: PG_URL });
  try {
    const version = (await one<{ v: string }>(d, "select version() as v")).v.split(" on ")[0];
    const { orgId, total } = await prepareDatabase(d, COUNT, "PostgreSQL");
    const volume = await addAnalyticsVolume(d, orgId);
    const app = await buildApp({ config: testConfig(), database: d });
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "admin@demo.local", password: DEMO_PASSWORD },
    });
    const { token, userId } = login.json() as { token: string; userId: number };
    const ctx = await tenantContextOf(d, orgId, userId);
    const repo = funnelRepository();
    const now = new Date();

    const rows: string[] = [];
    for (const s of SCENARIOS) {
      if (args.only && !s.label.includes(args.only)) continue;
      const call = () =>
        app.inject({
          method: s.method,
          url: s.path,
          headers: { authorization: `Bearer ${token}`, currentorganizationid: String(orgId) },
          ...(s.method === "POST" ? { payload: s.body } : {}),
        });
      const first = await call();
      if (first.statusCode !== 200) throw new Error(`${s.label}: ${first.statusCode} ${first.body}`);
      const answer = first.json() as { total?: number; current?: { leads: number } };
      const capability = s.dimension === "panels" ? "dashboard.read" : "reports.read";
      const scope = await analyticsScope(d.db, ctx, s.body, { capability, now });
      const q: FunnelQuery = {
        dimension: s.dimension === "panels" ? "organization" : s.dimension,
        interval: s.dimension === "period" ? (s.body.interval ?? "week") : null,
        search: null,
        sort: s.sort,
        limit: s.dimension === "panels" ? 0 : 50,
        offset: 0,
      };
      const direct = async () => {
        if (s.dimension !== "panels") return repo.funnel(d.db, scope, q);
        await repo.funnel(d.db, scope, q);
        await repo.funnel(d.db, { ...scope, period: previousPeriod(ctx, scope.period) }, q);
        return repo.activeLeadGenerators(d.db, scope);
      };
      for (let i = 0; i < 2; i++) {
        await call();
        await direct();
      }
      const api: number[] = [];
      const sqlTimes: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now();
        await call();
        api.push(performance.now() - t0);
        t0 = performance.now();
        await direct();
        sqlTimes.push(performance.now() - t0);
      }
      const leads = await repo.funnel(d.db, scope, { ...q, limit: 0 });
      const what =
        s.dimension === "panels"
          ? `${(answer.current?.leads ?? 0).toLocaleString("en-US")} leads`
          : `${answer.total} rows, ${leads.totals.leads.toLocaleString("en-US")} leads`;
      rows.push(
        `| ${s.label} | ${what} | ${ms(pct(api, 0.5))} / ${ms(pct(api, 0.95))} | ${ms(pct(sqlTimes, 0.5))} / ${ms(pct(sqlTimes, 0.95))} |`,
      );
      console.log(rows.at(-1));
      if (args.explain) {
        const plan = await rowsOf<{ "QUERY PLAN": string }>(
          d.db,
          sql`explain (analyze, buffers, costs off) ${funnelSql(scope, q)}`,
        );
        console.log(plan.map((r) => `      ${r["QUERY PLAN"]}`).join("\n"));
      }
    }
    await app.close();
    console.log(
      `\n### PostgreSQL: ${total.toLocaleString("en-US")} leads in one organization, ${volume.appointments.toLocaleString("en-US")} appointments, ${volume.logs.toLocaleString("en-US")} time logs, ${volume.activities.toLocaleString("en-US")} activities (${version}), ${RUNS} runs each\n`,
    );
    console.log("| call | answer | API p50 / p95 ms | SQL p50 / p95 ms |\n|---|---:|---:|---:|");
    for (const r of rows) console.log(r);
  } finally {
    await d.close();
  }
}

await main();
