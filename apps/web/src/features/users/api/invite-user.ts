import { usersApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { userDetailKey } from "./get-user";

/** Emails (again) a link to set a password. */
export const inviteUser = (id: number) => call(usersApi.invite, { params: { id } });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: (_r, id) => void queryClient.invalidateQueries({ queryKey: userDetailKey(id) }),
  });
}
