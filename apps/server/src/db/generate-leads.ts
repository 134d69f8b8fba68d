import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config";
import { openDatabase } from "../platform/db";
import { generateLeads } from "./leads-volume";
import { applyReferenceData } from "./reference-data";

/**
 * `npm run generate:leads -- --org "Summit Home East" --count 1000000 --years 2`
 * Adds realistic leads to an organization of the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR) and reports how fast it wrote them. Options: --batch <rows per statement>, --no-answers,
 * --no-capture-entries.
 */
const { values } = parseArgs({
  options: {
    org: { type: "string" },
    count: { type: "string", default: "10000" },
    years: { type: "string", default: "2" },
    batch: { type: "string" },
    "no-answers": { type: "boolean", default: false },
    "no-capture-entries": { type: "boolean", default: false },
  },
});
if (!values.org) {
  console.error('Name the organization: --org "Summit Home East" (or its id).');
  process.exit(1);
}
const count = Number(values.count);
const years = Number(values.years);
if (!Number.isInteger(count) || count < 1 || !(years > 0)) {
  console.error("--count must be a positive whole number and --years a positive number.");
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await applyReferenceData(database.db);
const found = await database.executeSql(
  /^\d+$/.test(values.org)
    ? "select id, name from organizations where id = $1"
    : "select id, name from organizations where name = $1",
  [/^\d+$/.test(values.org) ? Number(values.org) : values.org],
);
const org = found.rows[0] as { id: number; name: string } | undefined;
if (!org) {
  console.error(`There is no organization "${values.org}".`);
  await database.close();
  process.exit(1);
}

const started = performance.now();
let last = started;
const written = await generateLeads(database.db, {
  organizationId: org.id,
  count,
  years,
  batchSize: values.batch ? Number(values.batch) : database.kind === "pglite" ? 20_000 : 100_000,
  answers: !values["no-answers"],
  captureEntries: !values["no-capture-entries"],
  skipForeignKeyChecks: true,
  onBatch: (done, total) => {
    const t = performance.now();
    const rate = Math.round(done / ((t - started) / 1000));
    console.log(
      `  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} leads (${Math.round(t - last)} ms, ${rate.toLocaleString("en-US")} leads/s so far)`,
    );
    last = t;
  },
});
await database.executeSql("analyze leads; analyze lead_answers; analyze capture_entries");
const seconds = (performance.now() - started) / 1000;
console.log(
  `Generated ${written.toLocaleString("en-US")} leads for ${org.name} on ${database.kind} in ${seconds.toFixed(1)} s: ${Math.round(written / seconds).toLocaleString("en-US")} leads/s.`,
);
await database.close();
