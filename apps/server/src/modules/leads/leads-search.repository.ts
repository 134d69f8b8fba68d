import {
  type CaptureOutcome,
  LEAD_STATUS,
  type LeadKind,
  type LeadSortKey,
  type LeadSource,
  type RejectionReason,
} from "@fieldlead/contracts";
import { and, eq, gte, inArray, isNotNull, isNull, like, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { captureEntries, leads, serviceTypes, stores, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import { selectLeadRows } from "./lead-rows";
import type { LeadScope } from "./leads.policy";

export type LeadFilters = {
  scope: LeadScope;
  kind?: LeadKind;
  sources?: LeadSource[];
  /** `only`: rejected leads; `exclude`: all but rejected (unless statusIds asks for them). */
  rejected: "only" | "exclude";
  statusIds?: number[];
  rejectionReasons?: RejectionReason[];
  range?: { start: Date | null; end: Date | null };
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
  serviceTypeIds?: number[];
  text?: string | null;
  duplicatesOnly?: boolean;
  deleted: boolean;
};
export type Sort<K extends string> = { key: K; direction: "asc" | "desc" };
export type CaptureFilters = {
  scope: LeadScope;
  range?: { start: Date | null; end: Date | null };
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
  sources?: LeadSource[];
  outcomes?: CaptureOutcome[];
};

const some = <T>(xs: T[] | undefined): xs is T[] => Array.isArray(xs) && xs.length > 0;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
    return like(leads.phone, `${d}%`);
  }
  const lower = t.toLowerCase();
  if (lower.includes("@")) return like(leads.email, `${escapeLike(lower)}%`);
  const first = sql`lower(${leads.firstName})`;
  const last = sql`lower(${leads.lastName})`;
  const words = lower.split(/[\s,]+/).filter(Boolean);
  if (words.length === 1) {
    const w = `${escapeLike(words[0])}%`;
    return or(like(last, w), like(first, w), like(leads.email, w));
  }
  const a = `${escapeLike(words[0])}%`;
  const b = `${escapeLike(words[words.length - 1])}%`;
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
  if (f.range?.start) c.push(gte(leads.capturedAt, f.range.start));
  if (f.range?.end) c.push(lt(leads.capturedAt, f.range.end));
  if (some(f.territoryIds)) c.push(inArray(leads.territoryId, f.territoryIds));
  if (some(f.storeIds)) c.push(inArray(leads.storeId, f.storeIds));
  if (some(f.leadGeneratorIds)) c.push(inArray(leads.capturedByUserId, f.leadGeneratorIds));
  if (some(f.serviceTypeIds)) c.push(inArray(leads.serviceTypeId, f.serviceTypeIds));
  if (f.duplicatesOnly) c.push(isNotNull(leads.duplicateOfLeadId));
  c.push(textCondition(f.text));
  return and(...c);
}

/**
 * Capture time and id are sorted exactly as the indexes hold them (DESC NULLS LAST, scanned backwards for
 * ascending), so the first page of the default sort is an index range scan with no sort.
 */
function dir(column: SQL | typeof leads.id | typeof leads.capturedAt, direction: "asc" | "desc"): SQL {
  return direction === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
}

/**
 * The name sorts match the name sort indexes (`lower(name) desc nulls last, captured_at desc, id desc`), so the
 * first page of "by last name" walks the index and stops. With a text search the planner must not walk them:
 * a name prefix matches a contiguous stretch of that order ("garc" sits a quarter of the way in), not rows spread
 * evenly as it assumes, so it would read a quarter of the organization's leads to find 25 (1 s at a million
 * leads instead of 70 ms). `|| ''` sorts the same but no index matches it, so the text matches are sorted instead.
 */
export function leadOrder(s: Sort<LeadSortKey>, opts: { textSearch?: boolean } = {}): SQL[] {
  const name = (column: typeof leads.firstName | typeof leads.lastName) =>
    opts.textSearch ? sql`(lower(${column}) || '')` : sql`lower(${column})`;
  const by: Record<LeadSortKey, SQL | typeof leads.id | typeof leads.capturedAt> = {
    capturedAt: leads.capturedAt,
    id: leads.id,
    firstName: name(leads.firstName),
    lastName: name(leads.lastName),
    phone: sql`${leads.phone}`,
    email: sql`${leads.email}`,
    status: sql`${leads.statusId}`,
    storeName: sql`${stores.name}`,
    territoryName: sql`${territories.name}`,
    leadGeneratorName: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
    serviceTypeName: sql`${serviceTypes.name}`,
  };
  const order = [dir(by[s.key], s.direction)];
  if (s.key !== "capturedAt" && s.key !== "id") order.push(dir(leads.capturedAt, s.direction));
  if (s.key !== "id") order.push(dir(leads.id, s.direction));
  return order;
}

/** Counts at most `cap + 1` rows, so a count over a million leads costs no more than a page of 10,000. */
async function cappedCount(exec: Tx, from: SQL, cap: number) {
  const r = (await exec.execute(
    sql`select count(*)::int as n from (${from} limit ${cap + 1}) t`,
  )) as unknown as {
    rows: { n: number }[];
  };
  const n = Number(r.rows[0].n);
  return { total: Math.min(n, cap), capped: n > cap };
}

const dialect = new PgDialect();

export function leadsSearchRepository() {
  const pageQuery = (exec: Tx, f: LeadFilters, sort: Sort<LeadSortKey>, limit: number, offset: number) =>
    selectLeadRows(exec)
      .where(leadConditions(f))
      .orderBy(...leadOrder(sort, { textSearch: Boolean(f.text?.trim()) }))
      .limit(limit)
      .offset(offset);
  const countFrom = (f: LeadFilters) => sql`select 1 from ${leads} where ${leadConditions(f)}`;

  return {
    async page(
      exec: Tx,
      f: LeadFilters,
      sort: Sort<LeadSortKey>,
      limit: number,
      offset: number,
      countCap: number,
    ) {
      const [rows, count] = await Promise.all([
        pageQuery(exec, f, sort, limit, offset),
        cappedCount(exec, countFrom(f), countCap),
      ]);
      return { rows, ...count };
    },

    /** The SQL text and parameters of a page and of its count, for the benchmark to run them on their own. */
    sqlOf(
      exec: Tx,
      f: LeadFilters,
      sort: Sort<LeadSortKey>,
      limit: number,
      offset: number,
      countCap: number,
    ) {
      const page = pageQuery(exec, f, sort, limit, offset).toSQL();
      const count = dialect.sqlToQuery(
        sql`select count(*)::int as n from (${countFrom(f)} limit ${countCap + 1}) t`,
      );
      return {
        page: { sql: page.sql, params: page.params },
        count: { sql: count.sql, params: count.params },
      };
    },

    /** The ids of a whole result in order (exports fetch the rows in chunks after). */
    async ids(exec: Tx, f: LeadFilters, sort: Sort<LeadSortKey>, limit: number) {
      const rows = await exec
        .select({ id: leads.id })
        .from(leads)
        .leftJoin(stores, eq(stores.id, leads.storeId))
        .leftJoin(territories, eq(territories.id, leads.territoryId))
        .leftJoin(users, eq(users.id, leads.capturedByUserId))
        .leftJoin(serviceTypes, eq(serviceTypes.id, leads.serviceTypeId))
        .where(leadConditions(f))
        .orderBy(...leadOrder(sort, { textSearch: Boolean(f.text?.trim()) }))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async rowsByIds(exec: Tx, scope: { organizationId: number }, ids: number[]) {
      if (ids.length === 0) return [];
      // One array parameter, not thousands of them.
      const rows = await selectLeadRows(exec).where(
        and(
          eq(leads.organizationId, scope.organizationId),
          sql`${leads.id} = any(${sql.param(ids)}::bigint[])`,
        ),
      );
      const pos = new Map(ids.map((id, i) => [id, i]));
      return rows.sort((a, b) => (pos.get(a.id) ?? 0) - (pos.get(b.id) ?? 0));
    },

    async capturePage(
      exec: Tx,
      f: CaptureFilters,
      sort: Sort<"receivedAt" | "id">,
      limit: number,
      offset: number,
      cap: number,
    ) {
      const where = captureConditions(f);
      const order =
        sort.key === "id"
          ? [dir(sql`${captureEntries.id}`, sort.direction)]
          : [
              dir(sql`${captureEntries.receivedAt}`, sort.direction),
              dir(sql`${captureEntries.id}`, sort.direction),
            ];
      const [rows, count] = await Promise.all([
        exec
          .select({
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
          })
          .from(captureEntries)
          .leftJoin(stores, eq(stores.id, captureEntries.storeId))
          .leftJoin(territories, eq(territories.id, captureEntries.territoryId))
          .leftJoin(users, eq(users.id, captureEntries.submittedByUserId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        cappedCount(exec, sql`select 1 from ${captureEntries} where ${where}`, cap),
      ]);
      return { rows, ...count };
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
  if (f.range?.start) c.push(gte(captureEntries.receivedAt, f.range.start));
  if (f.range?.end) c.push(lt(captureEntries.receivedAt, f.range.end));
  if (some(f.territoryIds)) c.push(inArray(captureEntries.territoryId, f.territoryIds));
  if (some(f.storeIds)) c.push(inArray(captureEntries.storeId, f.storeIds));
  if (some(f.leadGeneratorIds)) c.push(inArray(captureEntries.submittedByUserId, f.leadGeneratorIds));
  if (some(f.sources)) c.push(inArray(captureEntries.source, f.sources));
  if (some(f.outcomes)) c.push(inArray(captureEntries.outcome, f.outcomes));
  return and(...c);
}

export type LeadsSearchRepository = ReturnType<typeof leadsSearchRepository>;
export type CaptureRow = Awaited<ReturnType<LeadsSearchRepository["capturePage"]>>["rows"][number];
