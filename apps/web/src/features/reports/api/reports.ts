import type {
  FunnelReportResponse,
  OutcomeReportResponse,
  PeriodInterval,
  ReportDef,
  SpeedReportResponse,
} from "@fieldlead/contracts";
import { reportsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AnalyticsFilter } from "../../../components/analytics/analytics-filters";
import { call, downloadFile } from "../../../lib/api-client";
import { keyOf } from "../../../lib/queries";

// The reports' reads and downloads (docs/decisions/0042): every report is one POST with the filter, its page and
// sort; `format: "csv"` or `"xlsx"` answers every row as a file instead.

/** What the report screen sends: the filter, the page and sort, and the grouping or interval of the reports that have one. */
export type ReportBody = AnalyticsFilter & {
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDirection?: "asc" | "desc";
  /** Speed to lead and appointments ran: what the rows are. */
  groupBy?: string;
  /** Lead count summary: days, weeks or months (by default the server picks from the period's length). */
  interval?: PeriodInterval;
};

export type ReportResponse = FunnelReportResponse | SpeedReportResponse | OutcomeReportResponse;
export type ReportExportFormat = "csv" | "xlsx";

// Every funnel report has the same body and answer; the speed and outcome ones their own. One route type stands
// for all here: the body is built by the screen from the catalogue entry, the answer read by its kind.
type AnyReportRoute = typeof reportsApi.storeLead;

/** The route of a catalogue entry ("reports.storeLead" is `reportsApi.storeLead`). */
export function reportRoute(def: ReportDef): AnyReportRoute {
  const key = def.endpoint.slice("reports.".length) as keyof typeof reportsApi;
  return reportsApi[key] as unknown as AnyReportRoute;
}

/** One page of a report as JSON; the page before stays on screen while the next loads. */
export const reportQueryOptions = (def: ReportDef, body: ReportBody) => {
  const route = reportRoute(def);
  const input = { body: { ...body, format: "json" as const } };
  return queryOptions({
    queryKey: keyOf(route, input),
    queryFn: ({ signal }) =>
      call(route, { ...input, signal } as Parameters<
        typeof call<AnyReportRoute>
      >[1]) as Promise<ReportResponse>,
    placeholderData: keepPreviousData,
  });
};

export function useReport(def: ReportDef, body: ReportBody) {
  return useQuery(reportQueryOptions(def, body));
}

/** Downloads every row of the report with the same filter, grouping and sort as a CSV or XLSX file. */
export function exportReport(def: ReportDef, body: ReportBody, format: ReportExportFormat): Promise<string> {
  const { page: _page, pageSize: _pageSize, ...rest } = body;
  return downloadFile(reportRoute(def), {
    body: { ...rest, format },
    fallbackName: `${def.slug}.${format}`,
  });
}
