import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Prepared statements for the hot public path (docs/decisions/0043).
 *
 * drizzle sends every statement unnamed, so PostgreSQL parses and plans it on each call. For the public QR entry
 * (about 30 statements) that was three quarters of PostgreSQL's CPU: the same statements, prepared, ran four times
 * as many entries a second (pgbench, docs/benchmarks.md). Code run inside {@link withPreparedStatements} has each
 * parameterized statement named by a hash of its text, so each connection parses it once and PostgreSQL may keep a
 * generic plan after five runs.
 *
 * Opt-in, not everywhere: a generic plan suits point lookups and inserts by key, but can be poor for a search
 * or a report whose ranges vary from call to call; those stay unnamed and planned for their own values. A
 * connection keeps at most {@link MAX_PER_CONNECTION} names, so statements whose text varies (lists of different
 * lengths) cannot grow a connection's memory without bound: past it, new texts run unnamed.
 */
const scope = new AsyncLocalStorage<true>();

/** Runs `fn` with its PostgreSQL statements prepared on their connections (no effect on the embedded database). */
export const withPreparedStatements = <T>(fn: () => Promise<T>): Promise<T> => scope.run(true, fn);

export const MAX_PER_CONNECTION = 256;

type Config = { text?: unknown; values?: unknown; name?: unknown };

/** The statement's values: in its config, or (as drizzle passes them) the second argument. */
const valuesOf = (c: Config, rest: unknown[]): unknown[] | undefined =>
  Array.isArray(rest[0]) ? rest[0] : Array.isArray(c.values) ? c.values : undefined;

/** Makes a pool's connections name statements run inside {@link withPreparedStatements}. */
export function prepareStatementsOn(pool: pg.Pool) {
  pool.on("connect", (client) => {
    // Text to name: a statement seen before on this connection is not hashed again.
    const named = new Map<string, string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (config: unknown, ...rest: unknown[]) => {
      const c = config as Config | null;
      if (
        scope.getStore() &&
        c &&
        typeof c === "object" &&
        !c.name &&
        typeof c.text === "string" &&
        valuesOf(c, rest)?.length
      ) {
        let name = named.get(c.text);
        if (!name && named.size < MAX_PER_CONNECTION) {
          name = `fl_${createHash("sha1").update(c.text).digest("base64url")}`;
          named.set(c.text, name);
        }
        if (name) return query({ ...c, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}
