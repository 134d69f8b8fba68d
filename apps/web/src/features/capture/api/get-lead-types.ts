import type { LeadTypeLookup } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The capture form's service types (active ones), their questions, languages and consent destinations. */
export const getLeadTypes = (signal?: AbortSignal) =>
  api<LeadTypeLookup>("leads.lookupListLeadType", { body: {}, signal });

export const leadTypesQueryOptions = () =>
  queryOptions({
    queryKey: ["capture", "lead-types"] as const,
    queryFn: ({ signal }) => getLeadTypes(signal),
    staleTime: 5 * 60_000,
  });

export function useLeadTypes() {
  return useQuery(leadTypesQueryOptions());
}
