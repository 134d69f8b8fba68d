import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { filesDir, restoreBackup, runningServer } from "./platform/backup";
import { configOrExit } from "./platform/process";

/**
 * `npm run restore -- <backup>`: puts a backup of the embedded database, and of the uploaded files when it holds
 * them, in place (platform/backup.ts), with the server stopped.
 */
async function main() {
  const config = configOrExit();
  if (config.databaseUrl) {
    console.error('On PostgreSQL, restore with pg_restore: pg_restore -d "$DATABASE_URL" fieldlead.dump');
    process.exit(2);
  }
  const arg = process.argv.slice(3).find((a) => !a.startsWith("--"));
  if (!arg) {
    console.error(
      "Name the backup to restore: npm run restore -- data/backups/fieldlead-<time> (or an older fieldlead-<time>.tar.gz)",
    );
    process.exit(2);
  }
  const backup = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!existsSync(backup)) {
    console.error(`There is no backup at ${backup}.`);
    process.exit(2);
  }
  const pid = runningServer(config.dataDir);
  if (pid) {
    console.error(`The server is running on ${config.dataDir} (pid ${pid}): stop it first, then restore.`);
    process.exit(2);
  }
  const { keptAt, filesKeptAt, organizations, files } = await restoreBackup(config.dataDir, backup);
  console.log(`Restored ${backup} into ${config.dataDir} (${organizations} organizations).`);
  if (files !== null)
    console.log(
      `The uploaded files: ${files === 1 ? "1 file" : `${files} files`} restored into ${filesDir(config.dataDir)}.`,
    );
  else
    console.log(
      `The backup holds no uploaded files (made before they were included, or they were in an S3 bucket): ${filesDir(config.dataDir)} was left as it is.`,
    );
  if (config.s3)
    console.log(
      `The uploaded files this server serves are in the S3 bucket "${config.s3.bucket}": restore them there if needed.`,
    );
  const kept = [keptAt, filesKeptAt].filter(Boolean);
  if (kept.length)
    console.log(`What it replaced is kept at ${kept.join(" and ")}; delete it once you are satisfied.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
