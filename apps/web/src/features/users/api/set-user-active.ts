import type { UserUpsertResponse } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiError } from "../../../lib/api-error";
import { getUser } from "./get-user";
import { userKeys } from "./search-users";
import { requestFromUser, upsertUser } from "./upsert-user";

/**
 * Activates or deactivates a person from the list: the save takes the whole person, so their current
 * record is read first. Deactivating ends their sessions on the server at once.
 */
export async function setUserActive(userId: number, isActive: boolean): Promise<UserUpsertResponse> {
  const user = await getUser(userId);
  return upsertUser({ ...requestFromUser(user), isActive });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation<UserUpsertResponse, ApiError, { userId: number; isActive: boolean }>({
    mutationFn: ({ userId, isActive }) => setUserActive(userId, isActive),
    onSuccess: (saved) => {
      if (saved.user) queryClient.setQueryData(userKeys.detail(saved.user.id), saved.user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
