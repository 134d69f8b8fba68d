import type { LoggedInUser } from "@fieldlead/contracts";
import { leadsApi, type Route } from "@fieldlead/contracts/routes";
import { useMemo, useSyncExternalStore } from "react";
import { call } from "../api-client";
import { ApiError } from "../api-error";
import { session, useSession } from "../session";
import { type KeyValueStorage, offlineStorage } from "./storage";

/**
 * Creates that wait on the phone until they reach the server (docs/decisions/0030). A capture saved with no signal
 * is kept here with its exact request body and its Idempotency-Key, and sent when the signal returns: one at a
 * time, when the browser says it is online again, when the app starts, and on a timer with a growing delay. The
 * server answers a repeat of the same key with the first save's result, so a retry (an answer lost on the way
 * back, two tabs sending at once) never makes a second lead.
 *
 * Each entry belongs to the person and organization that made it: it is sent only while they are the signed-in
 * user and the current organization, and only they see it.
 */

/** What the lists show of an entry: the shopper, the service and the store. */
export type OutboxSummary = { title: string; detail?: string };

export type OutboxProblem = {
  status: number;
  code?: string;
  message: string;
  /** Field errors as the server keyed them (`consents.0.disclosureText`...). */
  fields?: Record<string, string[]>;
};

export type OutboxEntry = {
  id: string;
  /** The endpoint's name (one of {@link SENDABLE}). */
  endpoint: string;
  /** The request body, exactly as it is sent every time. */
  body: unknown;
  /** The Idempotency-Key sent with it every time. */
  key: string;
  userId: number;
  organizationId: number;
  summary: OutboxSummary;
  /** Endpoint names whose cached answers are out of date once it is sent (the lead lists). */
  invalidates: string[];
  queuedAt: string;
  attempts: number;
  /** Epoch ms before which the timer does not try again (0: at once). */
  nextAttemptAt: number;
  /** `waiting`: will be sent; `attention`: the server refused it, a person decides what to do. */
  state: "waiting" | "attention";
  /** The last failure, shown beside the entry. */
  problem: OutboxProblem | null;
};

export type OutboxSent = {
  id: string;
  endpoint: string;
  userId: number;
  organizationId: number;
  summary: OutboxSummary;
  queuedAt: string;
  sentAt: string;
  /** What the lists show of the answer (a capture: the lead's id and the lead it duplicates). */
  result: SentResult;
};

export type SentResult = { leadId: number | null; duplicateOfLeadId: number | null };

/** The calls that may wait on the phone, and what is kept of their answer. */
const SENDABLE: Record<string, { route: Route; result: (answer: unknown) => SentResult }> = {
  [leadsApi.internalUpsert.name]: {
    route: leadsApi.internalUpsert,
    result: (answer) => {
      const a = answer as { lead?: { id: number } | null; duplicateOf?: { leadId: number } | null } | null;
      return { leadId: a?.lead?.id ?? null, duplicateOfLeadId: a?.duplicateOf?.leadId ?? null };
    },
  },
};

const ENTRIES_KEY = "outbox:entries";
const SENT_KEY = "outbox:sent";
/** How many sent entries each person keeps per organization. */
export const SENT_KEPT = 10;
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 5 * 60_000;
/** How often the timer looks for entries whose delay has run out. */
export const TICK_MS = 10_000;

/** 5 s, 10 s, 20 s... up to 5 minutes, with a fifth either way so phones that came back together do not all call at once. */
export function retryDelay(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

type Owner = Pick<LoggedInUser, "userId" | "currentOrganizationId">;
const ownedBy = (e: { userId: number }, user: Owner | null) => !!user && e.userId === user.userId;
const sendableBy = (e: { userId: number; organizationId: number }, user: Owner | null) =>
  ownedBy(e, user) && e.organizationId === user?.currentOrganizationId;

/**
 * What a failure means for the entry: the signal (no answer, a timeout, the server busy or failing) keeps it
 * waiting; an ended session keeps it waiting until the person signs in again; any other refusal (a consent text
 * changed meanwhile, a field the server refuses, a right taken away) will answer the same every time, so a
 * person has to decide.
 */
export function classify(err: unknown): {
  state: "waiting" | "attention";
  stop: boolean;
  problem: OutboxProblem;
} {
  const e =
    err instanceof ApiError
      ? err
      : new ApiError({ status: 0, message: err instanceof Error ? err.message : "Could not send." });
  const problem: OutboxProblem = { status: e.status, message: e.message };
  if (e.code) problem.code = e.code;
  if (Object.keys(e.errors).length) problem.fields = e.errors;
  const retryable = e.status === 0 || e.status === 408 || e.status === 429 || e.status >= 500;
  if (retryable) return { state: "waiting", stop: true, problem };
  if (e.status === 401) return { state: "waiting", stop: true, problem };
  return { state: "attention", stop: false, problem };
}

export type OutboxDeps = {
  storage: () => KeyValueStorage;
  /** Sends one entry; throws an ApiError when it fails. */
  send: (entry: OutboxEntry) => Promise<unknown>;
  user: () => Owner | null;
  online: () => boolean;
  now: () => number;
  /** Runs `work` unless another tab is sending already (Web Locks where the browser has them). */
  exclusive: (work: () => Promise<void>) => Promise<void>;
};

export type OutboxSnapshot = {
  loaded: boolean;
  entries: readonly OutboxEntry[];
  sent: readonly OutboxSent[];
  /** The entry being sent right now (this tab). */
  sendingId: string | null;
};

export type NewEntry = {
  endpoint: Route;
  body: unknown;
  key: string;
  summary: OutboxSummary;
  invalidates?: readonly Route[];
};

const newId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createOutbox(deps: OutboxDeps) {
  let snapshot: OutboxSnapshot = { loaded: false, entries: [], sent: [], sendingId: null };
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(entry: OutboxEntry, answer: unknown) => void>();
  let channel: BroadcastChannel | null = null;

  const emit = () => {
    for (const l of listeners) l();
  };
  const setSnapshot = (next: Partial<OutboxSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    emit();
  };

  async function reload() {
    const s = deps.storage();
    const [entries, sent] = await Promise.all([
      s.get<OutboxEntry[]>(ENTRIES_KEY),
      s.get<OutboxSent[]>(SENT_KEY),
    ]);
    setSnapshot({ loaded: true, entries: entries ?? [], sent: sent ?? [] });
  }

  /** Writes a change, shows it here and tells the other tabs. */
  async function change(work: (s: KeyValueStorage) => Promise<void>) {
    await work(deps.storage());
    await reload();
    channel?.postMessage("changed");
  }

  const updateEntries = (fn: (entries: OutboxEntry[]) => OutboxEntry[]) =>
    change((s) => s.update<OutboxEntry[]>(ENTRIES_KEY, (old) => fn(old ?? [])));
  const patchEntry = (id: string, patch: Partial<OutboxEntry>) =>
    updateEntries((all) => all.map((e) => (e.id === id ? { ...e, ...patch } : e)));

  async function markSent(entry: OutboxEntry, answer: unknown) {
    const record: OutboxSent = {
      id: entry.id,
      endpoint: entry.endpoint,
      userId: entry.userId,
      organizationId: entry.organizationId,
      summary: entry.summary,
      queuedAt: entry.queuedAt,
      sentAt: new Date(deps.now()).toISOString(),
      result: SENDABLE[entry.endpoint]?.result(answer) ?? { leadId: null, duplicateOfLeadId: null },
    };
    await change(async (s) => {
      await s.update<OutboxEntry[]>(ENTRIES_KEY, (old) => (old ?? []).filter((e) => e.id !== entry.id));
      await s.update<OutboxSent[]>(SENT_KEY, (old) => {
        const all = [record, ...(old ?? []).filter((x) => x.id !== record.id)];
        // The last few of each person and organization.
        const seen = new Map<string, number>();
        return all.filter((x) => {
          const k = `${x.userId}:${x.organizationId}`;
          const n = (seen.get(k) ?? 0) + 1;
          seen.set(k, n);
          return n <= SENT_KEPT;
        });
      });
    });
  }

  async function sendDue(force: boolean) {
    for (;;) {
      if (!deps.online()) return;
      const user = deps.user();
      const entries = (await deps.storage().get<OutboxEntry[]>(ENTRIES_KEY)) ?? [];
      const now = deps.now();
      const next = entries.find(
        (e) => e.state === "waiting" && sendableBy(e, user) && (force || e.nextAttemptAt <= now),
      );
      if (!next) return;
      setSnapshot({ sendingId: next.id });
      try {
        const answer = await deps.send(next);
        await markSent(next, answer);
        for (const l of sentListeners) l(next, answer);
      } catch (err) {
        const outcome = classify(err);
        const attempts = next.attempts + 1;
        await patchEntry(next.id, {
          attempts,
          state: outcome.state,
          problem: outcome.problem,
          nextAttemptAt: outcome.state === "waiting" ? deps.now() + retryDelay(attempts) : 0,
        });
        if (outcome.stop) return;
      } finally {
        setSnapshot({ sendingId: null });
      }
    }
  }

  // One run at a time; calls during a run share the one run that follows it (forced if any of them asked).
  let running: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  let followingForce = false;
  const start = (force: boolean): Promise<void> => {
    const run = deps
      .exclusive(() => sendDue(force))
      .catch(() => {
        // Storage unavailable: the next tick tries again.
      })
      .finally(() => {
        if (running === run) running = null;
      });
    running = run;
    return run;
  };

  const outbox = {
    /** Keeps a create on the phone and tries to send it at once (when online). */
    async add(input: NewEntry): Promise<OutboxEntry> {
      const user = deps.user();
      if (!user) throw new Error("Sign in to keep a capture on this phone.");
      const entry: OutboxEntry = {
        id: newId(),
        endpoint: input.endpoint.name,
        body: input.body,
        key: input.key,
        userId: user.userId,
        organizationId: user.currentOrganizationId,
        summary: input.summary,
        invalidates: (input.invalidates ?? []).map((r) => r.name),
        queuedAt: new Date(deps.now()).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        state: "waiting",
        problem: null,
      };
      await updateEntries((all) => [...all.filter((e) => e.key !== entry.key), entry]);
      void outbox.flush();
      return entry;
    },

    /**
     * Sends what is due, one entry at a time (`force`: everything waiting, ignoring the delays: the signal
     * just came back, or the person asked). A call while sending runs once more afterwards, and resolves then.
     */
    flush(opts: { force?: boolean } = {}): Promise<void> {
      if (!running) return start(!!opts.force);
      followingForce ||= !!opts.force;
      following ??= running.then(() => {
        const force = followingForce;
        following = null;
        followingForce = false;
        return start(force);
      });
      return following;
    },

    /** Sends an entry that needed attention again, as it is (the cause was fixed on the server). */
    retry: (id: string) =>
      patchEntry(id, { state: "waiting", nextAttemptAt: 0 }).then(() => outbox.flush({ force: true })),

    /**
     * Replaces what an entry sends (a consent left out): a different request, so a new Idempotency-Key. The
     * first request was refused, so no lead was made under the old one.
     */
    replace: (id: string, body: unknown, key: string) =>
      patchEntry(id, { body, key, state: "waiting", nextAttemptAt: 0, problem: null }).then(() =>
        outbox.flush({ force: true }),
      ),

    /** Drops an entry for good (its person decided so). */
    discard: (id: string) => updateEntries((all) => all.filter((e) => e.id !== id)),

    snapshot: () => snapshot,
    reload,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (!snapshot.loaded && listeners.size === 1) void reload().catch(() => {});
      return () => listeners.delete(listener);
    },

    /** Called after each entry reached the server (the app marks the lists it changed as stale). */
    onSent(listener: (entry: OutboxEntry, answer: unknown) => void): () => void {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },

    /** Listens to the other tabs' changes. */
    connect(): () => void {
      if (typeof BroadcastChannel === "undefined") return () => {};
      channel = new BroadcastChannel("fieldlead-outbox");
      channel.onmessage = () => void reload().catch(() => {});
      return () => {
        channel?.close();
        channel = null;
      };
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;

async function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const target = SENDABLE[entry.endpoint];
  if (!target)
    throw new ApiError({ status: 400, message: `This kind of request (${entry.endpoint}) cannot be sent.` });
  const send = call as (
    route: Route,
    input: { body: unknown; headers: Record<string, string> },
  ) => Promise<unknown>;
  return send(target.route, { body: entry.body, headers: { "idempotency-key": entry.key } });
}

async function exclusive(work: () => Promise<void>) {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks?.request) return work();
  await locks.request("fieldlead-outbox", { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}

/** The app's outbox (IndexedDB, the signed-in session, the browser's idea of being online). */
export const outbox = createOutbox({
  storage: offlineStorage,
  send: sendEntry,
  user: () => session.get(),
  online: () => typeof navigator === "undefined" || navigator.onLine !== false,
  now: () => Date.now(),
  exclusive,
});

/** The signed-in person's entries: those of the current organization, and how many wait in the others. */
export function useOutbox(box: Outbox = outbox) {
  const snap = useSyncExternalStore(box.subscribe, box.snapshot, box.snapshot);
  const user = useSession();
  return useMemo(() => {
    const mine = snap.entries.filter((e) => sendableBy(e, user));
    return {
      loaded: snap.loaded,
      waiting: mine.filter((e) => e.state === "waiting"),
      attention: mine.filter((e) => e.state === "attention"),
      sent: snap.sent.filter((e) => sendableBy(e, user)),
      /** Entries of this person kept for another of their organizations (sent once they switch to it). */
      elsewhere: snap.entries.filter((e) => ownedBy(e, user) && !sendableBy(e, user)),
      sendingId: snap.sendingId,
    };
  }, [snap, user]);
}
