import { usersApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { userTradesKey } from "./get-user-trades";

/** Removes one trade row (its own id, not the person's). */
export const deleteUserTrade = (tradeRowId: number) =>
  call(usersApi.tradeDelete, { params: { id: tradeRowId } });

export function useDeleteUserTrade(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userTradesKey(userId) }),
  });
}
