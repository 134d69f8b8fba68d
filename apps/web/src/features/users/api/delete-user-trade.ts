import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { userKeys } from "./search-users";

/** Removes one trade row (its own id, not the person's). */
export const deleteUserTrade = (tradeRowId: number) =>
  api<{ ok: true }>("users.tradeById.delete", { params: { id: tradeRowId } });

export function useDeleteUserTrade(userId: number) {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: deleteUserTrade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.trades(userId) }),
  });
}
