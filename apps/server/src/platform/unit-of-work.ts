import { AsyncLocalStorage } from "node:async_hooks";
import type { Database, Tx } from "./db";

/**
 * The one way to write (docs/decisions/0018-unit-of-work.md).
 *
 * - This file is the only place that opens a transaction. Services receive a `UnitOfWork` in their deps and never
 *   the database itself; they call `run` for anything that writes (one statement or many) and pass its `tx` on.
 * - Repositories never open a transaction: every method takes the executor first (`tx` inside a unit of work,
 *   `uow.read` for reads outside one) and uses nothing else.
 * - A read of another module inside a transaction goes through that module's repository (or reader) with the
 *   same `tx`, so it sees the transaction's writes and takes part in its locks.
 *
 * The tripwire: PGlite has one connection, so a query on the root handle made while a transaction is open waits
 * for that transaction, which waits for the query: the whole server stalls. Outside production (or when
 * `openDatabase` is told so) db.ts wraps the client with `withTripwire` and the drizzle handle with `guardRoot`,
 * and such a query throws `RootQueryInTransaction` ("use the transaction's executor") at once. Each `run` marks
 * its callers with AsyncLocalStorage, so only code running inside the transaction is stopped: another request's
 * root query simply waits its turn, as it should. PostgreSQL gets the same check: there the query would not
 * hang, but it would read outside the transaction and could wait on the transaction's own locks.
 */

/** What repositories take first: the transaction of a unit of work, or the root handle for reads outside one. */
export type Executor = Tx;
export type { Tx };

export type UnitOfWork = {
  /**
   * Runs `fn` in one transaction: it commits when `fn` resolves and rolls back every write when it throws (the
   * error is rethrown). All of `fn`'s queries go through `tx`. A `run` inside another `run` of the same database
   * (a service calling another service) becomes a savepoint of the outer transaction: it rolls back alone when
   * it throws, and otherwise commits or rolls back with the outer one.
   */
  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The root executor, for reads outside a transaction. Inside `run`, use the `tx` it gives. */
  read: Executor;
};

/**
 * A transaction opened by `run`, for as long as its function runs; `outer` is the one it is nested in. `onCommit`
 * (outermost frames only) holds what `afterCommit` asked to run once the transaction has committed.
 */
type Frame = { root: object; tx: Tx; open: boolean; outer: Frame | undefined; onCommit: (() => void)[] };

const frames = new AsyncLocalStorage<Frame>();

/** The innermost transaction of this root that the caller is running inside, if any. */
function openFrame(root: object): Frame | undefined {
  for (let f = frames.getStore(); f; f = f.outer) if (f.open && f.root === root) return f;
  return undefined;
}

/** Thrown by the tripwire: a root-handle query made from inside an open transaction of the same database. */
export class RootQueryInTransaction extends Error {
  constructor() {
    super("use the transaction's executor");
    this.name = "RootQueryInTransaction";
  }
}

/** The object transactions are tracked by: the client under the drizzle handle (the tripwire's proxy if any). */
const rootOf = (db: Database["db"]) => (db as unknown as { $client: object }).$client;

export function unitOfWork(database: Pick<Database, "db">): UnitOfWork {
  const db = database.db;
  const root = rootOf(db);

  async function inside<T>(tx: Tx, fn: (tx: Tx) => Promise<T>, onCommit: (() => void)[]): Promise<T> {
    const frame: Frame = { root, tx, open: true, outer: frames.getStore(), onCommit };
    try {
      return await frames.run(frame, () => fn(tx));
    } finally {
      // Work started inside and still running afterwards (a promise nobody awaited) is no longer "inside".
      frame.open = false;
    }
  }

  return {
    read: db,
    async run(fn) {
      const outer = openFrame(root);
      // A savepoint's callbacks wait for the outermost commit (and are dropped with it).
      if (outer) return outer.tx.transaction((tx) => inside(tx, fn, outer.onCommit));
      const onCommit: (() => void)[] = [];
      const result = await db.transaction((tx) => inside(tx, fn, onCommit));
      for (const callback of onCommit) callback();
      return result;
    },
  };
}

/**
 * Runs `callback` once the transaction the caller is inside has committed (never when it rolls back); outside a
 * transaction, at once. For signals that must not run before the data they announce is visible, such as nudging
 * the worker after an outbox row (platform/outbox.ts). A callback must not throw: it runs after the commit.
 */
export function afterCommit(callback: () => void): void {
  let frame = frames.getStore();
  while (frame && !frame.open) frame = frame.outer;
  if (!frame) {
    callback();
    return;
  }
  frame.onCommit.push(callback);
}

/** Clients wrapped by `withTripwire`: a handle over one of them gets the handle-level check too (`guardRoot`). */
const tripwired = new WeakSet<object>();

/**
 * Wraps a database client (the PGlite instance, the `pg` pool) so that calling one of `methods` from inside an
 * open transaction on it rejects with `RootQueryInTransaction` instead of waiting on that transaction. This is
 * the net under everything that reaches the client (drizzle, `executeSql`, the queue). The proxy is what drizzle
 * is given, so it is also the `root` the unit of work tracks. Every other property passes through, functions
 * bound to the real client (PGlite and pg keep private state that a proxy receiver cannot reach).
 */
export function withTripwire<C extends object>(client: C, methods: readonly string[]): C {
  const guarded = new Set(methods);
  const proxy: C = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function" || prop === "constructor") return value;
      if (typeof prop === "string" && guarded.has(prop)) {
        return (...args: unknown[]) => {
          if (openFrame(proxy)) return Promise.reject(new RootQueryInTransaction());
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  tripwired.add(proxy);
  return proxy;
}

/** Where a drizzle handle starts a query (`query` is the relational API's object). */
const HANDLE_ENTRY_POINTS = new Set([
  "select",
  "selectDistinct",
  "selectDistinctOn",
  "insert",
  "update",
  "delete",
  "execute",
  "transaction",
  "with",
  "$with",
  "$count",
  "refreshMaterializedView",
  "query",
]);

/**
 * The root drizzle handle over a tripwired client, checked where a query starts: inside an open transaction,
 * `db.select()` (or any other entry point) throws `RootQueryInTransaction` itself. Drizzle would otherwise wrap
 * the client's refusal in its own "Failed query" error. Over a client without the tripwire, the handle as is.
 */
export function guardRoot<D extends object>(db: D): D {
  const root = (db as { $client?: object }).$client;
  if (!root || !tripwired.has(root)) return db;
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || !HANDLE_ENTRY_POINTS.has(prop)) return value;
      if (typeof value !== "function") {
        if (openFrame(root)) throw new RootQueryInTransaction();
        return value;
      }
      return (...args: unknown[]) => {
        if (openFrame(root)) throw new RootQueryInTransaction();
        return value.apply(receiver, args);
      };
    },
  });
}
