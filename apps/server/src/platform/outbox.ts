import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { outbox } from "../db/schema/index";
import { type Database, rowsOf } from "./db";
import { afterCommit, type Tx } from "./unit-of-work";

/**
 * Work that must not be lost (docs/decisions/0019-outbox.md).
 *
 * A service that causes work (an email, later a delivery or a notification) writes an outbox row with `add`
 * inside its unit of work: the row commits or rolls back with the business rows. Once the transaction has
 * committed, the worker is nudged (in this process at once; on PostgreSQL other processes hear a NOTIFY, which
 * PostgreSQL only delivers on commit). The dispatcher claims due rows with `FOR UPDATE SKIP LOCKED`, so any number
 * of workers share them, runs the topic's handler and marks the row done. A handler that throws is retried with
 * exponential backoff until `maxAttempts`, then the row is kept as `dead` with its last error.
 *
 * Delivery is at least once: a worker killed after the handler's effect but before the row is marked done runs
 * the handler again when the claim's lease runs out. Handlers are therefore idempotent by the row's key (the mail
 * handler skips a message already marked sent).
 */

/** The channel other processes listen on (PostgreSQL only). */
export const OUTBOX_CHANNEL = "fieldlead_outbox";

export type OutboxItem = {
  topic: string;
  /** Unique for the work: a second `add` with the same key records nothing. */
  key: string;
  payload: Record<string, unknown>;
  organizationId?: number | null;
  /** Due this many seconds from now rather than at once. */
  delaySeconds?: number;
};

export type OutboxHandler = {
  topic: string;
  /** Runs the work; throws to be retried. Must be idempotent by `key`. */
  handle: (payload: Record<string, unknown>, meta: { key: string; attempt: number }) => Promise<void>;
  /** Tries in all (default 8). */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to an hour (default 10 s). */
  retryDelaySeconds?: number;
};

/** Wakes a sleeping dispatcher of this process. */
export type OutboxSignal = { nudge: () => void; wait: (ms: number) => Promise<void> };

export function outboxSignal(): OutboxSignal {
  let wake: (() => void) | null = null;
  let pending = false;
  return {
    nudge() {
      pending = true;
      wake?.();
    },
    wait(ms) {
      if (pending) {
        pending = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = null;
          pending = false;
          resolve();
        }
        wake = done;
      });
    },
  };
}

export type Outbox = {
  /** Records work inside the caller's transaction; false when its key was already recorded. */
  add: (tx: Tx, item: OutboxItem) => Promise<boolean>;
};

export function outboxWriter(opts: { kind: Database["kind"]; signal: OutboxSignal }): Outbox {
  return {
    async add(tx, item) {
      const delay = Math.max(0, item.delaySeconds ?? 0);
      const insert = tx
        .insert(outbox)
        .values({
          topic: item.topic,
          key: item.key,
          payload: item.payload,
          organizationId: item.organizationId ?? null,
          runAfter: sql`now() + make_interval(secs => ${delay})`,
        })
        .onConflictDoNothing({ target: outbox.key })
        .returning({ id: outbox.id });
      let added: boolean;
      if (opts.kind === "postgres") {
        // Heard by workers in other processes once (and only if) the transaction commits; sent in the insert's own
        // round trip, and only when a row was added (a repeated key notifies nobody).
        const rows = await rowsOf<{ id: number }>(
          tx,
          sql`with added as (${insert.getSQL()}) select id, pg_notify(${OUTBOX_CHANNEL}, ${item.topic}) from added`,
        );
        added = rows.length > 0;
      } else {
        added = (await insert).length > 0;
      }
      if (!added) return false;
      afterCommit(opts.signal.nudge);
      return true;
    },
  };
}

type Claimed = { id: number; topic: string; key: string; payload: Record<string, unknown>; attempts: number };

export type OutboxDispatcher = {
  start: () => void;
  /**
   * Stops claiming new work once what is due now is done (or `deadlineMs` has passed), and waits for handlers in
   * flight. What is left stays pending for the next start.
   */
  stop: (deadlineMs?: number) => Promise<void>;
  /** Tests: the worker dies mid-job. Nothing more is claimed and nothing in flight is marked; leases run out. */
  kill: () => void;
  /** Claims and runs due rows until none is due; the number handled. */
  drain: () => Promise<number>;
  /** Rows not done yet (of one topic), for tests and the status page. */
  pending: (topic?: string) => Promise<number>;
  topics: readonly string[];
};

export type DispatcherOptions = {
  database: Pick<Database, "db" | "kind" | "listen">;
  handlers: readonly OutboxHandler[];
  signal: OutboxSignal;
  log: Logger;
  /** How long a claim holds a row before another worker may take it (default 60 s). */
  leaseSeconds?: number;
  /** How often an idle worker looks for due rows without a nudge (default 2 s). */
  pollMs?: number;
  /** Rows claimed at once (default 10). */
  batch?: number;
};

export function outboxDispatcher(opts: DispatcherOptions): OutboxDispatcher {
  const db = opts.database.db;
  const handlers = new Map(opts.handlers.map((h) => [h.topic, h]));
  const topics = [...handlers.keys()];
  const lease = opts.leaseSeconds ?? 60;
  const pollMs = opts.pollMs ?? 2_000;
  const batch = opts.batch ?? 10;
  let running = false;
  let killed = false;
  let loop: Promise<void> | null = null;
  /** Resolves to the function that stops listening (PostgreSQL), once LISTEN is set up; null when not listening. */
  let listening: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  /** Stops listening once LISTEN is set up, even when that is still on its way (a stop right after start). */
  const stopListening = async () => (await listening)?.();

  const topicList = sql.join(
    topics.map((t) => sql`${t}`),
    sql`, `,
  );

  async function claim(): Promise<Claimed[]> {
    if (topics.length === 0) return [];
    // One statement, so it commits on its own: the lease is taken before any handler runs.
    const claimed = await rowsOf<Claimed>(
      db,
      sql`
      update outbox set attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lease}),
        run_after = now() + make_interval(secs => ${lease})
      where id in (
        select id from outbox
        where status = 'pending' and run_after <= now() and topic in (${topicList})
        order by run_after, id
        limit ${batch}
        for update skip locked)
      returning id, topic, key, payload, attempts`,
    );
    return claimed.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function runOne(row: Claimed) {
    const handler = handlers.get(row.topic);
    if (!handler) return;
    try {
      await handler.handle(row.payload, { key: row.key, attempt: row.attempts });
      if (killed) return;
      // Only while the claim is still ours (`attempts` is the claim's token).
      await db.execute(sql`
        update outbox set status = 'done', done_at = now(), locked_until = null, last_error = null
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
    } catch (err) {
      if (killed) return;
      const error = err instanceof Error ? err.message : String(err);
      const max = handler.maxAttempts ?? 8;
      const delay = Math.min(3600, (handler.retryDelaySeconds ?? 10) * 2 ** (row.attempts - 1));
      const dead = row.attempts >= max;
      (dead ? opts.log.error : opts.log.warn).call(
        opts.log,
        { err, topic: row.topic, key: row.key, attempt: row.attempts },
        dead ? "outbox work failed for the last time" : "outbox work failed; it will be retried",
      );
      await db.execute(sql`
        update outbox set status = ${dead ? "dead" : "pending"}, last_error = ${error.slice(0, 2000)},
          locked_until = null, run_after = now() + make_interval(secs => ${delay})
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
    }
  }

  async function sweep(): Promise<number> {
    const rows = await claim();
    await Promise.all(rows.map((r) => runOne(r)));
    return rows.length;
  }

  async function run() {
    while (running && !killed) {
      let n = 0;
      try {
        n = await sweep();
      } catch (err) {
        opts.log.error({ err }, "the outbox sweep failed");
      }
      if (n === 0 && running && !killed) await opts.signal.wait(pollMs);
    }
  }

  return {
    topics,
    start() {
      if (running || killed) return;
      running = true;
      loop = run();
      listening = (
        opts.database.listen?.(OUTBOX_CHANNEL, () => opts.signal.nudge()) ?? Promise.resolve(null)
      ).catch((err) => {
        opts.log.warn({ err }, "cannot listen for outbox nudges; polling only");
        return null;
      });
    },
    async stop(deadlineMs = 5_000) {
      if (!running) return;
      running = false;
      opts.signal.nudge();
      await loop;
      // Drain what is due now, within the deadline; the rest waits for the next start.
      const until = Date.now() + deadlineMs;
      while (!killed && Date.now() < until && (await sweep()) > 0);
      await stopListening();
    },
    kill() {
      killed = true;
      running = false;
      opts.signal.nudge();
      void stopListening();
    },
    async drain() {
      let total = 0;
      for (;;) {
        const n = await sweep();
        if (n === 0) return total;
        total += n;
      }
    },
    async pending(topic) {
      const [r] = await rowsOf<{ n: number }>(
        db,
        topic
          ? sql`select count(*)::int as n from outbox where status = 'pending' and topic = ${topic}`
          : sql`select count(*)::int as n from outbox where status = 'pending'`,
      );
      return r.n;
    },
  };
}

/** Forgets work done more than `days` ago (dead rows stay, for someone to look at). */
export async function pruneOutbox(exec: Tx, days = 14): Promise<void> {
  await exec.execute(
    sql`delete from outbox where status = 'done' and done_at < now() - make_interval(days => ${days})`,
  );
}
