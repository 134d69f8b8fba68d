import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQLWrapper } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../db/schema/index";
import { prepareStatementsOn } from "./prepared-statements";
import { guardRoot, withTripwire } from "./unit-of-work";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

const here = dirname(fileURLToPath(import.meta.url));
/** The SQL migrations: beside the compiled server (dist/migrations), or in the sources (src/db/migrations). */
export const migrationsFolder = existsSync(join(here, "migrations"))
  ? join(here, "migrations")
  : join(here, "../db/migrations");

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL without parameters (pg-boss on PGlite needs `exec` for multi-statement SQL). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** True when the database holds no organizations yet. */
  isEmpty: () => Promise<boolean>;
  /**
   * PostgreSQL only: calls `onNotify` for each NOTIFY on `channel` (on a connection of its own), with its payload;
   * resolves to a function that stops listening. The embedded database has one process, which needs no such signal.
   */
  listen?: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Embedded only: a checkpointed copy of the data directory, for `DatabaseOptions.loadDataDir` (test templates). */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Embedded only: start from this dump (`Database.dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
  /** A root-handle query inside an open transaction throws at once (unit-of-work.ts); default: not in production. */
  tripwire?: boolean;
};

/**
 * The rows of a raw statement (`sql\`...\``). Both drivers answer `{ rows }`; drizzle types the answer per driver,
 * so this is the one place that says what it is.
 */
export async function rowsOf<T>(exec: Tx, query: SQLWrapper): Promise<T[]> {
  return ((await exec.execute(query.getSQL())) as unknown as { rows: T[] }).rows;
}

const tripwireOn = (opts: DatabaseOptions) => opts.tripwire ?? process.env.NODE_ENV !== "production";

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, tripwireOn(opts));
  let path: string | undefined;
  if (!opts.inMemory) {
    if (!opts.dataDir) throw new Error("dataDir is required for the embedded database");
    path = join(opts.dataDir, "pglite");
    // PGlite does not create parent folders.
    mkdirSync(opts.dataDir, { recursive: true });
  }
  const client = new PGlite({ dataDir: path, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const root = tripwireOn(opts) ? withTripwire(client, ["query", "exec", "sql", "transaction"]) : client;
  const db = guardRoot(drizzlePglite(root, { schema }) as unknown as Db);
  const database: Database = {
    db,
    kind: "pglite",
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await root.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const r = await root.query(text, values as unknown[]);
      return { rows: r.rows };
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    isEmpty: () => isEmpty(database),
    dumpDataDir: async () => {
      // Written to the files first, so a copy starts without replaying WAL (which would move sequences ahead).
      await client.exec("checkpoint");
      return client.dumpDataDir("gzip");
    },
  };
  return database;
}

async function openPostgres(url: string, tripwire: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover, a database being dropped) must not crash the
  // process: the pool discards it and the next query opens a new one.
  pool.on("error", () => undefined);
  prepareStatementsOn(pool);
  // Surface a bad URL or a server that is down at start, with a clear message.
  const probe = await pool.connect().catch((err: Error) => {
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${err.message}`);
  });
  probe.release();
  const root = tripwire ? withTripwire(pool, ["query", "connect"]) : pool;
  const db = guardRoot(drizzlePg(root, { schema }) as unknown as Db);
  const database: Database = {
    db,
    kind: "postgres",
    executeSql: async (text, values) => {
      const r = await root.query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows };
    },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
    async listen(channel, onNotify) {
      const client = await pool.connect();
      const handler = (m: pg.Notification) => {
        if (m.channel === channel) onNotify(m.payload ?? "");
      };
      client.on("notification", handler);
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        client.off("notification", handler);
        await client.query("unlisten *").catch(() => undefined);
        client.release();
      };
    },
    isEmpty: () => isEmpty(database),
  };
  return database;
}

async function isEmpty(d: Database): Promise<boolean> {
  const r = await d.executeSql("select count(*)::int as n from organizations", []);
  return (r.rows[0] as { n: number }).n === 0;
}
