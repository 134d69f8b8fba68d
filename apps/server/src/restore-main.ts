import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { restoreBackup, runningServer } from "./platform/backup";
import { configOrExit } from "./platform/process";

/** `npm run restore -- <file>`: puts a backup of the embedded database in place, with the server stopped. */
async function main() {
  const config = configOrExit();
  if (config.databaseUrl) {
    console.error('On PostgreSQL, restore with pg_restore: pg_restore -d "$DATABASE_URL" fieldlead.dump');
    process.exit(2);
  }
  const arg = process.argv.slice(3).find((a) => !a.startsWith("--"));
  if (!arg) {
    console.error("Name the backup to restore: npm run restore -- data/backups/fieldlead-....tar.gz");
    process.exit(2);
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!existsSync(file)) {
    console.error(`There is no file ${file}.`);
    process.exit(2);
  }
  const pid = runningServer(config.dataDir);
  if (pid) {
    console.error(`The server is running on ${config.dataDir} (pid ${pid}): stop it first, then restore.`);
    process.exit(2);
  }
  const { keptAt, organizations } = await restoreBackup(config.dataDir, file);
  console.log(`Restored ${file} into ${config.dataDir} (${organizations} organizations).`);
  if (keptAt) console.log(`The folder it replaced is kept at ${keptAt}; delete it once you are satisfied.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
