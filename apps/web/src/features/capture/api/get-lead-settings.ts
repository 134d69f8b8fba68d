import type { LeadSettings } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";

/**
 * The organization's lead settings, for the disclosure texts the shopper reads (the organization's name
 * filled in). Read afresh each time the capture screen opens; the server refuses a consent whose text has
 * changed since (docs/decisions/0014).
 */
export const getCaptureLeadSettings = (signal?: AbortSignal) =>
  api<LeadSettings>("settings.leads.get", { signal });

export const captureLeadSettingsQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: ["capture", "lead-settings", orgId] as const,
    queryFn: ({ signal }) => getCaptureLeadSettings(signal),
    staleTime: 0,
  });

export function useCaptureLeadSettings() {
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useQuery(captureLeadSettingsQueryOptions(orgId));
}
