import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { userKeys } from "./search-users";

export type InviteResult = { message: string; email: string; expiresInHours: number; alreadyActive: boolean };

/** Emails (again) a link to set a password. */
export const inviteUser = (id: number) => api<InviteResult>("users.byIdInvite", { params: { id } });

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation<InviteResult, ApiError, number>({
    mutationFn: inviteUser,
    onSuccess: (_r, id) => void queryClient.invalidateQueries({ queryKey: userKeys.detail(id) }),
  });
}
