import {
  APPOINTMENT_SET_STATUSES,
  LEAD_STATUS,
  MONTH_SHORT_NAMES,
  type PeriodInterval,
  parseLocalDate,
  startOfMonth,
  startOfWeek,
} from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import { appointments, leads, memberships, stores, users } from "../../../db/schema/index";
import { rowsOf, type Tx } from "../../../platform/db";
import { type AnalyticsScope, inList, leadConditions, orgCondition } from "./analytics-scope";

// The charts' reads (docs/decisions/0042): the lead count series, the lead generators by day of week or hour of day,
// and the period's leads by status and source. Each is one query over the period's leads.

/** What a chart counts; every measure leaves rejected leads out, as the funnel does. */
export type ChartMeasure = "leads" | "appointmentsSet" | "sold";

const REJECTED = LEAD_STATUS.rejected;

/**
 * The lead has an appointment (booked, cancelled or run). In a WHERE clause PostgreSQL makes it a semi-join; inside
 * a count's FILTER it would be a subquery per lead, so the series joins `bookedLeads` instead (see there).
 */
const hasAppointment = sql`exists (select 1 from ${appointments}
  where ${appointments.organizationId} = ${leads.organizationId} and ${appointments.leadId} = ${leads.id})`;

/**
 * The leads of the organizations that have an appointment, once each, to join beside the leads as `booked`. A
 * subquery per lead in a FILTER is planned as a probe per row: on the benchmark's database (a million leads, 650,000
 * appointments) a year's series took 1.7-2.7 s that way (the plan's cost also switches JIT on) and 0.8-1.0 s joined.
 * `lead_id in (select ...)` is no better: past the hash memory it becomes a scan of the appointments per lead.
 */
const bookedLeads = (s: AnalyticsScope) =>
  sql`(select distinct ${appointments.leadId} as lead_id from ${appointments}
    where ${orgCondition(appointments.organizationId, s)})`;

const measureCondition: Record<ChartMeasure, SQL> = {
  leads: sql`${leads.statusId} <> ${REJECTED}`,
  appointmentsSet: sql`${leads.statusId} <> ${REJECTED} and (${inList(leads.statusId, APPOINTMENT_SET_STATUSES)} or ${hasAppointment})`,
  sold: sql`${leads.statusId} = ${LEAD_STATUS.sold}`,
};

// ---------------------------------------------------------------------------------------------------------
// The lead count series
// ---------------------------------------------------------------------------------------------------------

export type SeriesPointRow = {
  date: string;
  leads: number;
  appointmentsSet: number;
  sold: number;
  revenue: number;
};

/**
 * The first local date of the bucket holding `localDate`: itself, the first day of its week (weeks start on the
 * organization's first day), or the first of its month. The first bucket may start before the period: a week is
 * always a whole calendar week, so "Week of 23 Feb" counts the leads of 1 Mar alone when the period starts then.
 */
export function bucketStart(localDate: string, interval: PeriodInterval, firstDayOfWeek: number): string {
  if (interval === "day") return localDate;
  if (interval === "week") return startOfWeek(localDate, firstDayOfWeek);
  return startOfMonth(localDate);
}

/** "2 Mar", "Week of 2 Mar", "Mar 2026". */
export function bucketLabel(date: string, interval: PeriodInterval): string {
  const { year, month, day } = parseLocalDate(date);
  const m = MONTH_SHORT_NAMES[month - 1];
  if (interval === "day") return `${day} ${m}`;
  if (interval === "week") return `Week of ${day} ${m}`;
  return `${m} ${year}`;
}

/** A lead's bucket (its first local date) in SQL, from its capture instant in the organization's zone. */
function leadBucket(s: AnalyticsScope, interval: PeriodInterval): SQL {
  const local = sql`(${leads.capturedAt} at time zone ${s.timeZone})`;
  if (interval === "day") return sql`${local}::date`;
  if (interval === "month") return sql`date_trunc('month', ${local})::date`;
  // dow is 0 (Sunday) .. 6 (Saturday), as first_day_of_week is numbered.
  return sql`(${local}::date - ((extract(dow from ${local})::int - ${s.firstDayOfWeek}::int + 7) % 7))`;
}

const STEP: Record<PeriodInterval, string> = { day: "1 day", week: "1 week", month: "1 month" };

/**
 * Leads, appointments set, sold and revenue per bucket, every bucket of the period listed (zeros included): the
 * buckets come from generate_series, the leads are counted once and joined to them.
 */
export async function leadCountSeries(
  exec: Tx,
  s: AnalyticsScope,
  interval: PeriodInterval,
): Promise<SeriesPointRow[]> {
  const first = bucketStart(s.period.startDate, interval, s.firstDayOfWeek);
  const live = sql`${leads.statusId} <> ${REJECTED}`;
  const rows = await rowsOf<{
    date: string;
    leads: number;
    appointmentsSet: number;
    sold: number;
    revenue: string | number;
  }>(
    exec,
    sql`with counted as (
      select ${leadBucket(s, interval)} as bucket,
        count(*) filter (where ${live})::int as leads,
        count(*) filter (where ${live} and (booked.lead_id is not null or ${inList(leads.statusId, APPOINTMENT_SET_STATUSES)}))::int as appointments_set,
        count(*) filter (where ${leads.statusId} = ${LEAD_STATUS.sold})::int as sold,
        coalesce(sum(${leads.revenue}) filter (where ${live}), 0) as revenue
      from ${leads}
      left join ${bookedLeads(s)} booked on booked.lead_id = ${leads.id}
      where ${leadConditions(leads, s)}
      group by 1
    )
    select to_char(g.d, 'YYYY-MM-DD') as "date",
      coalesce(c.leads, 0) as "leads",
      coalesce(c.appointments_set, 0) as "appointmentsSet",
      coalesce(c.sold, 0) as "sold",
      coalesce(c.revenue, 0) as "revenue"
    from generate_series(${first}::timestamp, ${s.period.endDate}::timestamp, ${STEP[interval]}::interval) as g(d)
    left join counted c on c.bucket = g.d::date
    order by g.d`,
  );
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

// ---------------------------------------------------------------------------------------------------------
// Lead generators by day of week or hour of day
// ---------------------------------------------------------------------------------------------------------

export type BucketKind = "dayOfWeek" | "hourOfDay";

export type LeadGeneratorBucketRow = {
  /** The lead generator's rank (1 = the most), null on the rows of everyone past `top`. */
  rank: number | null;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean | null;
  bucket: number;
  count: number;
};

/**
 * The measure per lead generator and bucket: the `top` lead generators (by their total, then by name and id) each
 * with their buckets, and the others' buckets summed in rows without a person. The bucket is read in the store's
 * zone (the organization's for a lead without a store), so a store in Chicago counts its own local hours. Leads
 * nobody captured (QR self-entry, web forms, imports) are no lead generator's and are left out. Active as the
 * pickers say (lead-generators.repository.ts): an active membership here, an account not switched off.
 */
export async function leadGeneratorBuckets(
  exec: Tx,
  s: AnalyticsScope,
  kind: BucketKind,
  measure: ChartMeasure,
  top: number,
): Promise<LeadGeneratorBucketRow[]> {
  const local = sql`(${leads.capturedAt} at time zone coalesce(${stores.timeZone}, ${s.timeZone}))`;
  const bucket =
    kind === "dayOfWeek" ? sql`extract(dow from ${local})::int` : sql`extract(hour from ${local})::int`;
  return rowsOf<LeadGeneratorBucketRow>(
    exec,
    sql`with per as (
      select ${leads.capturedByUserId} as uid, ${bucket} as bucket, count(*)::int as n
      from ${leads}
      left join ${stores} on ${stores.organizationId} = ${leads.organizationId} and ${stores.id} = ${leads.storeId}
      where ${leadConditions(leads, s)} and ${leads.capturedByUserId} is not null and ${measureCondition[measure]}
      group by 1, 2
    ), ranked as (
      select t.uid, ${users.firstName} as first_name, ${users.lastName} as last_name,
        coalesce(${memberships.isActive} and ${users.isPlatformActive}, false) as active,
        row_number() over (
          order by t.total desc, lower(${users.firstName} || ' ' || ${users.lastName}), t.uid
        )::int as rn
      from (select uid, sum(n) as total from per group by uid) t
      join ${users} on ${users.id} = t.uid
      left join ${memberships} on ${orgCondition(memberships.organizationId, s)} and ${memberships.userId} = t.uid
    )
    select r.rn as "rank", r.uid as "userId", r.first_name as "firstName", r.last_name as "lastName",
      r.active as "isActive", p.bucket as "bucket", p.n as "count"
    from per p join ranked r on r.uid = p.uid
    where r.rn <= ${top}
    union all
    select null, null, null, null, null, p.bucket, sum(p.n)::int
    from per p join ranked r on r.uid = p.uid
    where r.rn > ${top}
    group by p.bucket`,
  );
}

// ---------------------------------------------------------------------------------------------------------
// The period's leads by status and source
// ---------------------------------------------------------------------------------------------------------

export type StatusSourceCount = { statusId: number; source: string; count: number };

/** Live leads of the period (rejected included) counted by status and source in one pass. */
export async function leadsByStatusAndSource(exec: Tx, s: AnalyticsScope): Promise<StatusSourceCount[]> {
  return rowsOf<StatusSourceCount>(
    exec,
    sql`select ${leads.statusId}::int as "statusId", ${leads.source} as "source", count(*)::int as "count"
      from ${leads} where ${leadConditions(leads, s)} group by 1, 2`,
  );
}
