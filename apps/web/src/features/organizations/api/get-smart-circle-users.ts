import type { SmartCircleUsersRequest } from "@fieldlead/contracts";
import { organizationsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

/** Lead generators of the Smart Circle organizations the caller may see, one page. */
export const smartCircleUsersQueryOptions = (request: SmartCircleUsersRequest) =>
  queryOptions({
    ...endpointQuery(organizationsApi.smartCircleUsers, { body: { ...request, format: "json" } }),
    placeholderData: keepPreviousData,
  });

export function useSmartCircleUsers(request: SmartCircleUsersRequest) {
  return useQuery(smartCircleUsersQueryOptions(request));
}
