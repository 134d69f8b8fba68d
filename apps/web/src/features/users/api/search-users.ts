import type { UserListItem, UserSearchRequest } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type UserPage = { items: UserListItem[]; total: number; page: number; pageSize: number };

export const userKeys = {
  all: ["users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (request: UserSearchRequest) => [...userKeys.lists(), request] as const,
  details: () => [...userKeys.all, "detail"] as const,
  detail: (id: number) => [...userKeys.details(), id] as const,
  trades: (userId: number) => [...userKeys.all, "trades", userId] as const,
  icon: (userId: number) => [...userKeys.all, "icon", userId] as const,
  roles: () => [...userKeys.all, "assignable-roles"] as const,
};

export const searchUsers = (body: UserSearchRequest, signal?: AbortSignal) =>
  api<UserPage>("users.search", { body, signal });

export const usersQueryOptions = (request: UserSearchRequest) =>
  queryOptions({
    queryKey: userKeys.list(request),
    queryFn: ({ signal }) => searchUsers(request, signal),
    // The rows of the previous page stay (dimmed) until the next one arrives: no flash of placeholders.
    placeholderData: keepPreviousData,
  });

export function useUsers(request: UserSearchRequest) {
  return useQuery(usersQueryOptions(request));
}
