import type { Logger } from "pino";
import { allJobs } from "./jobs";
import { type DeliveryWorker, deliveryWorker } from "./modules/deliveries/index";
import type { Services } from "./modules/index";
import { type Scheduler, startSchedules } from "./platform/jobs";
import { type OutboxDispatcher, outboxDispatcher } from "./platform/outbox";
import type { Platform } from "./platform/platform";

export type Worker = {
  dispatcher: OutboxDispatcher;
  /** Sends deliveries to the destinations (modules/deliveries; decision 0039). */
  deliveries: DeliveryWorker;
  scheduler: Scheduler;
  /** Stops taking work, finishes what is due within `deadlineMs`, stops the schedules. */
  stop: (deadlineMs?: number) => Promise<void>;
};

export type WorkerOptions = {
  pollMs?: number;
  leaseSeconds?: number;
  schedulePollingSeconds?: number;
  /** Deliveries sent at once (default 10). */
  deliveryConcurrency?: number;
};

/**
 * The background side (docs/decisions/0020-process-model.md): the outbox's handlers and the recurring schedules of
 * every area. In the embedded default it runs inside the API process; on PostgreSQL it may run as processes of
 * its own (`npm run worker`, worker-main.ts) with the API started with `WORKER=off`.
 */
export async function startWorker(
  p: Platform,
  services: Services,
  log: Logger,
  opts: WorkerOptions = {},
): Promise<Worker> {
  const jobs = allJobs(p, services, log);
  const dispatcher = outboxDispatcher({
    database: p.database,
    handlers: jobs.handlers,
    signal: p.signal,
    log,
    pollMs: opts.pollMs,
    leaseSeconds: opts.leaseSeconds,
  });
  const scheduler = await startSchedules(p.database, log, jobs.schedules, {
    pollingIntervalSeconds: opts.schedulePollingSeconds,
  });
  const deliveries = deliveryWorker({
    sender: services.deliverySender,
    database: p.database,
    signal: p.deliverySignal,
    log,
    concurrency: opts.deliveryConcurrency,
    pollMs: opts.pollMs,
  });
  dispatcher.start();
  deliveries.start();
  return {
    dispatcher,
    deliveries,
    scheduler,
    async stop(deadlineMs = 5_000) {
      await deliveries.stop();
      await dispatcher.stop(deadlineMs);
      await scheduler.stop();
      jobs.close();
    },
  };
}
