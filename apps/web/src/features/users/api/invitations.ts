import type { InvitationItem, InvitationSearchRequest } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export type InvitationPage = { items: InvitationItem[]; total: number; page: number; pageSize: number };

export const invitationKeys = {
  all: ["users", "invitations"] as const,
  list: (request: InvitationSearchRequest) => [...invitationKeys.all, request] as const,
};

export const searchInvitations = (body: InvitationSearchRequest, signal?: AbortSignal) =>
  api<InvitationPage>("users.invitationsSearch", { body, signal });

export const invitationsQueryOptions = (request: InvitationSearchRequest) =>
  queryOptions({
    queryKey: invitationKeys.list(request),
    queryFn: ({ signal }) => searchInvitations(request, signal),
    placeholderData: keepPreviousData,
  });

/** The organization's pending invitations (what it typed; nothing of the person until they accept). */
export function useInvitations(request: InvitationSearchRequest, enabled = true) {
  return useQuery({ ...invitationsQueryOptions(request), enabled });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string; expiresInHours: number }, ApiError, number>({
    mutationFn: (id) => api("users.invitationsByIdResend", { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: (id) => api("users.invitationsById", { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
