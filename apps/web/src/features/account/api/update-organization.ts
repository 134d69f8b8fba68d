import type { LoggedInUser } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { session } from "../../../lib/session";

/** Makes another of the user's organizations the current one; answers the user as seen there. */
export const updateOrganization = (orgId: number) =>
  call(accountApi.switchOrganization, { params: { orgId } });

export function useUpdateOrganization(options: { onSwitched?: (user: LoggedInUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (user) => {
      session.set(user);
      // Everything cached belongs to the previous organization: drop it and fetch what is on screen again.
      await queryClient.cancelQueries();
      await queryClient.resetQueries();
      options.onSwitched?.(user);
    },
  });
}
