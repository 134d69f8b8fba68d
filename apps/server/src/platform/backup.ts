import { constants, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { copyFile, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "./db";

/**
 * Backups of the embedded database and of the uploaded files beside it (docs/decisions/0020-process-model.md,
 * "Durability"). PGlite runs without fsync, so a power cut or an operating-system crash can lose the latest commits
 * or damage the folder: take backups, and use PostgreSQL in production.
 *
 * A backup is a folder `$DATA_DIR/backups/fieldlead-<time>/` holding `database.tar.gz` (PGlite's own dump of its
 * data folder, a gzipped tar, after a checkpoint) and `files/` (a copy of `$DATA_DIR/files`, the uploaded documents'
 * and tutorials' bytes, platform/storage.ts). When the files are in an S3 bucket, the folder has no `files/`: the
 * bucket is backed up with its own tools. It is written under `<name>.partial` and renamed once complete, so a
 * backup under its final name is whole. Backups made before the files were included are a bare `.tar.gz` (the
 * database alone); `listBackups` and `restoreBackup` still take them.
 *
 * Taken online: the running server makes it when it receives SIGUSR2 (`npm run backup` sends it, found by the pid
 * file), the dump between two statements of its one connection, so the database copy is consistent. With no server
 * running, `npm run backup` opens the folder itself. `npm run restore -- <backup>` needs the server stopped: it keeps
 * the current `pglite` and `files` folders aside and puts the backup's in their place.
 */

export const pidFile = (dataDir: string) => join(dataDir, "server.pid");
export const backupsDir = (dataDir: string) => join(dataDir, "backups");
export const pgliteDir = (dataDir: string) => join(dataDir, "pglite");
/** Where the folder storage keeps the uploaded files (`createStorage` in storage.ts). */
export const filesDir = (dataDir: string) => join(dataDir, "files");

/** In a backup folder: the database's dump, and the copy of the files (absent when they are in a bucket). */
const DATABASE_FILE = "database.tar.gz";
const FILES_FOLDER = "files";
/** The folder storage's file being written (`<key>.<12 hex>.tmp`): not yet a file, never copied. */
const STORAGE_TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;
const PARTIAL = ".partial";

const timeStamp = () => new Date().toISOString().replace(/[:.]/g, "-");
const errorCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

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

/**
 * Copies the regular files under `from` into `to` (made as needed, even when `from` holds nothing), keeping the
 * layout; returns how many. A file or folder that is gone by the time it is read is skipped (see `writeBackup`).
 */
async function copyTree(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  let entries: import("node:fs").Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if (errorCode(err) === "ENOENT") return 0;
    throw err;
  }
  let copied = 0;
  for (const entry of entries) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) copied += await copyTree(source, join(to, entry.name));
    else if (entry.isFile() && !STORAGE_TEMPORARY.test(entry.name)) {
      try {
        // A clone where the file system can (no bytes copied), a copy elsewhere.
        await copyFile(source, join(to, entry.name), constants.COPYFILE_FICLONE);
        copied++;
      } catch (err) {
        if (errorCode(err) !== "ENOENT") throw err;
      }
    }
  }
  return copied;
}

const NOTE_FOLDER = `A FieldLead backup (apps/server/src/platform/backup.ts).
  database.tar.gz  the embedded database (a PGlite dump)
  files/           the uploaded files' bytes, under the keys the database names
Restore it with the server stopped: npm run restore -- <this folder>
`;
const NOTE_BUCKET = `A FieldLead backup (apps/server/src/platform/backup.ts).
  database.tar.gz  the embedded database (a PGlite dump)
The uploaded files were in an S3 bucket, which this backup does not copy: back the bucket up with its own tools.
Restore it with the server stopped: npm run restore -- <this folder>
`;

/**
 * Writes a backup to `<DATA_DIR>/backups/fieldlead-<time>/` and returns its path: the database's dump, then (unless
 * `copyFiles` is false: the files are in a bucket) a copy of `<DATA_DIR>/files`.
 *
 * The dump comes first, the files after, so every file a row of the dump names is in the copy: bytes are stored
 * before the row that names them commits (`storeUpload`, then the upsert), and deleted only after the commit that
 * deleted the row, by the outbox (`releaseFile`, `support.fileRemoval`). What changes while the files are copied:
 * - a file stored meanwhile may be copied without a row in the dump: an orphan the product never serves (if the
 *   dump holds its pending "remove if unused" job, that job removes it after a restore);
 * - a file whose row was deleted after the dump and whose bytes the outbox removed before the copy reached them is
 *   restored as a row without bytes: its link answers 404, as for any missing file. The window is the copy's
 *   duration; a file that vanishes mid-copy is skipped rather than failing the backup.
 */
export async function writeBackup(
  database: Pick<Database, "dumpDataDir">,
  dataDir: string,
  options: { copyFiles: boolean },
): Promise<string> {
  if (!database.dumpDataDir) throw new Error("Backups of PostgreSQL are pg_dump's job.");
  const blob = await database.dumpDataDir();
  const folder = join(backupsDir(dataDir), `fieldlead-${timeStamp()}`);
  const partial = `${folder}${PARTIAL}`;
  try {
    await mkdir(partial, { recursive: true });
    await writeFile(join(partial, DATABASE_FILE), Buffer.from(await blob.arrayBuffer()));
    if (options.copyFiles) await copyTree(filesDir(dataDir), join(partial, FILES_FOLDER));
    await writeFile(join(partial, "README.txt"), options.copyFiles ? NOTE_FOLDER : NOTE_BUCKET);
    // Complete or absent: a reader never sees half a backup under the final name.
    await rename(partial, folder);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
  return folder;
}

const isBackupFolder = (path: string) => existsSync(join(path, DATABASE_FILE));

/** The backups in the folder, oldest first: the backup folders, and the `.tar.gz` of before the files were in. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) =>
      e.isDirectory()
        ? !e.name.endsWith(PARTIAL) && isBackupFolder(join(dir, e.name))
        : e.isFile() && e.name.endsWith(".tar.gz"),
    )
    .map((e) => e.name)
    .sort()
    .map((name) => join(dir, name));
}

/** The backups being written now (a `.partial` folder): one that stays means its writer died. */
export function partialBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(PARTIAL))
    .map((name) => join(dir, name));
}

/** What a backup holds: its database dump, and its copy of the files (null: the files are not in it). */
export function backupParts(backup: string): {
  database: string;
  files: string | null;
  fileCount: number | null;
} {
  if (!statSync(backup).isDirectory()) return { database: backup, files: null, fileCount: null };
  if (!isBackupFolder(backup))
    throw new Error(`${backup} is not a backup: a backup folder holds ${DATABASE_FILE} (and files/).`);
  const files = join(backup, FILES_FOLDER);
  if (!existsSync(files)) return { database: join(backup, DATABASE_FILE), files: null, fileCount: null };
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? count(join(dir, e.name)) : e.isFile() ? 1 : 0),
      0,
    );
  return { database: join(backup, DATABASE_FILE), files, fileCount: count(files) };
}

/** Copies a backup (a folder, or an old `.tar.gz`) to `target`, which must not exist; whole or not at all. */
export async function copyBackup(backup: string, target: string): Promise<void> {
  if (existsSync(target)) throw new Error(`${target} already exists: name a new folder for the copy.`);
  const partial = `${target}${PARTIAL}`;
  try {
    await mkdir(dirname(target), { recursive: true });
    if (statSync(backup).isDirectory()) await copyTree(backup, partial);
    else await copyFile(backup, partial);
    await rename(partial, target);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Opens the dump in `target`, reads how many organizations it holds, and closes it. */
async function loadDump(target: string, dump: Blob): Promise<number> {
  const db = new PGlite({ dataDir: target, loadDataDir: dump });
  try {
    await db.waitReady;
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from organizations");
    return rows[0].n;
  } finally {
    await db.close().catch(() => undefined);
  }
}

/**
 * Puts a backup in place of the data folder's database and, when the backup holds them, of its files. A backup
 * folder replaces `pglite` and `files` (files uploaded since the backup go with the folder kept aside); an old
 * `.tar.gz`, or a backup of a deployment whose files are in a bucket, replaces only `pglite` and leaves `files`
 * as it is. What is replaced is kept beside it (`pglite.before-restore-<time>`, `files.before-restore-<time>`),
 * not deleted: a restore of the wrong backup can be undone by hand. A restore that fails changes nothing.
 *
 * Returns where the replaced folders are kept, the number of organizations the restored database holds, and the
 * number of files restored (null when the backup holds none: `files` was left alone).
 */
export async function restoreBackup(dataDir: string, backup: string) {
  const parts = backupParts(backup);
  const dump = new Blob([readFileSync(parts.database)]);
  const stamp = timeStamp();
  const target = pgliteDir(dataDir);
  const files = filesDir(dataDir);
  const staged = parts.files ? `${files}.restoring-${stamp}` : null;
  let keptAt: string | null = null;
  let filesKeptAt: string | null = null;
  let loading = false;
  try {
    // The files first, beside their place: the longest step and the likeliest to fail (disk space), done before
    // anything is replaced.
    if (parts.files && staged) await copyTree(parts.files, staged);
    loading = true;
    if (existsSync(target)) {
      keptAt = `${target}.before-restore-${stamp}`;
      renameSync(target, keptAt);
    }
    await mkdir(dataDir, { recursive: true });
    const organizations = await loadDump(target, dump);
    if (staged) {
      if (existsSync(files)) {
        filesKeptAt = `${files}.before-restore-${stamp}`;
        renameSync(files, filesKeptAt);
      }
      renameSync(staged, files);
    }
    return { keptAt, filesKeptAt, organizations, files: parts.fileCount };
  } catch (err) {
    // Put the old folders back: a restore that fails changes nothing.
    if (staged) rmSync(staged, { recursive: true, force: true });
    if (filesKeptAt && !existsSync(files)) renameSync(filesKeptAt, files);
    if (loading) {
      rmSync(target, { recursive: true, force: true });
      if (keptAt) renameSync(keptAt, target);
    }
    throw new Error(
      `${backup} was not restored (${err instanceof Error ? err.message : err}); the data folder is as it was.`,
      { cause: err },
    );
  }
}
