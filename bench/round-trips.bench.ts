/**
 * What a request costs on this machine before any product code (issue #13's floor, docs/benchmarks.md): a bare
 * Fastify route over HTTP (Node's `fetch` as the client in the same process, as bench/qr-entries.bench.ts does),
 * whose handler runs one transaction of K trivial parameterized statements (`select $1::int`) through a
 * `pg.Pool` of 10, for K = 0 (no database), 1, 5, 10, 20 and 30. Requests per second at concurrency 50 for a few
 * seconds each, and the CPU the Node process used per request. The PostgreSQL side's CPU is the rest of the
 * machine's: `top` during a run shows it.
 *
 *   npx tsx bench/round-trips.bench.ts [--seconds 10] [--concurrency 50]
 */
import { parseArgs } from "node:util";
import Fastify from "fastify";
import pg from "pg";

const { values: args } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, concurrency: { type: "string", default: "50" } },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const pool = new pg.Pool({ connectionString: URL, max: 10 });
const app = Fastify({ logger: false });
app.post<{ Querystring: { k: string } }>("/run", async (req) => {
  const k = Number(req.query.k);
  if (k === 0) return { ok: true };
  const client = await pool.connect();
  try {
    if (k === 1) {
      await client.query("select $1::int as n", [1]);
      return { ok: true };
    }
    await client.query("begin");
    for (let i = 0; i < k - 2; i++) await client.query("select $1::int as n", [i]);
    await client.query("commit");
    return { ok: true };
  } finally {
    client.release();
  }
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });

console.log(`| statements per request | requests per second | Node CPU per request (ms) |`);
console.log(`|---:|---:|---:|`);
for (const k of [0, 1, 5, 10, 20, 30]) {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const res = await fetch(`${address}/run?k=${k}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ firstName: "Bench", lastName: "Shopper", phone: "2015550123" }),
        });
        await res.arrayBuffer();
        n++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  console.log(`| ${k} | ${Math.round(n / seconds)} | ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} |`);
}
await app.close();
await pool.end();
