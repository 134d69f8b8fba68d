import { z } from "zod";
import {
  dashboardBarChartQuery,
  dashboardPanelsResponse,
  dashboardPeriodQuery,
  dashboardStoresExportQuery,
  funnelReportRequest,
  funnelReportResponse,
  territoryPathParams,
  timeSeriesResponse,
} from "./analytics";
import { endpoint } from "./endpoint";

// The dashboard (docs/decisions/0042). `dashboard/users/{id}/time-logs` is the labor module's (labor/time-logs.ts).

export const dashboardApi = {
  panels: endpoint({
    name: "dashboard.panelsByTerritoryId",
    method: "GET",
    path: "/api/dashboard/panels/{territoryId}",
    auth: "tenant",
    summary:
      "The headline panels (approaches, hours, leads, appointments set, sent, ran, sold, revenue) for a territory, or 0 for every territory the caller reaches, beside the same measures for the period just before.",
    params: territoryPathParams,
    query: dashboardPeriodQuery,
    response: dashboardPanelsResponse,
  }),
  leadsBarChart: endpoint({
    name: "dashboard.leadsBarChartByTerritoryId",
    method: "GET",
    path: "/api/dashboard/leads-bar-chart/{territoryId}",
    auth: "tenant",
    summary:
      "Leads, appointments set and sold per day, week or month of the period for a territory (0: all).",
    params: territoryPathParams,
    query: dashboardBarChartQuery,
    response: timeSeriesResponse,
  }),
  stores: endpoint({
    name: "dashboard.stores",
    method: "POST",
    path: "/api/dashboard/stores",
    auth: "tenant",
    summary: "The stores with their counts for the period: paged, sorted and searched by name on the server.",
    body: funnelReportRequest,
    response: funnelReportResponse,
    download: true,
  }),
  users: endpoint({
    name: "dashboard.users",
    method: "POST",
    path: "/api/dashboard/users",
    auth: "tenant",
    summary:
      "The lead generators with their counts and hours for the period: paged, sorted and searched by name on the server.",
    body: funnelReportRequest,
    response: funnelReportResponse,
    download: true,
  }),
  storesExport: endpoint({
    name: "dashboard.storesExport",
    method: "GET",
    path: "/api/dashboard/stores/export",
    auth: "tenant",
    summary:
      "The dashboard's store listing as a file (`format` xlsx, the default, or csv), with the same filter and order as `dashboard/stores`.",
    query: dashboardStoresExportQuery,
    response: z.string().describe("The file."),
    download: true,
  }),
} as const;
