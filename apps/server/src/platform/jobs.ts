import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Database } from "./db";

export type JobHandler<T> = (data: T) => Promise<void>;
export type QueueOptions = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  expireInSeconds?: number;
};

/**
 * The background queue (pg-boss on the same PostgreSQL or PGlite database). Jobs survive restarts, are
 * retried with backoff, and are handed out with SKIP LOCKED, so workers can run in any number of processes.
 * On PGlite never `send` from inside an open transaction: PGlite has one connection and would wait on itself.
 */
export type Jobs = {
  define<T extends object>(queue: string, options: QueueOptions, handler: JobHandler<T>): Promise<void>;
  send<T extends object>(
    queue: string,
    data: T,
    opts?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<string | null>;
  /** Jobs created or retrying and not yet done, for tests and the status page. */
  pending(queue: string): Promise<number>;
  stop(): Promise<void>;
};

export async function startJobs(
  database: Database,
  log: Logger,
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<Jobs> {
  // Through our own connection (PGlite has only one); cron scheduling is not used.
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schedule: false });
  boss.on("error", (err) => log.error({ err }, "queue error"));
  await boss.start();
  const polling = opts.pollingIntervalSeconds ?? 2;

  return {
    async define(queue, options, handler) {
      await boss.createQueue(queue, {
        name: queue,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds ?? 300,
      } as PgBoss.Queue);
      await boss.work(queue, { pollingIntervalSeconds: polling }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    send(queue, data, o = {}) {
      return boss.send(queue, data, { singletonKey: o.singletonKey, startAfter: o.startAfterSeconds });
    },
    async pending(queue) {
      const { rows } = await database.executeSql(
        "select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
        [queue],
      );
      return (rows[0] as { n: number }).n;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true, close: false });
    },
  };
}
