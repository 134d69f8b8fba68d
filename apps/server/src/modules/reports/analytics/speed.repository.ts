import { LEAD_STATUS, type SpeedGrouping } from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import { leads } from "../../../db/schema/index";
import type { Tx } from "../../../platform/db";
import { type AnalyticsScope, leadConditions } from "./analytics-scope";
import { countOf, type GroupHead, groupedRows, numberOrNull } from "./series.groups";

export type SpeedMeasures = {
  leads: number;
  delivered: number;
  deliveredWithin5Minutes: number;
  deliveredWithinHour: number;
  medianMinutesToDelivery: number | null;
  p90MinutesToDelivery: number | null;
  contacted: number;
  contactedWithinHour: number;
  medianMinutesToContact: number | null;
};

/** Minutes from capture to `at` (null when it never happened); date_part answers a float, extract a slower numeric. */
const minutesTo = (at: SQL) => sql`date_part('epoch', ${at} - ${leads.capturedAt}) / 60`;

/** What each lead brings: the minutes to its first delivery and to its first contact. */
const values = sql`${minutesTo(sql`${leads.firstDeliveredAt}`)} as to_delivery,
  ${minutesTo(sql`${leads.firstContactedAt}`)} as to_contact`;

/** A percentile of the minutes, to one decimal (null when no lead has them; percentile_cont skips nulls). */
const percentile = (p: number, minutes: string) =>
  sql`round((percentile_cont(${sql.raw(String(p))}) within group (order by ${sql.raw(minutes)}))::numeric, 1)`;

const measures = sql`count(*)::int as "leads",
  count(to_delivery)::int as "delivered",
  count(*) filter (where to_delivery <= 5)::int as "deliveredWithin5Minutes",
  count(*) filter (where to_delivery <= 60)::int as "deliveredWithinHour",
  ${percentile(0.5, "to_delivery")} as "medianMinutesToDelivery",
  ${percentile(0.9, "to_delivery")} as "p90MinutesToDelivery",
  count(to_contact)::int as "contacted",
  count(*) filter (where to_contact <= 60)::int as "contactedWithinHour",
  ${percentile(0.5, "to_contact")} as "medianMinutesToContact"`;

const decode = (r: Record<string, unknown>): SpeedMeasures => ({
  leads: countOf(r.leads),
  delivered: countOf(r.delivered),
  deliveredWithin5Minutes: countOf(r.deliveredWithin5Minutes),
  deliveredWithinHour: countOf(r.deliveredWithinHour),
  medianMinutesToDelivery: numberOrNull(r.medianMinutesToDelivery),
  p90MinutesToDelivery: numberOrNull(r.p90MinutesToDelivery),
  contacted: countOf(r.contacted),
  contactedWithinHour: countOf(r.contactedWithinHour),
  medianMinutesToContact: numberOrNull(r.medianMinutesToContact),
});

/**
 * Speed to lead of the period's leads (rejected ones left out) per group and over all of them: how many were
 * delivered to a destination and contacted, how many within 5 minutes and an hour of the capture, and the median
 * and 90th percentile of the minutes it took (of the leads it happened to; percentile_cont interpolates).
 */
export async function speedToLeadRows(
  exec: Tx,
  s: AnalyticsScope,
  grouping: SpeedGrouping,
): Promise<{ rows: (GroupHead & SpeedMeasures)[]; totals: SpeedMeasures }> {
  return groupedRows(exec, s, {
    grouping,
    from: sql`${leads}`,
    where: sql`${leadConditions(leads, s)} and ${leads.statusId} <> ${LEAD_STATUS.rejected}`,
    values,
    measures,
    decode,
  });
}
