import type { UserTradeUpsertRequest } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { userTradesKey } from "./get-user-trades";

/** Adds a trade to a person (no id) or changes one of theirs. */
export const upsertUserTrade = (userId: number, body: UserTradeUpsertRequest) =>
  call(usersApi.tradeUpsert, { params: { id: userId }, body });

export function useUpsertUserTrade(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserTradeUpsertRequest) => upsertUserTrade(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTradesKey(userId) }),
  });
}
