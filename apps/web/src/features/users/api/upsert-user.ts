import type { UserDetail, UserUpsertRequest, UserUpsertResponse } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidateLookups } from "../../../lib/lookup-list";
import { invalidate } from "../../../lib/queries";
import { captureIconKey } from "./get-capture-icon";
import { userDetailKey } from "./get-user";

/** Saves the whole user form: invites (no id) or updates the person and their membership here. */
export const upsertUser = (body: UserUpsertRequest) => call(usersApi.upsert, { body });

/** What a saved person makes stale: their detail (set from the answer), the lists, the invitations. */
export function afterUserSaved(queryClient: QueryClient, saved: UserUpsertResponse) {
  if (saved.user) queryClient.setQueryData(userDetailKey(saved.user.id), saved.user);
  void invalidate(queryClient, usersApi.search, usersApi.invitationsSearch);
  // Lead generators appear in the lead generator selects.
  void invalidateLookups(queryClient);
}

export function useUpsertUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertUser,
    onSuccess: (saved) => {
      if (saved.user) void queryClient.invalidateQueries({ queryKey: captureIconKey(saved.user.id) });
      afterUserSaved(queryClient, saved);
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
