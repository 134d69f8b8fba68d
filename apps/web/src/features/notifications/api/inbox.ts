import type { InboxItem } from "@fieldlead/contracts";
import { notificationsApi } from "@fieldlead/contracts/routes";
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate, keyOf } from "../../../lib/queries";
import { setUnreadCount } from "./unread";

/**
 * The caller's own notifications (docs/decisions/0041-notifications-and-support.md): the inbox a page at a time
 * (every organization they belong to), marking them read, and whether they also come by email.
 */

export type InboxRequest = { page: number; pageSize: number; unreadOnly: boolean };

/** How many the bell's list shows. */
export const LATEST_COUNT = 5;

export const inboxQueryOptions = (body: InboxRequest) =>
  queryOptions({
    ...endpointQuery(notificationsApi.inbox, { body }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** A page of the inbox; its fresh answer's unread count goes where the bell reads it. */
export function useInbox(body: InboxRequest, enabled = true) {
  const client = useQueryClient();
  const query = useQuery({ ...inboxQueryOptions(body), enabled });
  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data.unread : undefined;
  useEffect(() => {
    if (fresh !== undefined) setUnreadCount(client, fresh);
  }, [client, fresh]);
  return query;
}

type InboxPage = { items: InboxItem[]; total: number; unread: number };

/** Shows these notifications read in every inbox page kept, before the server's answer comes back. */
function showRead(client: QueryClient, ids: readonly number[] | "all") {
  const at = new Date().toISOString();
  client.setQueriesData<InboxPage>({ queryKey: [notificationsApi.inbox.name] }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((n) =>
            n.readAt === null && (ids === "all" || ids.includes(n.id)) ? { ...n, readAt: at } : n,
          ),
        }
      : page,
  );
}

/**
 * Marks notifications read (some, or `"all"`): they show read at once, the answer's unread count goes where the
 * bell reads it, and the lists are read again.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[] | "all") =>
      call(notificationsApi.markRead, { body: ids === "all" ? { all: true } : { ids: [...ids] } }),
    onMutate: (ids) => showRead(client, ids),
    onSuccess: ({ unread }) => {
      setUnreadCount(client, unread);
      void invalidate(client, notificationsApi.inbox);
    },
    // What showed read may not be: the server's lists say.
    onError: () => void invalidate(client, notificationsApi.inbox),
  });
}

export const preferencesKey = () => keyOf(notificationsApi.preferences);

export function usePreferences() {
  return useQuery({ ...endpointQuery(notificationsApi.preferences), staleTime: 5 * 60_000 });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: boolean) => call(notificationsApi.preferencesUpdate, { body: { email } }),
    onSuccess: (saved) => client.setQueryData(preferencesKey(), saved),
  });
}
