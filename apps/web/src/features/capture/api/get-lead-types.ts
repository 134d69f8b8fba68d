import { leadsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/** The capture form's service types (active ones), their questions, languages and consent destinations. */
export const leadTypesQueryOptions = () =>
  queryOptions({
    ...endpointQuery(leadsApi.leadTypes, { body: {} }),
    staleTime: 5 * 60_000,
  });

export function useLeadTypes() {
  return useQuery(leadTypesQueryOptions());
}
