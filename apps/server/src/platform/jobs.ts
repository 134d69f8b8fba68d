import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Database } from "./db";

/**
 * Recurring jobs on the queue's own schedule (docs/decisions/0005-queue.md). pg-boss keeps the schedules in the
 * database and, once a minute, the process whose turn it is turns each due cron into one job; any worker process
 * runs it (handed out with SKIP LOCKED), so a schedule runs once per tick however many workers there are. The
 * queue stays on pg-boss 10 while the runtime is Node 20: pg-boss 11 and later need Node 22.
 *
 * Work caused by a request does not go through here but through the outbox (platform/outbox.ts), which commits
 * with the request's own rows.
 */
export type Schedule = {
  /** The queue's name, such as `database.analyze`. */
  name: string;
  /** Five-field cron, in UTC. */
  cron: string;
  run: () => Promise<void>;
};

export type Scheduler = {
  names: readonly string[];
  /** Runs one schedule now (tests, and the first ANALYZE at start). */
  runNow: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startSchedules(
  database: Pick<Database, "executeSql">,
  log: Logger,
  schedules: readonly Schedule[],
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<Scheduler> {
  // Through our own connection (PGlite has only one).
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schedule: true, supervise: true });
  boss.on("error", (err) => log.error({ err }, "queue error"));
  await boss.start();
  const byName = new Map(schedules.map((s) => [s.name, s]));
  // A schedule no longer listed (renamed, removed, or one this engine does not run) stops.
  for (const old of await boss.getSchedules()) {
    if (!byName.has(old.name)) await boss.unschedule(old.name);
  }
  for (const s of schedules) {
    await boss.createQueue(s.name, { name: s.name, retryLimit: 2, expireInSeconds: 3600 } as PgBoss.Queue);
    await boss.schedule(s.name, s.cron, {}, { tz: "UTC" });
    await boss.work(s.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 10 }, async () => {
      await s.run();
    });
  }
  return {
    names: [...byName.keys()],
    async runNow(name) {
      const s = byName.get(name);
      if (!s) throw new Error(`No schedule named ${name}`);
      await s.run();
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 4000, wait: true, close: false });
    },
  };
}
