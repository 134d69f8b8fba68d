import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./unit-of-work";

/**
 * The one history pattern (docs/reference/architecture-note.md, "Writes, jobs and retries"): every entity whose
 * changes matter has an `<entity>_history` table with the standard columns
 *
 *   id, organization_id, <entity>_id, action, user_id (who), at (when, default now()), before jsonb, after jsonb,
 *   reason text (nullable)
 *
 * and writes its rows through `historyOf(table, "<entity>Id")`, in the same transaction as the change they record
 * (docs/decisions/0018-unit-of-work.md): `write` takes the unit of work's `tx` first, refuses the root handle,
 * and never opens a transaction of its own, so a change and its history commit or roll back together. `before`
 * and `after` hold only what changed (`changes`), under the names the API uses.
 */

/** A JSON object as kept in `before` and `after`. */
export type HistoryValues = Record<string, unknown>;

/** The insert shape every history table shares (besides its own id, entity id and `at`). */
type StandardInsert = {
  organizationId: number;
  action: string;
  userId?: number | null;
  before?: HistoryValues | null;
  after?: HistoryValues | null;
  reason?: string | null;
};

/**
 * A drizzle table with the standard history columns. `before` and `after` must be declared with
 * `jsonb(...).$type<Record<string, unknown>>()` (see `leadHistory` in db/schema/leads.ts).
 */
export type HistoryTable = PgTable & {
  $inferInsert: StandardInsert;
  $inferSelect: { id: number; at: Date; reason: string | null };
};

/** The table's column that names the entity (`leadId` of `lead_history`): a required integer column. */
export type EntityColumn<T extends HistoryTable> = Exclude<
  {
    [K in keyof T["$inferInsert"]]-?: T["$inferInsert"][K] extends number ? K : never;
  }[keyof T["$inferInsert"]],
  "organizationId"
> &
  string;

/** Whose change it is: the organization (every row carries it) and the person (`null`: the system, a shopper). */
export type HistoryScope = { organizationId: number; userId: number | null };

export type HistoryEntry<A extends string = string> = {
  entityId: number;
  action: A;
  /** The changed fields as they were (`null`: the entity did not exist yet). */
  before?: HistoryValues | null;
  /** The changed fields as they are now (`null`: the entity is gone). */
  after?: HistoryValues | null;
  /** Why, when there is a reason (a rejection, a correction). */
  reason?: string | null;
};

/** What changed between two versions: the changed fields only, as they were and as they are. */
export type Changes = { before: HistoryValues; after: HistoryValues };

export type History<A extends string = string> = {
  /**
   * Writes the entries' rows in the caller's transaction (`tx` of `uow.run`), all stamped with the scope's
   * organization and person. Nothing is written for no entries. Throws when given the root handle.
   */
  write(tx: Tx, scope: HistoryScope, entries: readonly HistoryEntry<A>[]): Promise<void>;
  changes: typeof changes;
};

/** Thrown when history is written outside a unit of work: its rows would not roll back with the change. */
export class HistoryOutsideTransaction extends Error {
  constructor() {
    super("History is written inside a unit of work: pass the tx that uow.run gives.");
    this.name = "HistoryOutsideTransaction";
  }
}

/** A transaction (drizzle's, the one `uow.run` gives, or its savepoint) has `rollback`; the root handle has not. */
const isTransaction = (exec: Tx) => typeof (exec as { rollback?: unknown }).rollback === "function";

/**
 * The history of one kind of entity, kept in `table` under `entityColumn`. `actions`, when given, is the full list
 * of actions the entity's history knows (`LEAD_HISTORY_ACTIONS`): entries are typed by it and any other action is
 * refused before anything is written.
 */
export function historyOf<T extends HistoryTable, const A extends string = string>(
  table: T,
  entityColumn: EntityColumn<T>,
  opts: { actions?: readonly A[] } = {},
): History<A> {
  const known = opts.actions ? new Set<string>(opts.actions) : null;
  return {
    async write(tx, scope, entries) {
      if (!isTransaction(tx)) throw new HistoryOutsideTransaction();
      if (entries.length === 0) return;
      const rows = entries.map((e) => {
        if (known && !known.has(e.action)) throw new Error(`Unknown history action "${e.action}".`);
        return {
          organizationId: scope.organizationId,
          [entityColumn]: e.entityId,
          action: e.action,
          userId: scope.userId,
          before: e.before ?? null,
          after: e.after ?? null,
          reason: e.reason ?? null,
        };
      });
      // The constraint on `T` guarantees these columns; drizzle cannot check a generic table's insert shape.
      await tx.insert(table).values(rows as T["$inferInsert"][] as never);
    },
    changes,
  };
}

/** A value as history keeps it (JSON): a date as its ISO string. */
const recorded = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v);

/** Equal as recorded: dates by their instant, arrays item by item, objects key by key (in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = recorded(a);
  const y = recorded(b);
  if (x === y) return true;
  if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
  if (Array.isArray(x) || Array.isArray(y)) {
    return (
      Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => sameValue(v, y[i]))
    );
  }
  const xs = x as Record<string, unknown>;
  const ys = y as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const kx = keys(xs);
  return kx.length === keys(ys).length && kx.every((k) => ys[k] !== undefined && sameValue(xs[k], ys[k]));
}

/**
 * The fields that `after` changes in `before`, or `null` when it changes none. `after` is a patch: a field it
 * leaves out (or sets to `undefined`) is unchanged; `null` is a value. Values are compared and recorded as JSON
 * (`sameValue`). `fields` limits the comparison to some fields, and as an object (`{ capturedByUserId:
 * "leadGeneratorId" }`) also names them as the history shows them. A field `before` lacks is left out of `before`.
 */
export function changes(
  before: object,
  after: object,
  fields?: readonly string[] | Readonly<Record<string, string>>,
): Changes | null {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const names: [string, string][] = !fields
    ? Object.keys(now).map((k) => [k, k])
    : Array.isArray(fields)
      ? fields.map((k: string) => [k, k])
      : Object.entries(fields);
  const out: Changes = { before: {}, after: {} };
  let changed = false;
  for (const [key, name] of names) {
    if (now[key] === undefined || sameValue(was[key], now[key])) continue;
    changed = true;
    if (was[key] !== undefined) out.before[name] = recorded(was[key]);
    out.after[name] = recorded(now[key]);
  }
  return changed ? out : null;
}
