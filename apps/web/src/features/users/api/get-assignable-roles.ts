import { appApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/** The roles the caller may give (none: they may look at people but not change them). */
export const assignableRolesQueryOptions = () =>
  queryOptions({
    ...endpointQuery(appApi.roles),
    staleTime: 10 * 60_000,
  });

export function useAssignableRoles() {
  return useQuery(assignableRolesQueryOptions());
}
