// Template databases for the server tests (docs/decisions/0017): migrated, with the reference lists, and with or
// without the demo data, built once and copied for each test file. Used by `db-template.setup.ts` (vitest
// globalSetup, once per run in vitest's main process) and by `harness.ts` (each file's copy).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { applyReferenceData } from "../src/db/reference-data";
import { seedDemo } from "../src/db/seed";
import { type Database, openDatabase } from "../src/platform/db";

/** The two templates: `bare` is migrations and reference lists (`seed: false`), `seeded` adds the demo data. */
export type TemplateKind = "bare" | "seeded";
/** Where each file finds its template: dump files (PGlite) or template database names (PostgreSQL). */
export type Templates = Record<TemplateKind, string>;

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * What the templates are made of. A change to any of these files builds new templates: the migrations, the
 * schema, the reference lists and demo seed (apps/server/src/db), the contracts they read (roles, ids, dates),
 * the password hashing, the database opening, this builder, and the PGlite version (its data directory format).
 */
const SOURCES = [
  "apps/server/src/db",
  "packages/contracts/src",
  "apps/server/src/platform/crypto.ts",
  "apps/server/src/platform/db.ts",
];

function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(path, e.name))
      : /\.(ts|sql|json)$/.test(e.name) && !e.name.includes(".test.")
        ? [join(path, e.name)]
        : [],
  );
}

/** Today's date (UTC) as YYYYMMDD: the demo leads are spread back from the day they are generated. */
function today(now = new Date()) {
  return now.toISOString().slice(0, 10).replaceAll("-", "");
}

/**
 * The templates' key: the date, then a hash of their sources. The date is part of it because the demo leads are
 * generated back from "now": a template is rebuilt at the first run of each day (UTC), never reused from older.
 */
export function templateKey(now = new Date()): string {
  const h = createHash("sha256");
  const files = [
    ...SOURCES.flatMap((p) => sourceFiles(join(root, p))),
    fileURLToPath(import.meta.url),
  ].sort();
  for (const f of files) {
    h.update(relative(root, f));
    h.update("\0");
    h.update(readFileSync(f));
    h.update("\0");
  }
  h.update(`pglite ${pgliteVersion()}`);
  return `${today(now)}_${h.digest("hex").slice(0, 16)}`;
}

/** The installed PGlite's version, found the way the server's imports find the package. */
function pgliteVersion(): string {
  for (const dir of ["apps/server/node_modules", "node_modules"]) {
    const file = join(root, dir, "@electric-sql/pglite/package.json");
    if (existsSync(file)) return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  }
  throw new Error("@electric-sql/pglite is not installed");
}

async function fill(d: Database, kind: TemplateKind) {
  if (kind === "bare") {
    await d.migrate();
    await applyReferenceData(d.db);
  } else {
    await seedDemo(d.db);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PGlite: dump files in node_modules/.cache/fieldlead-test-db, loaded by each file into an in-memory PGlite.

/** The cache folder of the PGlite dumps. Deleting it (or any file in it) rebuilds them at the next run. */
export const pgliteCacheDir = join(root, "node_modules/.cache/fieldlead-test-db");

function writeAtomically(file: string, data: Uint8Array) {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, data);
  // A rename is atomic: a concurrent run reads the old file or the new one, never half of one.
  renameSync(tmp, file);
}

/** The dump files of today's templates, built when missing. Returns the paths and whether they were built. */
export async function ensurePgliteTemplates(
  now = new Date(),
): Promise<{ templates: Templates; built: boolean }> {
  const key = templateKey(now);
  const templates: Templates = {
    bare: join(pgliteCacheDir, `${key}-bare.tar.gz`),
    seeded: join(pgliteCacheDir, `${key}-seeded.tar.gz`),
  };
  if (existsSync(templates.bare) && existsSync(templates.seeded)) return { templates, built: false };
  mkdirSync(pgliteCacheDir, { recursive: true });
  const d = await openDatabase({ inMemory: true });
  try {
    for (const kind of ["bare", "seeded"] as const) {
      await fill(d, kind);
      const dump = await d.dumpDataDir?.();
      if (!dump) throw new Error("the embedded database cannot dump its data directory");
      writeAtomically(templates[kind], new Uint8Array(await dump.arrayBuffer()));
    }
  } finally {
    await d.close();
  }
  try {
    pruneOldDumps(key);
  } catch (err) {
    console.warn(`test database templates: cleaning up old dumps failed: ${(err as Error).message}`);
  }
  return { templates, built: true };
}

/**
 * Removes the other keys' dumps once they are an hour old: a run still going with older sources (or a watch
 * session) gets an hour; after that, a file whose dump is gone builds its database in place (harness.ts).
 */
function pruneOldDumps(key: string) {
  for (const f of readdirSync(pgliteCacheDir)) {
    const path = join(pgliteCacheDir, f);
    if (!f.startsWith(`${key}-`) && Date.now() - statSync(path).mtimeMs > 3_600_000)
      rmSync(path, { force: true });
  }
}

/** A new in-memory PGlite holding a copy of a template dump; undefined when the dump is gone (pruned). */
export async function openPgliteCopy(dumpFile: string): Promise<Database | undefined> {
  if (!existsSync(dumpFile)) return undefined;
  return openDatabase({ inMemory: true, loadDataDir: new Blob([readFileSync(dumpFile)]) });
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: template databases fl_tpl_<day>_<hash>_{bare,seeded} on the server, copied with
// `create database ... template ...`. Nobody may be connected to a template while it is copied: each is built
// under another name, its connections closed, marked `is_template` and `allow_connections false` (nobody can
// connect to it any more), then renamed to its final name, which is what publishes it.

/**
 * Serializes template building across runs (several checkouts, CI) connecting to the same database of the
 * server (advisory locks belong to a database). Runs through different databases may both build: the second
 * rename finds the name taken and uses the first one's template.
 */
const ADVISORY_LOCK = 0x0f17_0017;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Today's template databases on the server, built when missing. */
export async function ensurePostgresTemplates(
  url: string,
  now = new Date(),
): Promise<{ templates: Templates; built: boolean }> {
  const key = templateKey(now);
  const templates: Templates = { bare: `fl_tpl_${key}_bare`, seeded: `fl_tpl_${key}_seeded` };
  return adminQuery(url, async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [ADVISORY_LOCK]);
    try {
      const exists = async (name: string) =>
        (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
      let built = false;
      for (const kind of ["bare", "seeded"] as const) {
        const name = templates[kind];
        if (await exists(name)) continue;
        const building = `fl_tplbuild_${Date.now().toString(36)}_${process.pid}`;
        await admin.query(
          kind === "bare"
            ? `create database ${building}`
            : `create database ${building} template ${templates.bare}`,
        );
        try {
          const d = await openDatabase({ databaseUrl: withDatabase(url, building) });
          try {
            await fill(d, kind);
          } finally {
            await d.close();
          }
          // Waits (up to 5 s, PostgreSQL's rule) for the closed connections' server processes to end.
          await admin.query(`alter database ${building} with is_template true allow_connections false`);
          await admin.query(`alter database ${building} rename to ${name}`);
          built = true;
        } catch (err) {
          await dropDatabase(admin, building);
          if (!(await exists(name))) throw err;
        }
      }
      await prunePostgres(admin, now).catch((err: Error) =>
        console.warn(`test database templates: cleaning up old databases failed: ${err.message}`),
      );
      return { templates, built };
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [ADVISORY_LOCK]);
    }
  });
}

/**
 * Drops templates of days before yesterday, template builds left by a run that died (an hour old), and the
 * per-file databases of runs that died before their files closed (a day old; the name holds its creation time).
 */
async function prunePostgres(admin: pg.Client, now: Date) {
  const keep = today(new Date(now.getTime() - 86_400_000));
  const names = (
    await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'fl\\_tpl%' or datname like 'fl\\_test\\_%'",
    )
  ).rows.map((r) => r.datname);
  for (const name of names) {
    const tpl = /^fl_tpl_(\d{8})_[0-9a-f]+_(bare|seeded)$/.exec(name);
    const build = /^fl_tplbuild_([0-9a-z]+)_\d+$/.exec(name);
    const file = /^fl_test_([0-9a-z]+)_[0-9a-z]+$/.exec(name);
    const age = (b36: string) => now.getTime() - Number.parseInt(b36, 36);
    if ((tpl && tpl[1] < keep) || (build && age(build[1]) > 3_600_000) || (file && age(file[1]) > 86_400_000))
      await dropDatabase(admin, name);
  }
}

async function dropDatabase(admin: pg.Client, name: string) {
  // A template database cannot be dropped.
  await admin.query(`alter database ${name} with is_template false`).catch(() => undefined);
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** A new database on the server copied from a template; closing it drops it. */
export async function openPostgresCopy(url: string, template: string | undefined): Promise<Database> {
  const copy = await createPostgresCopy(url, template);
  const d = await openDatabase({ databaseUrl: copy.url });
  const close = d.close;
  d.close = async () => {
    await close();
    await copy.drop();
  };
  return d;
}

/** A new database on the server (a copy of `template` when given): its URL, and `drop` to remove it. */
export async function createPostgresCopy(url: string, template: string | undefined) {
  const name = `fl_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(url, (a) =>
    a.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return {
    url: withDatabase(url, name),
    drop: () => adminQuery(url, (a) => a.query(`drop database if exists ${name} with (force)`)),
  };
}
