import type { UserDetail, UserUpsertRequest, UserUpsertResponse } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { lookupKeys } from "../../../lib/lookup-list";
import { invitationKeys } from "./invitations";
import { userKeys } from "./search-users";

/** Saves the whole user form: invites (no id) or updates the person and their membership here. */
export const upsertUser = (body: UserUpsertRequest) => api<UserUpsertResponse>("users.upsert", { body });

export function useUpsertUser() {
  const queryClient = useQueryClient();
  return useMutation<UserUpsertResponse, ApiError, UserUpsertRequest>({
    mutationFn: upsertUser,
    onSuccess: (saved) => {
      if (saved.user) {
        queryClient.setQueryData(userKeys.detail(saved.user.id), saved.user);
        void queryClient.invalidateQueries({ queryKey: userKeys.icon(saved.user.id) });
      }
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      // Lead generators appear in the lookup lists.
      void queryClient.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}

/** The save request that leaves a person exactly as they are (the base of a one-field change). */
export const requestFromUser = (u: UserDetail): UserUpsertRequest => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
  languageIds: u.languageIds,
  timeZone: u.timeZone,
  hoursTypeId: u.hoursTypeId,
  isActive: u.isActive,
  roleId: u.roleId,
  territoryIds: u.territoryIds,
  storeIds: u.storeIds,
});
