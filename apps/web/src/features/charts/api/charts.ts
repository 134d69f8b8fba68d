import type { CHART_MEASURES, EndpointResponse, PeriodInterval } from "@fieldlead/contracts";
import { chartsApi, type DefinitionOf } from "@fieldlead/contracts/routes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/**
 * The charts' reads (docs/decisions/0042): each takes the reports' filter (period, territories, stores, lead
 * generators) and answers series to draw. The previous answer stays on screen, dimmed, while a changed filter loads.
 */

export type LeadCountSeries = EndpointResponse<DefinitionOf<typeof chartsApi.leadCount>>;
export type LeadCountSummary = EndpointResponse<DefinitionOf<typeof chartsApi.leadCountSummary>>;
export type BucketChart = EndpointResponse<DefinitionOf<typeof chartsApi.leadGeneratorDaysOfWeek>>;
export type ChartMeasure = (typeof CHART_MEASURES)[number];

/**
 * What every chart filters by (contracts' `analyticsFilter`), and each chart's own fields, spelled out: the
 * contracts' request types are the inputs of preprocessed schemas, which TypeScript reads as `unknown`.
 */
export type ChartFilter = {
  dateRange?: number;
  startDate?: string;
  endDate?: string;
  territoryIds?: number[];
  storeIds?: number[];
  leadGeneratorIds?: number[];
};
export type LeadCountChartRequest = ChartFilter & { interval?: PeriodInterval };
export type LeadGeneratorChartRequest = ChartFilter & { measure: ChartMeasure; top: number };

/** Leads, appointments set, sold and revenue per day, week or month. */
export function useLeadCountChart(body: LeadCountChartRequest) {
  return useQuery({ ...endpointQuery(chartsApi.leadCount, { body }), placeholderData: keepPreviousData });
}

/** The period's leads by status and by source. */
export function useLeadCountSummaryChart(body: ChartFilter) {
  return useQuery({
    ...endpointQuery(chartsApi.leadCountSummary, { body }),
    placeholderData: keepPreviousData,
  });
}

/** Which lead generator chart: by day of week or by hour of day. */
export type BucketChartKind = "daysOfWeek" | "hoursOfDay";

const BUCKET_ENDPOINTS = {
  daysOfWeek: chartsApi.leadGeneratorDaysOfWeek,
  hoursOfDay: chartsApi.leadGeneratorHoursOfDay,
} as const;

/** The top lead generators (and everyone else summed) by day of week or hour of day. */
export function useBucketChart(kind: BucketChartKind, body: LeadGeneratorChartRequest) {
  return useQuery({
    ...endpointQuery(BUCKET_ENDPOINTS[kind], { body }),
    placeholderData: keepPreviousData,
  });
}
