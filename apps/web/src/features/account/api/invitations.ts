import type {
  AcceptInvitationRequest,
  InvitationLinkResponse,
  LoggedInUser,
  MyInvitation,
} from "@fieldlead/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { session } from "../../../lib/session";

const keys = {
  mine: ["account", "invitations"] as const,
  link: (token: string) => ["account", "invitation-link", token] as const,
};

/** Invitations to join organizations waiting for the signed-in person. */
export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api<{ items: MyInvitation[] }>("account.invitations", { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Joins; the answer is the user in the organization they joined, which becomes the current one. */
export function useAcceptMyInvitation() {
  const queryClient = useQueryClient();
  return useMutation<LoggedInUser, ApiError, number>({
    mutationFn: (id) => api<LoggedInUser>("account.invitationsByIdAccept", { params: { id } }),
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
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: (id) => api("account.invitationsByIdDecline", { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.mine }),
  });
}

export const invitationLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: keys.link(token),
    queryFn: ({ signal }) =>
      api<InvitationLinkResponse>("account.invitationLinksByToken", { params: { token }, signal }),
    // The answer changes once the invitation is answered; never serve it from cache.
    staleTime: 0,
    gcTime: 0,
  });

export function useInvitationLink(token: string) {
  return useQuery(invitationLinkQueryOptions(token));
}

export function useAcceptInvitationLink(token: string) {
  return useMutation<LoggedInUser, ApiError, AcceptInvitationRequest>({
    mutationFn: (body) =>
      api<LoggedInUser>("account.invitationLinksByTokenAccept", { params: { token }, body }),
  });
}

export function useDeclineInvitationLink(token: string) {
  return useMutation<{ ok: true }, ApiError, void>({
    mutationFn: () => api("account.invitationLinksByTokenDecline", { params: { token } }),
  });
}
