import type { UserTrade, UserTradeUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { userKeys } from "./search-users";

/** Adds a trade to a person (no id) or changes one of theirs. */
export const upsertUserTrade = (userId: number, body: UserTradeUpsertRequest) =>
  api<UserTrade>("users.tradeByIdUpsert", { params: { id: userId }, body });

export function useUpsertUserTrade(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<UserTrade, ApiError, UserTradeUpsertRequest>({
    mutationFn: (body) => upsertUserTrade(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.trades(userId) }),
  });
}
