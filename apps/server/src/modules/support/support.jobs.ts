import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AreaJobs } from "../../platform/jobs-list";
import { FILE_REMOVAL_TOPIC, type SupportService } from "./support.service";

/** A spool file this old was left by a process that died while receiving it. */
export const STALE_SPOOL_HOURS = 24;

/** Removes what a crash left in the spool folder (uploads are spooled there while they arrive). */
export async function sweepSpool(dir: string, now = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(".upload"))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_SPOOL_HOURS * 3_600_000) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * Support's background work (docs/decisions/0041): removing a file's bytes once the change that let go of it has
 * committed (idempotent: a key already gone is done), and a daily sweep of the spool folder.
 */
export function supportJobs(svc: Pick<SupportService, "removeStoredFile" | "spoolDir">): AreaJobs {
  return {
    handlers: [{ topic: FILE_REMOVAL_TOPIC, handle: (payload) => svc.removeStoredFile(payload) }],
    schedules: [
      {
        name: "support.spoolSweep",
        cron: "41 3 * * *",
        run: async () => {
          await sweepSpool(svc.spoolDir);
        },
      },
    ],
  };
}
