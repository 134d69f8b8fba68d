import {
  type CaptureOutcome,
  LEAD_STATUS,
  type LeadKind,
  type LeadSortKey,
  type LeadSource,
  type RejectionReason,
} from "@fieldlead/contracts";
import { and, eq, inArray, isNotNull, isNull, like, ne, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { captureEntries, leads, serviceTypes, stores, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import {
  countQuery,
  countRows,
  decodeCursor,
  encodeCursor,
  keysetAfter,
  likePattern,
  type OrderTerm,
  orderByOf,
  type PageWindow,
  type ResolvedSort,
  resolveSort,
  sortBy,
  sortValuesFrom,
  sortValuesOf,
  type TimeRange,
  withinRange,
} from "../../platform/query-kit";
import { readLeadRowsFlat, selectLeadRows } from "./lead-rows";
import type { LeadScope } from "./leads.policy";

export type LeadFilters = {
  scope: LeadScope;
  kind?: LeadKind;
  sources?: LeadSource[];
  /** `only`: rejected leads; `exclude`: all but rejected (unless statusIds asks for them). */
  rejected: "only" | "exclude";
  statusIds?: number[];
  rejectionReasons?: RejectionReason[];
  range?: TimeRange;
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
  serviceTypeIds?: number[];
  text?: string | null;
  duplicatesOnly?: boolean;
  deleted: boolean;
};
export type Sort<K extends string> = { key: K; direction: "asc" | "desc" };
/**
 * Where a page starts: after `offset` rows (a page number), or right after the row of a cursor (`after`, the
 * `nextCursor` of the page before). `limit`: the rows of the page.
 */
export type PageAt = PageWindow | { limit: number; after: string };
export type CaptureFilters = {
  scope: LeadScope;
  range?: TimeRange;
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
  sources?: LeadSource[];
  outcomes?: CaptureOutcome[];
};

const some = <T>(xs: T[] | undefined): xs is T[] => Array.isArray(xs) && xs.length > 0;

/**
 * Name, phone or email, index-friendly: digits search the phone by prefix, an "@" the email by prefix,
 * one word the last name, first name or email by prefix, two words "first last" (or "last, first").
 */
export function textCondition(text: string | null | undefined): SQL | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  const digits = t.replace(/\D/g, "");
  if (/^[\d\s().+-]+$/.test(t) && digits.length >= 3) {
    const d = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    return like(leads.phone, likePattern(d, "prefix"));
  }
  const lower = t.toLowerCase();
  if (lower.includes("@")) return like(leads.email, likePattern(lower, "prefix"));
  const first = sql`lower(${leads.firstName})`;
  const last = sql`lower(${leads.lastName})`;
  const words = lower.split(/[\s,]+/).filter(Boolean);
  if (words.length === 1) {
    const w = likePattern(words[0], "prefix");
    return or(like(last, w), like(first, w), like(leads.email, w));
  }
  const a = likePattern(words[0], "prefix");
  const b = likePattern(words[words.length - 1], "prefix");
  return or(and(like(first, a), like(last, b)), and(like(last, a), like(first, b)));
}

function scopeConditions(
  scope: LeadScope,
  cols: {
    userId: typeof leads.capturedByUserId | typeof captureEntries.submittedByUserId;
    territoryId: typeof leads.territoryId | typeof captureEntries.territoryId;
    source: typeof leads.source | typeof captureEntries.source;
  },
): SQL[] {
  const out: SQL[] = [];
  if (scope.ownUserId !== null) out.push(eq(cols.userId, scope.ownUserId));
  if (scope.territoryIds !== null) {
    out.push(scope.territoryIds.length ? inArray(cols.territoryId, scope.territoryIds) : sql`false`);
  }
  if (scope.sources !== null) out.push(inArray(cols.source, scope.sources));
  return out;
}

export function leadConditions(f: LeadFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [
    eq(leads.organizationId, f.scope.organizationId),
    f.deleted ? isNotNull(leads.deletedAt) : isNull(leads.deletedAt),
    ...scopeConditions(f.scope, {
      userId: leads.capturedByUserId,
      territoryId: leads.territoryId,
      source: leads.source,
    }),
  ];
  if (f.kind) c.push(eq(leads.kind, f.kind));
  if (some(f.sources)) c.push(inArray(leads.source, f.sources));
  if (f.rejected === "only") c.push(eq(leads.statusId, LEAD_STATUS.rejected));
  if (some(f.statusIds)) c.push(inArray(leads.statusId, f.statusIds));
  else if (f.rejected === "exclude") c.push(ne(leads.statusId, LEAD_STATUS.rejected));
  if (some(f.rejectionReasons)) c.push(inArray(leads.rejectionReason, f.rejectionReasons));
  c.push(...withinRange(leads.capturedAt, f.range));
  if (some(f.territoryIds)) c.push(inArray(leads.territoryId, f.territoryIds));
  if (some(f.storeIds)) c.push(inArray(leads.storeId, f.storeIds));
  if (some(f.leadGeneratorIds)) c.push(inArray(leads.capturedByUserId, f.leadGeneratorIds));
  if (some(f.serviceTypeIds)) c.push(inArray(leads.serviceTypeId, f.serviceTypeIds));
  if (f.duplicatesOnly) c.push(isNotNull(leads.duplicateOfLeadId));
  c.push(textCondition(f.text));
  return and(...c);
}

/**
 * Every term sorts its nulls low (DESC NULLS LAST, scanned backwards for ascending): capture time and id exactly as
 * the indexes hold them, so the first page of the default sort is an index range scan with no sort.
 */
const low = (by: SQL | typeof leads.id | typeof leads.capturedAt): OrderTerm => ({ by, nulls: "low" });

/**
 * The sort of a lead search, resolved (its terms, their direction and null placement: what a cursor needs).
 *
 * The name sorts match the name sort indexes (`lower(name) desc nulls last, captured_at desc, id desc`), so the
 * first page of "by last name" walks the index and stops. With a text search the planner must not walk them:
 * a name prefix matches a contiguous stretch of that order ("garc" sits a quarter of the way in), not rows spread
 * evenly as it assumes, so it would read a quarter of the organization's leads to find 25 (1 s at a million
 * leads instead of 70 ms). `|| ''` sorts the same but no index matches it, so the text matches are sorted instead.
 *
 * Capture time, id, status and the names are never null (`notNull`: a cursor then compares whole rows, an index
 * bound); phone, email and the joined names (left joins) may be.
 */
export function leadSort(
  s: Sort<LeadSortKey>,
  opts: { textSearch?: boolean } = {},
): ResolvedSort<LeadSortKey> {
  const capturedAt: OrderTerm = { by: leads.capturedAt, nulls: "low", notNull: true, type: "timestamp" };
  const id: OrderTerm = { by: leads.id, nulls: "low", notNull: true, type: "integer" };
  const name = (column: typeof leads.firstName | typeof leads.lastName): OrderTerm => ({
    by: opts.textSearch ? sql`(lower(${column}) || '')` : sql`lower(${column})`,
    nulls: "low",
    notNull: true,
    type: "text",
  });
  const text = (by: SQL): OrderTerm => ({ ...low(by), type: "text" });
  // Ties by capture time, then id, in the same direction.
  const then = (by: OrderTerm) => [by, capturedAt, id];
  const allowList: Record<LeadSortKey, OrderTerm[]> = {
    capturedAt: [capturedAt, id],
    id: [id],
    firstName: then(name(leads.firstName)),
    lastName: then(name(leads.lastName)),
    phone: then(text(sql`${leads.phone}`)),
    email: then(text(sql`${leads.email}`)),
    status: then({ by: sql`${leads.statusId}`, nulls: "low", notNull: true, type: "integer" }),
    storeName: then(text(sql`${stores.name}`)),
    territoryName: then(text(sql`${territories.name}`)),
    leadGeneratorName: then(text(sql`lower(${users.firstName} || ' ' || ${users.lastName})`)),
    serviceTypeName: then(text(sql`${serviceTypes.name}`)),
  };
  return resolveSort(allowList, s, { key: "capturedAt", direction: "desc" });
}

/** The ORDER BY of a lead search (see {@link leadSort}). */
export function leadOrder(s: Sort<LeadSortKey>, opts: { textSearch?: boolean } = {}): SQL[] {
  return orderByOf(leadSort(s, opts).terms);
}

/** Capture entries: newest first by default, the id breaking ties. */
function captureOrder(s: Sort<"receivedAt" | "id">): SQL[] {
  return sortBy(
    {
      receivedAt: [low(sql`${captureEntries.receivedAt}`), low(sql`${captureEntries.id}`)],
      id: [low(sql`${captureEntries.id}`)],
    },
    s,
    { key: "receivedAt", direction: "desc" },
  );
}

const dialect = new PgDialect();

const captureColumns = {
  id: captureEntries.id,
  receivedAt: captureEntries.receivedAt,
  source: captureEntries.source,
  storeId: captureEntries.storeId,
  storeName: stores.name,
  storeTimeZone: stores.timeZone,
  territoryId: captureEntries.territoryId,
  territoryName: territories.name,
  submittedByUserId: captureEntries.submittedByUserId,
  firstName: users.firstName,
  lastName: users.lastName,
  outcome: captureEntries.outcome,
  leadId: captureEntries.leadId,
  rejectionReason: captureEntries.rejectionReason,
  message: captureEntries.message,
  payload: captureEntries.payload,
};

/** Rows fetched by id come back in the order of the ids. */
function inOrderOf<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const pos = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (pos.get(a.id) ?? 0) - (pos.get(b.id) ?? 0));
}

export function leadsSearchRepository() {
  const sortOf = (f: LeadFilters, sort: Sort<LeadSortKey>) =>
    leadSort(sort, { textSearch: Boolean(f.text?.trim()) });
  /**
   * The ids of a result in order (`after`: only those past a cursor's row). The joins are there for the sorts by a
   * joined name (store, territory, lead generator, service type); PostgreSQL drops a left join on a key that
   * nothing reads, so the other sorts walk the leads' indexes alone.
   */
  const orderedIds = (exec: Tx, f: LeadFilters, order: ResolvedSort<LeadSortKey>, after?: SQL) =>
    exec
      .select({ id: leads.id })
      .from(leads)
      .leftJoin(stores, eq(stores.id, leads.storeId))
      .leftJoin(territories, eq(territories.id, leads.territoryId))
      .leftJoin(users, eq(users.id, leads.capturedByUserId))
      .leftJoin(serviceTypes, eq(serviceTypes.id, leads.serviceTypeId))
      .where(and(leadConditions(f), after))
      .orderBy(...orderByOf(order.terms))
      .$dynamic();
  /**
   * A page: its ids chosen first (skipping `offset` rows of ids only, or starting right after a cursor's row with
   * no offset at all), then the page's own rows read with their names and sort values (a deferred join: page 400
   * no longer reads 10,000 full rows and their names to keep 25). One row more than the page is read, to know
   * whether another page follows.
   */
  const pageQuery = (exec: Tx, f: LeadFilters, order: ResolvedSort<LeadSortKey>, at: PageAt) => {
    const ids =
      "after" in at
        ? orderedIds(exec, f, order, keysetAfter(order.terms, decodeCursor(at.after, order).values))
        : orderedIds(exec, f, order).offset(at.offset);
    return selectLeadRows(exec, { sortValues: sortValuesOf(order.terms) })
      .where(
        and(eq(leads.organizationId, f.scope.organizationId), inArray(leads.id, ids.limit(at.limit + 1))),
      )
      .orderBy(...orderByOf(order.terms));
  };
  const countFrom = (f: LeadFilters) => sql`select 1 from ${leads} where ${leadConditions(f)}`;
  const selectCaptures = (exec: Tx) =>
    exec
      .select(captureColumns)
      .from(captureEntries)
      .leftJoin(stores, eq(stores.id, captureEntries.storeId))
      .leftJoin(territories, eq(territories.id, captureEntries.territoryId))
      .leftJoin(users, eq(users.id, captureEntries.submittedByUserId));

  return {
    /**
     * One page (at most `at.limit` rows), the cursor of the page after it (null when no row follows) and the count
     * of the whole result, stopping at `countCap`.
     */
    async page(exec: Tx, f: LeadFilters, sort: Sort<LeadSortKey>, at: PageAt, countCap: number) {
      const order = sortOf(f, sort);
      const [read, count] = await Promise.all([
        pageQuery(exec, f, order, at),
        countRows(exec, countFrom(f), countCap),
      ]);
      const rows = read.slice(0, at.limit);
      const last = rows.at(-1);
      const nextCursor =
        read.length > at.limit && last
          ? encodeCursor({
              key: order.key,
              direction: order.direction,
              values: sortValuesFrom(last.sortValues),
            })
          : null;
      return { rows, count, nextCursor };
    },

    /** The SQL text and parameters of a page and of its count, for the benchmark to run them on their own. */
    sqlOf(exec: Tx, f: LeadFilters, sort: Sort<LeadSortKey>, at: PageAt, countCap: number) {
      const page = pageQuery(exec, f, sortOf(f, sort), at).toSQL();
      const count = dialect.sqlToQuery(countQuery(countFrom(f), countCap));
      return {
        page: { sql: page.sql, params: page.params },
        count: { sql: count.sql, params: count.params },
      };
    },

    /** The ids of a whole result in order (exports fetch the rows in chunks after). */
    async ids(exec: Tx, f: LeadFilters, sort: Sort<LeadSortKey>, limit: number) {
      const rows = await orderedIds(exec, f, sortOf(f, sort)).limit(limit);
      return rows.map((r) => r.id);
    },

    async rowsByIds(exec: Tx, scope: { organizationId: number }, ids: number[]) {
      if (ids.length === 0) return [];
      // One array parameter, not thousands of them; read flat (exports read up to 100,000 this way).
      const rows = await readLeadRowsFlat(
        exec,
        and(
          eq(leads.organizationId, scope.organizationId),
          sql`${leads.id} = any(${sql.param(ids)}::bigint[])`,
        ),
      );
      return inOrderOf(ids, rows);
    },

    async capturePage(
      exec: Tx,
      f: CaptureFilters,
      sort: Sort<"receivedAt" | "id">,
      window: PageWindow,
      countCap: number,
    ) {
      const where = captureConditions(f);
      const [rows, count] = await Promise.all([
        selectCaptures(exec)
          .where(where)
          .orderBy(...captureOrder(sort))
          .limit(window.limit)
          .offset(window.offset),
        countRows(exec, sql`select 1 from ${captureEntries} where ${where}`, countCap),
      ]);
      return { rows, count };
    },

    /** The ids of a whole capture-entry result in order (exports fetch the rows in chunks after). */
    async captureIds(exec: Tx, f: CaptureFilters, sort: Sort<"receivedAt" | "id">, limit: number) {
      const rows = await exec
        .select({ id: captureEntries.id })
        .from(captureEntries)
        .where(captureConditions(f))
        .orderBy(...captureOrder(sort))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async captureRowsByIds(exec: Tx, scope: { organizationId: number }, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await selectCaptures(exec).where(
        and(
          eq(captureEntries.organizationId, scope.organizationId),
          sql`${captureEntries.id} = any(${sql.param(ids)}::bigint[])`,
        ),
      );
      return inOrderOf(ids, rows);
    },
  };
}

function captureConditions(f: CaptureFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [
    eq(captureEntries.organizationId, f.scope.organizationId),
    ...scopeConditions(f.scope, {
      userId: captureEntries.submittedByUserId,
      territoryId: captureEntries.territoryId,
      source: captureEntries.source,
    }),
  ];
  c.push(...withinRange(captureEntries.receivedAt, f.range));
  if (some(f.territoryIds)) c.push(inArray(captureEntries.territoryId, f.territoryIds));
  if (some(f.storeIds)) c.push(inArray(captureEntries.storeId, f.storeIds));
  if (some(f.leadGeneratorIds)) c.push(inArray(captureEntries.submittedByUserId, f.leadGeneratorIds));
  if (some(f.sources)) c.push(inArray(captureEntries.source, f.sources));
  if (some(f.outcomes)) c.push(inArray(captureEntries.outcome, f.outcomes));
  return and(...c);
}

export type LeadsSearchRepository = ReturnType<typeof leadsSearchRepository>;
export type CaptureRow = Awaited<ReturnType<LeadsSearchRepository["capturePage"]>>["rows"][number];
