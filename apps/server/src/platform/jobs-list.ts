import type { Schedule } from "./jobs";
import type { OutboxHandler } from "./outbox";

/** What one area (`<area>.jobs.ts`) gives the worker: outbox handlers by topic, and recurring schedules. */
export type AreaJobs = {
  handlers: OutboxHandler[];
  schedules: Schedule[];
  /** Releases what the handlers hold (an SMTP pool), when the worker stops. */
  close?: () => void;
};

/** Joins the areas' jobs; a topic or schedule listed twice is a mistake caught at start. */
export function combineJobs(areas: AreaJobs[]): Required<AreaJobs> {
  const handlers = areas.flatMap((a) => a.handlers);
  const schedules = areas.flatMap((a) => a.schedules);
  for (const names of [handlers.map((h) => h.topic), schedules.map((s) => s.name)]) {
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new Error(`The job ${twice} is listed twice`);
  }
  return {
    handlers,
    schedules,
    close: () => {
      for (const a of areas) a.close?.();
    },
  };
}
