import type { InvitationSearchRequest } from "@fieldlead/contracts";
import { usersApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";

export const invitationsQueryOptions = (request: InvitationSearchRequest) =>
  queryOptions({
    ...endpointQuery(usersApi.invitationsSearch, { body: request }),
    placeholderData: keepPreviousData,
  });

/** The organization's pending invitations (what it typed; nothing of the person until they accept). */
export function useInvitations(request: InvitationSearchRequest, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(request), enabled });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usersApi.invitationResend, { params: { id } }),
    onSuccess: () => void invalidate(queryClient, usersApi.invitationsSearch),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(usersApi.invitationCancel, { params: { id } }),
    onSuccess: () => void invalidate(queryClient, usersApi.invitationsSearch),
  });
}
