import type {
  CaptureEntryPage,
  CaptureEntrySearchRequest,
  LeadPage,
  LeadSearchRequest,
} from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, downloadFile } from "../../../lib/api-client";
import type { ApiEndpointName } from "../../../lib/endpoints";

/** The six lists of the Leads screen, each with its own search call. */
export const LEAD_TABS = [
  { id: "internal", label: "Internal", endpoint: "leads.internalSearch" },
  { id: "external", label: "External", endpoint: "leads.externalSearch" },
  { id: "retailerProgram", label: "Retailer program", endpoint: "leads.leadsHdSearch" },
  { id: "secondPartner", label: "Second partner", endpoint: "leads.leadsCentahSearch" },
  { id: "rejected", label: "Rejected", endpoint: "leads.rejectedSearch" },
  { id: "capture", label: "Capture entries", endpoint: "leads.captureLeadsSearch" },
] as const satisfies readonly { id: string; label: string; endpoint: ApiEndpointName }[];

export type LeadTabId = (typeof LEAD_TABS)[number]["id"];
export type LeadListTabId = Exclude<LeadTabId, "capture">;

export type LeadSearchBody = Partial<Omit<LeadSearchRequest, "format">>;
/** The files a search downloads as: CSV, or an Excel workbook. */
export type LeadExportFormat = Exclude<LeadSearchRequest["format"], "json">;
export type CaptureSearchBody = Partial<Omit<CaptureEntrySearchRequest, "format">>;

const endpointOf = (tab: LeadTabId) =>
  LEAD_TABS.find((t) => t.id === tab)?.endpoint ?? "leads.internalSearch";

export const searchLeads = (tab: LeadListTabId, body: LeadSearchBody, signal?: AbortSignal) =>
  api<LeadPage>(endpointOf(tab), { body, signal });

export const searchCaptureEntries = (body: CaptureSearchBody, signal?: AbortSignal) =>
  api<CaptureEntryPage>("leads.captureLeadsSearch", { body, signal });

export const leadSearchQueryOptions = (tab: LeadListTabId, body: LeadSearchBody, enabled = true) =>
  queryOptions({
    queryKey: ["leads", "search", tab, body] as const,
    queryFn: ({ signal }) => searchLeads(tab, body, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });

export const captureSearchQueryOptions = (body: CaptureSearchBody, enabled = true) =>
  queryOptions({
    queryKey: ["leads", "search", "capture", body] as const,
    queryFn: ({ signal }) => searchCaptureEntries(body, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });

export function useLeadSearch(tab: LeadListTabId, body: LeadSearchBody, enabled = true) {
  return useQuery(leadSearchQueryOptions(tab, body, enabled));
}

export function useCaptureSearch(body: CaptureSearchBody, enabled = true) {
  return useQuery(captureSearchQueryOptions(body, enabled));
}

/** Downloads the whole current search (every page) as the server's CSV or XLSX, keeping its file name. */
export const exportSearch = (
  tab: LeadTabId,
  body: LeadSearchBody | CaptureSearchBody,
  format: LeadExportFormat = "csv",
) =>
  downloadFile(endpointOf(tab), {
    body: { ...body, page: 1, format },
    fallbackName: `${tab}-leads.${format}`,
  });
