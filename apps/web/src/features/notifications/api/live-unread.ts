import { notificationsApi } from "@fieldlead/contracts/routes";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { useSession } from "../../../lib/session";
import { setUnreadCount, unreadKey } from "./unread";

/**
 * One live connection per tab (`unread-stream.ts`), however many components ask for it, while someone is signed
 * in: the first to ask opens it, the last to leave closes it, a new session (another token) opens a new one.
 *
 * It opens once the screen has settled: at least `delayMs` after the first ask, when no read or write is in flight
 * (at the latest 15 s after): a phone loading its first screen does not give one of its six connections to it, and
 * its code loads only then. Until it is open, and whenever it is down, the bell polls the count.
 */

export const STREAM_DELAY_MS = 1_500;
const QUIET_CHECK_MS = 500;
const QUIET_MAX_MS = 15_000;

let users = 0;
let live = false;
let close: (() => void) | null = null;
let openedFor: string | null = null;
const listeners = new Set<() => void>();

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const l of listeners) l();
}

/** Calls `start` once the query client has been quiet after `delayMs`; answers a cancel. */
function whenQuiet(client: QueryClient, delayMs: number, start: () => void): () => void {
  if (delayMs <= 0) {
    start();
    return () => {};
  }
  const began = Date.now();
  let timer: ReturnType<typeof setTimeout>;
  const check = () => {
    const waited = Date.now() - began;
    const quiet = client.isFetching() === 0 && client.isMutating() === 0;
    if (quiet || waited >= QUIET_MAX_MS) start();
    else timer = setTimeout(check, QUIET_CHECK_MS);
  };
  timer = setTimeout(check, delayMs);
  return () => clearTimeout(timer);
}

function open(client: QueryClient, token: string, delayMs: number) {
  let cancelled = false;
  let stop: (() => void) | null = null;
  const cancelWait = whenQuiet(client, delayMs, () => {
    import("./unread-stream").then(
      ({ openUnreadStream }) => {
        if (cancelled) return;
        stop = openUnreadStream({
          onUnread: (unread) => setUnreadCount(client, unread),
          onLive: setLive,
          // The session is over: the count's next read gets the 401 too, and the API client signs out.
          onUnauthorized: () => void client.invalidateQueries({ queryKey: unreadKey() }),
        });
      },
      // Its code did not load (offline, a new release): polling goes on.
      () => setLive(false),
    );
  });
  openedFor = token;
  close = () => {
    cancelled = true;
    cancelWait();
    stop?.();
    close = null;
    openedFor = null;
    setLive(false);
  };
}

function acquire(client: QueryClient, token: string, delayMs: number): () => void {
  users += 1;
  if (openedFor !== token) {
    close?.();
    open(client, token, delayMs);
  }
  return () => {
    users -= 1;
    if (users === 0) close?.();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the tab's live connection open while the component is mounted and someone is signed in; answers whether it
 * is open now (the bell polls while it is not).
 */
export function useLiveUnread(delayMs = STREAM_DELAY_MS): boolean {
  const client = useQueryClient();
  const token = useSession()?.token;
  useEffect(() => {
    if (!token) return;
    return acquire(client, token, delayMs);
  }, [client, token, delayMs]);
  return useSyncExternalStore(
    subscribe,
    () => live,
    () => false,
  );
}

/**
 * When the count changes (a notification came, or was read here or elsewhere), the lists that show notifications are
 * stale: those on screen are asked again (one request, not a second beside a refresh already under way).
 */
export function refreshLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [notificationsApi.inbox.name] }, { cancelRefetch: false });
}
