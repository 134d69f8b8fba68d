/**
 * Labor at scale (issue #15, docs/decisions/0040-labor.md): the labor history search and the schedules week grid for
 * 5,000 people with a year of punches (about 1.5 million time logs) and a year of planned shifts, on PostgreSQL.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/labor.bench.ts [--people 5000]
 *     [--days 365] [--runs 40]
 *
 * Set-up: one organization of `people` people and 1,000 stores (db/generate-org-scale.ts, its usual mix of roles);
 * every person punches in and out at one store every day but Sunday for `days` days (store-local 08:00-09:30 to
 * 16:00-17:00, instants computed in the store's zone by PostgreSQL), and has the same shifts planned; about one
 * approach activity per person and day and the leads of `bench/support/lead-volume.ts` are not generated (the
 * search reads them through the same indexes; their counts are zero here). Then `analyze`.
 *
 * Each call is timed through `app.inject` (routing, auth, validation, the service's SQL, serialization) as the
 * organization's Admin, `runs` times after 3 warm-ups; beside it, the SQL statements that one call ran (captured at
 * the `pg` driver) are run directly on their own connection, the same number of times: p50 and p95 of each.
 * A separate database is created and dropped.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { parseArgs } from "node:util";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { generateOrgScale } from "../apps/server/src/db/generate-org-scale";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";

const { values: args } = parseArgs({
  options: {
    people: { type: "string", default: "5000" },
    stores: { type: "string", default: "1000" },
    days: { type: "string", default: "365" },
    runs: { type: "string", default: "40" },
  },
});
const PEOPLE = Number(args.people);
const STORES = Number(args.stores);
const DAYS = Number(args.days);
const RUNS = Number(args.runs);
const WARMUP = 3;
const PASSWORD = "bench-password-1";
const URL_BASE = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toString());
const int = (v: number) => Math.round(v).toLocaleString("en-US");

// ---------------------------------------------------------------------------------------------------------
// The statements one request runs, captured at the driver (every query of the pool's clients while `capturing`).
// ---------------------------------------------------------------------------------------------------------
type Statement = { text: string; values: unknown[] };
let capturing: Statement[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patched(this: pg.Client, ...a: unknown[]) {
  const [first, second] = a as [unknown, unknown];
  if (capturing) {
    const text = typeof first === "string" ? first : (first as { text?: string })?.text;
    // `query(text, values)` or `query(config, values)` (drizzle's form) or `query({ text, values })`.
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? []);
    if (text && !/^(begin|commit|rollback|set |select set_config)/i.test(text.trim()))
      capturing.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as (...x: unknown[]) => unknown).apply(this, a);
} as typeof pg.Client.prototype.query;

async function postgresDatabase(
  url: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const name = `fl_bench_labor_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), tripwire: false });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function generateLabor(database: Database, orgId: number) {
  const t0 = performance.now();
  const days = `generate_series(current_date - ${DAYS - 1}, current_date, interval '1 day')`;
  // One store per person (by id, spread over the organization's stores); every day but Sunday.
  const perPerson = `
    with people as (
      select m.user_id, s.id as store_id, s.time_zone,
             (m.user_id % 4) * 30 as in_offset, (m.user_id % 5) * 15 as out_offset
      from memberships m
      join lateral (
        select id, time_zone from stores where organization_id = m.organization_id
        order by id offset (m.user_id % ${STORES}) limit 1
      ) s on true
      where m.organization_id = ${orgId}
    )`;
  await database.executeSql(
    `${perPerson}
     insert into time_logs (organization_id, user_id, store_id, punch_in_at, punch_out_at, time_zone, work_date,
                            state, source)
     select ${orgId}, p.user_id, p.store_id,
            (d::date + time '08:00' + p.in_offset * interval '1 minute') at time zone p.time_zone,
            (d::date + time '16:00' + p.out_offset * interval '1 minute') at time zone p.time_zone,
            p.time_zone, d::date, 'closed', 'punch'
     from people p cross join ${days} d
     where extract(isodow from d) <> 7`,
  );
  const logs = performance.now();
  await database.executeSql(
    `${perPerson}
     insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at,
                         ends_at)
     select ${orgId}, p.user_id, p.store_id, d::date, time '08:00', time '16:00', p.time_zone,
            (d::date + time '08:00') at time zone p.time_zone, (d::date + time '16:00') at time zone p.time_zone
     from people p cross join generate_series(current_date - ${DAYS - 1}, current_date + 28, interval '1 day') d
     where extract(isodow from d) <> 7`,
  );
  const shifts = performance.now();
  await database.executeSql("analyze", []);
  const count = async (table: string) =>
    Number(
      ((await database.executeSql(`select count(*)::int as n from ${table}`, [])).rows[0] as { n: number }).n,
    );
  return {
    timeLogs: await count("time_logs"),
    shifts: await count("shifts"),
    logSeconds: (logs - t0) / 1000,
    shiftSeconds: (shifts - logs) / 1000,
  };
}

type Scenario = { name: string; method: "POST" | "GET"; url: string; body?: Record<string, unknown> };

function scenarios(orgUserId: number, territoryId: number): Scenario[] {
  return [
    {
      name: "history: this week, by day, first page",
      method: "POST",
      url: "/api/laborHistory/search",
      body: {},
    },
    {
      name: "history: last month, by week",
      method: "POST",
      url: "/api/laborHistory/search",
      body: { dateRange: 6, groupBy: "week" },
    },
    {
      name: "history: this year, by week, sorted by minutes desc",
      method: "POST",
      url: "/api/laborHistory/search",
      body: { dateRange: 7, groupBy: "week", sortBy: "minutes", sortDirection: "desc" },
    },
    {
      name: "history: last month, one territory, by day",
      method: "POST",
      url: "/api/laborHistory/search",
      body: { dateRange: 6, territoryIds: [territoryId] },
    },
    {
      name: "history: last month, flagged only",
      method: "POST",
      url: "/api/laborHistory/search",
      body: { dateRange: 6, flaggedOnly: true },
    },
    {
      name: "one person's time logs, this year",
      method: "POST",
      url: `/api/laborHistory/${orgUserId}/time-logs/search`,
      body: { dateRange: 7 },
    },
    {
      name: "missing punches (all outstanding)",
      method: "POST",
      url: "/api/laborHistory/missing-punches",
      body: {},
    },
    {
      name: "week grid: this week, first 50 people",
      method: "POST",
      url: "/api/users/schedules",
      body: { pageSize: 50 },
    },
    {
      name: "week grid: everyone, page 40 of 50",
      method: "POST",
      url: "/api/users/schedules",
      body: { everyone: true, page: 40, pageSize: 50 },
    },
    {
      name: "week grid: one territory",
      method: "POST",
      url: "/api/users/schedules",
      body: { territoryIds: [territoryId], pageSize: 50 },
    },
  ];
}

async function main() {
  const { database, url, drop } = await postgresDatabase(URL_BASE);
  try {
    await database.migrate();
    await applyReferenceData(database.db);
    const gen = await generateOrgScale(database.db, {
      users: PEOPLE,
      stores: STORES,
      adminEmail: "bench.admin@scale.test",
      adminPassword: PASSWORD,
    });
    const labor = await generateLabor(database, gen.organizationId);
    console.error(`generated ${int(labor.timeLogs)} time logs, ${int(labor.shifts)} shifts`);
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
    const someone = Number(
      (
        (
          await database.executeSql(
            "select user_id from memberships where organization_id = $1 and role_id = 14 order by user_id limit 1",
            [gen.organizationId],
          )
        ).rows[0] as { user_id: number }
      ).user_id,
    );
    const direct = new pg.Client({ connectionString: url });
    // Dropping the database at the end (or after a failure) ends this connection: not an error of the run.
    direct.on("error", () => undefined);
    await direct.connect();
    const version = ((await direct.query("show server_version")).rows[0] as { server_version: string })
      .server_version;
    const loadBefore = loadavg()[0].toFixed(1);
    const lines = [
      "## Labor history and the schedules week grid (bench/labor.bench.ts)",
      "",
      `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${version} on the same machine, ${new Date().toISOString().slice(0, 10)}.`,
      "",
      `Data: ${int(PEOPLE)} people and ${int(STORES)} stores in one organization; ${int(labor.timeLogs)} time logs (every person, every day but Sunday, ${DAYS} days; inserted in ${labor.logSeconds.toFixed(0)} s) and ${int(labor.shifts)} planned shifts (${labor.shiftSeconds.toFixed(0)} s). ${RUNS} runs per call after ${WARMUP} warm-ups, one at a time, as the organization's Admin; "same SQL" runs the statements that one call ran, captured at the driver, directly on a connection of their own.`,
      "",
      "| call | rows (total) | statements | API p50 / p95 ms | same SQL p50 / p95 ms |",
      "|---|---:|---:|---:|---:|",
    ];
    for (const s of scenarios(someone, gen.territoryIds[3])) {
      const api: number[] = [];
      let total = 0;
      let statements: Statement[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        if (i === WARMUP) capturing = [];
        const t0 = performance.now();
        const res = await app.inject({ method: s.method, url: s.url, headers, payload: s.body });
        const elapsed = performance.now() - t0;
        if (i === WARMUP) {
          statements = capturing ?? [];
          capturing = null;
        }
        if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
        if (i >= WARMUP) api.push(elapsed);
        total = Number(res.json().total ?? res.json().items?.length ?? 0);
      }
      // The request's own statements minus the session/auth reads every request makes: all are replayed (they
      // are what the request cost), each run as one sequence.
      const sqlTimes: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const t0 = performance.now();
        for (const st of statements) await direct.query(st.text, st.values);
        if (i >= WARMUP) sqlTimes.push(performance.now() - t0);
      }
      lines.push(
        `| ${s.name} | ${int(total)} | ${statements.length} | ${ms(pct(api, 50))} / ${ms(pct(api, 95))} | ${ms(pct(sqlTimes, 50))} / ${ms(pct(sqlTimes, 95))} |`,
      );
      console.error(`${s.name}: API p50 ${ms(pct(api, 50))} ms, SQL p50 ${ms(pct(sqlTimes, 50))} ms`);
    }
    lines.push(
      "",
      `1-minute load average ${loadBefore} before the runs and ${loadavg()[0].toFixed(1)} after, on ${cpus().length} cores.`,
    );
    await direct.end();
    await app.close();
    console.log(lines.join("\n"));
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await drop();
  }
}

await main();
