import type { AcceptInvitationRequest } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";
import { session } from "../../../lib/session";

/** Invitations to join organizations waiting for the signed-in person. */
export function useMyInvitations(enabled = true) {
  return useQuery({
    ...endpointQuery(accountApi.myInvitations),
    enabled,
    staleTime: 60_000,
  });
}

/** Joins; the answer is the user in the organization they joined, which becomes the current one. */
export function useAcceptMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(accountApi.acceptMyInvitation, { params: { id } }),
    onSuccess: async (user) => {
      session.set(user);
      // Everything cached belongs to the previous organization.
      await queryClient.cancelQueries();
      await queryClient.resetQueries();
    },
  });
}

export function useDeclineMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(accountApi.declineMyInvitation, { params: { id } }),
    onSuccess: () => void invalidate(queryClient, accountApi.myInvitations),
  });
}

export const invitationLinkQueryOptions = (token: string) =>
  queryOptions({
    ...endpointQuery(accountApi.invitationLink, { params: { token } }),
    // The answer changes once the invitation is answered; never serve it from cache.
    staleTime: 0,
    gcTime: 0,
  });

export function useInvitationLink(token: string) {
  return useQuery(invitationLinkQueryOptions(token));
}

export function useAcceptInvitationLink(token: string) {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      call(accountApi.acceptInvitationLink, { params: { token }, body }),
  });
}

export function useDeclineInvitationLink(token: string) {
  return useMutation({
    mutationFn: () => call(accountApi.declineInvitationLink, { params: { token } }),
  });
}
