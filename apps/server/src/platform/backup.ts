import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "./db";

/**
 * Backups of the embedded database (docs/decisions/0020-process-model.md, "Durability"). PGlite runs without fsync,
 * so a power cut or an operating-system crash can lose the latest commits or damage the folder: take backups, and
 * use PostgreSQL in production.
 *
 * A backup is PGlite's own dump of the data folder (a gzipped tar, after a checkpoint), taken online: the running
 * server makes it when it receives SIGUSR2 (`npm run backup` sends it, found by the pid file), between two
 * statements of its one connection, so the copy is consistent. With no server running, `npm run backup` opens
 * the folder itself. `npm run restore -- <file>` needs the server stopped: it keeps the current folder aside and
 * loads the dump in its place.
 */

export const pidFile = (dataDir: string) => join(dataDir, "server.pid");
export const backupsDir = (dataDir: string) => join(dataDir, "backups");
export const pgliteDir = (dataDir: string) => join(dataDir, "pglite");

/** The pid of the server running on this data folder, if one is. */
export function runningServer(dataDir: string): number | null {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Writes the dump to `<DATA_DIR>/backups/fieldlead-<time>.tar.gz` and returns its path. */
export async function writeBackup(database: Pick<Database, "dumpDataDir">, dataDir: string): Promise<string> {
  if (!database.dumpDataDir) throw new Error("Backups of PostgreSQL are pg_dump's job.");
  const blob = await database.dumpDataDir();
  mkdirSync(backupsDir(dataDir), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = join(backupsDir(dataDir), `fieldlead-${stamp}.tar.gz`);
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  // Complete or absent: a reader never sees half a file under the final name.
  renameSync(partial, file);
  return file;
}

/** The backups in the folder, oldest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".tar.gz"))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Replaces the data folder with a dump. The current folder is kept beside it (`pglite.before-restore-<time>`);
 * returns that path and the number of organizations the restored database holds.
 */
export async function restoreBackup(dataDir: string, dumpFile: string) {
  const blob = new Blob([readFileSync(dumpFile)]);
  const target = pgliteDir(dataDir);
  let keptAt: string | null = null;
  if (existsSync(target)) {
    keptAt = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, keptAt);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const db = new PGlite({ dataDir: target, loadDataDir: blob });
    await db.waitReady;
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from organizations");
    await db.close();
    return { keptAt, organizations: rows[0].n };
  } catch (err) {
    // Put the old folder back: a restore that fails changes nothing.
    rmSync(target, { recursive: true, force: true });
    if (keptAt) renameSync(keptAt, target);
    throw err;
  }
}
