import { DEMO_PASSWORD } from "./db/seed";
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
  if (database.kind === "pglite") {
    lines.push("", `  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const l of DEMO_LOGINS_TO_PRINT) lines.push(`    ${l.email.padEnd(26)} ${l.role}`);
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

const DEMO_LOGINS_TO_PRINT = [
  { email: "superadmin@demo.local", role: "Super Admin (every organization)" },
  { email: "admin@demo.local", role: "Admin of Summit Home East and Summit Home West" },
  { email: "manager@demo.local", role: "Manager, Summit Home East" },
  { email: "regional@demo.local", role: "Regional Manager (North Jersey, Long Island)" },
  { email: "lg@demo.local", role: "Lead Generator, North Jersey" },
  { email: "hd@demo.local", role: "Retailer-program user (subscription 16, role 2)" },
  { email: "partner@demo.local", role: "Second-partner user (subscription 2, role 2)" },
];

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
