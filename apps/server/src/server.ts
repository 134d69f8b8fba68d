import pino from "pino";
import { type App, buildApp } from "./app";
import { applyReferenceData } from "./db/reference-data";
import { type DemoLogin, seedDemo } from "./db/seed";
import { sealCrmSecrets } from "./modules/crm/index";
import { sealDestinationCredentials } from "./modules/deliveries/index";
import { buildServices } from "./modules/index";
import type { Config } from "./platform/config";
import { type Database, openDatabase } from "./platform/db";
import { createPlatform } from "./platform/platform";
import { createStorage } from "./platform/storage";
import { startWorker, type Worker, type WorkerOptions } from "./worker";

export type Started = { app: App; database: Database; worker: Worker | null; demoLogins: DemoLogin[] | null };

/**
 * Opens the database, migrates it, applies the reference lists, seeds the demo data when the embedded database is
 * empty (or when asked), seals the stored credentials still in plain text (decision 0038), builds the services
 * once, the app over them and, unless `WORKER=off`, the worker over the same services
 * (docs/decisions/0020-process-model.md). Used by main.ts and the process tests.
 */
export async function prepare(config: Config, workerOptions: WorkerOptions = {}): Promise<Started> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await applyReferenceData(database.db);
    let demoLogins: DemoLogin[] | null = null;
    const wantSeed =
      config.seedDemo === "always" || (config.seedDemo === "auto" && database.kind === "pglite");
    // Never silently seeds a production database: on PostgreSQL only SEED_DEMO=always does.
    if (wantSeed && (await database.isEmpty()))
      demoLogins = await seedDemo(database.db, { storage: createStorage(config) });
    // PGlite has no autovacuum: gather planner statistics at start (and hourly, platform.jobs.ts).
    if (database.kind === "pglite") await database.executeSql("analyze");
    const log = pino({ level: config.logLevel });
    const platform = createPlatform(config, database, { log });
    // The seed writes the CRM secret and the destinations' secrets plain (it has no key): seal what is plain. Idempotent.
    const sealed = (await sealCrmSecrets(platform)) + (await sealDestinationCredentials(platform));
    if (sealed > 0) log.info({ sealed, keyId: platform.secrets.keyId }, "sealed stored credentials");
    const services = buildServices(platform);
    const app = await buildApp({ config, database, platform, services });
    const worker = config.worker === "off" ? null : await startWorker(platform, services, log, workerOptions);
    return { app, database, worker, demoLogins };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
