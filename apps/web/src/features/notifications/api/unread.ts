import { notificationsApi } from "@fieldlead/contracts/routes";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "../../../lib/queries";

/**
 * The caller's unread count, the bell's figure (docs/decisions/0041-notifications-and-support.md). It lives in
 * react-query's cache under the `notifications.unread` key: the live connection (`unread-stream.ts`), the polling
 * that stands in for it, and every "mark as read" write it there, and whatever shows it (the bell, the inbox) reads it
 * from there. This module is in every signed-in screen's first load (the header): it holds nothing else.
 */

/** The inbox, where the bell leads. */
export const INBOX_PATH = "/inbox";

/** How often the count is asked while the live connection is down. */
export const UNREAD_POLL_MS = 30_000;

export const unreadKey = () => keyOf(notificationsApi.unread);

export const unreadQueryOptions = () =>
  queryOptions({
    ...endpointQuery(notificationsApi.unread),
    // Asked again when the window gets the focus back (the live connection may have been closed meanwhile), but
    // not twice within a few seconds.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

/** Writes the count where every reader of it sees it. */
export function setUnreadCount(client: QueryClient, unread: number): void {
  client.setQueryData(unreadKey(), { unread });
}

/** The count in the cache, if known. */
export const cachedUnread = (client: QueryClient): number | undefined =>
  client.getQueryData<{ unread: number }>(unreadKey())?.unread;

/** How the bell says the count: "Notifications, 3 unread". */
export const bellLabel = (unread: number | undefined) =>
  unread ? `Notifications, ${unread.toLocaleString("en-US")} unread` : "Notifications";

/** The badge's figure: "99+" past 99. */
export const badgeText = (unread: number) => (unread > 99 ? "99+" : String(unread));
