import { resolve } from "node:path";
import {
  backupParts,
  copyBackup,
  listBackups,
  partialBackups,
  runningServer,
  writeBackup,
} from "./platform/backup";
import { ConfigError } from "./platform/config";
import { openDatabase } from "./platform/db";
import { configOrExit } from "./platform/process";

/**
 * `npm run backup [-- --out <folder>]`: an online backup of the embedded database and of the uploaded files
 * (platform/backup.ts). A running server writes it on SIGUSR2; without one, the folder is opened here.
 */
async function main() {
  const config = configOrExit();
  if (config.databaseUrl) {
    console.error('On PostgreSQL, back up with pg_dump: pg_dump -Fc "$DATABASE_URL" > fieldlead.dump');
    process.exit(2);
  }
  const outIndex = process.argv.indexOf("--out");
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  if (outIndex > 0 && !out) throw new ConfigError("--out needs the name of a new folder.");
  const target = out ? resolve(process.env.INIT_CWD ?? process.cwd(), out) : undefined;
  const pid = runningServer(config.dataDir);
  let backup: string;
  if (pid) backup = await askServer(config.dataDir, pid);
  else {
    const database = await openDatabase({ dataDir: config.dataDir });
    try {
      backup = await writeBackup(database, config.dataDir, { copyFiles: !config.s3 });
    } finally {
      await database.close();
    }
  }
  if (target) {
    await copyBackup(backup, target);
    console.log(
      `Backup written: ${target} (a copy of ${backup}${pid ? ", written by the running server" : ""})`,
    );
  } else console.log(`Backup written: ${backup}${pid ? " (by the running server)" : ""}`);
  const { fileCount } = backupParts(target ?? backup);
  if (config.s3)
    console.log(
      `It holds the database. The uploaded files are in the S3 bucket "${config.s3.bucket}", which it does not copy: back the bucket up with its own tools (versioning, replication).`,
    );
  else
    console.log(
      `It holds the database and ${fileCount === 1 ? "1 uploaded file" : `${fileCount} uploaded files`}.`,
    );
  console.log(`Restore it with the server stopped: npm run restore -- ${target ?? backup}`);
}

/**
 * Sends SIGUSR2 to the server and waits for the backup it writes: it must start within 2 minutes, then may take as
 * long as copying the files takes, while the server runs.
 */
async function askServer(dataDir: string, pid: number): Promise<string> {
  const before = new Set([...listBackups(dataDir), ...partialBackups(dataDir)]);
  process.kill(pid, "SIGUSR2");
  const until = Date.now() + 120_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const made = listBackups(dataDir).find((f) => !before.has(f));
    if (made) return made;
    const writing = partialBackups(dataDir).some((f) => !before.has(f));
    if (writing && runningServer(dataDir) !== pid)
      throw new Error(`The server (pid ${pid}) stopped while writing the backup: start it and try again.`);
    if (!writing && Date.now() > until)
      throw new Error(`The server (pid ${pid}) did not write a backup within 2 minutes: its log says why.`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
