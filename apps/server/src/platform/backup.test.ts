import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase, testDatabaseKind } from "../../test/harness";
import {
  backupParts,
  backupsDir,
  copyBackup,
  filesDir,
  listBackups,
  partialBackups,
  pgliteDir,
  restoreBackup,
  writeBackup,
} from "./backup";
import { type Database, openDatabase } from "./db";
import { folderStorage, newStorageKey } from "./storage";

// Backups of the embedded database and its uploaded files (platform/backup.ts; docs/decisions/0020). PGlite only:
// on PostgreSQL, backups are pg_dump's. The whole round trip through `npm run backup` and `npm run restore` with a
// running server is in test/process.test.ts.

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "fieldlead-backup-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The server's database on `dataDir`, as `npm start` has it: the template's database in `$DATA_DIR/pglite`. */
async function openOnDisk(): Promise<Database> {
  const template = await freshDatabase();
  try {
    const dump = await template.dumpDataDir?.();
    return await openDatabase({ dataDir, loadDataDir: dump });
  } finally {
    await template.close();
  }
}

async function countOrganizations(database: Database): Promise<number> {
  const { rows } = await database.executeSql("select count(*)::int as n from organizations");
  return (rows[0] as { n: number }).n;
}

/** The organizations in the database on `dataDir` now. */
async function organizationCount(): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    return await countOrganizations(database);
  } finally {
    await database.close();
  }
}

const addOrganization = (database: Database, name: string) =>
  database.executeSql("insert into organizations (uid, name) values ($1, $2)", [`org-${name}`, name]);

async function store(text: string): Promise<string> {
  const key = newStorageKey("support");
  await folderStorage(filesDir(dataDir)).put(key, Buffer.from(text), {
    contentType: "text/plain",
    size: text.length,
  });
  return key;
}

/** Every file under `dir`, by its path inside it, with its text. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else out[relative(dir, path)] = readFileSync(path, "utf8");
  };
  visit(dir);
  return out;
}

describe.runIf(testDatabaseKind === "pglite")("backups of the embedded database", () => {
  it("hold the database and the uploaded files; a restore brings both back and keeps aside what it replaced", async () => {
    const database = await openOnDisk();
    let keyA: string;
    let keyB: string;
    let keyC: string;
    let backup: string;
    let atBackup: number;
    try {
      await addOrganization(database, "Backed up");
      keyA = await store("the safety sheet");
      keyB = await store("the tutorial video");
      // A file being written by the storage when the backup runs: not a file yet, not copied.
      const temporary = join(filesDir(dataDir), `${keyA}.0123456789ab.tmp`);
      writeFileSync(temporary, "half");
      atBackup = await countOrganizations(database);

      backup = await writeBackup(database, dataDir, { copyFiles: true });
      expect(backup).toMatch(/backups\/fieldlead-[0-9TZ-]+$/);
      expect(statSync(backup).isDirectory()).toBe(true);
      expect(listBackups(dataDir)).toEqual([backup]);
      expect(partialBackups(dataDir)).toEqual([]);
      expect(readdirSync(backup).sort()).toEqual(["README.txt", "database.tar.gz", "files"]);
      expect(backupParts(backup).fileCount).toBe(2);
      expect(tree(join(backup, "files"))).toEqual({
        [keyA]: "the safety sheet",
        [keyB]: "the tutorial video",
      });
      rmSync(temporary);
      // `--out`: a copy elsewhere, whole, never over something that exists.
      const copy = join(dataDir, "elsewhere", "copy");
      await copyBackup(backup, copy);
      expect(tree(copy)).toEqual(tree(backup));
      await expect(copyBackup(backup, copy)).rejects.toThrow(/already exists/);
      rmSync(join(dataDir, "elsewhere"), { recursive: true });

      // After the backup: an organization and a file added, a file deleted.
      await addOrganization(database, "After");
      await folderStorage(filesDir(dataDir)).delete(keyA);
      keyC = await store("uploaded after the backup");
    } finally {
      await database.close();
    }

    const restored = await restoreBackup(dataDir, backup);
    expect(restored.organizations).toBe(atBackup);
    expect(restored.files).toBe(2);
    expect(await organizationCount()).toBe(atBackup);
    // The files are exactly the backup's: the deleted one is back, the later one is gone from the folder...
    expect(tree(filesDir(dataDir))).toEqual({ [keyA]: "the safety sheet", [keyB]: "the tutorial video" });
    // ...and kept aside with the database it belonged to, as the database's folder is.
    expect(restored.keptAt).toMatch(/pglite\.before-restore-/);
    expect(restored.filesKeptAt).toMatch(/files\.before-restore-/);
    expect(tree(restored.filesKeptAt as string)).toEqual({
      [keyB]: "the tutorial video",
      [keyC]: "uploaded after the backup",
    });
    expect(existsSync(join(restored.keptAt as string, "PG_VERSION"))).toBe(true);
    // Nothing of the restore's own work is left behind, and the backup is untouched (it can be restored again).
    expect(readdirSync(dataDir).filter((n) => n.includes(".restoring-"))).toEqual([]);
    expect(backupParts(backup).fileCount).toBe(2);
  }, 60_000);

  it("of a deployment whose files are in a bucket hold the database only, and a restore leaves the files alone", async () => {
    const database = await openOnDisk();
    let backup: string;
    try {
      backup = await writeBackup(database, dataDir, { copyFiles: false });
    } finally {
      await database.close();
    }
    expect(readdirSync(backup).sort()).toEqual(["README.txt", "database.tar.gz"]);
    expect(readFileSync(join(backup, "README.txt"), "utf8")).toContain("S3 bucket");
    expect(backupParts(backup).files).toBeNull();
    const key = await store("not the backup's business");

    const restored = await restoreBackup(dataDir, backup);
    expect(restored.files).toBeNull();
    expect(restored.filesKeptAt).toBeNull();
    expect(tree(filesDir(dataDir))).toEqual({ [key]: "not the backup's business" });
  }, 60_000);

  it("made before the files were included (a bare .tar.gz) are listed and restore the database alone", async () => {
    const database = await openOnDisk();
    let oldBackup: string;
    let newBackup: string;
    let atBackup: number;
    try {
      await addOrganization(database, "Old");
      atBackup = await countOrganizations(database);
      // What writeBackup wrote before this change.
      mkdirSync(backupsDir(dataDir), { recursive: true });
      oldBackup = join(backupsDir(dataDir), "fieldlead-2020-01-01T00-00-00-000Z.tar.gz");
      const dump = (await database.dumpDataDir?.()) as Blob;
      writeFileSync(oldBackup, Buffer.from(await dump.arrayBuffer()));
      newBackup = await writeBackup(database, dataDir, { copyFiles: true });
      await addOrganization(database, "Later");
    } finally {
      await database.close();
    }
    // Both kinds, oldest first; a half-written backup is not one.
    mkdirSync(join(backupsDir(dataDir), "fieldlead-2030-01-01T00-00-00-000Z.partial"));
    expect(listBackups(dataDir)).toEqual([oldBackup, newBackup]);

    const key = await store("uploaded since");
    const restored = await restoreBackup(dataDir, oldBackup);
    expect(restored.organizations).toBe(atBackup);
    expect(restored.files).toBeNull();
    expect(restored.filesKeptAt).toBeNull();
    expect(await organizationCount()).toBe(atBackup);
    expect(tree(filesDir(dataDir))).toEqual({ [key]: "uploaded since" });
  }, 60_000);

  it("a restore that fails changes nothing", async () => {
    const database = await openOnDisk();
    try {
      await addOrganization(database, "Current");
    } finally {
      await database.close();
    }
    const key = await store("the current file");
    const before = { names: readdirSync(dataDir).sort(), organizations: await organizationCount() };

    // A backup folder whose dump is a database, but not FieldLead's (no organizations): it loads, then fails the
    // check, after its files were staged and the current database set aside.
    const foreign = join(dataDir, "foreign");
    const other = new PGlite();
    await other.waitReady;
    const dump = await other.dumpDataDir("gzip");
    await other.close();
    mkdirSync(join(foreign, "files", "support"), { recursive: true });
    writeFileSync(join(foreign, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    writeFileSync(join(foreign, "files", "support", "x"), "from the foreign backup");
    await expect(restoreBackup(dataDir, foreign)).rejects.toThrow(/organizations/);

    // An old-format backup that is not a dump at all.
    const garbage = join(dataDir, "garbage.tar.gz");
    writeFileSync(garbage, "not a tar");
    await expect(restoreBackup(dataDir, garbage)).rejects.toThrow();

    // A folder that is not a backup at all.
    const notBackup = join(dataDir, "not-a-backup");
    mkdirSync(notBackup);
    await expect(restoreBackup(dataDir, notBackup)).rejects.toThrow(/is not a backup/);

    rmSync(foreign, { recursive: true });
    rmSync(notBackup, { recursive: true });
    rmSync(garbage);
    expect(readdirSync(dataDir).sort()).toEqual(before.names);
    expect(tree(filesDir(dataDir))).toEqual({ [key]: "the current file" });
    expect(existsSync(pgliteDir(dataDir))).toBe(true);
    expect(await organizationCount()).toBe(before.organizations);
  }, 60_000);
});
