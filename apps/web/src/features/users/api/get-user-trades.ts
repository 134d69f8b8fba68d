import { usersApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "../../../lib/queries";

/** A person's cached trades. */
export const userTradesKey = (userId: number) => keyOf(usersApi.trades, { params: { id: userId } });

/** A person's trades (skills); the list call is a POST with the person's id in the path. */
export const userTradesQueryOptions = (userId: number) =>
  queryOptions(endpointQuery(usersApi.trades, { params: { id: userId } }));

export function useUserTrades(userId: number) {
  return useQuery(userTradesQueryOptions(userId));
}
