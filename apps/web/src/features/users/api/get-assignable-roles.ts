import type { LookupOption } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "./search-users";

/** The roles the caller may give (none: they may look at people but not change them). */
export const getAssignableRoles = (signal?: AbortSignal) =>
  api<LookupOption[]>("app.lookupListRoles", { signal });

export const assignableRolesQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.roles(),
    queryFn: ({ signal }) => getAssignableRoles(signal),
    staleTime: 10 * 60_000,
  });

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions());
}
