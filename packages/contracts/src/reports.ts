import {
  funnelReportRequest,
  funnelReportResponse,
  outcomeReportRequest,
  outcomeReportResponse,
  speedReportRequest,
  speedReportResponse,
} from "./analytics";
import { endpoint } from "./endpoint";

// The reports (docs/decisions/0042). Every funnel report takes the same filter and answers the same rows, grouped
// by one thing; `format: "csv"` or `"xlsx"` downloads every row instead of a page.

const funnel = <N extends Parameters<typeof endpoint>[0]["name"]>(name: N, path: string, summary: string) =>
  endpoint({
    name,
    method: "POST",
    path,
    auth: "tenant",
    summary: `${summary} The funnel's measures (approaches, hours, leads, appointments set, sent, ran, sold, revenue) for the period; paged and sorted on the server, \`format\` csv/xlsx downloads every row.`,
    body: funnelReportRequest,
    response: funnelReportResponse,
    download: true,
  });

export const reportsApi = {
  ownerGroupOrganization: funnel(
    "reports.ownerGroupOrganization",
    "/api/reports/owner-group/organization",
    "Owner group: a row per organization of the request's owner group (the organization itself and those it owns). Needs organization-wide access.",
  ),
  ownerGroupLeadGenerator: funnel(
    "reports.ownerGroupLeadGenerator",
    "/api/reports/owner-group/lead-generator",
    "Owner group: a row per lead generator across the group's organizations.",
  ),
  ownerGroupAppointmentType: funnel(
    "reports.ownerGroupAppointmentType",
    "/api/reports/owner-group/appointment-type",
    "Owner group: a row per appointment type name across the group's organizations (types of the same name add up).",
  ),
  leadCountAppointmentType: funnel(
    "reports.leadCountAppointmentType",
    "/api/reports/lead-count/appointment-type",
    "A row per appointment type (the type of the lead's latest appointment; leads without one in a row of their own).",
  ),
  leadCountLgAppointmentType: funnel(
    "reports.leadCountLgAppointmentType",
    "/api/reports/lead-count/lg-appointment-type",
    "A row per lead generator and appointment type.",
  ),
  leadCountTerritory: funnel(
    "reports.leadCountTerritory",
    "/api/reports/lead-count/territory",
    "A row per territory (the territory of the store when the lead was captured).",
  ),
  leadCountSummary: funnel(
    "reports.leadCountSummary",
    "/api/reports/lead-count-summary",
    "A row per day, week or month (`interval`) in the organization's time zone, every period listed.",
  ),
  lgAgAnalysis: funnel(
    "reports.lgAgAnalysis",
    "/api/reports/lg-ag-analysis",
    "Lead generator analysis: a row per lead generator with the funnel and its rates.",
  ),
  lgAgPerformance: funnel(
    "reports.lgAgPerformance",
    "/api/reports/lg-ag-performance",
    "Lead generator performance: a row per lead generator, read per hour worked.",
  ),
  storeLead: funnel("reports.storeLead", "/api/reports/store-lead", "A row per store."),
  approaches: funnel(
    "reports.approaches",
    "/api/reports/approaches",
    "Approaches logged against leads captured: a row per lead generator.",
  ),
  speedToLead: endpoint({
    name: "reports.speedToLead",
    method: "POST",
    path: "/api/reports/speed-to-lead",
    auth: "tenant",
    summary:
      "Speed to lead: from capture to the first delivery to a destination and to the first contact, by source, territory, store or lead generator (`groupBy`): medians, 90th percentiles and how many within 5 minutes and an hour. `format` csv/xlsx downloads every row.",
    body: speedReportRequest,
    response: speedReportResponse,
    download: true,
  }),
  leadRan: endpoint({
    name: "reports.leadRan",
    method: "POST",
    path: "/api/reports/lead-ran",
    auth: "tenant",
    summary:
      "Appointments whose start falls in the period, by what became of them (not yet run, ran, sold, not sold, no show, cancelled), by appointment type, lead generator, store or territory (`groupBy`). `format` csv/xlsx downloads every row.",
    body: outcomeReportRequest,
    response: outcomeReportResponse,
    download: true,
  }),
} as const;
