/**
 * The public QR entry's SQL alone, without Node (issue #13's floor, docs/benchmarks.md): pgbench, PostgreSQL's own
 * C client, runs the statements one entry makes (captured from the product with a query log, in
 * bench/pgbench/qr-entry-book.sql for an entry that books a window and qr-entry-receive.sql for one that does
 * not, half each as bench/qr-entries.bench.ts sends them) against the same world, with new phones and emails each
 * time. Sent unnamed (`-M extended`: parsed and planned on every call, as drizzle sends them) and prepared
 * (`-M prepared`), at concurrency 10 and 50. This is what PostgreSQL on this machine can do for the entry with no
 * API in front of it: the API's entries a second cannot exceed it.
 *
 *   npx tsx bench/qr-entry-sql.bench.ts [--seconds 20]
 *
 * Needs `pgbench` (Debian's postgresql-client) on the PATH. PostgreSQL: BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/fl_bench_qr_sql), dropped and created afresh.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEFAULT_DISCLOSURE_TEMPLATES, fillDisclosure } from "@fieldlead/contracts";
import { openDatabase } from "../apps/server/src/platform/db";
import { ensurePgDatabase, one } from "./support/lead-volume";
import { prepareQrWorld } from "./support/qr-world";

const { values: args } = parseArgs({ options: { seconds: { type: "string", default: "20" } } });
const URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/fl_bench_qr_sql";
const here = dirname(fileURLToPath(import.meta.url));

await ensurePgDatabase(URL, true);
const d = await openDatabase({ databaseUrl: URL });
const world = await prepareQrWorld(d, "pgbench");
const ids = await one<{ code_id: number; user_id: number; territory: number; wmin: number; wmax: number }>(
  d,
  `select q.id as code_id, q.user_id, s.territory_id as territory,
     (select min(id) from appointment_windows where appointment_type_id = $2) as wmin,
     (select max(id) from appointment_windows where appointment_type_id = $2) as wmax
   from qr_codes q join stores s on s.id = q.store_id
   where q.organization_id = $1 and q.store_id = $3 and q.is_active order by q.id limit 1`,
  [world.org, world.typeId, world.store],
);
// The CRM consent text the page shows: the organization's own, else the product's default for its name.
const disclosure = await one<{ own: string | null; name: string }>(
  d,
  `select o.name, s.disclosure_crm as own
   from organizations o left join lead_settings s on s.organization_id = o.id where o.id = $1`,
  [world.org],
);
await d.close();

const vars = {
  org: world.org,
  uid: world.uid,
  code_id: ids.code_id,
  user_id: ids.user_id,
  store: world.store,
  territory: ids.territory,
  type: world.typeId,
  wmin: ids.wmin,
  wmax: ids.wmax,
  disclosure: disclosure.own ?? fillDisclosure(DEFAULT_DISCLOSURE_TEMPLATES.crm, disclosure.name),
};
const rows: string[] = [];
for (const mode of ["extended", "prepared"]) {
  for (const clients of [10, 50]) {
    // Statistics as autovacuum would keep them (this machine's server runs with autovacuum off).
    execFileSync("psql", [URL, "-qc", "analyze"]);
    const out = execFileSync(
      "pgbench",
      [
        "-n",
        `-M${mode}`,
        `-c${clients}`,
        "-j2",
        `-T${args.seconds}`,
        ...Object.entries(vars).flatMap(([k, v]) => ["-D", `${k}=${v}`]),
        "-f",
        `${join(here, "pgbench/qr-entry-book.sql")}@1`,
        "-f",
        `${join(here, "pgbench/qr-entry-receive.sql")}@1`,
        URL,
      ],
      { encoding: "utf8" },
    );
    const tps = Number(/^tps = ([\d.]+)/m.exec(out)?.[1]);
    const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? "?";
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1] ?? "?";
    rows.push(
      `| ${mode === "prepared" ? "prepared" : "unnamed (as drizzle sends them)"} | ${clients} | **${Math.round(tps)} /s** | ${Math.round(Number(latency))} | ${failed} |`,
    );
    console.log(rows.at(-1));
  }
}
console.log(`\nThe QR entry's statements through pgbench for ${args.seconds} s each (half book a window)\n`);
console.log("| statements | clients | entries per second | mean latency ms | failed |");
console.log("|---|---:|---:|---:|---:|");
for (const r of rows) console.log(r);
