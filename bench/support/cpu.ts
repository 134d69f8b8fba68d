/**
 * The CPU a benchmark's run used: this Node process's, and PostgreSQL's backends serving the bench's database.
 */
import { readFileSync } from "node:fs";
import type { Database } from "../../apps/server/src/platform/db";

/** Node CPU (user + system) over a wall-clock span, as a share of one core. */
export function cpuMeter() {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / (performance.now() - t0);
  };
}

/**
 * PostgreSQL only: the CPU its backends serving this database use over a span (read from /proc every 500 ms; the
 * server is shared, so other databases' backends are left out), as a share of one core. Null when /proc cannot be read.
 */
export function pgCpuMeter(d: Database) {
  if (d.kind !== "postgres") return async () => null;
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const ticks = (pid: number) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15), in 1/100 s
    } catch {
      return null;
    }
  };
  let readable = true;
  const sample = async (initial: boolean) => {
    const pids = (
      (await d.executeSql("select pid from pg_stat_activity where datname = current_database()")).rows as {
        pid: number;
      }[]
    ).map((r) => Number(r.pid));
    for (const pid of pids) {
      const t = ticks(pid);
      if (t === null) {
        readable = false;
        continue;
      }
      if (!first.has(pid)) first.set(pid, initial ? t : 0);
      last.set(pid, t);
    }
  };
  const t0 = performance.now();
  let timer: NodeJS.Timeout | null = null;
  const started = sample(true).then(() => {
    timer = setInterval(() => void sample(false).catch(() => undefined), 500);
  });
  return async () => {
    await started;
    if (timer) clearInterval(timer);
    await sample(false);
    if (!readable) return null;
    let used = 0;
    for (const [pid, t] of last) used += t - (first.get(pid) ?? 0);
    return (used * 10) / (performance.now() - t0);
  };
}
