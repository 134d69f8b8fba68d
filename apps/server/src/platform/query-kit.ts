import { setImmediate } from "node:timers/promises";
import { addDays, type DateRangeOption, resolveDateRange, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { and, gte, lt, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { rowsOf, type Tx } from "./db";
import { badRequest } from "./errors";

/**
 * The query kit of the lists (docs/decisions/0024-query-kit-and-exports.md): text search patterns, paging with
 * an optional count cap, sort allow-lists, keyset paging by cursor, the tenant's date range, and reading a long
 * result in chunks. Every list repository and service builds these with the kit, never by hand.
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
  const [r] = await rowsOf<{ n: number | string }>(exec, countQuery(rows, cap));
  const n = Number(r?.n ?? 0);
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
 * A select list whose fields name themselves (`"leads"."id" as "id"`), for `readFlat`: the rows of a raw execution
 * then have one key per field, even where two joined tables have a column of the same name.
 */
export function selfNamed(columns: Record<string, PgColumn>): SQL {
  return sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
}

/**
 * The rows of `query` (a select of `selfNamed(columns)`) as the driver gives them, each value decoded by its column
 * as drizzle decodes it (a timestamp to a Date, a bigint in number mode to a number...). Drizzle's own row mapping
 * walks every field's path with iterators, about 4 KB of short-lived objects a row of 38 columns: a third of what a
 * 100,000-row export allocated (docs/benchmarks.md). For reads of many rows; `T` is the row `columns` make.
 */
export async function readFlat<T>(
  exec: Tx,
  query: SQLWrapper,
  columns: Record<string, PgColumn>,
): Promise<T[]> {
  const rows = await rowsOf<Record<string, unknown>>(exec, query);
  const decoders = Object.entries(columns);
  for (const row of rows) {
    for (const [key, column] of decoders) {
      const value = row[key];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
  }
  return rows as T[];
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
  let chunk: T[] | null = null;
  for (let i = 0; i < ids.length; i += size) {
    if (i > 0) await setImmediate();
    chunk = await read(ids.slice(i, i + size));
    yield chunk;
    // Let go of the chunk before reading the next: held while the next query runs, it would be alive when the
    // garbage collector runs in that wait and be moved to the old generation. With the reader emptying each chunk
    // (export.ts `consumed`) both are needed: without this line one CSV export in four still grew by 86 MB
    // (docs/decisions/0028).
    chunk = null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------------------------------------

export type SortDirection = "asc" | "desc";
export type SortRequest = { key?: string | null; direction?: SortDirection | null };

/** What the values of a sort term are, as a cursor carries them back (checked when a cursor is read). */
export type SortValueType = "text" | "integer" | "timestamp";

/**
 * One term of an order. A bare expression sorts in the asked direction with PostgreSQL's default for nulls.
 * As an object:
 * - `nulls: "low"`: nulls are the smallest values (asc nulls first, desc nulls last), the order of an index
 *   declared `desc nulls last`, so either direction can walk it;
 * - `nulls: "last"`: nulls last whatever the direction;
 * - `direction: "reverse"`: the opposite of the asked direction (a rank where 1 is the highest);
 * - `direction: "asc"`: always ascending (a tie-breaker that reads best one way);
 * - `notNull`: the expression is never null (a NOT NULL column, `lower()` of one; not a column of a left join),
 *   so a cursor may compare whole rows (`keysetAfter`);
 * - `type`: what its values are, so a cursor's values are checked before they reach SQL.
 */
export type OrderTerm =
  | SQLWrapper
  | PgColumn
  | {
      by: SQLWrapper | PgColumn;
      nulls?: "low" | "last";
      direction?: "reverse" | "asc";
      notNull?: boolean;
      type?: SortValueType;
    };

/** A term of a resolved sort: the direction it sorts in and where its nulls go. */
export type SortTerm = {
  by: SQLWrapper | PgColumn;
  direction: SortDirection;
  nulls: "first" | "last";
  /**
   * The ORDER BY spells out NULLS FIRST / LAST; otherwise PostgreSQL's default applies, which `nulls` states
   * (last ascending, first descending).
   */
  nullsWritten: boolean;
  notNull: boolean;
  type?: SortValueType;
};

/** A sort as it will run: the key and direction it resolved to (the fallback for an unknown key) and its terms. */
export type ResolvedSort<K extends string = string> = { key: K; direction: SortDirection; terms: SortTerm[] };

const isTerm = (t: OrderTerm): t is Exclude<OrderTerm, SQLWrapper | PgColumn> =>
  typeof t === "object" && t !== null && "by" in t;

function resolveTerm(term: OrderTerm, asked: SortDirection): SortTerm {
  if (!isTerm(term)) {
    return {
      by: term,
      direction: asked,
      nulls: asked === "asc" ? "last" : "first",
      nullsWritten: false,
      notNull: false,
    };
  }
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
      ? "last"
      : term.nulls === "low"
        ? direction === "asc"
          ? "first"
          : "last"
        : direction === "asc"
          ? "last"
          : "first";
  return {
    by: term.by,
    direction,
    nulls,
    nullsWritten: term.nulls !== undefined,
    notNull: term.notNull ?? false,
    ...(term.type ? { type: term.type } : {}),
  };
}

/**
 * The sort of a list from its allow-list: each sort key a caller may ask for, and the terms it sorts by. A key
 * not on the list (the contracts already refuse one; this is the last line) sorts by `fallback`. `tieBreak` is added
 * to every order (a unique tie-breaker, so pages never overlap).
 */
export function resolveSort<K extends string>(
  allowList: Record<K, OrderTerm | readonly OrderTerm[]>,
  requested: SortRequest,
  fallback: { key: NoInfer<K>; direction: SortDirection },
  opts: { tieBreak?: readonly OrderTerm[] } = {},
): ResolvedSort<K> {
  const known = requested.key != null && Object.hasOwn(allowList, requested.key);
  const key = known ? (requested.key as K) : fallback.key;
  const direction = known ? (requested.direction ?? fallback.direction) : fallback.direction;
  const terms = allowList[key];
  const list: readonly OrderTerm[] = Array.isArray(terms) ? terms : [terms as OrderTerm];
  return { key, direction, terms: [...list, ...(opts.tieBreak ?? [])].map((t) => resolveTerm(t, direction)) };
}

/** The ORDER BY terms of a resolved sort. */
export function orderByOf(terms: readonly SortTerm[]): SQL[] {
  return terms.map((t) => {
    const nulls = t.nullsWritten ? sql.raw(` nulls ${t.nulls}`) : sql``;
    return sql`${t.by} ${sql.raw(t.direction)}${nulls}`;
  });
}

/** The ORDER BY of a list from its allow-list (see {@link resolveSort}). */
export function sortBy<K extends string>(
  allowList: Record<K, OrderTerm | readonly OrderTerm[]>,
  requested: SortRequest,
  fallback: { key: NoInfer<K>; direction: SortDirection },
  opts: { tieBreak?: readonly OrderTerm[] } = {},
): SQL[] {
  return orderByOf(resolveSort(allowList, requested, fallback, opts).terms);
}

// ---------------------------------------------------------------------------------------------------------
// Keyset paging (cursors)
// ---------------------------------------------------------------------------------------------------------

/**
 * A row's value of one sort term, as `json_build_array` gives it: text, a number, a timestamp as ISO text with
 * its microseconds and offset (`2026-03-08T07:30:00.123456+00:00`), or null.
 */
export type SortValue = string | number | null;

/**
 * The sort values of a row, read by the database itself (a timestamp keeps its microseconds, which a JavaScript
 * Date would lose): select it beside a page's columns to make the cursor of its last row.
 */
export function sortValuesOf(terms: readonly SortTerm[]): SQL<SortValue[]> {
  return sql<SortValue[]>`json_build_array(${sql.join(
    terms.map((t) => sql`${t.by}`),
    sql`, `,
  )})`;
}

/** Sort values read from a row: the drivers parse json, but a string is parsed here in case one did not. */
export function sortValuesFrom(raw: unknown): SortValue[] {
  const values = typeof raw === "string" ? JSON.parse(raw) : raw;
  if (!Array.isArray(values)) throw new Error("sort values: expected a JSON array");
  return values as SortValue[];
}

/** The condition "this term's value comes after `value`" in the term's direction and null placement. */
function termAfter(t: SortTerm, value: SortValue): SQL | undefined {
  if (value === null) return t.nulls === "first" ? sql`${t.by} is not null` : undefined;
  const beyond = t.direction === "desc" ? sql`${t.by} < ${value}` : sql`${t.by} > ${value}`;
  return t.nulls === "last" && !t.notNull ? or(beyond, sql`${t.by} is null`) : beyond;
}

/**
 * The condition "the row comes strictly after the row whose sort values are `values`" in the order of `terms` (a
 * unique last term makes that order total, so consecutive pages neither overlap nor skip a row).
 *
 * When every term is never null and all go the same way, a row-value comparison, `(t1, t2, t3) < ($1, $2, $3)`
 * (`>` ascending): PostgreSQL takes it as a bound of an index in that order, so a deep page starts where the last
 * one stopped instead of reading every row before it. Otherwise an expansion term by term, with each term's own
 * direction and null placement: `t1 after v1 or (t1 = v1 and (t2 after v2 or (t2 = v2 and ...)))`, where a null
 * equals only a null and is before or after every value as the term places its nulls.
 */
export function keysetAfter(terms: readonly SortTerm[], values: readonly SortValue[]): SQL {
  if (terms.length === 0 || values.length !== terms.length) {
    throw new Error(`keysetAfter: ${values.length} values for ${terms.length} sort terms`);
  }
  const direction = terms[0].direction;
  if (terms.every((t, i) => t.notNull && t.direction === direction && values[i] !== null)) {
    const row = sql.join(
      terms.map((t) => sql`${t.by}`),
      sql`, `,
    );
    const after = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return direction === "desc" ? sql`(${row}) < (${after})` : sql`(${row}) > (${after})`;
  }
  let rest: SQL | undefined;
  for (let i = terms.length - 1; i >= 0; i--) {
    const t = terms[i];
    const v = values[i];
    const same = v === null ? sql`${t.by} is null` : sql`${t.by} = ${v}`;
    rest = or(termAfter(t, v), rest ? and(same, rest) : undefined);
  }
  return rest ?? sql`false`;
}

/** What a cursor holds: the sort it was made for, and the sort values of the last row it saw. */
export type Cursor = { key: string; direction: SortDirection; values: SortValue[] };

const CURSOR_VERSION = 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2}){0,2})$/;
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A cursor as the client gets it: base64url of `{"v":1,"key":...,"dir":...,"after":[...]}`. Opaque to clients
 * (they send it back as is), readable in a log.
 */
export function encodeCursor(cursor: Cursor): string {
  const json = JSON.stringify({
    v: CURSOR_VERSION,
    key: cursor.key,
    dir: cursor.direction,
    after: cursor.values,
  });
  return Buffer.from(json, "utf8").toString("base64url");
}

/** A timestamp as PostgreSQL writes it in JSON, on a real calendar day. */
function isTimestamp(text: string): boolean {
  if (text === "infinity" || text === "-infinity") return true;
  const m = TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return (
    d.getUTCFullYear() === year &&
    d.getUTCMonth() === month - 1 &&
    d.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** A value the term can hold: what a hand-made cursor could put there must not reach SQL as an error. */
function fitsTerm(t: SortTerm | undefined, v: unknown): boolean {
  if (v === null) return !t?.notNull;
  const text = typeof v === "string" && !v.includes("\u0000") && !UNPAIRED_SURROGATE.test(v);
  switch (t?.type) {
    case "integer":
      return Number.isSafeInteger(v);
    case "timestamp":
      return typeof v === "string" && isTimestamp(v);
    case "text":
      return text;
    default:
      return text || (typeof v === "number" && Number.isFinite(v));
  }
}

/**
 * Reads a cursor for the sort it must have been made for (`expected`: a resolved sort, or its key, direction and
 * number of terms). A cursor that is not one (cut short, edited, made up) or that was made for another sort order
 * is refused with a 400 saying to start again from the first page, naming `field`.
 */
export function decodeCursor(
  text: string,
  expected: ResolvedSort | { key: string; direction: SortDirection; count: number },
  field = "body.after",
): Cursor {
  const refuse = (message: string, detail: string) => badRequest(message, { [field]: [detail] });
  const malformed = () =>
    refuse(
      "This cursor is not one a search gave (it may have been cut short or changed); start again from the first page.",
      "Not a cursor from a search; start again from the first page.",
    );
  if (!BASE64URL.test(text)) throw malformed();
  const bytes = Buffer.from(text, "base64url");
  // Buffer skips what it cannot read: only a cursor written back exactly as it was decoded is one.
  if (bytes.toString("base64url") !== text) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw malformed();
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw malformed();
  const c = parsed as { v?: unknown; key?: unknown; dir?: unknown; after?: unknown };
  if (c.v !== CURSOR_VERSION || typeof c.key !== "string" || (c.dir !== "asc" && c.dir !== "desc")) {
    throw malformed();
  }
  if (!Array.isArray(c.after)) throw malformed();
  if (c.key !== expected.key || c.dir !== expected.direction) {
    throw refuse(
      "This cursor belongs to another search order; start again from the first page.",
      "Made for another sort order; start again from the first page.",
    );
  }
  const terms = "terms" in expected ? expected.terms : undefined;
  const count = terms ? terms.length : (expected as { count: number }).count;
  const values: unknown[] = c.after;
  if (values.length !== count || !values.every((v, i) => fitsTerm(terms?.[i], v))) throw malformed();
  return { key: c.key, direction: c.dir, values: values as SortValue[] };
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
