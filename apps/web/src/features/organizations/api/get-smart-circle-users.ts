import type { SmartCircleUser, SmartCircleUsersRequest } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { organizationKeys } from "./get-organizations";

export type SmartCircleUserPage = { items: SmartCircleUser[]; total: number; page: number; pageSize: number };

/** Lead generators of the Smart Circle organizations the caller may see, one page. */
export const getSmartCircleUsers = (body: SmartCircleUsersRequest, signal?: AbortSignal) =>
  api<SmartCircleUserPage>("organizations.reportsSmartCircleUsers", {
    body: { ...body, format: "json" },
    signal,
  });

export const smartCircleUsersQueryOptions = (request: SmartCircleUsersRequest) =>
  queryOptions({
    queryKey: [...organizationKeys.smartCircleUsers(), request] as const,
    queryFn: ({ signal }) => getSmartCircleUsers(request, signal),
    placeholderData: keepPreviousData,
  });

export function useSmartCircleUsers(request: SmartCircleUsersRequest) {
  return useQuery(smartCircleUsersQueryOptions(request));
}
