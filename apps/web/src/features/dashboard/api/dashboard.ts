import type { EndpointResponse, FunnelSortKey } from "@fieldlead/contracts";
import { type DefinitionOf, dashboardApi, laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { downloadFile } from "../../../lib/api-client";
import { endpointQuery } from "../../../lib/queries";

/**
 * The dashboard's reads (docs/decisions/0042): the headline panels and the leads chart of a territory (0: every
 * territory the caller reaches), the store and lead generator listings, a lead generator's time logs, and the
 * store listing as a file. Every read takes the same period.
 */

export type DashboardPanels = EndpointResponse<DefinitionOf<typeof dashboardApi.panels>>;
export type DashboardSeries = EndpointResponse<DefinitionOf<typeof dashboardApi.leadsBarChart>>;
export type DashboardListing = EndpointResponse<DefinitionOf<typeof dashboardApi.stores>>;
export type DashboardTimeLogs = EndpointResponse<DefinitionOf<typeof laborApi.dashboardTimeLogs>>;

/** The period of a call: a named range (1 Today .. 10 Year Before Last) or the first and last local day. */
export type PeriodRequest = { dateRange?: number | null; startDate?: string | null; endDate?: string | null };

/**
 * What the store and lead generator listings send (contracts' `funnelReportRequest`, spelled out: the contracts'
 * `FunnelReportRequest` is the input of a preprocessed schema, which TypeScript reads as `unknown`).
 */
export type ListingRequest = {
  dateRange?: number;
  startDate?: string;
  endDate?: string;
  territoryIds?: number[];
  search?: string;
  page: number;
  pageSize: number;
  sortBy: FunnelSortKey;
  sortDirection: "asc" | "desc";
};

/** The period in a query string (the GET calls): the custom days win over a named range, as on the server. */
export function periodQueryOf(p: PeriodRequest): {
  dateRange?: string;
  startDate?: string;
  endDate?: string;
} {
  if (p.startDate && p.endDate) return { startDate: p.startDate, endDate: p.endDate };
  return p.dateRange ? { dateRange: String(p.dateRange) } : {};
}

/** The period in a body (the POST calls), nulls left out. */
export function periodBodyOf(p: PeriodRequest): Pick<ListingRequest, "dateRange" | "startDate" | "endDate"> {
  if (p.startDate && p.endDate) return { startDate: p.startDate, endDate: p.endDate };
  return p.dateRange ? { dateRange: p.dateRange } : {};
}

/** A territory as a path parameter: its id, or "0" for every territory. */
const territoryParams = (territoryId: number) => ({ territoryId: String(territoryId) });

/** The headline measures of the period beside those of the period just before it. */
export function useDashboardPanels(territoryId: number, period: PeriodRequest) {
  return useQuery({
    ...endpointQuery(dashboardApi.panels, {
      params: territoryParams(territoryId),
      query: periodQueryOf(period),
    }),
    placeholderData: keepPreviousData,
  });
}

/** Leads, appointments set and sold per day, week or month of the period. */
export function useLeadsBarChart(territoryId: number, period: PeriodRequest) {
  return useQuery({
    ...endpointQuery(dashboardApi.leadsBarChart, {
      params: territoryParams(territoryId),
      query: periodQueryOf(period),
    }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the stores with their counts: searched, sorted and paged on the server. */
export function useDashboardStores(body: ListingRequest, enabled = true) {
  return useQuery({
    ...endpointQuery(dashboardApi.stores, { body }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page of the lead generators with their counts and hours. */
export function useDashboardUsers(body: ListingRequest, enabled = true) {
  return useQuery({
    ...endpointQuery(dashboardApi.users, { body }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One lead generator's time logs over the period (at most 500), read when the drawer opens. */
export function useDashboardTimeLogs(userId: number | null, period: PeriodRequest) {
  return useQuery({
    ...endpointQuery(laborApi.dashboardTimeLogs, {
      params: { id: userId ?? 0 },
      query: periodQueryOf(period),
    }),
    enabled: userId !== null,
  });
}

/** What the store listing's file repeats of the screen: the period, the territory, the search and the order. */
export type StoresExportFilter = {
  period: PeriodRequest;
  territoryId: number;
  search: string;
  sortBy: FunnelSortKey;
  sortDirection: "asc" | "desc";
};

/** Every store of the listing (not only the page on screen) as the server's Excel or CSV file. */
export const exportDashboardStores = (f: StoresExportFilter, format: "csv" | "xlsx") =>
  downloadFile(dashboardApi.storesExport, {
    query: {
      ...periodQueryOf(f.period),
      ...(f.territoryId ? { territoryId: String(f.territoryId) } : {}),
      ...(f.search ? { search: f.search } : {}),
      sortBy: f.sortBy,
      sortDirection: f.sortDirection,
      format,
    },
    fallbackName: `dashboard-stores.${format}`,
  });
