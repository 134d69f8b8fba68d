import type { CaptureEntrySearchRequest, LeadSearchRequest } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call, downloadFile } from "../../../lib/api-client";
import { keyOf } from "../../../lib/queries";

/** The six lists of the Leads screen, each with its own search call. */
export const LEAD_TABS = [
  { id: "internal", label: "Internal", endpoint: leadsApi.internalSearch },
  { id: "external", label: "External", endpoint: leadsApi.externalSearch },
  { id: "retailerProgram", label: "Retailer program", endpoint: leadsApi.retailerProgramSearch },
  { id: "secondPartner", label: "Second partner", endpoint: leadsApi.secondPartnerSearch },
  { id: "rejected", label: "Rejected", endpoint: leadsApi.rejectedSearch },
  { id: "capture", label: "Capture entries", endpoint: leadsApi.captureEntriesSearch },
] as const;

/** Every list a lead can appear in: what a change to a lead makes stale. */
export const LEAD_SEARCH_ENDPOINTS = LEAD_TABS.map((t) => t.endpoint);

export type LeadTabId = (typeof LEAD_TABS)[number]["id"];
export type LeadListTabId = Exclude<LeadTabId, "capture">;

export type LeadSearchBody = Partial<Omit<LeadSearchRequest, "format">>;
/** The files a search downloads as: CSV, or an Excel workbook. */
export type LeadExportFormat = Exclude<LeadSearchRequest["format"], "json">;
export type CaptureSearchBody = Partial<Omit<CaptureEntrySearchRequest, "format">>;

const listEndpointOf = (tab: LeadListTabId) =>
  (LEAD_TABS.find((t) => t.id === tab)?.endpoint ??
    leadsApi.internalSearch) as typeof leadsApi.internalSearch;

export const searchLeads = (tab: LeadListTabId, body: LeadSearchBody, signal?: AbortSignal) =>
  call(listEndpointOf(tab), { body, signal });

export const searchCaptureEntries = (body: CaptureSearchBody, signal?: AbortSignal) =>
  call(leadsApi.captureEntriesSearch, { body, signal });

export const leadSearchQueryOptions = (tab: LeadListTabId, body: LeadSearchBody, enabled = true) =>
  queryOptions({
    queryKey: keyOf(listEndpointOf(tab), { body }),
    queryFn: ({ signal }) => searchLeads(tab, body, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });

export const captureSearchQueryOptions = (body: CaptureSearchBody, enabled = true) =>
  queryOptions({
    queryKey: keyOf(leadsApi.captureEntriesSearch, { body }),
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
  tab === "capture"
    ? downloadFile(leadsApi.captureEntriesSearch, {
        body: { ...(body as CaptureSearchBody), page: 1, format },
        fallbackName: `${tab}-leads.${format}`,
      })
    : downloadFile(listEndpointOf(tab), {
        body: { ...(body as LeadSearchBody), page: 1, format },
        fallbackName: `${tab}-leads.${format}`,
      });
