import pino, { type Logger } from "pino";
import type { Config } from "./config";
import type { Database } from "./db";
import { createMailer, type Mailer } from "./mail";
import { type Outbox, type OutboxSignal, outboxSignal, outboxWriter } from "./outbox";
import { loadSecretBox, type SecretBox } from "./secrets";
import { createStorage, type FileStorage } from "./storage";
import { type UnitOfWork, unitOfWork } from "./unit-of-work";

/**
 * What every area is built from, the same in the API and in the worker (docs/architecture.md): configuration, the
 * database, the one unit of work, the outbox (with the signal that wakes this process's worker), the mailer that
 * writes to it, the box that seals and opens stored credentials (decision 0038), and where files' bytes live
 * (the data folder or an S3-compatible bucket; decision 0041).
 */
export type Platform = {
  config: Config;
  database: Database;
  uow: UnitOfWork;
  outbox: Outbox;
  signal: OutboxSignal;
  /** Wakes this process's delivery worker when a change committed a delivery (modules/deliveries). */
  deliverySignal: OutboxSignal;
  mailer: Mailer;
  secrets: SecretBox;
  storage: FileStorage;
};

export type PlatformOptions = {
  /** Where the start's notes about the secrets key go (a pino logger at the configured level by default). */
  log?: Pick<Logger, "info" | "warn">;
};

export function createPlatform(config: Config, database: Database, options: PlatformOptions = {}): Platform {
  const signal = outboxSignal();
  const outbox = outboxWriter({ kind: database.kind, signal });
  const secrets = loadSecretBox(config);
  // A logger of its own only when there is something to say (most starts have not).
  noteSecretsKey(secrets, database, () => options.log ?? pino({ level: config.logLevel }));
  return {
    config,
    database,
    uow: unitOfWork(database),
    outbox,
    signal,
    deliverySignal: outboxSignal(),
    mailer: createMailer(database.db, { smtpUrl: config.smtpUrl, outbox }),
    secrets,
    storage: createStorage(config),
  };
}

/**
 * Once per start: a key just made is noted (its path and id, never the key); PostgreSQL without `SECRETS_KEY`
 * gets a warning. It is kept simple on purpose: there the key file in the data folder works while every process
 * (API and workers) shares that folder, and a production deployment should set `SECRETS_KEY` in all of them.
 */
function noteSecretsKey(secrets: SecretBox, database: Database, logger: () => Pick<Logger, "info" | "warn">) {
  const { origin, keyId } = secrets;
  if (origin.from !== "file" || (!origin.created && database.kind !== "postgres")) return;
  const log = logger();
  if (origin.created) log.info({ keyFile: origin.path, keyId }, "generated the secrets key");
  if (database.kind === "postgres")
    log.warn(
      { keyFile: origin.path, keyId },
      "SECRETS_KEY is not set: stored credentials are sealed with the key file in the data folder. Production " +
        "should set SECRETS_KEY (the same in the API and every worker) and keep a copy of it.",
    );
}
