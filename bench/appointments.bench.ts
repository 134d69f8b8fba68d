/**
 * Available windows and booking at volume (docs/decisions/0033): one appointment type with 60 days of 20 windows a
 * day at one store, and 100,000 bookings in the organization (other windows of another type, and some of this
 * type's places taken). Measures `POST /api/appointments/available` through the API (app.inject: auth,
 * validation, queries, serialization) beside the same SQL run directly, at p50 and p95, and booking throughput
 * at concurrency 10 through the API, on PostgreSQL and on the embedded database (PGlite on disk).
 *
 *   npx tsx bench/appointments.bench.ts [--target pg|pglite|both] [--bookings 100000] [--runs 40] [--book 400]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench_appointments), dropped and
 * created afresh each run. PGlite: a new temporary folder each run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../apps/server/src/db/seed";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import { ensurePgDatabase, ms, one, pct } from "./support/lead-volume";

const { values: args } = parseArgs({
  options: {
    target: { type: "string", default: "both" },
    bookings: { type: "string", default: "100000" },
    runs: { type: "string", default: "40" },
    book: { type: "string", default: "400" },
  },
});
const BOOKINGS = Number(args.bookings);
const RUNS = Number(args.runs);
const BOOK = Number(args.book);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench_appointments";
const ORG = "Summit Home East";
const STORE = "Costco Wayne";

/** The organization with the type's 1,200 windows, 100,000 bookings elsewhere, and leads to book. */
async function prepare(d: Database, label: string) {
  await d.migrate();
  await applyReferenceData(d.db);
  if (await d.isEmpty()) await seedDemo(d.db);
  const { id: orgId } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
  const { id: storeId, territory_id: territoryId } = await one<{ id: number; territory_id: number | null }>(
    d,
    "select id, territory_id from stores where name = $1",
    [STORE],
  );
  const t0 = performance.now();
  console.log(
    `[${label}] generating 1,200 windows, ${BOOKINGS.toLocaleString("en-US")} bookings, ${BOOK} leads...`,
  );
  const type = await one<{ id: number }>(
    d,
    `insert into appointment_types (organization_id, name, minimum_notice_minutes, booking_horizon_days)
     values ($1, 'Bench estimate', 120, 60) returning id`,
    [orgId],
  );
  const other = await one<{ id: number }>(
    d,
    "insert into appointment_types (organization_id, name) values ($1, 'Bench other') returning id",
    [orgId],
  );
  // 60 days x 20 windows (8:00 to 17:30, every 30 minutes) at the store, in its zone; capacity 4, some taken.
  await d.executeSql(
    `insert into appointment_windows (organization_id, appointment_type_id, store_id, time_zone, local_date,
       start_time, end_time, starts_at, ends_at, capacity, booked)
     select $1, $2, $3, 'America/New_York', day::date, slot, slot + interval '2 hours',
       (day::date + slot) at time zone 'America/New_York',
       (day::date + slot + interval '2 hours') at time zone 'America/New_York',
       4, (i % 5)
     from generate_series(current_date, current_date + 59, interval '1 day') day,
       generate_series(0, 19) i, lateral (select time '08:00' + i * interval '30 minutes' as slot) s`,
    [orgId, type.id, storeId],
  );
  // The organization's 100,000 bookings: past windows of another type, 20 each, with a lead each.
  const perWindow = 20;
  const windows = Math.ceil(BOOKINGS / perWindow);
  await d.executeSql(
    `insert into appointment_windows (organization_id, appointment_type_id, store_id, time_zone, local_date,
       start_time, end_time, starts_at, ends_at, capacity, booked)
     select $1, $2, $3, 'America/New_York', (current_date - 1 - (g / 10))::date, time '09:00', time '11:00',
       now() - make_interval(days => 1 + g / 10, hours => g % 10), now() - make_interval(days => 1 + g / 10, hours => g % 10) + interval '2 hours',
       ${perWindow}, ${perWindow}
     from generate_series(0, $4 - 1) g`,
    [orgId, other.id, storeId, windows],
  );
  await d.executeSql(
    `insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name, phone, status_id)
     select $1, 'internal', 'app', $2, now() - make_interval(days => 1 + g / 1000), 'Bench', 'Shopper ' || g,
       '808' || lpad(g::text, 7, '0'), 3
     from generate_series(1, $3) g`,
    [orgId, storeId, BOOKINGS + BOOK],
  );
  await d.executeSql(
    `with w as (select id, starts_at, ends_at, row_number() over (order by id) - 1 as n from appointment_windows
                where organization_id = $1 and appointment_type_id = $2),
          l as (select id, row_number() over (order by id) - 1 as n from leads
                where organization_id = $1 and first_name = 'Bench' order by id limit $3)
     insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, status,
       starts_at, ends_at, time_zone, source)
     select $1, l.id, w.id, $2, $4, 'booked', w.starts_at, w.ends_at, 'America/New_York', 'app'
     from l join w on w.n = l.n / ${perWindow}`,
    [orgId, other.id, BOOKINGS, storeId],
  );
  await d.executeSql("analyze");
  const leads = (
    await d.executeSql(
      `select id from leads where organization_id = $1 and first_name = 'Bench' and status_id = 3
         and not exists (select 1 from appointments a where a.organization_id = leads.organization_id and a.lead_id = leads.id)
       order by id limit $2`,
      [orgId, BOOK],
    )
  ).rows.map((r) => Number((r as { id: number }).id));
  const count = await one<{ n: number }>(
    d,
    "select count(*)::int as n from appointments where organization_id = $1",
    [orgId],
  );
  console.log(`[${label}] ready in ${Math.round(performance.now() - t0)} ms: ${count.n} bookings`);
  return { orgId, storeId, territoryId, typeId: type.id, leads, bookings: count.n };
}

/** The statement `appointmentsRepository().freeWindows` runs, for the same window of time. */
const FREE_WINDOWS_SQL = `
  select id, appointment_type_id, store_id, territory_id, time_zone, local_date, start_time, end_time, starts_at,
    ends_at, capacity, booked, is_closed
  from appointment_windows
  where organization_id = $1 and appointment_type_id = $2 and starts_at >= $3 and starts_at < $4
    and is_closed = false and booked < capacity
    and (store_id = $5 or (store_id is null and (territory_id is null or territory_id = $6)))
  order by starts_at, id limit 2000`;

async function run(label: string, d: Database) {
  const p = await prepare(d, label);
  const app = await buildApp({ config: testConfig(), database: d });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email: "manager@demo.local", password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().token}`, currentorganizationid: String(p.orgId) };
  const available = () =>
    app.inject({
      method: "POST",
      url: "/api/appointments/available",
      headers,
      payload: { appointmentTypeId: p.typeId, storeId: p.storeId },
    });
  const first = await available();
  if (first.statusCode !== 200) throw new Error(`available: ${first.statusCode} ${first.body}`);
  const windows = (first.json().days as { windows: unknown[] }[]).reduce(
    (n, day) => n + day.windows.length,
    0,
  );
  for (let i = 0; i < 3; i++) await available();
  const api: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await available();
    api.push(performance.now() - t0);
  }
  const from = new Date(Date.now() + 120 * 60_000);
  const to = new Date(Date.now() + 60 * 86_400_000);
  const params = [p.orgId, p.typeId, from.toISOString(), to.toISOString(), p.storeId, p.territoryId ?? -1];
  const direct: number[] = [];
  for (let i = 0; i < 3 + RUNS; i++) {
    const t0 = performance.now();
    await d.executeSql(FREE_WINDOWS_SQL, params);
    if (i >= 3) direct.push(performance.now() - t0);
  }
  const plan = (await d.executeSql(`explain (costs off) ${FREE_WINDOWS_SQL}`, params)).rows
    .map((r) => (r as { "QUERY PLAN": string })["QUERY PLAN"])
    .join(" / ");

  // Booking throughput: 10 at a time, each a new lead into a window of the type with room (some lose: 409).
  const free = (await d.executeSql(FREE_WINDOWS_SQL, params)).rows.map((r) =>
    Number((r as { id: number }).id),
  );
  let next = 0;
  let won = 0;
  let lost = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (;;) {
        const i = next++;
        if (i >= p.leads.length) return;
        const res = await app.inject({
          method: "POST",
          url: "/api/appointments/book",
          headers,
          payload: { leadId: p.leads[i], windowId: free[i % Math.min(free.length, 50)] },
        });
        if (res.statusCode === 201) won++;
        else if (res.statusCode === 409) lost++;
        else throw new Error(`book: ${res.statusCode} ${res.body}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const over = await one<{ n: number }>(
    d,
    "select count(*)::int as n from appointment_windows where organization_id = $1 and booked > capacity",
    [p.orgId],
  );
  await app.close();
  return [
    `| ${label} | ${p.bookings.toLocaleString("en-US")} | ${windows} | ${ms(pct(api, 0.5))} / ${ms(pct(api, 0.95))} | ${ms(pct(direct, 0.5))} / ${ms(pct(direct, 0.95))} | ${Math.round((won + lost) / seconds)} /s (${won} booked, ${lost} full: 409) | ${over.n} |`,
    `  plan: ${plan}`,
  ];
}

const lines: string[] = [];
if (args.target === "pg" || args.target === "both") {
  await ensurePgDatabase(PG_URL, true);
  const d = await openDatabase({ databaseUrl: PG_URL });
  try {
    const v = await one<{ v: string }>(d, "select version() as v");
    lines.push(...(await run(`PostgreSQL (${v.v.split(" on ")[0]})`, d)));
  } finally {
    await d.close();
  }
}
if (args.target === "pglite" || args.target === "both") {
  const dir = mkdtempSync(join(tmpdir(), "fl-bench-appointments-"));
  const d = await openDatabase({ dataDir: dir });
  try {
    lines.push(...(await run("PGlite (on disk)", d)));
  } finally {
    await d.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`\n${RUNS} runs each; booking at concurrency 10 through the API\n`);
console.log(
  "| database | bookings in the organization | free windows listed | available: API p50 / p95 ms | same SQL p50 / p95 ms | booking throughput | windows over capacity |",
);
console.log("|---|---:|---:|---:|---:|---|---:|");
for (const l of lines) console.log(l);
