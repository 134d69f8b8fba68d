import type { ValidateLinkResponse } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const validateResetLink = (linkId: string, signal?: AbortSignal) =>
  api<ValidateLinkResponse>("account.resetPasswordByLinkIdValidate", { params: { linkId }, signal });

export const validateResetLinkQueryOptions = (linkId: string) =>
  queryOptions({
    queryKey: ["account", "reset-link", linkId],
    queryFn: ({ signal }) => validateResetLink(linkId, signal),
    // The answer changes once the link is used; never serve it from cache.
    staleTime: 0,
    gcTime: 0,
  });

export function useValidateResetLink(linkId: string) {
  return useQuery(validateResetLinkQueryOptions(linkId));
}
