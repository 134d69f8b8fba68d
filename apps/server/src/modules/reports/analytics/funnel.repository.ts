import {
  APPOINTMENT_SET_STATUSES,
  addDays,
  type FunnelDimension,
  type FunnelMeasureKey,
  type FunnelRateKey,
  type FunnelSortKey,
  INACTIVE_SUFFIX,
  LABOR_DIMENSIONS,
  LEAD_SOURCES,
  LEAD_STATUS,
  type PeriodInterval,
  SENT_STATUSES,
} from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import { activities, leads, timeLogs } from "../../../db/schema/index";
import { rowsOf, type Tx } from "../../../platform/db";
import {
  likePattern,
  type OrderTerm,
  orderByOf,
  resolveSort,
  searchWords,
} from "../../../platform/query-kit";
import { type AnalyticsScope, inList, laborConditions, leadConditions } from "./analytics-scope";

/**
 * The funnel (docs/decisions/0042): one SQL builder for every grouping of the reports and the dashboard. A report is
 * one statement:
 *
 * 1. lead facts, in one pass over the period's leads (`leads_org_captured_idx`), counted with FILTER per measure;
 *    whether a lead has an appointment, and the type of its latest booking, come from the appointments pre-aggregated
 *    per lead (GROUP BY, or DISTINCT ON for the type) and joined by hash, never a subquery per lead: those of the
 *    period's leads for a short period, the organization's for a long one (see `funnelSql`);
 * 2. labor facts (groupings with labor, when the scope counts it): closed time logs and approaches, by work date;
 * 3. both (and, for periods and organizations, every bucket or organization of the report) added up per group, so a
 *    person with hours and no lead still has a row;
 * 4. names and details joined per group, the search, then the page in the asked order with the count and the totals
 *    over every row of the report in the same round trip.
 */

export type FunnelQuery = {
  dimension: FunnelDimension;
  /** The period grouping's buckets (null for the others). */
  interval: PeriodInterval | null;
  search: string | null;
  sort: { key: FunnelSortKey; direction: "asc" | "desc" };
  /** The rows of the page (an export asks for every row up to its cap, plus one to tell it is over). */
  limit: number;
  offset: number;
};

type Counts = {
  leads: number;
  rejected: number;
  duplicates: number;
  appointmentsSet: number;
  sent: number;
  ran: number;
  sold: number;
  notSold: number;
  noShow: number;
  cancelled: number;
  revenue: number;
  approaches: number | null;
  hoursWorked: number | null;
  shifts: number | null;
};

export type FunnelDbRow = Counts & {
  id: number | null;
  /** A grouping without an id (a source, a period, a type name): its key; null otherwise. */
  keyText: string | null;
  subId: number | null;
  name: string;
  detail: string | null;
  subName: string | null;
  isActive: boolean;
};

export type FunnelResult = { rows: FunnelDbRow[]; total: number; totals: Counts };

/** The id of the "Approaches" activity type (the `userActivities` list), as labor history reads it. */
const APPROACHES = sql`(select ri.id from reference_items ri where ri.list = 'userActivities' and lower(ri.name) = 'approaches' limit 1)`;

const REJECTED = LEAD_STATUS.rejected;
/** The fact columns, in the order every branch of the facts selects them. */
const MEASURES = [
  "approaches",
  "minutes",
  "shifts",
  "leads",
  "rejected",
  "duplicates",
  "appointments_set",
  "sent",
  "ran",
  "sold",
  "not_sold",
  "no_show",
  "cancelled",
  "revenue",
] as const;
/** The longest period whose leads' appointments are probed one lead at a time (see `funnelSql`). */
const PROBE_MAX_DAYS = 92;
const RAN = [LEAD_STATUS.ran, LEAD_STATUS.sold, LEAD_STATUS.notSold];

// ---------------------------------------------------------------------------------------------------------
// Periods
// ---------------------------------------------------------------------------------------------------------

const dayOfWeek = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first local date of the bucket holding `date` (weeks start on `firstDayOfWeek`). */
export function bucketStart(date: string, interval: PeriodInterval, firstDayOfWeek: number): string {
  if (interval === "day") return date;
  if (interval === "month") return `${date.slice(0, 7)}-01`;
  return addDays(date, -((dayOfWeek(date) - firstDayOfWeek + 7) % 7));
}

/** The same bucket in SQL, of a `date` expression. */
function bucketSql(date: SQL, interval: PeriodInterval, firstDayOfWeek: number): SQL {
  if (interval === "day") return date;
  if (interval === "month") return sql`date_trunc('month', ${date})::date`;
  return sql`(${date} - ((extract(dow from ${date})::int - ${firstDayOfWeek}::int + 7) % 7))`;
}

const STEP: Record<PeriodInterval, string> = { day: "1 day", week: "7 days", month: "1 month" };

/** "Mon 2 Mar 2026", "Week of 2 Mar 2026", "March 2026" (to_char's English names, whatever the server's locale). */
function periodLabel(key: SQL, interval: PeriodInterval): SQL {
  if (interval === "day") return sql`to_char(${key}::date, 'Dy FMDD Mon YYYY')`;
  if (interval === "week") return sql`'Week of ' || to_char(${key}::date, 'FMDD Mon YYYY')`;
  return sql`to_char(${key}::date, 'FMMonth YYYY')`;
}

// ---------------------------------------------------------------------------------------------------------
// Groupings: the key of a lead, of a labor fact, and the name of a group
// ---------------------------------------------------------------------------------------------------------

/** A group's key: an id, a text (source, period, type name) and a second id (the type beside a person). */
type Key = { id?: SQL; text?: SQL; sub?: SQL };

const keyColumns = (k: Key) =>
  sql`${k.id ?? sql`null::int`} as k_id, ${k.text ?? sql`null::text`} as k_text, ${k.sub ?? sql`null::int`} as k_sub`;

/** Whether a grouping needs the lead's appointment type (else only whether it has an appointment). */
const TYPED: readonly FunnelDimension[] = [
  "appointmentType",
  "appointmentTypeName",
  "leadGeneratorAppointmentType",
];

function leadKey(dimension: FunnelDimension): Key {
  switch (dimension) {
    case "organization":
      return { id: sql`pl.organization_id` };
    case "leadGenerator":
      return { id: sql`pl.captured_by_user_id` };
    case "store":
      return { id: sql`pl.store_id` };
    case "territory":
      return { id: sql`pl.territory_id` };
    case "appointmentType":
      return { id: sql`ap.type_id` };
    case "appointmentTypeName":
      return { text: sql`lower(apt.name)` };
    case "leadGeneratorAppointmentType":
      return { id: sql`pl.captured_by_user_id`, sub: sql`ap.type_id` };
    case "source":
      return { text: sql`pl.source::text` };
    case "period":
      // Counted per local day first, then per bucket (funnelSql).
      throw new Error("period leads are keyed by day in funnelSql");
  }
}

/** The key of a labor fact (`x`: time logs and activities; `xs`: its store, for the territory). */
function laborKey(dimension: FunnelDimension, s: AnalyticsScope, interval: PeriodInterval | null): Key {
  switch (dimension) {
    case "organization":
      return { id: sql`x.organization_id` };
    case "leadGenerator":
      return { id: sql`x.user_id` };
    case "store":
      return { id: sql`x.store_id` };
    case "territory":
      return { id: sql`xs.territory_id` };
    case "period":
      return {
        text: sql`to_char(${bucketSql(sql`x.work_date`, interval ?? "day", s.firstDayOfWeek)}, 'YYYY-MM-DD')`,
      };
    default:
      throw new Error(`no labor for ${dimension}`);
  }
}

/** The name, detail, sub name and active flag of a group `f`, and the joins they need. */
type Labels = { joins: SQL; name: SQL; detail: SQL; subName: SQL; isActive: SQL };

const inactive = (active: SQL) => sql`case when ${active} then '' else ${INACTIVE_SUFFIX} end`;

function people(s: AnalyticsScope, withOrganizations: boolean): Omit<Labels, "subName"> {
  // A person is active when one of their memberships in the report's organizations is (and their account is on):
  // the rule of the lead generator pickers (users/lead-generators.repository.ts).
  const active = sql`(coalesce(pm.active, false) and coalesce(u.is_platform_active, false))`;
  return {
    joins: sql`left join users u on u.id = f.k_id
      left join (
        select m.user_id, bool_or(m.is_active) as active, string_agg(o.name, ', ' order by o.name, o.id) as orgs
        from memberships m join organizations o on o.id = m.organization_id
        where ${inList(sql.raw("m.organization_id"), s.organizationIds)}
        group by m.user_id
      ) pm on pm.user_id = f.k_id`,
    name: sql`case when f.k_id is null then 'No lead generator'
      else trim(u.first_name || ' ' || u.last_name) || ${inactive(active)} end`,
    detail: withOrganizations ? sql`pm.orgs` : sql`null::text`,
    isActive: sql`(f.k_id is null or ${active})`,
  };
}

const noSub = sql`null::text`;

function labels(dimension: FunnelDimension, s: AnalyticsScope, interval: PeriodInterval | null): Labels {
  switch (dimension) {
    case "organization":
      return {
        joins: sql`left join organizations o on o.id = f.k_id`,
        name: sql`coalesce(o.name, 'No organization')`,
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
    case "leadGenerator":
      return { ...people(s, s.organizationIds.length > 1), subName: noSub };
    case "leadGeneratorAppointmentType":
      return {
        ...people(s, s.organizationIds.length > 1),
        joins: sql`${people(s, false).joins} left join appointment_types sat on sat.id = f.k_sub`,
        subName: sql`coalesce(sat.name, 'No appointment')`,
      };
    case "store":
      return {
        joins: sql`left join stores st on st.id = f.k_id left join territories stt on stt.id = st.territory_id`,
        name: sql`case when f.k_id is null then 'No store' else st.name || ${inactive(sql`st.is_active`)} end`,
        detail: sql`case when f.k_id is null then null
          else concat_ws(' · ', nullif(st.city, ''), coalesce(stt.name, 'No territory')) end`,
        subName: noSub,
        isActive: sql`(f.k_id is null or st.is_active)`,
      };
    case "territory":
      return {
        joins: sql`left join territories t on t.id = f.k_id`,
        name: sql`coalesce(t.name, 'No territory')`,
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
    case "appointmentType":
      return {
        joins: sql`left join appointment_types aty on aty.id = f.k_id`,
        name: sql`coalesce(aty.name, 'No appointment')`,
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
    case "appointmentTypeName":
      // Types of the same name (any case) are one row, named as the oldest of them spells it.
      return {
        joins: sql`left join lateral (
          select aty.name from appointment_types aty
          where ${inList(sql.raw("aty.organization_id"), s.organizationIds)} and lower(aty.name) = f.k_text
          order by aty.id limit 1) atn on true`,
        name: sql`coalesce(atn.name, 'No appointment')`,
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
    case "source":
      return {
        joins: sql``,
        name: sql`case f.k_text ${sql.join(
          LEAD_SOURCES.map((src) => sql`when ${src.id} then ${src.name}`),
          sql` `,
        )} else f.k_text end`,
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
    case "period":
      return {
        joins: sql``,
        name: periodLabel(sql`f.k_text`, interval ?? "day"),
        detail: sql`null::text`,
        subName: noSub,
        isActive: sql`true`,
      };
  }
}

/** Groups listed even when nothing happened in them: every bucket of the period, every organization of the group. */
function frame(dimension: FunnelDimension, s: AnalyticsScope, interval: PeriodInterval | null): SQL | null {
  if (dimension === "period") {
    const i = interval ?? "day";
    const first = bucketStart(s.period.startDate, i, s.firstDayOfWeek);
    const last = bucketStart(s.period.endDate, i, s.firstDayOfWeek);
    return sql`select null::int as k_id, to_char(g, 'YYYY-MM-DD') as k_text, null::int as k_sub
      from generate_series(${first}::date, ${last}::date, ${STEP[i]}::interval) g`;
  }
  if (dimension === "organization") {
    return sql`select o.id as k_id, null::text as k_text, null::int as k_sub from organizations o
      where ${inList(sql.raw("o.id"), s.organizationIds)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------------------------------------

const MEASURE_COLUMN: Record<FunnelMeasureKey, string> = {
  approaches: "approaches",
  hoursWorked: "minutes",
  shifts: "shifts",
  leads: "leads",
  rejected: "rejected",
  duplicates: "duplicates",
  appointmentsSet: "appointments_set",
  sent: "sent",
  ran: "ran",
  sold: "sold",
  notSold: "not_sold",
  noShow: "no_show",
  cancelled: "cancelled",
  revenue: "revenue",
};

const col = (key: FunnelMeasureKey) => sql.raw(`r.${MEASURE_COLUMN[key]}`);
const hours = sql`(r.minutes / 60.0)`;
const per = (part: SQL, whole: SQL) => sql`(${part})::float8 / nullif(${whole}, 0)`;

/** The rates of contracts' FUNNEL_RATES as SQL over a row `r`, for sorting (the same ratios, null when undefined). */
const RATE_SQL: Record<FunnelRateKey, SQL> = {
  appointmentRate: per(col("appointmentsSet"), col("leads")),
  ranRate: per(col("ran"), col("appointmentsSet")),
  closeRate: per(col("sold"), col("ran")),
  approachConversion: per(col("leads"), col("approaches")),
  leadsPerHour: per(col("leads"), hours),
  appointmentsPerHour: per(col("appointmentsSet"), hours),
  approachesPerHour: per(col("approaches"), hours),
  revenuePerHour: per(col("revenue"), hours),
  revenuePerLead: per(col("revenue"), col("leads")),
};

function orderOf(dimension: FunnelDimension, sort: FunnelQuery["sort"]): SQL[] {
  const byName: OrderTerm[] =
    dimension === "period"
      ? [sql`r.k_text`]
      : dimension === "leadGenerator" || dimension === "leadGeneratorAppointmentType"
        ? // Active people first whatever the direction, then by name (and the type beside them).
          [{ by: sql`(not r.is_active)`, direction: "asc" }, sql`lower(r.name)`, sql`lower(r.sub_name)`]
        : [sql`lower(r.name)`];
  const allow: Partial<Record<FunnelSortKey, OrderTerm | readonly OrderTerm[]>> = { name: byName };
  for (const key of Object.keys(MEASURE_COLUMN) as FunnelMeasureKey[]) {
    allow[key] = { by: col(key), nulls: "last" };
  }
  for (const key of Object.keys(RATE_SQL) as FunnelRateKey[])
    allow[key] = { by: RATE_SQL[key], nulls: "last" };
  // Every order ends on the group's name and key, so pages never overlap.
  const tieBreak: OrderTerm[] = [
    { by: sql`lower(r.name)`, direction: "asc" },
    { by: sql`r.k_text`, direction: "asc", nulls: "last" },
    { by: sql`r.k_id`, direction: "asc", nulls: "last" },
    { by: sql`r.k_sub`, direction: "asc", nulls: "last" },
  ];
  return orderByOf(
    resolveSort(
      allow as Record<FunnelSortKey, OrderTerm | readonly OrderTerm[]>,
      sort,
      { key: "name", direction: "asc" },
      { tieBreak },
    ).terms,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The statement
// ---------------------------------------------------------------------------------------------------------

/** Labor is counted for this grouping and scope. */
export const countsLabor = (dimension: FunnelDimension, s: AnalyticsScope) =>
  s.labor && LABOR_DIMENSIONS.includes(dimension);

/** The report's SQL (exported for the benchmark, which runs it directly beside the call). */
export function funnelSql(s: AnalyticsScope, q: FunnelQuery): SQL {
  const { dimension, interval } = q;
  const labor = countsLabor(dimension, s);
  const typed = TYPED.includes(dimension);
  const zero = labor ? sql`0` : sql`null::int`;

  // The period's leads in scope, read once (`leads_org_captured_idx`) with the columns the facts need. A short
  // period's appointments are read for its leads only (`pl` materialized, each lead's appointments probed on
  // `appointments_org_lead_idx`); a long one's are the organization's, aggregated per lead and hash-joined (probing
  // half a million leads, or materializing them, costs more than reading every appointment once).
  const probe = s.period.days <= PROBE_MAX_DAYS;
  const pl = sql`pl as ${sql.raw(probe ? "materialized" : "not materialized")} (
    select ${leads.organizationId} as organization_id, ${leads.id} as id, ${leads.capturedByUserId} as captured_by_user_id,
      ${leads.storeId} as store_id, ${leads.territoryId} as territory_id, ${leads.source} as source,
      ${leads.capturedAt} as captured_at, ${leads.statusId} as status_id,
      ${leads.duplicateOfLeadId} is not null as duplicate, ${leads.firstDeliveredAt} is not null as sent,
      ${leads.revenue} as revenue
    from ${leads} where ${leadConditions(leads, s)})`;
  const appointmentsOf = probe
    ? sql`appointments a join pl on a.organization_id = pl.organization_id and a.lead_id = pl.id`
    : sql`appointments a where ${inList(sql.raw("a.organization_id"), s.organizationIds)}`;
  // Each lead's appointment: only that it has one, or (typed groupings) its latest booking's type, by DISTINCT ON
  // (a sort of the appointments read; see docs/benchmarks.md for what a year of a million leads costs).
  const ap = typed
    ? sql`ap as (
        select distinct on (a.lead_id) a.lead_id, a.appointment_type_id as type_id from ${appointmentsOf}
        order by a.lead_id, a.booked_at desc, a.id desc)`
    : sql`ap as (select a.lead_id from ${appointmentsOf} group by a.lead_id)`;

  const live = sql`pl.status_id <> ${REJECTED}`;
  const count = (cond: SQL) => sql`(count(*) filter (where ${cond}))::int`;
  // Periods: the leads are counted per local day first (one zone conversion a lead), then the days per bucket.
  const leadKeys =
    dimension === "period"
      ? sql`null::int as k_id, (pl.captured_at at time zone ${s.timeZone})::date as k_day, null::int as k_sub`
      : keyColumns(leadKey(dimension));
  const byKey = sql`
    select ${leadKeys},
      ${zero} as approaches, ${zero} as minutes, ${zero} as shifts,
      ${count(live)} as leads,
      ${count(sql`pl.status_id = ${REJECTED}`)} as rejected,
      ${count(sql`${live} and pl.duplicate`)} as duplicates,
      ${count(sql`${live} and (ap.lead_id is not null or ${inList(sql.raw("pl.status_id"), APPOINTMENT_SET_STATUSES)})`)} as appointments_set,
      ${count(sql`${live} and (pl.sent or ${inList(sql.raw("pl.status_id"), SENT_STATUSES)})`)} as sent,
      ${count(
        sql`pl.status_id in (${sql.join(
          RAN.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      )} as ran,
      ${count(sql`pl.status_id = ${LEAD_STATUS.sold}`)} as sold,
      ${count(sql`pl.status_id = ${LEAD_STATUS.notSold}`)} as not_sold,
      ${count(sql`pl.status_id = ${LEAD_STATUS.noShow}`)} as no_show,
      ${count(sql`pl.status_id = ${LEAD_STATUS.cancelled}`)} as cancelled,
      coalesce(sum(pl.revenue) filter (where ${live}), 0)::float8 as revenue
    from pl
    left join ap on ap.lead_id = pl.id
    ${dimension === "appointmentTypeName" ? sql`left join appointment_types apt on apt.id = ap.type_id` : sql``}
    group by 1, 2, 3`;
  const leadFacts =
    dimension === "period"
      ? sql`select d.k_id,
          to_char(${bucketSql(sql`d.k_day`, interval ?? "day", s.firstDayOfWeek)}, 'YYYY-MM-DD') as k_text,
          d.k_sub, ${sql.raw(MEASURES.map((m) => `d.${m}`).join(", "))}
        from (${byKey}) d`
      : byKey;

  const laborFacts = labor
    ? sql`
    union all
    select ${keyColumns(laborKey(dimension, s, interval))},
      sum(x.approaches)::int, sum(x.minutes)::int, sum(x.shifts)::int,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0::float8
    from (
      select ${timeLogs.organizationId} as organization_id, ${timeLogs.userId} as user_id,
        ${timeLogs.storeId} as store_id, ${timeLogs.workDate} as work_date, 0 as approaches,
        round(extract(epoch from (${timeLogs.punchOutAt} - ${timeLogs.punchInAt})) / 60)::int as minutes, 1 as shifts
      from ${timeLogs}
      where ${laborConditions(timeLogs, s)} and ${timeLogs.state} = 'closed'
        and ${timeLogs.punchInAt} is not null and ${timeLogs.punchOutAt} is not null
      union all
      select ${activities.organizationId}, ${activities.userId}, ${activities.storeId}, ${activities.workDate},
        ${activities.count}, 0, 0
      from ${activities}
      where ${laborConditions(activities, s)} and ${activities.activityTypeId} = ${APPROACHES}
    ) x
    ${dimension === "territory" ? sql`left join stores xs on xs.organization_id = x.organization_id and xs.id = x.store_id` : sql``}
    group by 1, 2, 3`
    : sql``;

  const framed = frame(dimension, s, interval);
  const frameFacts = framed
    ? sql`
    union all
    select fr.k_id, fr.k_text, fr.k_sub, ${zero}, ${zero}, ${zero}, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0::float8
    from (${framed}) fr`
    : sql``;

  const l = labels(dimension, s, interval);
  const words = searchWords(q.search);
  const search = words.length
    ? sql`where ${sql.join(
        words.map((w) => sql`r.name ilike ${likePattern(w)}`),
        sql` and `,
      )}`
    : sql``;
  const order = sql.join(orderOf(dimension, q.sort), sql`, `);

  const measures = sql`approaches, minutes, shifts, leads, rejected, duplicates, appointments_set, sent, ran, sold,
    not_sold, no_show, cancelled, revenue`;
  const sum = (c: string, type = "int") => sql.raw(`sum(r.${c})::${type}`);

  return sql`with ${pl}, ${ap},
    facts as (
      select k_id, k_text, k_sub,
        sum(approaches)::int as approaches, sum(minutes)::int as minutes, sum(shifts)::int as shifts,
        sum(leads)::int as leads, sum(rejected)::int as rejected, sum(duplicates)::int as duplicates,
        sum(appointments_set)::int as appointments_set, sum(sent)::int as sent, sum(ran)::int as ran,
        sum(sold)::int as sold, sum(not_sold)::int as not_sold, sum(no_show)::int as no_show,
        sum(cancelled)::int as cancelled, sum(revenue)::float8 as revenue
      from (${leadFacts}${laborFacts}${frameFacts}) u
      group by k_id, k_text, k_sub
    ),
    labelled as (
      select f.k_id, f.k_text, f.k_sub, ${l.name} as name, ${l.detail} as detail, ${l.subName} as sub_name,
        ${l.isActive} as is_active, ${sql.raw("f.approaches, f.minutes, f.shifts, f.leads, f.rejected, f.duplicates, f.appointments_set, f.sent, f.ran, f.sold, f.not_sold, f.no_show, f.cancelled, f.revenue")}
      from facts f ${l.joins}
    ),
    report_rows as (select * from labelled r ${search}),
    page as (
      select r.*, row_number() over (order by ${order}) as ord
      from report_rows r order by ${order} limit ${q.limit} offset ${q.offset}
    )
    select 0 as part, ord, k_id, k_text, k_sub, name, detail, sub_name, is_active, ${measures}, null::int as total
    from page
    union all
    select 1, 0, null, null, null, null, null, null, null,
      ${sum("approaches")}, ${sum("minutes")}, ${sum("shifts")}, coalesce(${sum("leads")}, 0),
      coalesce(${sum("rejected")}, 0), coalesce(${sum("duplicates")}, 0), coalesce(${sum("appointments_set")}, 0),
      coalesce(${sum("sent")}, 0), coalesce(${sum("ran")}, 0), coalesce(${sum("sold")}, 0),
      coalesce(${sum("not_sold")}, 0), coalesce(${sum("no_show")}, 0), coalesce(${sum("cancelled")}, 0),
      coalesce(${sum("revenue", "float8")}, 0), count(*)::int
    from report_rows r
    order by 1, 2`;
}

type Raw = {
  part: number;
  k_id: number | null;
  k_text: string | null;
  k_sub: number | null;
  name: string | null;
  detail: string | null;
  sub_name: string | null;
  is_active: boolean | null;
  approaches: number | null;
  minutes: number | null;
  shifts: number | null;
  leads: number;
  rejected: number;
  duplicates: number;
  appointments_set: number;
  sent: number;
  ran: number;
  sold: number;
  not_sold: number;
  no_show: number;
  cancelled: number;
  revenue: number | string;
  total: number | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function countsOf(r: Raw, labor: boolean): Counts {
  return {
    approaches: labor ? (num(r.approaches) ?? 0) : null,
    hoursWorked: labor ? (num(r.minutes) ?? 0) / 60 : null,
    shifts: labor ? (num(r.shifts) ?? 0) : null,
    leads: Number(r.leads),
    rejected: Number(r.rejected),
    duplicates: Number(r.duplicates),
    appointmentsSet: Number(r.appointments_set),
    sent: Number(r.sent),
    ran: Number(r.ran),
    sold: Number(r.sold),
    notSold: Number(r.not_sold),
    noShow: Number(r.no_show),
    cancelled: Number(r.cancelled),
    // Money: rounded to the cent, the float sum's last bits dropped.
    revenue: Math.round(Number(r.revenue) * 100) / 100,
  };
}

async function read(exec: Tx, s: AnalyticsScope, q: FunnelQuery): Promise<FunnelResult> {
  const labor = countsLabor(q.dimension, s);
  if (s.organizationIds.length === 0) {
    // Every organization asked for is outside the group: nothing to read.
    const none = { leads: 0, rejected: 0, duplicates: 0, appointments_set: 0, sent: 0, ran: 0, sold: 0 };
    const totals = { ...none, not_sold: 0, no_show: 0, cancelled: 0, revenue: 0 } as Raw;
    return { rows: [], total: 0, totals: countsOf(totals, labor) };
  }
  const raw = await rowsOf<Raw>(exec, funnelSql(s, q));
  const totalsRow = raw.find((r) => r.part === 1) as Raw;
  const rows = raw
    .filter((r) => r.part === 0)
    .map(
      (r): FunnelDbRow => ({
        id: num(r.k_id),
        keyText: r.k_text,
        subId: num(r.k_sub),
        name: r.name ?? "",
        detail: r.detail,
        subName: r.sub_name,
        isActive: r.is_active !== false,
        ...countsOf(r, labor),
      }),
    );
  return { rows, total: Number(totalsRow.total ?? 0), totals: countsOf(totalsRow, labor) };
}

/** People who captured a lead or punched in during the period (the dashboard's active lead generators). */
function activePeopleSql(s: AnalyticsScope): SQL {
  const punched = s.labor
    ? sql`union
      select ${timeLogs.userId} from ${timeLogs}
      where ${laborConditions(timeLogs, s)} and ${timeLogs.punchInAt} is not null`
    : sql``;
  return sql`select count(*)::int as n from (
    select ${leads.capturedByUserId} as user_id from ${leads}
    where ${leadConditions(leads, s)} and ${leads.capturedByUserId} is not null
    ${punched}) p`;
}

/** The funnel's reads: one organization's, and the owner group's (the area's only read across organizations). */
export function funnelRepository() {
  return {
    /** A funnel report over one organization's rows (`s.organizationIds` holds the request's organization). */
    async funnel(exec: Tx, s: AnalyticsScope, q: FunnelQuery): Promise<FunnelResult> {
      if (s.organizationIds.length !== 1) throw new Error("funnel: one organization; use ownerGroupFunnel");
      return read(exec, s, q);
    },

    /**
     * Cross-tenant, by design: a funnel report over an owner group's organizations, which the scope resolved from
     * the request's organization and those it owns (analyticsScope with `ownerGroup`, organization-wide callers
     * only).
     */
    async ownerGroupFunnel(exec: Tx, s: AnalyticsScope, q: FunnelQuery): Promise<FunnelResult> {
      return read(exec, s, q);
    },

    /** Distinct people who captured a lead or punched in during the scope's period. */
    async activeLeadGenerators(exec: Tx, s: AnalyticsScope): Promise<number> {
      const [r] = await rowsOf<{ n: number }>(exec, activePeopleSql(s));
      return Number(r?.n ?? 0);
    },
  };
}

export type FunnelRepository = ReturnType<typeof funnelRepository>;
