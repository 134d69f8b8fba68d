import type { AreaJobs } from "../../platform/jobs-list";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { schedulingRepository } from "./scheduling.repository";
import { keepWindowsGenerated } from "./scheduling.service";

/**
 * The scheduling area's background work: daily, each organization whose settings keep weeks of windows
 * generated (`generate_weeks_ahead > 0`) gets the next N weeks from its active template, one transaction per
 * organization. Generating is idempotent (one window per template and day), so a run that repeats or overlaps
 * another only adds the newest day.
 */
export function schedulingJobs(d: { uow: UnitOfWork }, clock: () => Date = () => new Date()): AreaJobs {
  const repo = schedulingRepository();
  return {
    handlers: [],
    schedules: [
      {
        name: "scheduling.keep-windows-generated",
        cron: "17 5 * * *",
        run: async () => {
          const now = clock();
          // One organization's failure (a broken zone) does not stop the others; the run still fails, naming it.
          const failed: string[] = [];
          for (const org of await repo.organizationsKeepingWeeks(d.uow.read)) {
            try {
              await d.uow.run((tx) => keepWindowsGenerated(repo, tx, org.organizationId, org.weeks, now));
            } catch (err) {
              failed.push(
                `organization ${org.organizationId}: ${err instanceof Error ? err.message : String(err)}`,
              );
            }
          }
          if (failed.length) throw new Error(`Windows not generated for ${failed.join("; ")}`);
        },
      },
    ],
  };
}
