import type { Config } from "./config";
import type { Database } from "./db";
import { createMailer, type Mailer } from "./mail";
import { type Outbox, type OutboxSignal, outboxSignal, outboxWriter } from "./outbox";
import { type UnitOfWork, unitOfWork } from "./unit-of-work";

/**
 * What every area is built from, the same in the API and in the worker (docs/architecture.md): configuration, the
 * database, the one unit of work, the outbox (with the signal that wakes this process's worker) and the mailer
 * that writes to it.
 */
export type Platform = {
  config: Config;
  database: Database;
  uow: UnitOfWork;
  outbox: Outbox;
  signal: OutboxSignal;
  mailer: Mailer;
};

export function createPlatform(config: Config, database: Database): Platform {
  const signal = outboxSignal();
  const outbox = outboxWriter({ kind: database.kind, signal });
  return {
    config,
    database,
    uow: unitOfWork(database),
    outbox,
    signal,
    mailer: createMailer(database.db, { smtpUrl: config.smtpUrl, outbox }),
  };
}
