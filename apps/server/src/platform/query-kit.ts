import { setImmediate } from "node:timers/promises";
import { addDays, type DateRangeOption, resolveDateRange, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { gte, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "./db";
import { badRequest } from "./errors";

/**
 * The query kit of the lists (docs/decisions/0024-query-kit-and-exports.md): text search patterns, paging with
 * an optional count cap, sort allow-lists, the tenant's date range, and reading a long result in chunks. Every
 * list repository and service builds these with the kit, never by hand.
 */

// ---------------------------------------------------------------------------------------------------------
// Text search
// ---------------------------------------------------------------------------------------------------------

/**
 * A LIKE / ILIKE pattern that matches `text` literally: `%`, `_` and `\` in what someone typed are escaped
 * (PostgreSQL's default escape character is the backslash), then the wildcard goes where asked: around the text
 * (`contains`, the default) or after it (`prefix`, which an index on the column can serve).
 */
export function likePattern(text: string, match: "contains" | "prefix" = "contains"): string {
  const literal = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === "prefix" ? `${literal}%` : `%${literal}%`;
}

/** The words of a search box: split on white space, empty ones dropped. */
export const searchWords = (text: string | null | undefined): string[] =>
  (text ?? "").split(/\s+/).filter(Boolean);

// ---------------------------------------------------------------------------------------------------------
// Paging
// ---------------------------------------------------------------------------------------------------------

/** What a list call asks for: a page (from 1) of `pageSize` rows. */
export type PageRequest = { page: number; pageSize: number };
/** The rows of one page, as SQL takes them. */
export type PageWindow = { limit: number; offset: number };
/** How many rows match: exact, or `cap` with `capped` when more do. */
export type RowCount = { total: number; capped: boolean };

/**
 * The limit and offset of a page. With `countCap` (a list whose count stops there), a page that starts past the
 * cap is refused: its rows could not be shown with a total, and reaching them means reading everything before.
 */
export function pageOf(req: PageRequest, opts: { countCap?: number } = {}): PageWindow {
  const offset = (req.page - 1) * req.pageSize;
  if (opts.countCap !== undefined && offset >= opts.countCap) {
    const cap = opts.countCap.toLocaleString("en-US");
    throw badRequest(
      `Pages past the first ${cap} results are not listed; narrow the search or export it to CSV.`,
      { "body.page": ["Too deep; narrow the search."] },
    );
  }
  return { limit: req.pageSize, offset };
}

/**
 * The SQL that counts the rows of `rows` (a select, or a `select 1 from ... where ...`), stopping at `cap + 1`
 * when a cap is given: a count over a million leads then costs no more than a page of `cap`.
 */
export function countQuery(rows: SQLWrapper, cap?: number): SQL {
  return cap === undefined
    ? sql`select count(*)::int as n from (${rows}) t`
    : sql`select count(*)::int as n from (${rows} limit ${cap + 1}) t`;
}

/** Counts the rows of `rows`, at most `cap` (then `capped`). */
export async function countRows(exec: Tx, rows: SQLWrapper, cap?: number): Promise<RowCount> {
  const r = (await exec.execute(countQuery(rows, cap))) as unknown as { rows: { n: number | string }[] };
  const n = Number(r.rows[0]?.n ?? 0);
  return cap === undefined ? { total: n, capped: false } : { total: Math.min(n, cap), capped: n > cap };
}

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * A list's answer: its items, the total and the page asked for. Given a capped count, also `totalCapped` (the
 * lists whose count stops at a cap say so).
 */
export function pageResult<T>(items: T[], count: number, req: PageRequest): Page<T>;
export function pageResult<T>(
  items: T[],
  count: RowCount,
  req: PageRequest,
): Page<T> & { totalCapped: boolean };
export function pageResult<T>(items: T[], count: number | RowCount, req: PageRequest) {
  const base = { items, page: req.page, pageSize: req.pageSize };
  return typeof count === "number"
    ? { ...base, total: count }
    : { ...base, total: count.total, totalCapped: count.capped };
}

/**
 * A long ordered list of ids read a chunk at a time (exports): `read` gets each slice and answers its rows, and
 * the next slice is read only when the consumer asks for more. Between chunks the event loop gets a turn: an
 * embedded database answers without I/O, so without it a whole export would run as one task and hold up every
 * other request (and timer) until it ends.
 */
export async function* inChunks<T>(
  ids: readonly number[],
  size: number,
  read: (ids: number[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for (let i = 0; i < ids.length; i += size) {
    if (i > 0) await setImmediate();
    yield await read(ids.slice(i, i + size));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------------------------------------

export type SortDirection = "asc" | "desc";
export type SortRequest = { key?: string | null; direction?: SortDirection | null };

/**
 * One term of an order. A bare expression sorts in the asked direction with PostgreSQL's default for nulls.
 * As an object:
 * - `nulls: "low"`: nulls are the smallest values (asc nulls first, desc nulls last), the order of an index
 *   declared `desc nulls last`, so either direction can walk it;
 * - `nulls: "last"`: nulls last whatever the direction;
 * - `direction: "reverse"`: the opposite of the asked direction (a rank where 1 is the highest);
 * - `direction: "asc"`: always ascending (a tie-breaker that reads best one way).
 */
export type OrderTerm =
  | SQLWrapper
  | PgColumn
  | { by: SQLWrapper | PgColumn; nulls?: "low" | "last"; direction?: "reverse" | "asc" };

const isTerm = (t: OrderTerm): t is { by: SQLWrapper | PgColumn; nulls?: "low" | "last" } =>
  typeof t === "object" && t !== null && "by" in t;

function orderTerm(term: OrderTerm, asked: SortDirection): SQL {
  if (!isTerm(term)) return asked === "desc" ? sql`${term} desc` : sql`${term} asc`;
  const direction =
    term.direction === "asc"
      ? "asc"
      : term.direction === "reverse"
        ? asked === "asc"
          ? "desc"
          : "asc"
        : asked;
  const nulls =
    term.nulls === "last"
      ? sql` nulls last`
      : term.nulls === "low"
        ? direction === "asc"
          ? sql` nulls first`
          : sql` nulls last`
        : sql``;
  return sql`${term.by} ${sql.raw(direction)}${nulls}`;
}

/**
 * The ORDER BY of a list from its allow-list: each sort key a caller may ask for, and the terms it sorts by. A key
 * not on the list (the contracts already refuse one; this is the last line) sorts by `fallback`. `tieBreak` is added
 * to every order (a unique tie-breaker, so pages never overlap).
 */
export function sortBy<K extends string>(
  allowList: Record<K, OrderTerm | readonly OrderTerm[]>,
  requested: SortRequest,
  fallback: { key: NoInfer<K>; direction: SortDirection },
  opts: { tieBreak?: readonly OrderTerm[] } = {},
): SQL[] {
  const known = requested.key != null && Object.hasOwn(allowList, requested.key);
  const key = known ? (requested.key as K) : fallback.key;
  const direction = known ? (requested.direction ?? fallback.direction) : fallback.direction;
  const terms = allowList[key];
  const list: readonly OrderTerm[] = Array.isArray(terms) ? terms : [terms as OrderTerm];
  return [...list, ...(opts.tieBreak ?? [])].map((t) => orderTerm(t, direction));
}

// ---------------------------------------------------------------------------------------------------------
// The tenant's date range
// ---------------------------------------------------------------------------------------------------------

/** A search's date filter: one of the named ranges (1..10), or local dates (either end may be open). */
export type DateRangeRequest = {
  dateRange?: number | null;
  startDate?: string | null;
  endDate?: string | null;
};
export type TimeRange = { start: Date | null; end: Date | null };

/**
 * The instants of a search's date filter in the organization's time zone: local midnight of the start date up to
 * local midnight after the end date, or a named range resolved with the organization's first day of week
 * (packages/contracts/src/time/date-range.ts). None: all time.
 */
export function tenantDateRange(
  tenant: { timeZone: string; firstDayOfWeek: number | null },
  req: DateRangeRequest,
  now: Date,
): TimeRange | undefined {
  if (req.startDate || req.endDate) {
    if (req.startDate && req.endDate && req.startDate > req.endDate) {
      throw badRequest(`The start date ${req.startDate} is after the end date ${req.endDate}.`, {
        "body.startDate": ["The start date is after the end date."],
      });
    }
    return {
      start: req.startDate ? zonedDateTimeToUtc(req.startDate, "00:00", tenant.timeZone) : null,
      end: req.endDate ? zonedDateTimeToUtc(addDays(req.endDate, 1), "00:00", tenant.timeZone) : null,
    };
  }
  if (req.dateRange) {
    const r = resolveDateRange(req.dateRange as DateRangeOption, now, tenant.timeZone, tenant.firstDayOfWeek);
    return { start: r.start, end: r.end };
  }
  return undefined;
}

/** The conditions that keep `column` within a range (start inclusive, end exclusive); none for an open end. */
export function withinRange(column: PgColumn, range: TimeRange | undefined): SQL[] {
  const c: SQL[] = [];
  if (range?.start) c.push(gte(column, range.start));
  if (range?.end) c.push(lt(column, range.end));
  return c;
}
