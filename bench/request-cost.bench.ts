/**
 * What each request costs (issue 10, item 7): every lead search's first page, the lookup list and a bare Fastify
 * route, timed over HTTP against a server in a process of its own, beside the same SQL run directly, at
 * concurrency 1 and 10, on PostgreSQL with a million leads in one organization.
 *
 *   npx tsx bench/request-cost.bench.ts [--runs 100] [--concurrency 1,10] [--only TEXT] [--count 1000000]
 *
 * - The server is the product's (`buildApp`, NODE_ENV=production, request logging on, as `npm start` runs it), in a
 *   child process listening on the loopback; the client is this process (fetch, keep-alive). Server CPU per request
 *   is the child's `process.cpuUsage()` over the timed requests divided by their number.
 * - "SQL" is the search's own statements (its page and its capped count, run together as the API runs them) sent
 *   directly through a `pg` pool of 10 connections from this process: what the request costs at the least.
 * - "bare Fastify" is a second child: Fastify with the same logger and one POST route answering a lead page of the
 *   same size (JSON parse in, JSON.stringify out, no database): the floor of HTTP and the framework on this machine.
 *
 * The database is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/fl_bench), created and filled when
 * missing (as bench/leads-search.bench.ts does; the two share it).
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Fastify, { type FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { DEMO_PASSWORD } from "../apps/server/src/db/seed";
import { openDatabase } from "../apps/server/src/platform/db";
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
    runs: { type: "string", default: "100" },
    concurrency: { type: "string", default: "1,10" },
    /** `http`: servers in processes of their own, called over the loopback; `inject`: in this process (no sockets). */
    transport: { type: "string", default: "http" },
    only: { type: "string" },
    count: { type: "string", default: "1000000" },
    /** Internal: run a server in this process (`app` or `bare`) and report its port over IPC. */
    serve: { type: "string" },
    /** Internal, with `--serve bare`: the JSON file the bare route answers. */
    payload: { type: "string" },
    /** Write a V8 CPU profile of the product's server into this folder (open it in Chrome's DevTools). */
    profile: { type: "string" },
  },
});

// ------------------------------------------------------------------------------------------------------------
// The servers (child processes)
// ------------------------------------------------------------------------------------------------------------

type Cpu = { user: number; system: number };

async function serve(kind: string) {
  let listen: () => Promise<string>;
  if (kind === "app") {
    const database = await openDatabase({ databaseUrl: PG_URL });
    const app = await buildApp({ config: testConfig({ logLevel: "info" }), database });
    listen = () => app.listen({ host: "127.0.0.1", port: 0 });
  } else {
    const { readFileSync } = await import("node:fs");
    const answer = JSON.parse(readFileSync(args.payload ?? "", "utf8"));
    const app = Fastify({ logger: { level: "info" } });
    app.post("/bare", async (request) => {
      if (!request.headers.authorization) throw new Error("no token");
      return answer;
    });
    listen = () => app.listen({ host: "127.0.0.1", port: 0 });
  }
  const address = await listen();
  process.on("message", (m: { cmd: string }) => {
    if (m.cmd === "cpu") process.send?.({ cpu: process.cpuUsage() });
    // Exiting (rather than being killed) writes the CPU profile of `--profile`.
    if (m.cmd === "exit") process.exit(0);
  });
  process.send?.({ address });
}

type Init = { method: string; body?: unknown };
/** A server under test: how to call it, its CPU time so far, and how to stop it. */
type Server = {
  request: (path: string, token: string, orgId: number, init: Init) => Promise<string>;
  cpu: () => Promise<Cpu>;
  stop: () => void;
};

const check = (path: string, status: number, text: string) => {
  if (status !== 200) throw new Error(`${path}: ${status} ${text.slice(0, 300)}`);
  return text;
};
const headersOf = (token: string, orgId: number, init: Init) => ({
  authorization: `Bearer ${token}`,
  currentorganizationid: String(orgId),
  ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
});

async function overHttp(address: string, path: string, token: string, orgId: number, init: Init) {
  const res = await fetch(`${address}${path}`, {
    method: init.method,
    headers: headersOf(token, orgId, init),
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return check(path, res.status, await res.text());
}

/** The product's server (`app`) or the bare one, in this process, called through `inject` (no sockets). */
async function inProcess(kind: "app" | "bare", payload?: string): Promise<Server> {
  process.env.NODE_ENV = "production";
  let app: FastifyInstance;
  if (kind === "app") {
    const database = await openDatabase({ databaseUrl: PG_URL });
    // Request logging off here: it would print into this process's output (the HTTP transport logs to a null sink).
    app = await buildApp({ config: testConfig(), database });
  } else {
    const answer = JSON.parse(payload ?? "{}");
    app = Fastify();
    app.post("/bare", async () => answer);
  }
  await app.ready();
  return {
    request: async (path, token, orgId, init) => {
      const res = await app.inject({
        method: init.method as "GET" | "POST",
        url: path,
        headers: headersOf(token, orgId, init),
        payload: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      return check(path, res.statusCode, res.body);
    },
    cpu: async () => process.cpuUsage(),
    stop: () => void app.close(),
  };
}

function startServer(kind: "app" | "bare", extra: string[] = []): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...process.execArgv,
        ...(kind === "app" && args.profile ? ["--cpu-prof", `--cpu-prof-dir=${args.profile}`] : []),
        fileURLToPath(import.meta.url),
        "--serve",
        kind,
        ...extra,
      ],
      { stdio: ["ignore", "ignore", "inherit", "ipc"], env: { ...process.env, NODE_ENV: "production" } },
    );
    let waiting: ((c: Cpu) => void) | null = null;
    child.on("message", (m: { address?: string; cpu?: Cpu }) => {
      if (m.address) {
        const address = m.address;
        resolve({
          request: (path, token, orgId, init) => overHttp(address, path, token, orgId, init),
          cpu: () =>
            new Promise<Cpu>((r) => {
              waiting = r;
              child.send({ cmd: "cpu" });
            }),
          stop: () => child.send({ cmd: "exit" }),
        });
      }
      if (m.cpu && waiting) {
        waiting(m.cpu);
        waiting = null;
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code) reject(new Error(`server ${kind} exited with ${code}`));
    });
  });
}

// ------------------------------------------------------------------------------------------------------------
// Load
// ------------------------------------------------------------------------------------------------------------

type Timing = { p50: number; p95: number; perSecond: number; cpuMs?: number };

/** `runs` calls of `fn` with `concurrency` in flight (after a warm-up), timed one by one and in all. */
async function load(
  fn: () => Promise<unknown>,
  concurrency: number,
  runs: number,
  server?: Server,
): Promise<Timing> {
  for (let i = 0; i < Math.max(5, concurrency * 2); i++) await fn();
  const times: number[] = [];
  let started = 0;
  const before = await server?.cpu();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < runs) {
        started++;
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - t0;
  const after = await server?.cpu();
  const cpuMs =
    before && after ? (after.user - before.user + after.system - before.system) / 1000 / runs : undefined;
  return { p50: pct(times, 0.5), p95: pct(times, 0.95), perSecond: (runs / wall) * 1000, cpuMs };
}

// ------------------------------------------------------------------------------------------------------------
// Main
// ------------------------------------------------------------------------------------------------------------

async function main() {
  const runs = Number(args.runs);
  const levels = (args.concurrency ?? "1,10").split(",").map(Number);
  await ensurePgDatabase(PG_URL, false);
  const d = await openDatabase({ databaseUrl: PG_URL });
  const { orgId, total } = await prepareDatabase(d, Number(args.count), "PostgreSQL");
  const version = (await one<{ v: string }>(d, "select version() as v")).v.split(" on ")[0];
  const sqlPool = new pg.Pool({ connectionString: PG_URL, max: 10 });
  const searchSql = searchSqlOf(d);

  const inject = args.transport === "inject";
  const app = inject ? await inProcess("app") : await startServer("app");
  const tokens = new Map<string, { token: string; userId: number }>();
  const signIn = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const body = JSON.parse(
      await app.request("/api/account/login", "none", orgId, {
        method: "POST",
        body: { email, password: DEMO_PASSWORD },
      }),
    ) as { token: string; userId: number };
    tokens.set(email, body);
    return body;
  };

  const lines: string[] = [];
  const header = `| call | c | API p50 / p95 ms | SQL p50 / p95 ms | API p95 ÷ SQL p95 | API / SQL per s | server CPU ms per call |`;
  const print = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  print(header);
  print("|---|---:|---:|---:|---:|---:|---:|");

  // The bare floor: the answer of the first search, sent back by a route that does nothing else.
  const admin = await signIn("admin@demo.local");
  const sample = await app.request("/api/leads/internal/search", admin.token, orgId, {
    method: "POST",
    body: {},
  });
  const payloadFile = join(tmpdir(), `fl-bench-bare-${process.pid}.json`);
  writeFileSync(payloadFile, sample);
  const bare = inject
    ? await inProcess("bare", sample)
    : await startServer("bare", ["--payload", payloadFile]);
  for (const c of levels) {
    const t = await load(
      () => bare.request("/bare", "x", orgId, { method: "POST", body: {} }),
      c,
      runs,
      bare,
    );
    print(
      `| bare Fastify, a lead page's JSON (${(sample.length / 1024).toFixed(1)} kB) | ${c} | ${ms(t.p50)} / ${ms(t.p95)} | - | - | ${Math.round(t.perSecond)} / - | ${t.cpuMs?.toFixed(2)} |`,
    );
  }
  bare.stop();

  const others: { label: string; path: string; method: string }[] = [
    { label: "lookup-list", path: "/api/app/lookup-list", method: "GET" },
    { label: "lookup-list?compact=true", path: "/api/app/lookup-list?compact=true", method: "GET" },
  ];
  for (const o of others) {
    if (args.only && !o.label.includes(args.only)) continue;
    for (const c of levels) {
      const t = await load(() => app.request(o.path, admin.token, orgId, { method: o.method }), c, runs, app);
      print(
        `| ${o.label} | ${c} | ${ms(t.p50)} / ${ms(t.p95)} | - | - | ${Math.round(t.perSecond)} / - | ${t.cpuMs?.toFixed(2)} |`,
      );
    }
  }

  const ratios: { label: string; c: number; ratio: number }[] = [];
  for (const s of await leadScenarios(d, orgId)) {
    if (args.only && !s.label.includes(args.only)) continue;
    const who = await signIn(s.user);
    const api = () =>
      app.request(`/api/leads/${s.path}/search`, who.token, orgId, { method: "POST", body: s.body });
    const view = VIEW[s.path];
    const sql = view ? searchSql(await tenantContextOf(d, orgId, who.userId), view, s.body) : null;
    for (const c of levels) {
      const a = await load(api, c, runs, app);
      const q = sql
        ? await load(
            () =>
              Promise.all([
                sqlPool.query(sql.page.sql, sql.page.params),
                sqlPool.query(sql.count.sql, sql.count.params),
              ]),
            c,
            runs,
          )
        : null;
      const ratio = q ? a.p95 / q.p95 : null;
      if (ratio !== null) ratios.push({ label: s.label, c, ratio });
      print(
        `| ${s.label} | ${c} | ${ms(a.p50)} / ${ms(a.p95)} | ${q ? `${ms(q.p50)} / ${ms(q.p95)}` : "n/a"} | ${ratio?.toFixed(2) ?? "-"} | ${Math.round(a.perSecond)} / ${q ? Math.round(q.perSecond) : "-"} | ${a.cpuMs?.toFixed(2)} |`,
      );
    }
  }
  app.stop();
  await sqlPool.end();
  await d.close();

  console.log(
    `\n### ${version}, ${total.toLocaleString("en-US")} leads in one organization, ${runs} calls per line\n`,
  );
  console.log(lines.join("\n"));
  for (const c of levels) {
    const at = ratios.filter((r) => r.c === c);
    const worst = at.reduce((w, r) => (r.ratio > w.ratio ? r : w), at[0]);
    if (worst)
      console.log(`\nconcurrency ${c}: worst API p95 ÷ SQL p95 ${worst.ratio.toFixed(2)} (${worst.label})`);
  }
}

if (args.serve) await serve(args.serve);
else {
  await main();
  process.exit(0);
}
