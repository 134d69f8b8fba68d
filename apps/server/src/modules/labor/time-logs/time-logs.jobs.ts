import type { AreaJobs } from "../../../platform/jobs-list";
import type { TimeLogsService } from "./time-logs.service";

/** Every 15 minutes: open logs whose store's day is over, or whose longest shift has passed, become missing. */
export const MISSING_PUNCH_CRON = "*/15 * * * *";

/** The time logs' recurring work: the missing-punch sweep (docs/decisions/0040-labor.md). */
export function timeLogsJobs(svc: Pick<TimeLogsService, "sweep">): AreaJobs {
  return {
    handlers: [],
    schedules: [
      {
        name: "labor.missingPunches",
        cron: MISSING_PUNCH_CRON,
        run: async () => {
          await svc.sweep();
        },
      },
    ],
  };
}
