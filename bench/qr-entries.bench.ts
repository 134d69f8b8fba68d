/**
 * Public QR entries at load (issue #13, docs/decisions/0037): shoppers submit the public form of one lead
 * generator's code through a real HTTP server, 50 at a time for 60 seconds; half of them book a window. Reports the
 * entries per second sustained, their latency, and then checks that none was lost (every 201 has its kept
 * submission and its lead) and none doubled (one lead per shopper; 1% of the entries are sent a second time with
 * the same Idempotency-Key and must answer the same entry), and that no window holds more than its capacity.
 * Then the public page's available-windows call, one at a time: p50 and p95.
 *
 *   npx tsx bench/qr-entries.bench.ts [--target pg|pglite|both] [--seconds 60] [--concurrency 50] [--runs 200]
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench_qr), dropped and created
 * afresh each run. PGlite: a new temporary folder each run. The rate limits are lifted (a load test, not abuse).
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { QrDetails, QrEntryRequest } from "@fieldlead/contracts";
import { buildApp } from "../apps/server/src/app";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import { cpuMeter, pgCpuMeter } from "./support/cpu";
import { ensurePgDatabase, ms, one, pct } from "./support/lead-volume";
import { prepareQrWorld } from "./support/qr-world";

const { values: args } = parseArgs({
  options: {
    target: { type: "string", default: "pg" },
    seconds: { type: "string", default: "60" },
    concurrency: { type: "string", default: "50" },
    runs: { type: "string", default: "200" },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const RUNS = Number(args.runs);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench_qr";

type Outcome = { status: number; ms: number; entryId?: number };

async function run(label: string, d: Database) {
  const p = await prepareQrWorld(d, label);
  const app = await buildApp({ config: testConfig({ rateLimitScale: 1_000_000 }), database: d });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  try {
    const details = (await (
      await fetch(`${address}/api/QRCodes/qr-details/${p.uid}/${p.grp}`)
    ).json()) as QrDetails;
    const crm = details.disclosures.en.find((x) => x.destination === "crm");
    if (!crm) throw new Error("no CRM consent text");
    const availableUrl = `${address}/api/QRCodes/available-appointments/${p.uid}?appointmentTypeId=${p.typeId}&group=${p.grp}`;
    const free = (
      (await (await fetch(availableUrl)).json()) as { days: { windows: { id: number }[] }[] }
    ).days.flatMap((day) => day.windows.map((w) => w.id));
    if (free.length === 0) throw new Error("no free windows");
    // The form's minimum fill time.
    await new Promise((r) => setTimeout(r, 3_500));

    let n = 0;
    const phones: string[] = [];
    const outcomes: Outcome[] = [];
    const repeats: { key: string; body: QrEntryRequest; entryId: number }[] = [];
    const post = (key: string, body: QrEntryRequest) =>
      fetch(`${address}/api/QRCodes/${p.uid}/qr-entry`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      });
    const nodeCpu = cpuMeter();
    const pgCpu = pgCpuMeter(d);
    const end = performance.now() + SECONDS * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const i = n++;
          // A valid, distinct phone per shopper: area and exchange codes start with 2 to 9.
          const phone = `${200 + (i % 800)}${200 + (Math.floor(i / 800) % 800)}${String(Math.floor(i / 640_000)).padStart(4, "0")}`;
          phones.push(phone);
          const body: QrEntryRequest = {
            group: p.grp,
            formToken: details.formToken,
            language: i % 3 === 0 ? "es" : "en",
            appointmentTypeId: p.typeId,
            ...(i % 2 === 0 && { windowId: free[i % free.length] }),
            firstName: "Bench",
            lastName: `Shopper ${i}`,
            phone,
            email: `bench${i}@example.com`,
            consents: [{ destination: "crm", disclosureText: crm.text }],
          };
          const key = randomUUID();
          const started = performance.now();
          const res = await post(key, body);
          const answer = (await res.json()) as { entryId?: number };
          outcomes.push({ status: res.status, ms: performance.now() - started, entryId: answer.entryId });
          if (res.status === 201 && i % 100 === 0)
            repeats.push({ key, body, entryId: answer.entryId as number });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // CPU per answered entry, in ms: the Node process (server and load generator) and PostgreSQL's backends.
    const perEntry = (share: number | null) =>
      share === null ? "–" : ((share * seconds * 1000) / Math.max(1, outcomes.length)).toFixed(1);
    const cpu = `${perEntry(nodeCpu())} / ${perEntry(await pgCpu())}`;

    // None doubled by a retry: the same key answers the same entry.
    let repeatMismatch = 0;
    for (const r of repeats) {
      const res = await post(r.key, r.body);
      const again = (await res.json()) as { entryId?: number };
      if (res.status !== 201 || again.entryId !== r.entryId) repeatMismatch++;
    }
    const ok = outcomes.filter((o) => o.status === 201);
    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const latencies = ok.map((o) => o.ms);

    // None lost, none doubled: every answered entry is kept with its lead; one lead per shopper's phone.
    const kept = await one<{ n: number; leads: number }>(
      d,
      "select count(*)::int as n, count(lead_id)::int as leads from capture_entries where id = any($1)",
      [ok.map((o) => o.entryId)],
    );
    const perPhone = await one<{ leads: number; phones: number }>(
      d,
      `select count(*)::int as leads, count(distinct phone)::int as phones from leads
       where organization_id = $1 and source = 'qr' and phone = any($2)`,
      [p.org, phones],
    );
    const over = await one<{ n: number }>(
      d,
      "select count(*)::int as n from appointment_windows where organization_id = $1 and booked > capacity",
      [p.org],
    );
    const booked = await one<{ n: number }>(
      d,
      "select count(*)::int as n from appointments where organization_id = $1 and source = 'qr'",
      [p.org],
    );

    // The public page's free windows, one call at a time.
    const available: number[] = [];
    for (let i = 0; i < 5 + RUNS; i++) {
      const t = performance.now();
      const res = await fetch(availableUrl);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`available: ${res.status}`);
      if (i >= 5) available.push(performance.now() - t);
    }
    const status = [...statuses].map(([s, c]) => `${c} × ${s}`).join(", ");
    return [
      `| ${label} | ${CONCURRENCY} | ${Math.round(seconds)} s | **${Math.round(ok.length / seconds)} /s** | ${ms(pct(latencies, 0.5))} / ${ms(pct(latencies, 0.95))} / ${ms(pct(latencies, 0.99))} | ${status} | ${booked.n} | ${ok.length - kept.leads} lost, ${perPhone.leads - perPhone.phones} doubled, ${repeatMismatch} of ${repeats.length} retries answered otherwise | ${over.n} | ${ms(pct(available, 0.5))} / ${ms(pct(available, 0.95))} | ${cpu} |`,
    ];
  } finally {
    await app.close();
  }
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
  const dir = mkdtempSync(join(tmpdir(), "fl-bench-qr-"));
  const d = await openDatabase({ dataDir: dir });
  try {
    lines.push(...(await run("PGlite (on disk)", d)));
  } finally {
    await d.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  `\nPublic QR entries through HTTP for ${SECONDS} s at concurrency ${CONCURRENCY} (half book a window); available windows: ${RUNS} calls one at a time\n`,
);
console.log(
  "| database | concurrency | duration | entries answered 201 per second | entry p50 / p95 / p99 ms | answers | bookings made | lost / doubled | windows over capacity | available windows p50 / p95 ms | CPU per entry, Node / PostgreSQL ms |",
);
console.log("|---|---:|---:|---:|---:|---|---:|---|---:|---:|---:|");
for (const l of lines) console.log(l);
