import { demoLoginBanner } from "./db/demo-logins";
import { ConfigError, loadConfig } from "./platform/config";
import { prepare } from "./server";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, database, jobs, demoLogins } = await prepare(config);
  await app.listen({ port: config.port, host: config.host });

  const url = config.publicUrl;
  const lines = [
    "",
    `  FieldLead is running at ${url}`,
    `  API reference: ${url}/api/docs`,
    `  Database: ${database.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL (DATABASE_URL)"}`,
    `  Mail: ${config.smtpUrl ? "SMTP" : "development mailbox (Platform > Mailbox, as Super Admin)"}`,
  ];
  // The embedded database holds the demo data unless told otherwise; PostgreSQL only when it was just seeded.
  if (database.kind === "pglite" || demoLogins) {
    lines.push("", ...demoLoginBanner());
    if (demoLogins) lines.push("", "  (The demo data was created just now.)");
  }
  console.log(lines.join("\n"));

  // PGlite has no autovacuum: refresh planner statistics hourly as data grows.
  if (database.kind === "pglite") {
    setInterval(() => {
      database.executeSql("analyze").catch((err) => app.log.warn({ err }, "analyze failed"));
    }, 3600_000).unref();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
