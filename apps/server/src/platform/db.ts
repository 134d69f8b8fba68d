import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../db/schema/index";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "../db/migrations");

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL without parameters (pg-boss on PGlite needs `exec` for multi-statement SQL). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** True when the database holds no organizations yet. */
  isEmpty: () => Promise<boolean>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; inMemory?: boolean };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  let path: string | undefined;
  if (!opts.inMemory) {
    if (!opts.dataDir) throw new Error("dataDir is required for the embedded database");
    path = join(opts.dataDir, "pglite");
    // PGlite does not create parent folders.
    mkdirSync(opts.dataDir, { recursive: true });
  }
  const client = path ? new PGlite(path) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: "pglite",
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const r = await client.query(text, values as unknown[]);
      return { rows: r.rows };
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
    isEmpty: () => isEmpty(database),
  };
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover, a database being dropped) must not crash the
  // process: the pool discards it and the next query opens a new one.
  pool.on("error", () => undefined);
  // Surface a bad URL or a server that is down at start, with a clear message.
  const probe = await pool.connect().catch((err: Error) => {
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${err.message}`);
  });
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: "postgres",
    executeSql: async (text, values) => {
      const r = await pool.query(text, values as unknown[] | undefined);
      return { rows: Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows };
    },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
    isEmpty: () => isEmpty(database),
  };
  return database;
}

async function isEmpty(d: Database): Promise<boolean> {
  const r = await d.executeSql("select count(*)::int as n from organizations", []);
  return (r.rows[0] as { n: number }).n === 0;
}
