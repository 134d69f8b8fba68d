import type { UserSearchRequest } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export const usersQueryOptions = (request: UserSearchRequest) =>
  queryOptions({
    ...endpointQuery(usersApi.search, { body: request }),
    // The rows of the previous page stay (dimmed) until the next one arrives: no flash of placeholders.
    placeholderData: keepPreviousData,
  });

export function useUsers(request: UserSearchRequest) {
  return useQuery(usersQueryOptions(request));
}
