import { z } from "zod";
import { FUNNEL_SORT_KEYS, OUTCOME_GROUPINGS, PERIOD_INTERVALS, SPEED_GROUPINGS } from "./analytics-columns";
import { idSchema, localDateSchema, textSchema } from "./common";
import { leadSourceSchema, optionalBody } from "./leads";

// The schemas the dashboard, the charts and the reports share (docs/decisions/0042).

const ids = z.array(idSchema).max(500);

/** The local dates a report covers, in the organization's time zone (inclusive). */
export const analyticsPeriod = z.object({ startDate: z.string(), endDate: z.string() });
export type AnalyticsPeriod = z.infer<typeof analyticsPeriod>;

/**
 * What every dashboard, chart and report call filters by. The period is a named range (1 Today .. 10 Year Before
 * Last) or local dates; with neither it is This Month. Each list narrows the rows to its ids; the caller's row scope
 * (territories, own leads, program) always applies on top.
 */
export const analyticsFilter = {
  dateRange: z
    .number()
    .int()
    .min(1, "Use a date range from 1 to 10")
    .max(10, "Use a date range from 1 to 10")
    .nullish(),
  startDate: localDateSchema.nullish(),
  endDate: localDateSchema.nullish(),
  territoryIds: ids.optional(),
  storeIds: ids.optional(),
  leadGeneratorIds: ids.optional(),
  appointmentTypeIds: ids.optional(),
  sources: z.array(leadSourceSchema).max(10).optional(),
};

/** The same period in a query string (GET calls). */
export const analyticsPeriodQuery = {
  dateRange: z
    .string()
    .regex(/^([1-9]|10)$/, "Use a date range from 1 to 10")
    .transform(Number)
    .optional(),
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
};

/** A territory in a path: its id, or 0 for every territory the caller reaches. */
export const territoryPathParams = z.object({
  territoryId: z
    .string()
    .regex(/^\d{1,10}$/, "Use a territory id, or 0 for every territory")
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, "Use a territory id, or 0 for every territory"),
});

export const exportFormat = z.enum(["json", "csv", "xlsx"]).default("json");

// What every report's body and answer share; spread in place so each schema keeps its fields in the same order.

/** A report's page: the first 50 rows unless asked. */
const reportPageRequest = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
};

/** After a report's own `sortBy`: the direction, and `csv` / `xlsx` for every row (up to 10,000) as a download. */
const reportOrderAndFormat = {
  sortDirection: z.enum(["asc", "desc"]).optional(),
  format: exportFormat,
};

/** A page of a report's rows and how many rows there are in all. */
const reportPage = <Row extends z.ZodType>(row: Row) => ({
  items: z.array(row),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Who or what a report's row is about (see `funnelRow`). */
const reportGroup = {
  key: z.string(),
  id: z.number().int().nullable(),
  name: z.string(),
  detail: z.string().nullable(),
};

// ---------------------------------------------------------------------------------------------------------
// Funnel reports: rows of measures grouped by one thing
// ---------------------------------------------------------------------------------------------------------

export const funnelMeasures = z.object({
  approaches: z.number().int().nullable(),
  hoursWorked: z.number().nullable(),
  shifts: z.number().int().nullable(),
  leads: z.number().int(),
  rejected: z.number().int(),
  duplicates: z.number().int(),
  appointmentsSet: z.number().int(),
  sent: z.number().int(),
  ran: z.number().int(),
  sold: z.number().int(),
  notSold: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  revenue: z.number(),
});

/**
 * One row of a funnel report. `id` and `name` are the group's (a lead generator, a store, a territory, an
 * appointment type, an organization, a source, or a period: then `id` is null and `key` is its first local date);
 * `detail` is a second line (a store's city and territory, a lead generator's organizations). The lead generator and
 * appointment type report names the type in `subId` and `subName`. A group with no id ("No appointment", "No
 * territory") has a null `id`.
 */
export const funnelRow = funnelMeasures.extend({
  ...reportGroup,
  subId: z.number().int().nullable(),
  subName: z.string().nullable(),
  /** False for an inactive lead generator or store (its name then ends with " - Inactive"). */
  isActive: z.boolean(),
});
export type FunnelRow = z.infer<typeof funnelRow>;

const funnelReportBody = z.object({
  ...analyticsFilter,
  /** Owner-group reports: narrow to some of the group's organizations. */
  organizationIds: ids.optional(),
  /** A period grouping's interval; by default days up to 31 days, weeks up to 26 weeks, then months. */
  interval: z.enum(PERIOD_INTERVALS).optional(),
  /** Rows whose name contains this (the dashboard's listings). */
  search: textSchema.trim().max(100).nullish(),
  ...reportPageRequest,
  sortBy: z.enum(FUNNEL_SORT_KEYS).optional(),
  ...reportOrderAndFormat,
});
export const funnelReportRequest = optionalBody(funnelReportBody);
export type FunnelReportRequest = z.input<typeof funnelReportBody>;

export const funnelReportResponse = z.object({
  period: analyticsPeriod,
  /** The interval of a period grouping; null for the others. */
  interval: z.enum(PERIOD_INTERVALS).nullable(),
  ...reportPage(funnelRow),
  /** The measures over every row of the report (not only the page). */
  totals: funnelMeasures,
});
export type FunnelReportResponse = z.infer<typeof funnelReportResponse>;

// ---------------------------------------------------------------------------------------------------------
// Speed to lead
// ---------------------------------------------------------------------------------------------------------

export const speedMeasures = z.object({
  leads: z.number().int(),
  delivered: z.number().int(),
  deliveredWithin5Minutes: z.number().int(),
  deliveredWithinHour: z.number().int(),
  medianMinutesToDelivery: z.number().nullable(),
  p90MinutesToDelivery: z.number().nullable(),
  contacted: z.number().int(),
  contactedWithinHour: z.number().int(),
  medianMinutesToContact: z.number().nullable(),
});
export const speedRow = speedMeasures.extend({ ...reportGroup, isActive: z.boolean() });
export type SpeedRow = z.infer<typeof speedRow>;

const speedReportBody = z.object({
  ...analyticsFilter,
  groupBy: z.enum(SPEED_GROUPINGS).default("source"),
  ...reportPageRequest,
  sortBy: z
    .enum(["name", "leads", "delivered", "medianMinutesToDelivery", "contacted", "medianMinutesToContact"])
    .optional(),
  ...reportOrderAndFormat,
});
export const speedReportRequest = optionalBody(speedReportBody);
export type SpeedReportRequest = z.input<typeof speedReportBody>;
export const speedReportResponse = z.object({
  period: analyticsPeriod,
  ...reportPage(speedRow),
  totals: speedMeasures,
});
export type SpeedReportResponse = z.infer<typeof speedReportResponse>;

// ---------------------------------------------------------------------------------------------------------
// Appointment outcomes (lead ran): appointments whose start falls in the period, by what became of them
// ---------------------------------------------------------------------------------------------------------

export const outcomeMeasures = z.object({
  appointments: z.number().int(),
  /** Booked and not yet run (or not yet reported). */
  pending: z.number().int(),
  /** Run: sold or not sold. */
  ran: z.number().int(),
  sold: z.number().int(),
  notSold: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  /** The revenue of the leads whose appointment sold. */
  revenue: z.number(),
});
export const outcomeRow = outcomeMeasures.extend({ ...reportGroup, isActive: z.boolean() });
export type OutcomeRow = z.infer<typeof outcomeRow>;
const outcomeReportBody = z.object({
  ...analyticsFilter,
  groupBy: z.enum(OUTCOME_GROUPINGS).default("appointmentType"),
  ...reportPageRequest,
  sortBy: z
    .enum(["name", "appointments", "pending", "ran", "sold", "notSold", "noShow", "cancelled", "revenue"])
    .optional(),
  ...reportOrderAndFormat,
});
export const outcomeReportRequest = optionalBody(outcomeReportBody);
export type OutcomeReportRequest = z.input<typeof outcomeReportBody>;
export const outcomeReportResponse = z.object({
  period: analyticsPeriod,
  ...reportPage(outcomeRow),
  totals: outcomeMeasures,
});
export type OutcomeReportResponse = z.infer<typeof outcomeReportResponse>;

// ---------------------------------------------------------------------------------------------------------
// Charts and the dashboard's series
// ---------------------------------------------------------------------------------------------------------

/** What a chart counts. */
export const CHART_MEASURES = ["leads", "appointmentsSet", "sold"] as const;

export const timeSeriesPoint = z.object({
  /** The first local date of the day, week or month. */
  date: z.string(),
  label: z.string(),
  leads: z.number().int(),
  appointmentsSet: z.number().int(),
  sold: z.number().int(),
  revenue: z.number(),
});
/** Every day, week or month of the period, with zeros where nothing happened. */
export const timeSeriesResponse = z.object({
  period: analyticsPeriod,
  interval: z.enum(PERIOD_INTERVALS),
  points: z.array(timeSeriesPoint),
});
export type TimeSeriesResponse = z.infer<typeof timeSeriesResponse>;

const leadCountChartBody = z.object({ ...analyticsFilter, interval: z.enum(PERIOD_INTERVALS).optional() });
export const leadCountChartRequest = optionalBody(leadCountChartBody);
export type LeadCountChartRequest = z.input<typeof leadCountChartBody>;

const leadGeneratorChartBody = z.object({
  ...analyticsFilter,
  measure: z.enum(CHART_MEASURES).default("leads"),
  /** How many lead generators get a series of their own (the most leads first); the rest are summed. */
  top: z.number().int().min(1).max(20).default(8),
});
export const leadGeneratorChartRequest = optionalBody(leadGeneratorChartBody);
export type LeadGeneratorChartRequest = z.input<typeof leadGeneratorChartBody>;

/**
 * Lead generators by day of week (7 buckets, 0 Sunday .. 6 Saturday) or hour of day (24 buckets, 0..23), in the
 * store's time zone (the organization's for a lead with no store).
 */
export const bucketChartResponse = z.object({
  period: analyticsPeriod,
  measure: z.enum(CHART_MEASURES),
  buckets: z.array(z.object({ key: z.number().int(), label: z.string() })),
  series: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      isActive: z.boolean(),
      values: z.array(z.number().int()),
    }),
  ),
  /** Everyone outside `series`, summed; null when every lead generator has a series. */
  others: z.array(z.number().int()).nullable(),
  totals: z.array(z.number().int()),
});
export type BucketChartResponse = z.infer<typeof bucketChartResponse>;

const leadCountSummaryChartBody = z.object({ ...analyticsFilter });
export const leadCountSummaryChartRequest = optionalBody(leadCountSummaryChartBody);
export type LeadCountSummaryChartRequest = z.input<typeof leadCountSummaryChartBody>;
export const leadCountSummaryChartResponse = z.object({
  period: analyticsPeriod,
  /** Every live lead of the period, rejected ones included. */
  total: z.number().int(),
  byStatus: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
  bySource: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});
export type LeadCountSummaryChartResponse = z.infer<typeof leadCountSummaryChartResponse>;

// ---------------------------------------------------------------------------------------------------------
// The dashboard
// ---------------------------------------------------------------------------------------------------------

export const dashboardPeriodQuery = z.object({ ...analyticsPeriodQuery });
export const dashboardBarChartQuery = z.object({
  ...analyticsPeriodQuery,
  interval: z.enum(PERIOD_INTERVALS).optional(),
});

/** The headline panels for the period and the period of the same length just before it. */
export const dashboardPanelsResponse = z.object({
  period: analyticsPeriod,
  previousPeriod: analyticsPeriod,
  current: funnelMeasures,
  previous: funnelMeasures,
  /** People who captured a lead or punched in during the period. */
  activeLeadGenerators: z.number().int(),
});
export type DashboardPanelsResponse = z.infer<typeof dashboardPanelsResponse>;

/** The dashboard's store listing as a file: the same filter and order as `dashboard/stores`, in a query string. */
export const dashboardStoresExportQuery = z.object({
  ...analyticsPeriodQuery,
  territoryId: z
    .string()
    .regex(/^\d{1,10}$/, "Use a territory id, or 0 for every territory")
    .transform(Number)
    .optional(),
  search: textSchema.trim().max(100).optional(),
  sortBy: z.enum(FUNNEL_SORT_KEYS).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  format: z.enum(["csv", "xlsx"]).default("xlsx"),
});
