import type { UserUpsertResponse } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateLookups } from "../../../lib/lookup-list";
import { invalidate } from "../../../lib/queries";
import { getUser, userDetailKey } from "./get-user";
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
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: number; isActive: boolean }) =>
      setUserActive(userId, isActive),
    onSuccess: (saved) => {
      if (saved.user) queryClient.setQueryData(userDetailKey(saved.user.id), saved.user);
      void invalidate(queryClient, usersApi.search);
      // An inactive lead generator leaves the lead generator selects.
      void invalidateLookups(queryClient);
    },
  });
}
