import { accountApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export const validateResetLinkQueryOptions = (linkId: string) =>
  queryOptions({
    ...endpointQuery(accountApi.validateResetLink, { params: { linkId } }),
    // The answer changes once the link is used; never serve it from cache.
    staleTime: 0,
    gcTime: 0,
  });

export function useValidateResetLink(linkId: string) {
  return useQuery(validateResetLinkQueryOptions(linkId));
}
