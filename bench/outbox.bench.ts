/**
 * The outbox and idempotency keys under load (docs/decisions/0019-outbox.md): what the outbox row adds to
 * a write, how fast dispatchers drain due rows (and that each row is handled exactly once), and what `once`
 * adds to a create and costs on a replay.
 *
 *   npx tsx bench/outbox.bench.ts                       # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fl_bench_outbox npx tsx bench/outbox.bench.ts
 *                                                       # ... and PostgreSQL, in that scratch database
 *   BENCH_ENGINE=pglite|postgres                        # one engine only (default both): the RSS figures
 *                                                       # are the process's, so one engine per process is
 *                                                       # what they should be read from
 *
 * The PostgreSQL database must exist and be empty of data (it is migrated; a database holding organizations,
 * mail, outbox rows or idempotency keys is refused); what the bench writes is removed at the end.
 * Sizes: BENCH_WRITES (5000), BENCH_ROWS (5000 rows per dispatch run), BENCH_KEYS (2000), BENCH_REPEATS (3
 * dispatch runs per setting). Everything runs one call at a time except the dispatchers, which share the
 * rows.
 * A row handled twice, or not at all, stops the bench with an error. Prints a Markdown section for
 * docs/benchmarks.md.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { bigserial, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import pino from "pino";
import { applyReferenceData } from "../apps/server/src/db/reference-data";
import { type Database, openDatabase } from "../apps/server/src/platform/db";
import { type IdempotencyScope, once } from "../apps/server/src/platform/idempotency";
import { createMailer } from "../apps/server/src/platform/mail";
import { type OutboxHandler, outboxDispatcher, outboxWriter } from "../apps/server/src/platform/outbox";
import { createPlatform } from "../apps/server/src/platform/platform";
import type { Tx } from "../apps/server/src/platform/unit-of-work";
import { testConfig } from "../apps/server/test/harness";

const WRITES = Number(process.env.BENCH_WRITES ?? 5_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 2_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const WARMUP = 200;
/** Timed calls alternate between the variants in blocks of this size: load from elsewhere hits them alike. */
const BLOCK = 250;
const NOOP = "bench.noop";
const ENGINE = process.env.BENCH_ENGINE ?? "both";
const rssAtStart = process.memoryUsage().rss;
const silent = pino({ level: "silent" });

/** The "one small business row" of the idempotency part (a scratch table, created here). */
const benchItems = pgTable("bench_items", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  organizationId: integer("organization_id").notNull(),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const int = (v: number) => Math.round(v).toLocaleString("en-US");
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MiB`;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function scalar(d: Database, text: string): Promise<number> {
  const [row] = (await d.executeSql(text, [])).rows as Record<string, unknown>[];
  return Number(Object.values(row)[0]);
}

type Variant = { name: string; call: (i: number) => Promise<unknown> };
type Timing = { name: string; times: number[]; seconds: number };

/** WARMUP untimed calls per variant, then `n` timed calls each, alternating in blocks of BLOCK. */
async function alternate(variants: Variant[], n: number, warmup = WARMUP): Promise<Timing[]> {
  for (const v of variants) for (let i = 0; i < warmup; i++) await v.call(-1 - i);
  const times = variants.map(() => [] as number[]);
  for (let start = 0; start < n; start += BLOCK) {
    for (const [k, v] of variants.entries()) {
      for (let i = start; i < Math.min(n, start + BLOCK); i++) {
        const t0 = performance.now();
        await v.call(i);
        times[k].push(performance.now() - t0);
      }
    }
  }
  return variants.map((v, k) => ({
    name: v.name,
    seconds: sum(times[k]) / 1000,
    times: [...times[k]].sort((a, b) => a - b),
  }));
}

function latencyTable(rows: Timing[], unit: string): string[] {
  return [
    `| ${unit} | calls | ${unit === "transaction" ? "tx/s" : "calls/s"} | p50 ms | p95 ms | p99 ms |`,
    "|---|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${int(r.times.length)} | ${int(r.times.length / r.seconds)} | ` +
        `${ms(percentile(r.times, 50))} | ${ms(percentile(r.times, 95))} | ${ms(percentile(r.times, 99))} |`,
    ),
  ];
}

function fail(message: string): never {
  console.error(`\n*** BENCH FAILED: ${message}\n`);
  throw new Error(message);
}

async function writing(d: Database): Promise<string[]> {
  const smtp = createPlatform(testConfig({ smtpUrl: "smtp://127.0.0.1:1" }), d); // never dialled: no worker
  const mailbox = createPlatform(testConfig(), d);
  const message = (i: number) => ({ to: `w${i}@bench.test`, subject: "Bench", text: `Message ${i}` });
  const variants: Variant[] = [
    {
      name: "business row only (`mailer.send`, no SMTP: `mail_messages`)",
      call: (i) => mailbox.uow.run((tx) => mailbox.mailer.send(tx, message(i))),
    },
    {
      name: "business row + outbox row (`mailer.send` over SMTP)",
      call: (i) => smtp.uow.run((tx) => smtp.mailer.send(tx, message(i))),
    },
  ];
  if (d.kind === "postgres") {
    // The same insert without the `pg_notify` that the writer adds on PostgreSQL, to show what each costs.
    const quiet = createMailer(d.db, {
      smtpUrl: "smtp://127.0.0.1:1",
      outbox: outboxWriter({ kind: "pglite", signal: smtp.signal }),
    });
    variants.push({
      name: "business row + outbox row, without `pg_notify`",
      call: (i) => smtp.uow.run((tx) => quiet.send(tx, message(i))),
    });
  }
  console.error(`[${d.kind}] writing: ${variants.length} x ${WRITES} transactions`);
  const timings = await alternate(variants, WRITES);

  const mails = await scalar(d, "select count(*)::int from mail_messages");
  const rows = await scalar(d, "select count(*)::int from outbox where topic = 'mail.deliver'");
  const expected = (WRITES + WARMUP) * (variants.length - 1);
  if (mails !== (WRITES + WARMUP) * variants.length || rows !== expected) {
    fail(`writing: ${mails} mail rows and ${rows} outbox rows, expected ${expected} outbox rows`);
  }
  // Out of the way of the dispatch runs (they would be pending rows of another topic in the due index).
  await d.executeSql("delete from outbox", []);
  await d.executeSql("vacuum analyze outbox", []);

  const [plain, withOutbox] = timings;
  const p50 = (t: Timing) => percentile(t.times, 50);
  return [
    `### Writing: ${int(WRITES)} transactions per variant, one at a time`,
    "",
    ...latencyTable(timings, "transaction"),
    "",
    `The outbox row adds ${ms(p50(withOutbox) - p50(plain))} ms at p50 ` +
      `(${Math.round((p50(withOutbox) / p50(plain) - 1) * 100)}%) and takes throughput from ` +
      `${int(WRITES / plain.seconds)} to ${int(WRITES / withOutbox.seconds)} tx/s.`,
  ];
}

async function dispatching(d: Database): Promise<string[]> {
  const platform = createPlatform(testConfig(), d);
  const seen = new Map<string, number>();
  let retried = 0;
  const handler: OutboxHandler = {
    topic: NOOP,
    async handle(_payload, { key, attempt }) {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (attempt !== 1) retried++;
    },
  };
  const settings = [
    { workers: 1, batch: 10 },
    { workers: 4, batch: 10 },
    { workers: 1, batch: 50 },
    { workers: 4, batch: 50 },
  ];
  type Result = { rowsPerSecond: number[]; split: number[][]; peak: number; growth: number };
  const results = settings.map((): Result => ({ rowsPerSecond: [], split: [], peak: 0, growth: 0 }));
  let fillSeconds = 0;
  let run = 0;

  // Round -1 warms up (checked, not reported); after it, every other round runs the settings in reverse.
  for (let r = -1; r < REPEATS; r++) {
    const order = r % 2 === 0 ? [...settings.keys()].reverse() : [...settings.keys()];
    for (const s of order) {
      const { workers, batch } = settings[s];
      const prefix = `noop:${++run}:`;
      const t0 = performance.now();
      for (let start = 0; start < ROWS; start += 500) {
        await platform.uow.run(async (tx) => {
          for (let i = start; i < Math.min(ROWS, start + 500); i++) {
            await platform.outbox.add(tx, { topic: NOOP, key: `${prefix}${i}`, payload: { i } });
          }
        });
      }
      if (r >= 0) fillSeconds += (performance.now() - t0) / 1000;
      await d.executeSql("vacuum analyze outbox", []);
      seen.clear();
      retried = 0;

      const dispatchers = Array.from({ length: workers }, () =>
        outboxDispatcher({ database: d, handlers: [handler], signal: platform.signal, log: silent, batch }),
      );
      globalThis.gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const started = performance.now();
      const handled = await Promise.all(dispatchers.map((w) => w.drain()));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);

      const twice = [...seen].filter(([, n]) => n !== 1);
      const done = await scalar(
        d,
        `select count(*)::int from outbox where key like '${prefix}%' and status = 'done' and attempts = 1`,
      );
      const left = await dispatchers[0].pending(NOOP);
      if (sum(handled) !== ROWS || seen.size !== ROWS || twice.length > 0 || done !== ROWS || left !== 0) {
        fail(
          `dispatch with ${workers} dispatcher(s), batch ${batch}, run ${run}: ` +
            `drain() counts ${handled.join("+")} (expected ${ROWS}), ${seen.size} distinct rows handled, ` +
            `${twice.length} handled more than once (e.g. ${JSON.stringify(twice.slice(0, 5))}), ` +
            `${done} done with one attempt, ${left} still pending`,
        );
      }
      if (retried > 0) fail(`dispatch: ${retried} rows were handled on a second attempt`);
      await d.executeSql(`delete from outbox where key like '${prefix}%'`, []);
      console.error(
        `[${d.kind}] dispatch ${workers}x batch ${batch}${r < 0 ? " (warm-up)" : ""}: ` +
          `${int(ROWS / seconds)} rows/s, split ${handled.join("/")}, peak RSS ${mib(peak)}`,
      );
      if (r < 0) continue;
      const res = results[s];
      res.rowsPerSecond.push(ROWS / seconds);
      res.split.push(handled);
      res.peak = Math.max(res.peak, peak);
      res.growth = Math.max(res.growth, peak - base);
    }
  }
  await d.executeSql("vacuum analyze outbox", []);

  return [
    `### Dispatching: ${int(ROWS)} due rows of a no-op handler per run, ${REPEATS} runs per setting ` +
      "after a warm-up round",
    "",
    "| dispatchers | batch | rows/s (each run) | rows per dispatcher (first run) | peak RSS | RSS growth |",
    "|---:|---:|---:|---|---:|---:|",
    ...settings.map(
      (s, k) =>
        `| ${s.workers} | ${s.batch} | ${results[k].rowsPerSecond.map(int).join(", ")} | ` +
        `${results[k].split[0].map(int).join(" / ")} | ${mib(results[k].peak)} | ${mib(results[k].growth)} |`,
    ),
    "",
    "Every row was handled exactly once in every run " +
      `(counted per key; ${int(ROWS * settings.length * (REPEATS + 1))}` +
      ` rows, none on a second attempt, all marked done). Filling the rows through \`outbox.add\` ` +
      `(500 per transaction) ran at ${int((ROWS * settings.length * REPEATS) / fillSeconds)} rows/s. ` +
      "RSS is the whole process (for PGlite, the in-memory database too), sampled every 5 ms during " +
      "the drain: the highest of the runs, and the most it grew from the drain's start in one run.",
  ];
}

async function idempotency(d: Database): Promise<string[]> {
  await d.executeSql(
    `create table bench_items (id bigserial primary key, organization_id integer not null,
      name text not null, phone text not null, created_at timestamptz not null default now())`,
    [],
  );
  const { uow } = createPlatform(testConfig(), d);
  const scope: IdempotencyScope = { organizationId: 1, actor: "u1", operation: "bench.create" };
  const request = (i: number) => ({
    name: `Person ${i}`,
    phone: `201555${String(i).padStart(4, "0")}`,
    storeId: 7,
  });
  const create = async (tx: Tx, i: number) => {
    const [row] = await tx
      .insert(benchItems)
      .values({ organizationId: 1, name: `Person ${i}`, phone: request(i).phone })
      .returning();
    return row;
  };
  const firstIds = new Map<number, number>();
  const variants: Variant[] = [
    { name: "create, no key", call: (i) => uow.run((tx) => create(tx, i)) },
    {
      name: "`once` with a new key (claims the key, creates, stores the answer)",
      call: async (i) => {
        const row = await uow.run((tx) => once(tx, scope, `key-${i}`, request(i), () => create(tx, i)));
        firstIds.set(i, row.id);
      },
    },
  ];
  console.error(`[${d.kind}] idempotency: ${variants.length} x ${KEYS} transactions, then ${KEYS} replays`);
  const timings = await alternate(variants, KEYS);
  const items = await scalar(d, "select count(*)::int from bench_items");
  if (items !== 2 * (KEYS + WARMUP)) fail(`idempotency: ${items} items, expected ${2 * (KEYS + WARMUP)}`);

  // Replays of used keys, in a shuffled order: the stored answer comes back and nothing is created.
  const replay: Variant = {
    name: "`once` with a used key (replay: stored answer, nothing created)",
    call: async (j) => {
      const i = j < 0 ? j : (j * 7919) % KEYS; // warm-up: the warm-up keys
      const answer = await uow.run((tx) =>
        once<{ id: number }>(tx, scope, `key-${i}`, request(i), async () =>
          fail(`replay of key-${i} created`),
        ),
      );
      if (i >= 0 && answer.id !== firstIds.get(i)) {
        fail(`replay of key-${i} answered id ${answer.id}, first was ${firstIds.get(i)}`);
      }
    },
  };
  const [replays] = await alternate([replay], KEYS, 100);
  const after = await scalar(d, "select count(*)::int from bench_items");
  if (after !== items) fail(`idempotency: replays created ${after - items} rows`);
  const keys = await scalar(d, "select count(*)::int from idempotency_keys");
  if (keys !== KEYS + WARMUP) fail(`idempotency: ${keys} keys stored, expected ${KEYS + WARMUP}`);

  return [
    `### Idempotency keys: ${int(KEYS)} calls per variant, one at a time`,
    "",
    ...latencyTable([...timings, replays], "transaction"),
    "",
    "Each call is one `uow.run` transaction; the create inserts one row into a scratch table " +
      "and returns it " +
      "(stored as the answer). Replays check the answer's id against the first call's.",
  ];
}

async function run(label: string, d: Database): Promise<string[]> {
  await d.migrate();
  await applyReferenceData(d.db);
  const rssOpen = process.memoryUsage().rss;
  const loadBefore = loadavg()[0].toFixed(1);
  const lines = [
    `### ${label}`,
    "",
    `Process RSS ${mib(rssAtStart)} at start, ${mib(rssOpen)} with this database open and migrated.`,
    "",
  ];
  for (const part of [writing, dispatching, idempotency]) {
    const out = await part(d);
    lines.push(`#${out[0]}`, ...out.slice(1), "");
  }
  lines.push(
    `1-minute load average ${loadBefore} before and ${loadavg()[0].toFixed(1)} after, ` +
      `on ${cpus().length} cores.`,
  );
  return lines;
}

async function openPostgres(url: string): Promise<Database> {
  const d = await openDatabase({ databaseUrl: url });
  await d.migrate();
  const used = await scalar(
    d,
    `select (select count(*) from organizations) + (select count(*) from mail_messages)
      + (select count(*) from outbox) + (select count(*) from idempotency_keys)
      + (select count(*) from pg_tables where tablename = 'bench_items')`,
  );
  if (used > 0) {
    await d.close();
    fail(
      `${new URL(url).pathname.slice(1)} holds data: point BENCH_DATABASE_URL at an empty scratch database`,
    );
  }
  const close = d.close;
  d.close = async () => {
    await d.executeSql("drop table if exists bench_items", []);
    await d.executeSql("truncate outbox, mail_messages, idempotency_keys", []);
    await close();
  };
  return d;
}

const cpu = cpus()[0]?.model.trim() ?? "unknown CPU";
const machine =
  `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
  `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
const out = [
  "## Outbox, dispatch and idempotency keys (bench/outbox.bench.ts)",
  "",
  `Machine: ${machine}.`,
  "",
];
if (ENGINE !== "pglite" && ENGINE !== "postgres" && ENGINE !== "both")
  fail("BENCH_ENGINE: pglite|postgres|both");
if (ENGINE === "postgres" && !process.env.BENCH_DATABASE_URL)
  fail("BENCH_ENGINE=postgres needs BENCH_DATABASE_URL");
if (ENGINE !== "postgres") {
  const memory = await openDatabase({ inMemory: true });
  try {
    out.push(...(await run("PGlite (embedded, in memory)", memory)), "");
  } finally {
    await memory.close();
  }
}
if (process.env.BENCH_DATABASE_URL && ENGINE !== "pglite") {
  const server = await openPostgres(process.env.BENCH_DATABASE_URL);
  try {
    const version = (
      (await server.executeSql("show server_version", [])).rows[0] as { server_version: string }
    ).server_version;
    out.push(...(await run(`PostgreSQL ${version} (local server, same machine)`, server)), "");
  } finally {
    await server.close();
  }
}
console.log(out.join("\n"));
