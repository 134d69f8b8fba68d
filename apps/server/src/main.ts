import { rmSync, writeFileSync } from "node:fs";
import { demoLoginBanner } from "./db/demo-logins";
import { demoShopperPage } from "./db/seed-qr";
import { startPartnerSimulator } from "./integrations/partners/index";
import { startServiceTitanSimulator } from "./integrations/servicetitan/simulator";
import { pidFile, writeBackup } from "./platform/backup";
import { configOrExit, exitCleanlyOnSignals } from "./platform/process";
import { prepare } from "./server";

async function main() {
  const config = configOrExit();
  // The ServiceTitan simulator the demo organization's CRM connection points at (decision 0036; `npm start` turns
  // it on outside production). It is a demo aid: when its port is taken the product starts without it.
  const simulator =
    config.serviceTitanSimulator === "on"
      ? await startServiceTitanSimulator({
          port: config.serviceTitanSimulatorPort,
          host: "127.0.0.1",
          // Bookings become jobs, jobs run and are invoiced as time passes: the demo shows outcomes and revenue.
          autoProgress: true,
        }).catch((err: Error) => {
          console.warn(
            `The ServiceTitan simulator did not start (${err.message}): the demo's CRM calls will fail.`,
          );
          return null;
        })
      : null;
  // The retailer's and the two programs' simulator (decision 0039), with the CRM's: the demo's destinations.
  const partners =
    config.serviceTitanSimulator === "on"
      ? await startPartnerSimulator({ port: config.partnerSimulatorPort, host: "127.0.0.1" }).catch(
          (err: Error) => {
            console.warn(
              `The destinations' simulator did not start (${err.message}): the demo's deliveries will keep failing.`,
            );
            return null;
          },
        )
      : null;
  const { app, database, worker, demoLogins } = await prepare(config);
  await app.listen({ port: config.port, host: config.host });

  const url = config.publicUrl;
  const lines = [
    "",
    `  FieldLead is running at ${url}`,
    `  API reference: ${url}/api/docs`,
    `  Database: ${database.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL (DATABASE_URL)"}`,
    `  Mail: ${config.smtpUrl ? "SMTP" : "development mailbox (Platform > Mailbox, as Super Admin)"}`,
    `  Background work: ${worker ? "in this process" : "off here (WORKER=off): run `npm run worker`"}`,
  ];
  if (simulator) {
    lines.push(
      `  CRM: the ServiceTitan simulator at ${simulator.url} (SERVICETITAN_SIMULATOR=off to stop it)`,
    );
    if (partners)
      lines.push(
        `  Retailer and programs: their simulator at ${partners.url("retailer").replace(/\/[^/]*$/, "")} (switches: POST /__simulator/{mount}/switches)`,
      );
    // The demo's technicians and CRM lists, read once now rather than at the 6-hourly refresh.
    app.deps.services.crm.refreshAll(app.log).catch((err) => app.log.warn({ err }, "crm refresh failed"));
  }
  // The embedded database holds the demo data unless told otherwise; PostgreSQL only when it was just seeded.
  if (database.kind === "pglite" || demoLogins) {
    // A demo lead generator's code: the page a shopper opens when they scan it.
    const shopperPage = await demoShopperPage(database.db, url).catch(() => null);
    lines.push("", ...demoLoginBanner(shopperPage));
    if (demoLogins) lines.push("", "  (The demo data was created just now.)");
  }
  console.log(lines.join("\n"));

  // The embedded database: `npm run backup` finds this process by its pid file and asks it for a dump (SIGUSR2).
  if (database.kind === "pglite") {
    writeFileSync(pidFile(config.dataDir), String(process.pid));
    process.on("SIGUSR2", () => {
      // The uploaded files are copied with it unless they are in a bucket (platform/backup.ts).
      writeBackup(database, config.dataDir, { copyFiles: !config.s3 }).then(
        (file) => app.log.info({ file }, "backup written"),
        (err) => app.log.error({ err }, "backup failed"),
      );
    });
  }

  // A clean stop (docs/decisions/0020-process-model.md): stop taking requests and let those in flight finish, drain
  // the background work that is due, close the database; all within 10 s, or the process exits anyway.
  exitCleanlyOnSignals(async (signal) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await worker?.stop(4_000);
    await simulator?.close();
    await partners?.close();
    await database.close();
    if (database.kind === "pglite") rmSync(pidFile(config.dataDir), { force: true });
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
