import { leadsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/** Service types with all their questions (inactive ones too: old leads keep their answers), statuses, sources. */
export const leadTypesQueryOptions = () =>
  queryOptions({
    ...endpointQuery(leadsApi.leadTypes, { body: { includeInactive: true } }),
    staleTime: 5 * 60_000,
  });

export function useLeadTypes() {
  return useQuery(leadTypesQueryOptions());
}
