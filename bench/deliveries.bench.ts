/**
 * Deliveries through the worker to the simulators (issue #14, docs/decisions/0039-deliveries.md): how many deliveries
 * a second one worker sends at concurrency 10 to a healthy CRM (ServiceTitan simulator, booking mode) and retailer
 * (partner simulator), and how long a backlog takes to drain after an outage.
 *
 *   npx tsx bench/deliveries.bench.ts [--target pg|pglite|both] [--count 10000] [--concurrency 10] [--outage 60]
 *     [--wait 300]
 *
 * Set-up: the demo data; the demo organization's CRM and retailer destinations turned on through the API
 * (`PUT /api/destinations/{crm,retailer}` as its Admin) against both simulators, started in this process on free
 * ports; `count` leads (`generate_series`), each with a retailer consent and a booked appointment in a window of
 * its own, and their deliveries recorded by the product's recorder (`deliveries.recorder.leadChanged`, 1,000 leads
 * per transaction): 2 × count deliveries due.
 *
 * 1. Throughput: the worker's loop (`deliveryWorker(...).drain()`: sweeps of `concurrency` until nothing is due)
 *    against healthy simulators. The sweep is the product's (claim, then each claimed delivery's `sender.run` at
 *    once), timed piece by piece: the claim, each delivery's run (read its settings and payload, send, mark sent)
 *    by destination, and each HTTP call (Node's `fetch`, to the answer's headers). At the end, in the database and
 *    at the simulators: every delivery sent at its wanted version, one booking per key at the CRM and one record per
 *    key at the retailer at that version (0 lost, 0 doubled).
 * 2. Outage, backlog due together: both simulators down, every appointment moved a day later (SQL, windows with
 *    them) and every lead's change recorded by the recorder (a resend-like bump alone is no call for the CRM: its
 *    booking already holds that time), one pass over every delivery (`sweep` by ids, `concurrency` at a time) so each fails once; then the
 *    simulators come back, `next_attempt_at = now()` for all (an outage whose backoff has expired), and the drain is
 *    timed. Checked as above at version 2.
 * 3. Outage, real backoff: the retry base is 1 s (`deliveryRetry: {baseMs: 1000, deadAfterMs: 24 h}`, what
 *    `DELIVERY_RETRY_BASE_SECONDS=1` gives); both simulators down, every lead changed again, the worker started
 *    (`start()`, polling every 50 ms) after every appointment moved again and left to retry for `outage` seconds; then the simulators come back and the
 *    time until every delivery is sent is measured without touching `next_attempt_at` (given up after `wait`
 *    seconds). Checked as above at version 3.
 *
 * The simulators, the API and the worker share this one Node process (its CPU use is reported).
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench_deliveries), dropped and
 * created afresh each run. PGlite: a new temporary folder each run (on disk).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../apps/server/src/db/seed";
import { type PartnerSimulator, startPartnerSimulator } from "../apps/server/src/integrations/partners/index";
import {
  type ServiceTitanSimulator,
  startServiceTitanSimulator,
} from "../apps/server/src/integrations/servicetitan/index";
import { simulatorDestinations } from "../apps/server/src/modules/deliveries/deliveries.test-support";
import {
  type DeliverySender,
  deliveriesRepository,
  deliveryKey,
  deliveryWorker,
} from "../apps/server/src/modules/deliveries/index";
import { buildServices } from "../apps/server/src/modules/index";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { createPlatform } from "../apps/server/src/platform/platform";
import { testConfig } from "../apps/server/test/harness";
import { cpuMeter, pgCpuMeter } from "./support/cpu";
import { ensurePgDatabase, ms, one, pct } from "./support/lead-volume";

const { values: args } = parseArgs({
  options: {
    target: { type: "string", default: "pg" },
    count: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "10" },
    outage: { type: "string", default: "60" },
    wait: { type: "string", default: "300" },
  },
});
const COUNT = Number(args.count);
const CONCURRENCY = Number(args.concurrency);
const OUTAGE_S = Number(args.outage);
const WAIT_S = Number(args.wait);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench_deliveries";
const ORG = "Summit Home East";
const quiet = { warn: () => undefined, error: () => undefined };

const int = (v: number) => Math.round(v).toLocaleString("en-US");
const sec = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

function fail(message: string): never {
  console.error(`\n*** BENCH FAILED: ${message}\n`);
  throw new Error(message);
}

/** Timings of one phase: claims, each delivery's run by destination, each HTTP call by simulator. */
type Timings = {
  claims: number[];
  batches: number[];
  runs: Record<string, number[]>;
  http: Record<string, number[]>;
};
const newTimings = (): Timings => ({
  claims: [],
  batches: [],
  runs: { crm: [], retailer: [] },
  http: { crm: [], retailer: [] },
});

const share = (x: number | null) => (x === null ? "–" : `${Math.round(x * 100)}%`);

type Counts = { total: number; done: number };

async function run(label: string, d: Database, crm: ServiceTitanSimulator, partners: PartnerSimulator) {
  const lines: string[] = [];
  const say = (s: string) => console.error(`[${label}] ${s}`);
  const load0 = loadavg();

  // ---------------------------------------------------------------------------------------------------------------
  // Set-up
  // ---------------------------------------------------------------------------------------------------------------
  await d.migrate();
  await applyReferenceData(d.db);
  if (await d.isEmpty()) await seedDemo(d.db);
  // The demo's connections and destinations point elsewhere (the simulators `npm start` serves): all off; the two
  // measured here are turned on below, against this process's simulators.
  await d.executeSql("update crm_connections set is_active = false");
  await d.executeSql("update destination_settings set is_enabled = false");

  let current: Timings = newTimings();
  const timedFetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const which = url.startsWith(crm.url) ? "crm" : "retailer";
    const t0 = performance.now();
    try {
      return await fetch(input, init);
    } finally {
      current.http[which].push(performance.now() - t0);
    }
  }) as typeof fetch;
  const config = testConfig({
    rateLimitScale: 1_000_000,
    deliveryRetry: { baseMs: 1_000, deadAfterMs: 24 * 3_600_000 },
  });
  const platform = createPlatform(config, d);
  const services = buildServices(platform, { fetch: timedFetch });
  const app = await buildApp({ config, database: d, platform, services });
  await app.ready();
  try {
    const { id: org } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
    const login = await app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "admin@demo.local", password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) fail(`login: ${login.statusCode} ${login.body}`);
    const headers = {
      authorization: `Bearer ${login.json().token}`,
      currentorganizationid: String(org),
      offset: "0",
    };
    const stores = (await d.executeSql("select id from stores where organization_id = $1 order by id", [org]))
      .rows as { id: number }[];
    const bodies = simulatorDestinations({ crm, partners });
    const put = (destination: string, payload: object) =>
      app.inject({ method: "PUT", url: `/api/destinations/${destination}`, headers, payload });
    const saved = [
      await put("crm", bodies.crm()),
      await put("retailer", bodies.retailer(stores.map((s) => s.id))),
    ];
    for (const res of saved) if (res.statusCode !== 200) fail(`saving a destination: ${res.body}`);

    const tSetup = performance.now();
    const store = await one<{ id: number }>(
      d,
      "select id from stores where organization_id = $1 and is_active order by id limit 1",
      [org],
    );
    const type = await one<{ id: number }>(
      d,
      `insert into appointment_types (organization_id, name, minimum_notice_minutes, booking_horizon_days)
       values ($1, 'Bench deliveries estimate', 60, 365) returning id`,
      [org],
    );
    const tz = "America/New_York";
    // One window per lead (capacity 1, booked), one lead per window, each lead agreed to the retailer.
    await d.executeSql(
      `insert into appointment_windows (organization_id, appointment_type_id, store_id, time_zone, local_date,
         start_time, end_time, starts_at, ends_at, capacity, booked)
       select $1, $2, $3, $4, (s at time zone $4)::date, (s at time zone $4)::time,
         (s at time zone $4 + interval '2 hours')::time, s, s + interval '2 hours', 1, 1
       from generate_series(1, $5::int) i,
         lateral (select date_trunc('hour', now()) + interval '2 days' + (i % 2000) * interval '1 hour' as s) x`,
      [org, type.id, store.id, tz, COUNT],
    );
    await d.executeSql(
      `insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name, phone, email)
       select $1, 'internal', 'app', $2, now() - interval '1 hour', 'Bench', 'Delivery ' || i,
         '80977' || lpad(i::text, 5, '0'), 'bench.delivery' || i || '@example.com'
       from generate_series(1, $3::int) i`,
      [org, store.id, COUNT],
    );
    await d.executeSql(
      `insert into lead_consents (organization_id, lead_id, destination, disclosure_text, accepted_at)
       select $1, id, 'retailer', 'I agree that the store may contact me about this project.', now()
       from leads where organization_id = $1 and first_name = 'Bench'`,
      [org],
    );
    const booked = (
      await d.executeSql(
        `with l as (select id, row_number() over (order by id) as rn from leads
                    where organization_id = $1 and first_name = 'Bench'),
              w as (select id, starts_at, ends_at, row_number() over (order by id) as rn from appointment_windows
                    where organization_id = $1 and appointment_type_id = $2)
         insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, status,
           starts_at, ends_at, time_zone, source)
         select $1, l.id, w.id, $2, $3, 'booked', w.starts_at, w.ends_at, $4, 'app' from l join w using (rn)
         returning id, lead_id`,
        [org, type.id, store.id, tz],
      )
    ).rows as { id: number | string; lead_id: number | string }[];
    if (booked.length !== COUNT) fail(`${booked.length} appointments made, expected ${COUNT}`);
    const pairs = booked
      .map((r) => ({ leadId: Number(r.lead_id), appointmentId: Number(r.id) }))
      .sort((a, b) => a.leadId - b.leadId);
    const recorder = services.deliveries.recorder;
    /** Every lead changed once more, through the product's recorder (1,000 leads per transaction). */
    const changeAll = async () => {
      const t0 = performance.now();
      for (let start = 0; start < pairs.length; start += 1_000) {
        await platform.uow.run(async (tx) => {
          for (const p of pairs.slice(start, start + 1_000))
            await recorder.leadChanged(tx, org, p.leadId, p.appointmentId);
        });
      }
      return (performance.now() - t0) / 1000;
    };
    /**
     * Every appointment moved a day later (its window with it: one appointment per window), in SQL: a change the
     * destinations must be told (a bump alone is no call for the CRM, whose booking already holds that time).
     */
    const moveAll = async () => {
      await d.executeSql(
        `update appointment_windows set starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day',
           local_date = local_date + 1, updated_at = now()
         where organization_id = $1 and appointment_type_id = $2`,
        [org, type.id],
      );
      await d.executeSql(
        `update appointments set starts_at = starts_at + interval '1 day', ends_at = ends_at + interval '1 day',
           updated_at = now()
         where organization_id = $1 and appointment_type_id = $2`,
        [org, type.id],
      );
    };
    const recordSeconds = await changeAll();
    await d.executeSql("analyze");
    const setupSeconds = (performance.now() - tSetup) / 1000;
    const pending = await one<{ n: number }>(
      d,
      "select count(*)::int as n from deliveries where organization_id = $1 and state = 'pending'",
      [org],
    );
    if (Number(pending.n) !== 2 * COUNT) fail(`${pending.n} deliveries pending, expected ${2 * COUNT}`);
    say(
      `set up ${int(COUNT)} leads with appointments in ${sec(setupSeconds)} s; ${int(2 * COUNT)} deliveries ` +
        `recorded in ${sec(recordSeconds)} s (${int(COUNT / recordSeconds)} leads/s)`,
    );

    // The product's worker (claim as slots free, run each at once), timed piece by piece.
    const repo = deliveriesRepository();
    const sender = services.deliverySender;
    const claim = async (limit: number, ids?: readonly number[]) => {
      const t0 = performance.now();
      const claimed = await repo.claim(platform.uow.read, { limit, leaseSeconds: 120, ids });
      current.claims.push(performance.now() - t0);
      return claimed;
    };
    const run = async (c: Awaited<ReturnType<typeof claim>>[number]) => {
      const s = performance.now();
      await sender.run(c);
      current.runs[c.destination].push(performance.now() - s);
    };
    const sweep = async (limit: number, ids?: readonly number[]) => {
      const t0 = performance.now();
      const claimed = await claim(limit, ids);
      await Promise.all(claimed.map(run));
      if (claimed.length) current.batches.push(performance.now() - t0);
      return claimed.length;
    };
    const timedSender: DeliverySender = { ...sender, claim, run, sweep };
    const worker = () =>
      deliveryWorker({
        sender: timedSender,
        database: d,
        signal: platform.deliverySignal,
        log: quiet,
        concurrency: CONCURRENCY,
        pollMs: 50,
      });

    const counts = async (version: number): Promise<Counts> => {
      const r = await one<Counts>(
        d,
        `select count(*)::int as total,
           count(*) filter (where state = 'sent' and sent_version = $2 and wanted_version = $2)::int as done
         from deliveries where organization_id = $1`,
        [org, version],
      );
      return { total: Number(r.total), done: Number(r.done) };
    };
    /** Every delivery sent at `version`; at the simulators one booking / one record per key at that version. */
    const check = async (phase: string, version: number) => {
      const c = await counts(version);
      const states = (
        await d.executeSql(
          `select state, destination, count(*)::int as n from deliveries where organization_id = $1
           group by 1, 2 order by 1, 2`,
          [org],
        )
      ).rows as { state: string; destination: string; n: number }[];
      const records = crm.records();
      const retail = new Map(partners.records("retailer").map((r) => [r.key, r]));
      const starts = new Map(
        (
          (
            await d.executeSql("select lead_id, starts_at from appointments where organization_id = $1", [
              org,
            ])
          ).rows as { lead_id: number | string; starts_at: Date | string }[]
        ).map((a) => [Number(a.lead_id), new Date(a.starts_at).getTime()]),
      );
      const bookingOf = new Map(records.bookings.map((b) => [b.externalId, b]));
      const out = { lost: 0, doubled: 0, stale: 0, wrongTime: 0, duplicateVersions: 0, outOfOrder: 0 };
      for (const { leadId } of pairs) {
        const key = deliveryKey(org, leadId, "crm");
        const n = records.byKey[key]?.bookings ?? 0;
        if (n === 0) out.lost++;
        if (n > 1) out.doubled++;
        const booking = bookingOf.get(key);
        if (booking && new Date(booking.start ?? 0).getTime() !== starts.get(leadId)) out.wrongTime++;
        const r = retail.get(deliveryKey(org, leadId, "retailer"));
        if (!r) out.lost++;
        else {
          if (r.version !== version) out.stale++;
          if (new Date(r.appointmentStart ?? 0).getTime() !== starts.get(leadId)) out.wrongTime++;
          out.duplicateVersions += r.duplicates;
          out.outOfOrder += r.outOfOrder;
        }
      }
      const ours = records.bookings.filter((b) => b.externalId.startsWith(`fieldlead-${org}-`)).length;
      if (ours !== COUNT) out.doubled += Math.max(0, ours - COUNT);
      if (retail.size !== COUNT) out.doubled += Math.max(0, retail.size - COUNT);
      const ok =
        c.total === 2 * COUNT &&
        c.done === 2 * COUNT &&
        out.lost + out.doubled + out.stale + out.wrongTime === 0;
      say(
        `${phase} check: ${c.done}/${c.total} sent at version ${version} ` +
          `(${states.map((s) => `${s.destination} ${s.state} ${s.n}`).join(", ")}); ${JSON.stringify(out)}`,
      );
      if (!ok) fail(`${phase}: ${JSON.stringify({ ...c, ...out })}`);
      return out;
    };
    const stCalls = (from: number) => {
      const by = new Map<string, number>();
      for (const c of crm.stats().calls.slice(from)) {
        const key = `${c.method} ${c.path.replace(/\/\d+/g, "/{id}").replace(/\?.*/, "")} ${c.status}`;
        by.set(key, (by.get(key) ?? 0) + 1);
      }
      return [...by].map(([k, n]) => `${int(n)} × ${k}`).join(", ");
    };
    const partnerCalls = (before: Record<number, number>) =>
      Object.entries(partners.stats("retailer").byStatus)
        .map(([s, n]) => [s, n - (before[Number(s)] ?? 0)])
        .filter(([, n]) => Number(n) > 0)
        .map(([s, n]) => `${int(Number(n))} × ${s}`)
        .join(", ");

    const table: string[] = [];
    const lat = (xs: number[]) => (xs.length ? `${ms(pct(xs, 0.5))} / ${ms(pct(xs, 0.95))}` : "–");
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    /** Sends in flight on average: the runs' total time over the wall clock (at most `concurrency`). */
    const inFlight = (t: Timings, seconds: number) =>
      ((sumOf(t.runs.crm) + sumOf(t.runs.retailer)) / 1000 / seconds).toFixed(1);

    // ---------------------------------------------------------------------------------------------------------------
    // 1. Throughput against healthy simulators
    // ---------------------------------------------------------------------------------------------------------------
    current = newTimings();
    let stFrom = crm.stats().calls.length;
    let pFrom = { ...partners.stats("retailer").byStatus };
    let cpu = cpuMeter();
    let pgCpu = pgCpuMeter(d);
    let t0 = performance.now();
    const sent = await worker().drain();
    const throughputSeconds = (performance.now() - t0) / 1000;
    let cpuShare = cpu();
    let pgShare = await pgCpu();
    if (sent !== 2 * COUNT) fail(`throughput: the drain sent ${sent}, expected ${2 * COUNT}`);
    await check("throughput", 1);
    const t1 = current;
    say(
      `throughput: ${int(sent)} in ${sec(throughputSeconds)} s = ${int(sent / throughputSeconds)}/s; ` +
        `claim ${lat(t1.claims)}, batch ${lat(t1.batches)}, run crm ${lat(t1.runs.crm)} retailer ${lat(t1.runs.retailer)}, ` +
        `http crm ${lat(t1.http.crm)} retailer ${lat(t1.http.retailer)}; in flight ${inFlight(t1, throughputSeconds)}; ` +
        `CPU node ${share(cpuShare)} pg ${share(pgShare)}; ` +
        `ST calls: ${stCalls(stFrom)}; retailer: ${partnerCalls(pFrom)}`,
    );
    table.push(
      `| healthy simulators: ${int(2 * COUNT)} due | ${sec(throughputSeconds)} s | **${int(sent / throughputSeconds)} /s** | ` +
        `${lat(t1.claims)} | ${lat(t1.batches)} (mean ${ms(mean(t1.batches))}) | ${lat(t1.runs.crm)} | ${lat(t1.runs.retailer)} | ` +
        `${lat(t1.http.crm)} | ${lat(t1.http.retailer)} | ${inFlight(t1, throughputSeconds)} | ${share(cpuShare)} | ${share(pgShare)} |`,
    );
    const calls1 = { st: stCalls(stFrom), retailer: partnerCalls(pFrom) };

    // ---------------------------------------------------------------------------------------------------------------
    // 2. Outage, then the whole backlog due at once
    // ---------------------------------------------------------------------------------------------------------------
    crm.set({ down: true });
    partners.set("retailer", { down: true });
    await moveAll();
    const bumpSeconds = await changeAll();
    const ids = (
      (
        await d.executeSql(
          "select id from deliveries where organization_id = $1 and state = 'pending' order by id",
          [org],
        )
      ).rows as { id: number | string }[]
    ).map((r) => Number(r.id));
    if (ids.length !== 2 * COUNT)
      fail(`outage: ${ids.length} pending after the change, expected ${2 * COUNT}`);
    current = newTimings();
    t0 = performance.now();
    for (let i = 0; i < ids.length; i += CONCURRENCY) await sweep(CONCURRENCY, ids.slice(i, i + CONCURRENCY));
    const failSeconds = (performance.now() - t0) / 1000;
    const failT = current;
    const failed = await one<{ n: number }>(
      d,
      "select count(*)::int as n from deliveries where organization_id = $1 and state = 'failed'",
      [org],
    );
    if (Number(failed.n) !== 2 * COUNT) {
      const rows = (
        await d.executeSql(
          `select destination, state, last_error, count(*)::int as n from deliveries where organization_id = $1
           group by 1, 2, 3`,
          [org],
        )
      ).rows;
      fail(`outage: ${failed.n} failed after one pass, expected ${2 * COUNT}: ${JSON.stringify(rows)}`);
    }
    say(
      `outage pass: ${int(ids.length)} failed in ${sec(failSeconds)} s (${int(ids.length / failSeconds)}/s); ` +
        `bump of every lead ${sec(bumpSeconds)} s`,
    );
    crm.set({ down: false });
    partners.set("retailer", { down: false });
    await d.executeSql(
      "update deliveries set next_attempt_at = now() where organization_id = $1 and state = 'failed'",
      [org],
    );
    current = newTimings();
    stFrom = crm.stats().calls.length;
    pFrom = { ...partners.stats("retailer").byStatus };
    cpu = cpuMeter();
    pgCpu = pgCpuMeter(d);
    t0 = performance.now();
    const drained = await worker().drain();
    const drainSeconds = (performance.now() - t0) / 1000;
    cpuShare = cpu();
    pgShare = await pgCpu();
    if (drained !== 2 * COUNT) fail(`backlog: the drain sent ${drained}, expected ${2 * COUNT}`);
    await check("backlog (due together)", 2);
    const t2 = current;
    const calls2 = { st: stCalls(stFrom), retailer: partnerCalls(pFrom) };
    say(
      `backlog due together: ${int(drained)} in ${sec(drainSeconds)} s = ${int(drained / drainSeconds)}/s; ` +
        `in flight ${inFlight(t2, drainSeconds)}; CPU node ${share(cpuShare)} pg ${share(pgShare)}; ` +
        `ST calls: ${calls2.st}; retailer: ${calls2.retailer}`,
    );
    table.push(
      `| backlog after an outage, all due at once: ${int(2 * COUNT)} | **${sec(drainSeconds)} s** | ${int(drained / drainSeconds)} /s | ` +
        `${lat(t2.claims)} | ${lat(t2.batches)} (mean ${ms(mean(t2.batches))}) | ${lat(t2.runs.crm)} | ${lat(t2.runs.retailer)} | ` +
        `${lat(t2.http.crm)} | ${lat(t2.http.retailer)} | ${inFlight(t2, drainSeconds)} | ${share(cpuShare)} | ${share(pgShare)} |`,
    );

    // ---------------------------------------------------------------------------------------------------------------
    // 3. Outage with the worker retrying on its real backoff (1 s base), then the drain
    // ---------------------------------------------------------------------------------------------------------------
    let backoffLine: string;
    if (OUTAGE_S <= 0) {
      backoffLine = "skipped (--outage 0)";
    } else {
      crm.set({ down: true });
      partners.set("retailer", { down: true });
      await moveAll();
      await changeAll();
      const attemptsBefore = await one<{ n: number }>(
        d,
        "select sum(total_attempts)::int as n from deliveries where organization_id = $1",
        [org],
      );
      current = newTimings();
      const w = worker();
      w.start();
      await sleep(OUTAGE_S * 1000);
      const atRestore = await one<{ n: number; failed: number; spread: number | null; pending: number }>(
        d,
        `select sum(total_attempts)::int as n, count(*) filter (where state = 'failed')::int as failed,
           count(*) filter (where state <> 'failed')::int as pending,
           extract(epoch from max(next_attempt_at) - now())::float8 as spread
         from deliveries where organization_id = $1`,
        [org],
      );
      crm.set({ down: false });
      partners.set("retailer", { down: false });
      const restored = performance.now();
      stFrom = crm.stats().calls.length;
      cpu = cpuMeter();
      pgCpu = pgCpuMeter(d);
      const marks: Record<string, number> = {};
      let last: Counts = { total: 0, done: 0 };
      while (performance.now() - restored < WAIT_S * 1000) {
        last = await counts(3);
        const share = last.done / (2 * COUNT);
        const s = (performance.now() - restored) / 1000;
        for (const p of [0.5, 0.9, 0.99]) if (share >= p && marks[p] === undefined) marks[p] = s;
        if (last.done === 2 * COUNT) {
          marks[1] = s;
          break;
        }
        await sleep(100);
      }
      cpuShare = cpu();
      pgShare = await pgCpu();
      await w.stop();
      const retries = Number(atRestore.n) - Number(attemptsBefore.n);
      if (marks[1] === undefined) {
        backoffLine =
          `not drained ${WAIT_S} s after the simulators came back: ${int(last.done)} of ${int(2 * COUNT)} sent ` +
          `(50% at ${marks[0.5] === undefined ? "–" : `${sec(marks[0.5])} s`}, ` +
          `90% at ${marks[0.9] === undefined ? "–" : `${sec(marks[0.9])} s`})`;
        say(`real backoff: ${backoffLine}`);
      } else {
        await check("backlog (real backoff)", 3);
        backoffLine =
          `**${sec(marks[1])} s** after the simulators came back (50% at ${sec(marks[0.5])} s, 90% at ` +
          `${sec(marks[0.9])} s, 99% at ${sec(marks[0.99])} s)`;
      }
      const spread = atRestore.spread === null ? "–" : `${sec(Number(atRestore.spread))} s`;
      backoffLine +=
        `; during the ${OUTAGE_S} s outage the worker made ${int(retries)} tries (${sec(retries / (2 * COUNT))} ` +
        `per delivery); at the return ${int(Number(atRestore.failed))} were failed and ${int(Number(atRestore.pending))} ` +
        `not yet tried or in flight, and the last retry was due ${spread} later; CPU during the drain: Node ` +
        `${share(cpuShare)}, PostgreSQL backends ${share(pgShare)}; CRM calls after the return: ${stCalls(stFrom)}`;
      say(`real backoff: ${backoffLine}`);
    }

    const load1 = loadavg();
    lines.push(
      `#### ${label}: ${int(COUNT)} leads, ${int(2 * COUNT)} deliveries, concurrency ${CONCURRENCY}`,
      "",
      `Set-up: ${int(COUNT)} leads with appointments in ${sec(setupSeconds)} s, of which recording their deliveries ` +
        `through the recorder ${sec(recordSeconds)} s (${int(COUNT / recordSeconds)} leads/s, 1,000 per transaction).`,
      "",
      "| phase | wall clock | deliveries/s | claim p50 / p95 ms | sweep batch p50 / p95 ms | one CRM delivery p50 / p95 ms | one retailer delivery p50 / p95 ms | CRM HTTP call p50 / p95 ms | retailer HTTP call p50 / p95 ms | sends in flight (mean) | CPU: Node process | CPU: PostgreSQL backends |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...table,
      "",
      `Outage pass (both simulators down, connections dropped): ${int(ids.length)} deliveries failed once in ` +
        `${sec(failSeconds)} s (${int(ids.length / failSeconds)} /s; one delivery p50 / p95: CRM ${lat(failT.runs.crm)} ms, ` +
        `retailer ${lat(failT.runs.retailer)} ms).`,
      "",
      `Backlog with the real backoff (1 s base, worker retrying through a ${OUTAGE_S} s outage): ${backoffLine}.`,
      "",
      `Calls at the simulators, healthy run: ServiceTitan ${calls1.st}; retailer ${calls1.retailer}. ` +
        `After the outage (backlog due together): ServiceTitan ${calls2.st}; retailer ${calls2.retailer}.`,
      "",
      `Checked after each drain: every delivery \`sent\` at its wanted version, one CRM booking and one retailer ` +
        "record per key at that version and at the appointment's current time (0 lost, 0 doubled, 0 stale, " +
        "0 versions received twice, 0 out of order).",
      "",
      `1-minute load average ${load0[0].toFixed(2)} before and ${load1[0].toFixed(2)} after, on ${cpus().length} cores.`,
    );
    return lines;
  } finally {
    await app.close();
  }
}

const crm = await startServiceTitanSimulator({ port: 0 });
const partners = await startPartnerSimulator({ port: 0 });
const out: string[] = [];
try {
  if (args.target === "pg" || args.target === "both") {
    await ensurePgDatabase(PG_URL, true);
    const d = await openDatabase({ databaseUrl: PG_URL });
    try {
      const v = await one<{ v: string }>(d, "select current_setting('server_version') as v");
      out.push(...(await run(`PostgreSQL ${v.v}`, d, crm, partners)), "");
    } finally {
      await d.close();
    }
    crm.clearRecords();
    crm.clearStats();
    partners.clear();
  }
  if (args.target === "pglite" || args.target === "both") {
    const dir = mkdtempSync(join(tmpdir(), "fl-bench-deliveries-"));
    const d = await openDatabase({ dataDir: dir });
    try {
      out.push(...(await run("PGlite (on disk)", d, crm, partners)), "");
    } finally {
      await d.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await crm.close();
  await partners.close();
}
console.log(
  `\nMachine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ` +
    `${new Date().toISOString()}\n`,
);
console.log(out.join("\n"));
