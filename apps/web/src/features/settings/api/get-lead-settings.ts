import type { LeadSettings } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { settingsKeys } from "./settings-keys";

/** The organization's lead settings: duplicate window, disclosures as shoppers read them, their templates. */
export const getLeadSettings = (signal?: AbortSignal) => api<LeadSettings>("settings.leads.get", { signal });

export const leadSettingsQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: settingsKeys.leadSettings(orgId),
    queryFn: ({ signal }) => getLeadSettings(signal),
  });

export function useLeadSettings() {
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useQuery(leadSettingsQueryOptions(orgId));
}
