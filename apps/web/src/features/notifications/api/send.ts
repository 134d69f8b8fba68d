import type { AudienceInput, NotificationKind, SendNotificationRequest } from "@fieldlead/contracts";
import { notificationsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";

/**
 * The sender's calls (docs/decisions/0041-notifications-and-support.md): who a notification can go to, how many an
 * audience reaches, sending (with an Idempotency-Key), a sent notification's progress and the sent list.
 */

export function useNotificationLookups() {
  return useQuery({ ...endpointQuery(notificationsApi.lookupList), staleTime: 5 * 60_000 });
}

/** How many people an audience reaches now; asked only for an audience that names someone. */
export function useAudienceCount(audience: AudienceInput | null) {
  return useQuery({
    ...endpointQuery(notificationsApi.audienceCount, { body: { audience: audience ?? {} } }),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type SentRequest = { page: number; pageSize: number; kind?: NotificationKind };

/** How often a notification on its way is asked for its progress. */
export const PROGRESS_POLL_MS = 1_000;
/** How often the sent list is read again while one of its rows is on its way. */
export const SENT_POLL_MS = 3_000;

export const sentQueryOptions = (body: SentRequest) =>
  queryOptions({
    ...endpointQuery(notificationsApi.sentSearch, { body }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((n) => n.status === "sending") ? SENT_POLL_MS : false,
  });

export function useSent(body: SentRequest, enabled = true) {
  return useQuery({ ...sentQueryOptions(body), enabled });
}

/** One sent notification, asked every second while it is on its way. */
export function useSentProgress(id: number | null) {
  return useQuery({
    ...endpointQuery(notificationsApi.sentById, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "sending" ? PROGRESS_POLL_MS : false),
  });
}

/** Sends a notification; `key` is the Idempotency-Key a retry of the same send carries again. */
export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SendNotificationRequest; key: string }) =>
      call(notificationsApi.send, { body, headers: { "idempotency-key": key } }),
    onSuccess: () => void invalidate(client, notificationsApi.sentSearch),
  });
}
