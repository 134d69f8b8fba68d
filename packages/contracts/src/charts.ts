import {
  bucketChartResponse,
  leadCountChartRequest,
  leadCountSummaryChartRequest,
  leadCountSummaryChartResponse,
  leadGeneratorChartRequest,
  timeSeriesResponse,
} from "./analytics";
import { endpoint } from "./endpoint";

// The charts (docs/decisions/0042): the same filter as the reports, answered as series to draw.

export const chartsApi = {
  leadGeneratorDaysOfWeek: endpoint({
    name: "charts.leadGeneratorDaysOfWeek",
    method: "POST",
    path: "/api/charts/lead-generator/days-of-week",
    auth: "tenant",
    summary:
      "Leads (or appointments set, or sold: `measure`) per lead generator by day of week, 0 Sunday to 6 Saturday, in the store's time zone: the `top` lead generators each get a series, the rest are summed in `others`.",
    body: leadGeneratorChartRequest,
    response: bucketChartResponse,
  }),
  leadGeneratorHoursOfDay: endpoint({
    name: "charts.leadGeneratorHoursOfDay",
    method: "POST",
    path: "/api/charts/lead-generator/hours-of-day",
    auth: "tenant",
    summary: "As days-of-week, by hour of day (0 to 23) in the store's time zone.",
    body: leadGeneratorChartRequest,
    response: bucketChartResponse,
  }),
  leadCountSummary: endpoint({
    name: "charts.leadCountSummary",
    method: "POST",
    path: "/api/charts/lead-count-summary",
    auth: "tenant",
    summary: "The period's leads by status and by source.",
    body: leadCountSummaryChartRequest,
    response: leadCountSummaryChartResponse,
  }),
  leadCount: endpoint({
    name: "charts.leadCount",
    method: "POST",
    path: "/api/charts/lead-count",
    auth: "tenant",
    summary:
      "Leads, appointments set, sold and revenue per day, week or month (`interval`; by default from the period's length), every period listed.",
    body: leadCountChartRequest,
    response: timeSeriesResponse,
  }),
} as const;
