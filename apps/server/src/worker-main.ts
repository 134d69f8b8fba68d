import pino from "pino";
import { buildServices } from "./modules/index";
import { openDatabase } from "./platform/db";
import { createPlatform } from "./platform/platform";
import { configOrExit, exitCleanlyOnSignals } from "./platform/process";
import { startWorker } from "./worker";

/**
 * `npm run worker`: the background work without HTTP, for PostgreSQL deployments that run it in processes of its own
 * (start the API with WORKER=off). The embedded database's folder can only be open in one process, where the API
 * already runs this work, so here it stops with a message.
 */
async function main() {
  const config = configOrExit();
  if (!config.databaseUrl) {
    console.error(
      [
        "npm run worker needs PostgreSQL: set DATABASE_URL (postgres://...).",
        "On the embedded database, `npm start` runs the background work in its own process: a PGlite data folder",
        "cannot be opened by two processes at once.",
      ].join("\n"),
    );
    process.exit(2);
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  // The API migrates too; the migrator skips what is already applied.
  await database.migrate();
  const platform = createPlatform(config, database);
  const worker = await startWorker(platform, buildServices(platform), log);
  log.info({ topics: worker.dispatcher.topics, schedules: worker.scheduler.names }, "worker started");
  console.log(
    `FieldLead worker: outbox topics [${worker.dispatcher.topics.join(", ") || "none"}], schedules [${worker.scheduler.names.join(", ")}]`,
  );

  exitCleanlyOnSignals(async (signal) => {
    log.info({ signal }, "worker stopping");
    await worker.stop(5_000);
    await database.close();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
