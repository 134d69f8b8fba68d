import pino from "pino";
import { type App, buildApp } from "./app";
import { applyReferenceData } from "./db/reference-data";
import { type DemoLogin, seedDemo } from "./db/seed";
import type { Config } from "./platform/config";
import { type Database, openDatabase } from "./platform/db";
import { type Jobs, startJobs } from "./platform/jobs";

export type Started = { app: App; database: Database; jobs: Jobs; demoLogins: DemoLogin[] | null };

/**
 * Opens the database, migrates it, applies the reference lists, seeds the demo data when the
 * embedded database is empty (or when asked), and builds the app. Used by main.ts and the browser journeys.
 */
export async function prepare(config: Config): Promise<Started> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await applyReferenceData(database.db);
  let demoLogins: DemoLogin[] | null = null;
  const wantSeed = config.seedDemo === "always" || (config.seedDemo === "auto" && database.kind === "pglite");
  // Never silently seeds a production database: on PostgreSQL only SEED_DEMO=always does.
  if (wantSeed && (await database.isEmpty())) demoLogins = await seedDemo(database.db);
  // PGlite has no autovacuum: gather planner statistics at start so queries get good plans.
  if (database.kind === "pglite") await database.executeSql("analyze");
  const log = pino({ level: config.logLevel });
  // The embedded default runs the queue's workers in the API process; at scale they run as their own processes.
  const jobs = await startJobs(database, log);
  const app = await buildApp({ config, database, jobs });
  return { app, database, jobs, demoLogins };
}
