import type { Database } from "../../platform/db";
import type { Tx } from "../../platform/unit-of-work";
import type { NotificationsRepository } from "./notifications.repository";

/**
 * The bell's live count (docs/decisions/0041-notifications-and-support.md). Each API process keeps the people
 * connected to it (`/api/notifications/events`) and, when a change may move someone's unread count, recounts it for
 * those of its people concerned and pushes the count to their streams when it changed.
 *
 * A change is a notification (its recipients' counts may have grown) or a person (they read something). It is
 * announced after its transaction commits: in this process at once, and on PostgreSQL by a NOTIFY on
 * {@link NOTIFICATIONS_CHANNEL} sent inside the transaction (delivered only on commit), which every API process
 * listens to while it has people connected. A process that hears its own NOTIFY recounts once more and pushes
 * nothing new (a count is pushed only when it changed).
 */

/** The channel API processes listen on (PostgreSQL only). */
export const NOTIFICATIONS_CHANNEL = "fieldlead_notifications";

export type NotificationChange = { notification: number } | { user: number };

/** The NOTIFY payload of a change: `n:<notification id>` or `u:<user id>`. */
export const changePayload = (c: NotificationChange) =>
  "notification" in c ? `n:${c.notification}` : `u:${c.user}`;

export function parseChange(payload: string): NotificationChange | null {
  const m = /^([nu]):(\d{1,19})$/.exec(payload);
  if (!m) return null;
  return m[1] === "n" ? { notification: Number(m[2]) } : { user: Number(m[2]) };
}

type Subscriber = { userId: number; last: number | null; push: (unread: number) => void };

export type NotificationEvents = {
  /**
   * Starts following a person's unread count: `push` gets it at once and whenever it changes. Resolves to the
   * function that stops following (call it when the stream closes).
   */
  subscribe: (userId: number, push: (unread: number) => void) => Promise<() => void>;
  /** Recounts for the people connected here whom the change concerns (after a commit). */
  changed: (change: NotificationChange) => void;
  /** Whether other processes hear about changes by NOTIFY (the process then waits for its own). */
  listening: () => boolean;
  /** People connected to this process, and their streams (tests, the status page). */
  size: () => { people: number; streams: number };
  /** Forgets every subscriber and stops listening (the app is closing). */
  close: () => Promise<void>;
};

export function notificationEvents(deps: {
  read: Tx;
  repo: Pick<NotificationsRepository, "unreadCounts" | "recipientsAmong">;
  listen?: Database["listen"];
  log?: { warn: (obj: object, msg: string) => void };
}): NotificationEvents {
  const byUser = new Map<number, Set<Subscriber>>();
  /** Changes are handled one at a time, in order, so an older count never overwrites a newer one. */
  let queue: Promise<void> = Promise.resolve();
  let stopListening: Promise<(() => Promise<void>) | null> | null = null;
  let heard = false;
  let closed = false;

  const warn = (err: unknown, msg: string) => deps.log?.warn({ err }, msg);

  function enqueue(work: () => Promise<void>) {
    queue = queue.then(work).catch((err) => warn(err, "could not update the notification counts"));
    return queue;
  }

  function push(userIds: readonly number[], counts: Map<number, number>) {
    for (const userId of userIds) {
      const n = counts.get(userId) ?? 0;
      for (const sub of byUser.get(userId) ?? []) {
        if (sub.last === n) continue;
        sub.last = n;
        sub.push(n);
      }
    }
  }

  async function handle(change: NotificationChange) {
    if (byUser.size === 0) return;
    const concerned =
      "user" in change
        ? byUser.has(change.user)
          ? [change.user]
          : []
        : await deps.repo.recipientsAmong(deps.read, change.notification, [...byUser.keys()]);
    if (concerned.length === 0) return;
    push(concerned, await deps.repo.unreadCounts(deps.read, concerned));
  }

  /** Listens for other processes' changes while someone is connected (PostgreSQL); once, until closed. */
  function ensureListening() {
    if (!deps.listen || stopListening || closed) return stopListening;
    stopListening = deps
      .listen(NOTIFICATIONS_CHANNEL, (payload) => {
        const change = parseChange(payload ?? "");
        if (change) void enqueue(() => handle(change));
      })
      .then((stop) => {
        heard = true;
        return stop;
      })
      .catch((err) => {
        warn(err, "cannot listen for notification changes; counts follow this process's changes only");
        return null;
      });
    return stopListening;
  }

  return {
    async subscribe(userId, send) {
      if (closed) throw new Error("the notification events are closed");
      await ensureListening();
      const sub: Subscriber = { userId, last: null, push: send };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(sub);
      // The first count goes through the queue too: a change handled meanwhile cannot be overtaken by it.
      await enqueue(async () => {
        if (!byUser.get(userId)?.has(sub)) return;
        const counts = await deps.repo.unreadCounts(deps.read, [userId]);
        const n = counts.get(userId) ?? 0;
        sub.last = n;
        sub.push(n);
      });
      return () => {
        const s = byUser.get(userId);
        if (!s) return;
        s.delete(sub);
        if (s.size === 0) byUser.delete(userId);
      };
    },
    changed(change) {
      if (closed) return;
      void enqueue(() => handle(change));
    },
    listening: () => heard,
    size: () => ({
      people: byUser.size,
      streams: [...byUser.values()].reduce((n, s) => n + s.size, 0),
    }),
    async close() {
      closed = true;
      byUser.clear();
      const stop = await stopListening;
      stopListening = null;
      heard = false;
      await stop?.();
      await queue;
    },
  };
}
