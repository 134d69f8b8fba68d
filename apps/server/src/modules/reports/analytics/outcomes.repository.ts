import type { OutcomeGrouping } from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import { appointments, leads } from "../../../db/schema/index";
import type { Tx } from "../../../platform/db";
import { type AnalyticsScope, inList, leadConditions, orgCondition } from "./analytics-scope";
import { countOf, type GroupHead, groupedRows } from "./series.groups";

export type OutcomeMeasures = {
  appointments: number;
  pending: number;
  ran: number;
  sold: number;
  notSold: number;
  noShow: number;
  cancelled: number;
  revenue: number;
};

/** What each appointment brings: its status, and its lead's revenue. */
const values = sql`${appointments.status} as status, ${leads.revenue} as revenue`;

const measures = sql`count(*)::int as "appointments",
  count(*) filter (where status = 'booked')::int as "pending",
  count(*) filter (where status in ('ran', 'sold'))::int as "ran",
  count(*) filter (where status = 'sold')::int as "sold",
  count(*) filter (where status = 'ran')::int as "notSold",
  count(*) filter (where status = 'noShow')::int as "noShow",
  count(*) filter (where status = 'cancelled')::int as "cancelled",
  coalesce(sum(revenue) filter (where status = 'sold'), 0) as "revenue"`;

const decode = (r: Record<string, unknown>): OutcomeMeasures => ({
  appointments: countOf(r.appointments),
  pending: countOf(r.pending),
  ran: countOf(r.ran),
  sold: countOf(r.sold),
  notSold: countOf(r.notSold),
  noShow: countOf(r.noShow),
  cancelled: countOf(r.cancelled),
  revenue: countOf(r.revenue),
});

/**
 * The appointments whose start falls in the period and whose lead the caller may see (live, in their territories,
 * their program, the request's filters), per group and over all groups, by what became of them. `ran` is every
 * run appointment (sold or not), `notSold` those the CRM reported as ran without a sale; the revenue is the sold
 * appointments' leads'. An appointment type filter narrows the appointments themselves, not only their leads.
 */
export async function outcomeRows(
  exec: Tx,
  s: AnalyticsScope,
  grouping: OutcomeGrouping,
): Promise<{ rows: (GroupHead & OutcomeMeasures)[]; totals: OutcomeMeasures }> {
  const where: SQL[] = [
    orgCondition(appointments.organizationId, s),
    sql`${appointments.startsAt} >= ${s.period.start}`,
    sql`${appointments.startsAt} < ${s.period.end}`,
    // Any capture date: appointments are read by their start, whatever the period their lead was captured in.
    leadConditions(leads, s, null),
  ];
  if (s.appointmentTypeIds !== null) where.push(inList(appointments.appointmentTypeId, s.appointmentTypeIds));
  return groupedRows(exec, s, {
    grouping,
    from: sql`${appointments} join ${leads} on ${leads.organizationId} = ${appointments.organizationId}
      and ${leads.id} = ${appointments.leadId}`,
    where: sql.join(where, sql` and `),
    values,
    measures,
    decode,
  });
}
