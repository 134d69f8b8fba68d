/**
 * Memory of a large export: 100,000 internal leads downloaded as CSV (and XLSX) through the API from a server
 * listening on the loopback, the client reading the body as it arrives (fetch, streamed), on the embedded
 * database (PGlite on disk). Each export runs in a fresh server process (PGlite's WebAssembly memory only grows,
 * so a second export in one process would hide the first one's growth): the process opens the database, starts
 * the server, signs in, makes one small warm-up export, collects garbage, then samples its memory every 5 ms while
 * the big export streams. The client is another process (`--client process`, the default: the server's memory
 * alone) or the server's own (`--client inline`: fetch in the same process, as the first measurement was made).
 *
 *   node --expose-gc --import tsx bench/export-memory.bench.ts [--count 100000] [--runs 3] [--formats csv,xlsx]
 *                                    [--client process|inline] [--heap MB] [--pglite-dir DIR]
 *
 * The RSS peak is the kernel's high-water mark (VmHWM, reset before the export); the heap peaks are sampled
 * every 5 ms when the event loop gets a turn, and the longest time it did not get one is reported too. The RSS
 * peak counts garbage V8 has not collected yet (it lets the old generation grow to a limit before a full
 * collection): `--heap 256` caps the server's old generation (`--max-old-space-size=256`), which shows how much
 * of the growth was garbage waiting rather than memory held.
 *
 * The leads are generated once into DIR (default: a temporary folder, removed at the end; a given DIR is kept
 * and reused, so the same data can be measured before and after a change). Prints one line per run and a
 * Markdown table: rows, bytes, time, and the growth of RSS, V8 heap and external memory over the baseline.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { LEAD_EXPORT_ROW_CAP, LEAD_STATUS } from "@fieldlead/contracts";
import { buildApp } from "../apps/server/src/app";
import { generateLeads } from "../apps/server/src/db/leads-volume";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { DEMO_PASSWORD, seedDemo } from "../apps/server/src/db/seed";
import { openDatabase } from "../apps/server/src/platform/db";
import { testConfig } from "../apps/server/test/harness";
import { ensurePgDatabase, ORG, one, PG_URL } from "./support/lead-volume";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: String(LEAD_EXPORT_ROW_CAP) },
    runs: { type: "string", default: "3" },
    formats: { type: "string", default: "csv,xlsx" },
    client: { type: "string", default: "process" },
    /** Run the server with V8's old generation capped at this many MB (`--max-old-space-size`). */
    heap: { type: "string" },
    "pglite-dir": { type: "string" },
    /** Measure on PostgreSQL (BENCH_DATABASE_URL, default the lead benchmarks' fl_bench) instead of PGlite. */
    pg: { type: "boolean", default: false },
    /** Internal: run one export in this process and print its numbers as JSON. */
    child: { type: "string" },
  },
});
const MiB = 1024 * 1024;

/** Generates leads until the organization holds `count` internal, not rejected ones (the export's rows). */
const openBenchDatabase = (dir: string) =>
  args.pg ? openDatabase({ databaseUrl: PG_URL }) : openDatabase({ dataDir: dir });

async function prepare(dir: string, count: number) {
  if (args.pg) await ensurePgDatabase(PG_URL, false);
  const d = await openBenchDatabase(dir);
  try {
    await d.migrate();
    await applyReferenceData(d.db);
    if (await d.isEmpty()) await seedDemo(d.db);
    const { id } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
    const internal = async () =>
      (
        await one<{ n: number }>(
          d,
          "select count(*)::int as n from leads where organization_id = $1 and kind = 'internal' and status_id <> $2 and deleted_at is null",
          [id, LEAD_STATUS.rejected],
        )
      ).n;
    for (let n = await internal(); n < count; n = await internal()) {
      const missing = Math.ceil((count - n) * 1.25) + 100;
      console.log(
        `generating ${missing.toLocaleString("en-US")} leads (${n.toLocaleString("en-US")} internal)`,
      );
      await generateLeads(d.db, {
        organizationId: id,
        count: missing,
        years: 2,
        skipForeignKeyChecks: true,
        batchSize: 25_000,
      });
    }
    await d.executeSql("analyze");
    return await internal();
  } finally {
    await d.close();
  }
}

type Result = {
  format: string;
  rows: number;
  bytes: number;
  ms: number;
  firstByteMs: number;
  baseline: { rss: number; heapUsed: number; external: number };
  peak: { rss: number; heapUsed: number; external: number };
  loopDelayMaxMs: number;
  afterGc: { rss: number };
};

type Download = { bytes: number; lines: number; first: number };

/** Reads a body as it comes, keeping only its size, its line count and when the first bytes came. */
async function drain(response: Promise<Response>): Promise<Download> {
  const res = await response;
  if (res.status !== 200 || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let first = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now();
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  return { bytes, lines, first };
}

/** The same download made by another Node process, so the numbers are the server's alone (`first`: ms to the first bytes). */
const CLIENT = `
const [url, token, org, body] = process.argv.slice(1);
const t0 = performance.now();
const res = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json",
  authorization: "Bearer " + token, currentorganizationid: org } });
if (res.status !== 200) { console.error(res.status, await res.text()); process.exit(1); }
let bytes = 0, lines = 0, first = 0;
for await (const value of res.body) {
  if (!first) first = performance.now() - t0;
  bytes += value.length;
  for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
}
console.log(JSON.stringify({ bytes, lines, first }));
`;

function inAnotherProcess(url: string, token: string, orgId: number, body: object): Promise<Download> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", CLIENT, url, token, String(orgId), JSON.stringify(body)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`client exit ${code}`)),
    );
  });
}

/** Resets the kernel's high-water mark of this process's RSS (Linux: VmHWM), when it can. */
function resetPeakRss() {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // Not Linux, or not allowed: the sampled RSS is used instead.
  }
}

/** The highest RSS of this process since the last reset (bytes), from /proc/self/status. */
function peakRss(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** One export in this process: the numbers as JSON on the last line of stdout. */
async function child(dir: string, format: string): Promise<Result> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("Run with node --expose-gc.");
  const d = await openBenchDatabase(dir);
  const app = await buildApp({ config: testConfig(), database: d });
  try {
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const { id: orgId } = await one<{ id: number }>(d, "select id from organizations where name = $1", [ORG]);
    const login = await fetch(`${address}/api/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@demo.local", password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const exportOf = (body: object) =>
      fetch(`${address}/api/leads/internal/search`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          currentorganizationid: String(orgId),
        },
        body: JSON.stringify({ ...body, format }),
      });
    const download = (body: object) =>
      args.client === "inline"
        ? drain(exportOf(body))
        : inAnotherProcess(`${address}/api/leads/internal/search`, token, orgId, { ...body, format });
    // Warm-up: a small export loads every module and plan the big one needs.
    await download({ dateRange: 1 });
    for (let i = 0; i < 3; i++) gc();
    resetPeakRss();
    const m0 = process.memoryUsage();
    const baseline = { rss: m0.rss, heapUsed: m0.heapUsed, external: m0.external };
    const peak = { ...baseline };
    const sample = () => {
      const m = process.memoryUsage();
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      peak.external = Math.max(peak.external, m.external);
    };
    // Sampled when the event loop gets a turn; the RSS peak is the kernel's (VmHWM), exact whatever the loop does.
    const timer = setInterval(sample, 5);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    const r = await download({});
    const ms = performance.now() - t0;
    loop.disable();
    clearInterval(timer);
    sample();
    peak.rss = peakRss() ?? peak.rss;
    for (let i = 0; i < 3; i++) gc();
    return {
      format,
      // A CSV line per lead after the header (a line break inside a quoted note counts too: close enough);
      // an XLSX body is compressed, so its rows are not counted here.
      rows: format === "csv" ? r.lines - 1 : 0,
      bytes: r.bytes,
      ms,
      firstByteMs: r.first - (args.client === "inline" ? t0 : 0),
      loopDelayMaxMs: loop.max / 1e6,
      baseline,
      peak,
      afterGc: { rss: process.memoryUsage().rss },
    };
  } finally {
    await app.close();
    await d.close();
  }
}

const mib = (n: number) => (n / MiB).toFixed(0);

if (args.child) {
  const r = await child(args["pglite-dir"] ?? "", args.child);
  console.log(JSON.stringify(r));
  process.exit(0);
}

const keep = args["pglite-dir"];
const dir = keep ?? (args.pg ? "" : mkdtempSync(join(tmpdir(), "fl-bench-export-")));
try {
  const internal = await prepare(dir, Number(args.count));
  console.log(
    `${internal.toLocaleString("en-US")} internal leads (not rejected) in ${ORG} (the export holds at most ${LEAD_EXPORT_ROW_CAP.toLocaleString("en-US")})`,
  );
  const self = fileURLToPath(import.meta.url);
  const table = [
    "| format | run | rows | size | time | first byte | longest event-loop stall | RSS baseline | RSS peak growth | heap peak growth | external peak growth |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const format of (args.formats ?? "csv").split(",")) {
    for (let run = 1; run <= Number(args.runs); run++) {
      const out = execFileSync(
        process.execPath,
        [
          ...(args.heap ? [`--max-old-space-size=${args.heap}`] : []),
          "--expose-gc",
          "--import",
          "tsx",
          self,
          "--child",
          format,
          "--pglite-dir",
          dir,
          "--client",
          args.client ?? "process",
          ...(args.pg ? ["--pg"] : []),
        ],
        { encoding: "utf8", maxBuffer: 16 * MiB },
      );
      const r = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as Result;
      const line = `| ${format} | ${run} | ${r.rows ? r.rows.toLocaleString("en-US") : "-"} | ${(r.bytes / 1e6).toFixed(1)} MB | ${(r.ms / 1000).toFixed(1)} s | ${Math.round(r.firstByteMs)} ms | ${Math.round(r.loopDelayMaxMs).toLocaleString("en-US")} ms | ${mib(r.baseline.rss)} MiB | +${mib(r.peak.rss - r.baseline.rss)} MiB | +${mib(r.peak.heapUsed - r.baseline.heapUsed)} MiB | +${mib(r.peak.external - r.baseline.external)} MiB |`;
      table.push(line);
      console.log(line);
    }
  }
  const gcNote = args.heap ? `, server heap capped at ${args.heap} MB` : "";
  console.log(`\nclient: ${args.client}${gcNote}\n${table.join("\n")}`);
} finally {
  if (!keep && dir) rmSync(dir, { recursive: true, force: true });
}
