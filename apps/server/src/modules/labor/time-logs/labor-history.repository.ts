import { normalizeFirstDayOfWeek } from "@fieldlead/contracts";
import { inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { activities, leads, shifts, stores, timeLogs, users } from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { rowsOf, type Tx } from "../../../platform/db";
import type { PageWindow } from "../../../platform/query-kit";
import { type PeopleFilters, peopleFilter } from "./time-logs.repository";

/**
 * Labor history (docs/decisions/0040-labor.md): one row per person and day (or week) over a period, aggregated in
 * SQL from the time logs, the person's leads, their approaches (activities) and their planned shifts. One query
 * reads a page, one more the count and the total minutes; both are the same grouped facts:
 *
 * - time logs of the period (`time_logs_org_date_idx`, or `_org_user_date_idx` for some people): minutes of closed
 *   logs (real elapsed time), shifts, what needs attention (open, missing, proposed), stores, and whether the shift
 *   had approaches logged but no lead captured during it;
 * - leads captured by the person (`leads_org_captured_idx` / `leads_org_user_captured_idx`), dated in their store's
 *   zone, and whether a lead captured on the phone (source `app`) fell inside none of the person's logs;
 * - approaches (`activities` of the `userActivities` type "Approaches", `activities_org_date_idx`);
 * - planned minutes (`shifts`, `shifts_org_date_user_idx`).
 */

export type LaborHistoryFilters = PeopleFilters & {
  startDate: string;
  endDate: string;
  storeIds?: number[] | null;
  groupBy: "day" | "week";
  flaggedOnly: boolean;
  /** The organization's zone (a lead's date when it has no store) and longest shift (a log missing a punch). */
  timeZone: string;
  maxShiftHours: number;
};

export type LaborHistorySortKey = "userName" | "periodStart" | "minutes" | "leadCount";

export type LaborHistoryDbRow = {
  userId: number;
  firstName: string;
  lastName: string;
  periodStart: string;
  periodEnd: string;
  minutes: number;
  shiftCount: number;
  storeNames: string[];
  attentionCount: number;
  leadCount: number;
  leadsNotPunchedIn: number;
  approaches: number;
  shiftsWithApproachesNoLeads: number;
  scheduledMinutes: number;
};

const l = alias(timeLogs, "l");
const l2 = alias(timeLogs, "l2");
const ld = alias(leads, "ld");
const ld2 = alias(leads, "ld2");
const a = alias(activities, "a");
const a2 = alias(activities, "a2");
const sh = alias(shifts, "sh");
const st = alias(stores, "st");

/** The id of the "Approaches" activity type (the `userActivities` list). */
const APPROACHES = sql`(select ri.id from reference_items ri where ri.list = 'userActivities' and lower(ri.name) = 'approaches' limit 1)`;

function groupedFacts(exec: Tx, ctx: TenantContext, f: LaborHistoryFilters): SQL {
  const org = ctx.organizationId;
  const maxShift = sql`make_interval(hours => ${f.maxShiftHours}::int)`;
  const storeCond = (column: AnyPgColumn) =>
    f.storeIds?.length ? sql` and ${inArray(column, f.storeIds)}` : sql``;
  const people = (column: AnyPgColumn) => {
    const c = peopleFilter(exec, ctx, column, f);
    return c ? sql` and ${c}` : sql``;
  };
  const period = (column: AnyPgColumn) => sql`${column} between ${f.startDate}::date and ${f.endDate}::date`;
  const leadDate = sql`(${ld.capturedAt} at time zone coalesce(${st.timeZone}, ${f.timeZone}))::date`;
  const leadOrgDate = sql`(${ld.capturedAt} at time zone ${f.timeZone})::date`;

  // Shifts with approaches logged (on the shift, or that day at its store without naming a shift) and no lead
  // during them: a branch of its own whose conditions are in WHERE, so PostgreSQL joins the approaches (a hash semi
  // join) and probes the leads (an anti join on leads_org_user_captured_idx) for those shifts only.
  const approachesNoLeads = sql`
    select ${l.userId}, ${l.workDate}, 0, 0, 0, null, 0, 0, 0, 1, 0
    from ${timeLogs} l
    where ${l.organizationId} = ${org} and ${period(l.workDate)}${storeCond(l.storeId)}${people(l.userId)}
      and ${l.punchInAt} is not null
      and exists (select 1 from ${activities} a2 where ${a2.organizationId} = ${l.organizationId} and ${a2.userId} = ${l.userId}
        and ${a2.workDate} = ${l.workDate} and ${a2.activityTypeId} = ${APPROACHES} and ${a2.count} > 0
        and (${a2.timeLogId} = ${l.id} or (${a2.timeLogId} is null and (${a2.storeId} is null or ${a2.storeId} = ${l.storeId}))))
      and not exists (select 1 from ${leads} ld2 where ${ld2.organizationId} = ${l.organizationId}
        and ${ld2.capturedByUserId} = ${l.userId} and ${ld2.deletedAt} is null and ${ld2.capturedAt} >= ${l.punchInAt}
        and ${ld2.capturedAt} <= coalesce(${l.punchOutAt}, ${l.proposedOutAt},
          case when ${l.state} = 'open' then 'infinity'::timestamptz else ${l.punchInAt} + ${maxShift} end))`;

  // A lead captured on the phone at a moment no log of the person covers (a log missing a punch covers up to the
  // proposal, else the longest shift; an open log, until it closes).
  const notPunchedIn = sql`case when ${ld.source} = 'app' and not exists (select 1 from ${timeLogs} l2
        where ${l2.organizationId} = ${ld.organizationId} and ${l2.userId} = ${ld.capturedByUserId}
        and ${l2.workDate} between ${leadOrgDate} - 2 and ${leadOrgDate} + 1
        and coalesce(${l2.punchInAt}, ${l2.proposedInAt}, ${l2.punchOutAt} - ${maxShift}) <= ${ld.capturedAt}
        and ${ld.capturedAt} <= case when ${l2.state} = 'open' then 'infinity'::timestamptz
          else coalesce(${l2.punchOutAt}, ${l2.proposedOutAt}, ${l2.punchInAt} + ${maxShift}) end)
    then 1 else 0 end`;

  const facts = sql`
    select ${l.userId} as user_id, ${l.workDate} as d,
      (case when ${l.state} = 'closed' and ${l.punchInAt} is not null and ${l.punchOutAt} is not null
        then round(extract(epoch from (${l.punchOutAt} - ${l.punchInAt})) / 60) else 0 end)::int as minutes,
      1::int as shifts, (case when ${l.state} <> 'closed' then 1 else 0 end)::int as attention,
      ${l.storeId}::int as store_id, 0::int as leads, 0::int as not_punched, 0::int as approaches,
      0::int as sanl, 0::int as scheduled
    from ${timeLogs} l
    where ${l.organizationId} = ${org} and ${period(l.workDate)}${storeCond(l.storeId)}${people(l.userId)}
    union all
    ${approachesNoLeads}
    union all
    select ${ld.capturedByUserId}, ${leadDate}, 0, 0, 0, null, 1, ${notPunchedIn}, 0, 0, 0
    from ${leads} ld left join ${stores} st on ${st.organizationId} = ${ld.organizationId} and ${st.id} = ${ld.storeId}
    where ${ld.organizationId} = ${org} and ${ld.deletedAt} is null and ${ld.capturedByUserId} is not null
      and ${ld.capturedAt} >= ((${f.startDate}::date - 1)::timestamp at time zone ${f.timeZone})
      and ${ld.capturedAt} < ((${f.endDate}::date + 2)::timestamp at time zone ${f.timeZone})
      and ${leadDate} between ${f.startDate}::date and ${f.endDate}::date${storeCond(ld.storeId)}${people(ld.capturedByUserId)}
    union all
    select ${a.userId}, ${a.workDate}, 0, 0, 0, null, 0, 0, ${a.count}, 0, 0
    from ${activities} a
    where ${a.organizationId} = ${org} and ${period(a.workDate)} and ${a.activityTypeId} = ${APPROACHES}${storeCond(a.storeId)}${people(a.userId)}
    union all
    select ${sh.userId}, ${sh.workDate}, 0, 0, 0, null, 0, 0, 0, 0,
      round(extract(epoch from (${sh.endsAt} - ${sh.startsAt})) / 60)::int
    from ${shifts} sh
    where ${sh.organizationId} = ${org} and ${period(sh.workDate)}${storeCond(sh.storeId)}${people(sh.userId)}`;

  const fdw = normalizeFirstDayOfWeek(ctx.firstDayOfWeek);
  const bucket =
    f.groupBy === "week" ? sql`(f.d - ((extract(dow from f.d)::int - ${fdw}::int + 7) % 7))` : sql`f.d`;
  const having = f.flaggedOnly
    ? sql` having sum(f.attention) > 0 or sum(f.not_punched) > 0 or sum(f.sanl) > 0`
    : sql``;
  return sql`grouped as (
    select f.user_id, ${bucket} as p,
      sum(f.minutes)::int as minutes, sum(f.shifts)::int as shift_count, sum(f.attention)::int as attention,
      sum(f.leads)::int as lead_count, sum(f.not_punched)::int as not_punched, sum(f.approaches)::int as approaches,
      sum(f.sanl)::int as sanl, sum(f.scheduled)::int as scheduled,
      array_agg(f.store_id) filter (where f.store_id is not null) as store_ids
    from (${facts}) f
    group by 1, 2${having})`;
}

function orderOf(key: LaborHistorySortKey, direction: "asc" | "desc"): SQL {
  const dir = sql.raw(direction);
  const names = sql`lower(g.last_name), lower(g.first_name), g.user_id`;
  switch (key) {
    case "userName":
      return sql`lower(g.last_name) ${dir}, lower(g.first_name) ${dir}, g.user_id ${dir}, g.p`;
    case "minutes":
      return sql`g.minutes ${dir}, g.p, ${names}`;
    case "leadCount":
      return sql`g.lead_count ${dir}, g.p, ${names}`;
    default:
      return sql`g.p ${dir}, ${names}`;
  }
}

type Raw = {
  user_id: number;
  first_name: string;
  last_name: string;
  period_start: string;
  period_end: string;
  minutes: number;
  shift_count: number;
  store_names: string[] | string | null;
  attention: number;
  lead_count: number;
  not_punched: number;
  approaches: number;
  sanl: number;
  scheduled: number;
};

const names = (v: string[] | string | null): string[] =>
  v === null ? [] : typeof v === "string" ? (JSON.parse(v) as string[]) : v;

/** The page's SQL (exported for the benchmark, which times it beside EXPLAIN). */
export function laborHistoryPageSql(
  exec: Tx,
  ctx: TenantContext,
  f: LaborHistoryFilters,
  sort: { key: LaborHistorySortKey; direction: "asc" | "desc" },
  page: PageWindow,
): SQL {
  const span = f.groupBy === "week" ? 6 : 0;
  return sql`with ${groupedFacts(exec, ctx, f)},
    page as (
      select g.*, ${users.firstName} as first_name, ${users.lastName} as last_name
      from grouped g join ${users} on ${users.id} = g.user_id
    )
    select g.user_id, g.first_name, g.last_name, g.p::text as period_start, (g.p + ${span}::int)::text as period_end,
      g.minutes, g.shift_count, g.attention, g.lead_count, g.not_punched, g.approaches, g.sanl, g.scheduled,
      (select coalesce(json_agg(s.name order by lower(s.name)), '[]'::json) from stores s
        where s.organization_id = ${ctx.organizationId} and s.id = any(g.store_ids)) as store_names
    from page g
    order by ${orderOf(sort.key, sort.direction)}
    limit ${page.limit} offset ${page.offset}`;
}

/** The count and total minutes' SQL. */
export function laborHistoryTotalsSql(exec: Tx, ctx: TenantContext, f: LaborHistoryFilters): SQL {
  return sql`with ${groupedFacts(exec, ctx, f)}
    select count(*)::int as n, coalesce(sum(minutes), 0)::float8 as total from grouped`;
}

export function laborHistoryRepository() {
  return {
    /** One page of rows (the export reads the whole result a page at a time). */
    async page(
      exec: Tx,
      ctx: TenantContext,
      f: LaborHistoryFilters,
      sort: { key: LaborHistorySortKey; direction: "asc" | "desc" },
      page: PageWindow,
    ): Promise<LaborHistoryDbRow[]> {
      const rows = await rowsOf<Raw>(exec, laborHistoryPageSql(exec, ctx, f, sort, page));
      return rows.map((r) => ({
        userId: Number(r.user_id),
        firstName: r.first_name,
        lastName: r.last_name,
        periodStart: r.period_start,
        periodEnd: r.period_end,
        minutes: Number(r.minutes),
        shiftCount: Number(r.shift_count),
        storeNames: names(r.store_names),
        attentionCount: Number(r.attention),
        leadCount: Number(r.lead_count),
        leadsNotPunchedIn: Number(r.not_punched),
        approaches: Number(r.approaches),
        shiftsWithApproachesNoLeads: Number(r.sanl),
        scheduledMinutes: Number(r.scheduled),
      }));
    },

    /** How many rows the filter makes, and their minutes. */
    async totals(
      exec: Tx,
      ctx: TenantContext,
      f: LaborHistoryFilters,
    ): Promise<{ total: number; totalMinutes: number }> {
      const [r] = await rowsOf<{ n: number | string; total: number | string }>(
        exec,
        laborHistoryTotalsSql(exec, ctx, f),
      );
      return { total: Number(r?.n ?? 0), totalMinutes: Number(r?.total ?? 0) };
    },
  };
}

export type LaborHistoryRepository = ReturnType<typeof laborHistoryRepository>;
