import type { UserTrade } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "./search-users";

/** A person's trades (skills); the list call is a POST with the person's id in the path. */
export const getUserTrades = (userId: number, signal?: AbortSignal) =>
  api<UserTrade[]>("users.tradeById.post", { params: { id: userId }, signal });

export const userTradesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.trades(userId),
    queryFn: ({ signal }) => getUserTrades(userId, signal),
  });

export function useUserTrades(userId: number) {
  return useQuery(userTradesQueryOptions(userId));
}
