import type { LeadSettings } from "@fieldlead/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { useSession } from "./session";

/**
 * The organization's lead settings: the duplicate window and the disclosure texts (as shoppers read them, and
 * the templates an Admin edits). One query for the capture screen and the settings page, so a save shows on
 * both at once. Capture reads them afresh each time it opens: the server refuses a consent whose text has
 * changed since (docs/decisions/0014).
 */
export const leadSettingsKeys = {
  all: ["lead-settings"] as const,
  of: (orgId: number) => [...leadSettingsKeys.all, orgId] as const,
};

export const getLeadSettings = (signal?: AbortSignal) => api<LeadSettings>("settings.leads.get", { signal });

export const leadSettingsQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: leadSettingsKeys.of(orgId),
    queryFn: ({ signal }) => getLeadSettings(signal),
    staleTime: 0,
  });

export function useLeadSettings() {
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useQuery(leadSettingsQueryOptions(orgId));
}

/** Puts the settings a save answered into the cache of the current organization. */
export function setLeadSettings(queryClient: QueryClient, orgId: number, saved: LeadSettings) {
  queryClient.setQueryData(leadSettingsKeys.of(orgId), saved);
}
