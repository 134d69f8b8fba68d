import { notificationsApi } from "@fieldlead/contracts/routes";
import { createParser } from "eventsource-parser";
import { apiHeaders, buildUrl } from "../../../lib/api-client";

/**
 * The live connection that brings the unread count (docs/decisions/0041-notifications-and-support.md):
 * `GET /api/notifications/events`, server-sent events read with fetch() and a streaming reader, not EventSource,
 * which cannot send the Authorization header. The server sends `event: unread` / `data: {"unread":N}` at once and
 * whenever the count changes, and a comment every 25 s. Loaded once the screen has settled (`live-unread.ts`), so
 * it is in no screen's first load.
 *
 * - A dropped connection is opened again after a wait that doubles from 1 s to a minute, with jitter (a server
 *   restart does not bring every tab back at the same moment); a connection that lived a while starts it over.
 * - A 4xx other than 408 and 429 would answer the same again: the connection is given up (polling goes on); a 401
 *   says so, and the caller lets the API client end the session.
 * - Nothing heard for 70 s (not even the keep-alive comment): the connection is taken for dead and opened again.
 * - A tab hidden for a minute closes its connection and opens it again when seen: the server speaks HTTP/1.1 and a
 *   browser keeps six connections to it for all its tabs, so tabs left open in the background must not hold them.
 */

export type UnreadStreamHandlers = {
  /** A count the server sent. */
  onUnread: (unread: number) => void;
  /** The connection is open (true) or down (false): polling stands in while it is down. */
  onLive: (live: boolean) => void;
  /** The server answered 401: the stream stops. */
  onUnauthorized: () => void;
};

export type UnreadStreamOptions = {
  /** Nothing heard for this long: the connection is dead. */
  silenceMs?: number;
  /** Hidden for this long: the connection is closed until the tab is seen again. */
  hiddenCloseMs?: number;
  /** A connection open this long starts the waits over. */
  stableMs?: number;
  /** The jitter's source (tests). */
  random?: () => number;
};

export const STREAM_RETRY_FIRST_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 60_000;

/** The wait before the `attempt`-th reconnection (from 0): doubling from 1 s to 60 s, half to all of it. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(STREAM_RETRY_MAX_MS, STREAM_RETRY_FIRST_MS * 2 ** attempt);
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The count in an `unread` event's data, or null when it is not one. */
export function parseUnread(data: string): number | null {
  try {
    const value = (JSON.parse(data) as { unread?: unknown } | null)?.unread;
    return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`The event stream answered ${status}`);
  }
}

/** A 4xx other than 408 and 429 will answer the same next time. */
const final = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Opens the live connection; answers a function that closes it for good. */
export function openUnreadStream(
  handlers: UnreadStreamHandlers,
  options: UnreadStreamOptions = {},
): () => void {
  const silenceMs = options.silenceMs ?? 70_000;
  const hiddenCloseMs = options.hiddenCloseMs ?? 60_000;
  const stableMs = options.stableMs ?? 30_000;
  const random = options.random ?? Math.random;

  let stopped = false;
  let connection: AbortController | null = null;
  let closedWhileHidden = false;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the current wait (between attempts, or for the tab to be seen) early. */
  let wake: (() => void) | null = null;

  const onVisibility = () => {
    clearTimeout(hiddenTimer);
    if (document.visibilityState === "hidden") {
      hiddenTimer = setTimeout(() => {
        closedWhileHidden = true;
        connection?.abort();
      }, hiddenCloseMs);
    } else if (closedWhileHidden) {
      closedWhileHidden = false;
      wake?.();
    }
  };
  // Back online: no need to sit out the rest of a wait.
  const onOnline = () => wake?.();
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("online", onOnline);
  if (document.visibilityState === "hidden") onVisibility();

  const pause = (ms: number | null) =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? undefined : setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      wake = done;
    });

  async function connect(): Promise<"again" | "stop"> {
    const controller = new AbortController();
    connection = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), silenceMs);
    };
    try {
      const headers = apiHeaders();
      delete headers["Content-Type"];
      headers.Accept = "text/event-stream";
      listen();
      const response = await fetch(buildUrl(notificationsApi.events), {
        headers,
        signal: controller.signal,
        cache: "no-store",
      });
      if (response.status === 401) {
        handlers.onUnauthorized();
        return "stop";
      }
      if (!response.ok || !response.body) throw new StreamRefused(response.status);
      handlers.onLive(true);
      const parser = createParser({
        onEvent: (event) => {
          if (event.event !== "unread") return;
          const unread = parseUnread(event.data);
          if (unread !== null) handlers.onUnread(unread);
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        listen();
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return "again";
    } catch (err) {
      return err instanceof StreamRefused && final(err.status) ? "stop" : "again";
    } finally {
      clearTimeout(silence);
      connection = null;
      if (!stopped) handlers.onLive(false);
    }
  }

  void (async () => {
    let attempt = 0;
    while (!stopped) {
      if (closedWhileHidden) {
        await pause(null);
        continue;
      }
      const openedAt = Date.now();
      if ((await connect()) === "stop" || stopped) return;
      if (closedWhileHidden) continue;
      if (Date.now() - openedAt >= stableMs) attempt = 0;
      await pause(retryDelay(attempt, random));
      attempt += 1;
    }
  })();

  return () => {
    stopped = true;
    clearTimeout(hiddenTimer);
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("online", onOnline);
    connection?.abort();
    wake?.();
  };
}
