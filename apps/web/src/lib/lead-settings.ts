import type { LeadSettings } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "./queries";

/**
 * The organization's lead settings: the duplicate window and the disclosure texts (as shoppers read them, and
 * the templates an Admin edits). One query for the capture screen and the settings page, so a save shows on
 * both at once. Capture reads them afresh each time it opens: the server refuses a consent whose text has
 * changed since (docs/decisions/0014). Switching organization resets the cache, so the key needs no id.
 */
export const leadSettingsQueryOptions = () =>
  queryOptions({
    ...endpointQuery(settingsApi.leadSettings),
    staleTime: 0,
  });

export function useLeadSettings() {
  return useQuery(leadSettingsQueryOptions());
}

/** Puts the settings a save answered into the cache (the current organization's). */
export function setLeadSettings(queryClient: QueryClient, saved: LeadSettings) {
  queryClient.setQueryData(keyOf(settingsApi.leadSettings), saved);
}
