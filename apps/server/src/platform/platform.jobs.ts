import type { Logger } from "pino";
import { pruneIdempotencyKeys } from "./idempotency";
import type { AreaJobs } from "./jobs-list";
import { mailDelivery } from "./mail";
import { pruneOutbox } from "./outbox";
import type { Platform } from "./platform";

/**
 * The platform's own work: sending recorded email over SMTP, refreshing the embedded database's planner
 * statistics (PGlite has no autovacuum) and forgetting old outbox rows and idempotency keys.
 */
export function platformJobs(p: Platform, log: Logger): AreaJobs {
  const { config, database, uow } = p;
  const mail = config.smtpUrl
    ? mailDelivery(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log })
    : null;
  return {
    handlers: mail ? [mail] : [],
    schedules: [
      ...(database.kind === "pglite"
        ? [
            {
              name: "database.analyze",
              cron: "0 * * * *",
              run: async () => void (await database.executeSql("analyze")),
            },
          ]
        : []),
      { name: "outbox.prune", cron: "17 3 * * *", run: () => pruneOutbox(uow.read) },
      { name: "idempotency.prune", cron: "7 * * * *", run: () => pruneIdempotencyKeys(uow.read) },
    ],
    close: () => mail?.close(),
  };
}
