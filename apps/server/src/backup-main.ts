import { copyFileSync } from "node:fs";
import { resolve } from "node:path";
import { listBackups, runningServer, writeBackup } from "./platform/backup";
import { ConfigError } from "./platform/config";
import { openDatabase } from "./platform/db";
import { configOrExit } from "./platform/process";

/**
 * `npm run backup [-- --out <file>]`: an online dump of the embedded database (platform/backup.ts). A running server
 * writes it on SIGUSR2; without one, the folder is opened here.
 */
async function main() {
  const config = configOrExit();
  if (config.databaseUrl) {
    console.error('On PostgreSQL, back up with pg_dump: pg_dump -Fc "$DATABASE_URL" > fieldlead.dump');
    process.exit(2);
  }
  const outIndex = process.argv.indexOf("--out");
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  if (outIndex > 0 && !out) throw new ConfigError("--out needs a file name.");
  const pid = runningServer(config.dataDir);
  let file: string;
  if (pid) {
    const before = new Set(listBackups(config.dataDir));
    process.kill(pid, "SIGUSR2");
    const until = Date.now() + 120_000;
    let made: string | undefined;
    while (!made) {
      if (Date.now() > until)
        throw new Error(`The server (pid ${pid}) did not write a backup within 2 minutes.`);
      await new Promise((r) => setTimeout(r, 200));
      made = listBackups(config.dataDir).find((f) => !before.has(f));
    }
    file = made;
  } else {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      file = await writeBackup(database, config.dataDir);
    } finally {
      await database.close();
    }
  }
  if (out) {
    const target = resolve(process.env.INIT_CWD ?? process.cwd(), out);
    copyFileSync(file, target);
    file = target;
  }
  console.log(`Backup written: ${file}${pid ? " (by the running server)" : ""}`);
  console.log("Restore it with the server stopped: npm run restore -- <file>");
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
