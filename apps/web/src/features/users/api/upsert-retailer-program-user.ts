import type { HdUserUpsertRequest } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { afterUserSaved } from "./upsert-user";

/**
 * Saves a home-improvement retailer program user (subscription 16, role 2): creates (no id) or updates
 * them (a new one is invited). Only an Admin or a Super Admin may; the server sets the role and subscription itself.
 */
export const upsertRetailerProgramUser = (body: HdUserUpsertRequest) =>
  call(usersApi.retailerProgramUpsert, { body });

export function useUpsertRetailerProgramUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertRetailerProgramUser,
    onSuccess: (saved) => afterUserSaved(queryClient, saved),
  });
}
