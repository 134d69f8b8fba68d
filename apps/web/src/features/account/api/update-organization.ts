import type { LoggedInUser } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { session } from "../../../lib/session";

/** Makes another of the user's organizations the current one; answers the user as seen there. */
export const updateOrganization = (orgId: number) =>
  api<LoggedInUser>("account.byOrgIdUpdateOrganization", { params: { orgId } });

export function useUpdateOrganization(options: { onSwitched?: (user: LoggedInUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<LoggedInUser, ApiError, number>({
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
