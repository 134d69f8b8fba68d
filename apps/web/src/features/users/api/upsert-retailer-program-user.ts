import type { HdUserUpsertRequest, UserUpsertResponse } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { lookupKeys } from "../../../lib/lookup-list";
import { invitationKeys } from "./invitations";
import { userKeys } from "./search-users";

/**
 * Saves a home-improvement retailer program user (subscription 16, role 2): creates (no id) or updates
 * them (a new one is invited). Only an Admin or a Super Admin may; the server sets the role and subscription itself.
 */
export const upsertRetailerProgramUser = (body: HdUserUpsertRequest) =>
  api<UserUpsertResponse>("users.hdUpsert", { body });

export function useUpsertRetailerProgramUser() {
  const queryClient = useQueryClient();
  return useMutation<UserUpsertResponse, ApiError, HdUserUpsertRequest>({
    mutationFn: upsertRetailerProgramUser,
    onSuccess: (saved) => {
      if (saved.user) queryClient.setQueryData(userKeys.detail(saved.user.id), saved.user);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      void queryClient.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}
