import type { LeadTypeLookup } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Service types with all their questions (inactive ones too: old leads keep their answers), statuses, sources. */
export const getLeadTypes = (signal?: AbortSignal) =>
  api<LeadTypeLookup>("leads.lookupListLeadType", { body: { includeInactive: true }, signal });

export const leadTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["leads", "lead-types"] as const,
    queryFn: ({ signal }) => getLeadTypes(signal),
    staleTime: 5 * 60_000,
  });

export function useLeadTypes() {
  return useQuery(leadTypesQueryOptions());
}
