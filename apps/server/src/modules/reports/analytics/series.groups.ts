import {
  INACTIVE_SUFFIX,
  LEAD_SOURCES,
  type OutcomeGrouping,
  type SpeedGrouping,
} from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import {
  appointments,
  appointmentTypes,
  leads,
  memberships,
  stores,
  territories,
  users,
} from "../../../db/schema/index";
import { rowsOf, type Tx } from "../../../platform/db";
import { type PageRequest, pageOf } from "../../../platform/query-kit";
import { type AnalyticsScope, orgCondition } from "./analytics-scope";

// The groups of speed to lead and of appointment outcomes (docs/decisions/0042): one grouped query answers every
// group and the totals over all of them (grouping sets, so a median of the whole is the whole's median, not a
// median of medians); the group's name, detail and state are joined to the few grouped rows afterwards.

export type ReportGrouping = SpeedGrouping | OutcomeGrouping;

/** What a grouped row says of its group, beside its measures. */
export type GroupHead = {
  key: string;
  id: number | null;
  name: string;
  detail: string | null;
  isActive: boolean;
};

/**
 * The column a grouping groups by. A lead's own store and territory (where it was captured), also for the
 * appointments of the outcomes report: the rights and the filters read those, so a report by territory adds up to
 * what a territory manager may see.
 */
const KEY: Record<ReportGrouping, SQL> = {
  source: sql`${leads.source}`,
  territory: sql`${leads.territoryId}`,
  store: sql`${leads.storeId}`,
  leadGenerator: sql`${leads.capturedByUserId}`,
  appointmentType: sql`${appointments.appointmentTypeId}`,
};

/** The rows of a group without an id. */
const NONE_NAME: Record<ReportGrouping, string> = {
  source: "No source",
  territory: "No territory",
  store: "No store",
  leadGenerator: "No lead generator",
  appointmentType: "No appointment type",
};

/** The name, detail and state of the grouped rows (`g.gid`), joined after grouping. */
function namesOf(grouping: ReportGrouping, s: AnalyticsScope): { select: SQL; joins: SQL } {
  switch (grouping) {
    case "source":
      return { select: sql`null::text as "name", null::text as "detail", true as "isActive"`, joins: sql`` };
    case "territory":
      return {
        select: sql`${territories.name} as "name", null::text as "detail", ${territories.isActive} as "isActive"`,
        joins: sql`left join ${territories} on ${orgCondition(territories.organizationId, s)} and ${territories.id} = g.gid`,
      };
    case "store":
      // The store's city and territory on a second line.
      return {
        select: sql`${stores.name} as "name",
          nullif(concat_ws(', ', ${stores.city}, ${territories.name}), '') as "detail",
          ${stores.isActive} as "isActive"`,
        joins: sql`left join ${stores} on ${orgCondition(stores.organizationId, s)} and ${stores.id} = g.gid
          left join ${territories} on ${territories.organizationId} = ${stores.organizationId}
            and ${territories.id} = ${stores.territoryId}`,
      };
    case "leadGenerator":
      // Active as the lead generator pickers say (users/lead-generators.repository.ts).
      return {
        select: sql`trim(${users.firstName} || ' ' || ${users.lastName}) as "name", null::text as "detail",
          coalesce(${memberships.isActive} and ${users.isPlatformActive}, false) as "isActive"`,
        joins: sql`left join ${users} on ${users.id} = g.gid
          left join ${memberships} on ${orgCondition(memberships.organizationId, s)} and ${memberships.userId} = g.gid`,
      };
    case "appointmentType":
      return {
        select: sql`${appointmentTypes.name} as "name", null::text as "detail", ${appointmentTypes.isActive} as "isActive"`,
        joins: sql`left join ${appointmentTypes} on ${orgCondition(appointmentTypes.organizationId, s)}
          and ${appointmentTypes.id} = g.gid`,
      };
  }
}

const sourceName = (id: string) => LEAD_SOURCES.find((x) => x.id === id)?.name ?? id;

/**
 * Every group of a report and its totals, in one query. `from` and `where` are the rows counted; `values` the
 * select list of what each row brings (`gid`, the group, is added), computed once per row; `measures` the
 * aggregates of those values, each aliased in quotes as the row's key. Numeric values come back as text from the
 * drivers; `decode` turns a raw row's measures into numbers.
 *
 * The rows are read first (a materialized CTE) and grouped after: asked to group straight from the table,
 * PostgreSQL walks the index that is already in the group's order (organization, source, capture...) and reads half
 * a million leads from the heap in that order, slower than a scan and a sort (a year of speed to lead by source: 1.5 s
 * against 0.75 s in EXPLAIN ANALYZE, 2.0 s against 0.6 s p50 through the API in bench/analytics-series.bench.ts); read
 * on their own, the rows take the path their conditions call for (an index for a week, a scan for a year).
 */
export async function groupedRows<M>(
  exec: Tx,
  s: AnalyticsScope,
  q: {
    grouping: ReportGrouping;
    from: SQL;
    where: SQL;
    values: SQL;
    measures: SQL;
    decode: (raw: Record<string, unknown>) => M;
  },
): Promise<{ rows: (GroupHead & M)[]; totals: M }> {
  const key = KEY[q.grouping];
  const names = namesOf(q.grouping, s);
  const raw = await rowsOf<
    Record<string, unknown> & {
      gid: number | string | null;
      isTotal: number;
      name: string | null;
      detail: string | null;
      isActive: boolean | null;
    }
  >(
    exec,
    sql`with base as materialized (
      select ${key} as gid, ${q.values} from ${q.from} where ${q.where}
    ), g as (
      select gid, grouping(gid)::int as is_total, ${q.measures}
      from base
      group by grouping sets ((gid), ())
    )
    select g.*, g.is_total as "isTotal", ${names.select}
    from g ${names.joins}`,
  );
  let totals: M | null = null;
  const rows: (GroupHead & M)[] = [];
  for (const r of raw) {
    const measures = q.decode(r);
    if (r.isTotal) {
      totals = measures;
      continue;
    }
    rows.push({ ...headOf(q.grouping, r), ...measures });
  }
  // The empty grouping set answers a row even when nothing matched; this only guards the shape.
  if (!totals) totals = q.decode({});
  return { rows, totals };
}

function headOf(
  grouping: ReportGrouping,
  r: { gid: number | string | null; name: string | null; detail: string | null; isActive: boolean | null },
): GroupHead {
  if (r.gid === null) {
    return { key: "none", id: null, name: NONE_NAME[grouping], detail: null, isActive: true };
  }
  if (grouping === "source") {
    const id = String(r.gid);
    return { key: id, id: null, name: sourceName(id), detail: null, isActive: true };
  }
  const isActive = r.isActive !== false;
  const name = r.name ?? `#${r.gid}`;
  return {
    key: String(r.gid),
    id: Number(r.gid),
    name: isActive ? name : `${name}${INACTIVE_SUFFIX}`,
    detail: r.detail,
    isActive,
  };
}

/** A count from a raw row (0 when absent: the totals of nothing). */
export const countOf = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
/** A nullable number from a raw row (a median of no rows is null). */
export const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// ---------------------------------------------------------------------------------------------------------
// Sorting and paging the groups
// ---------------------------------------------------------------------------------------------------------

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The groups in the asked order: by name (as people read it), or by a measure with nulls last whichever the
 * direction; ties by name, then by key, so the order is the same on every call and pages neither overlap nor skip.
 * Without a direction a name sorts A to Z and a measure from the most. The groups are at most the organization's
 * stores, territories, people or types, so they are sorted here rather than by a second query.
 */
export function sortGroups<R extends GroupHead>(
  rows: R[],
  sortBy: string,
  direction: "asc" | "desc" | undefined,
): R[] {
  const dir = (direction ?? (sortBy === "name" ? "asc" : "desc")) === "asc" ? 1 : -1;
  const byName = (a: R, b: R) =>
    collator.compare(a.name, b.name) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  if (sortBy === "name") return [...rows].sort((a, b) => dir * byName(a, b));
  const value = (r: R) => (r as unknown as Record<string, number | null>)[sortBy] ?? null;
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
      return byName(a, b);
    }
    return dir * (va - vb) || byName(a, b);
  });
}

/** The page of sorted rows the request asks for. */
export function pageOfRows<R>(rows: R[], req: PageRequest): R[] {
  const { limit, offset } = pageOf(req);
  return rows.slice(offset, offset + limit);
}
