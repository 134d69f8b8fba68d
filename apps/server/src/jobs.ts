import type { Logger } from "pino";
import type { Services } from "./modules/index";
import { usersJobs } from "./modules/users/index";
import { combineJobs } from "./platform/jobs-list";
import type { Platform } from "./platform/platform";
import { platformJobs } from "./platform/platform.jobs";

/**
 * Every area's background work, listed once (docs/architecture.md, "Add a job"). Each area keeps its handlers and
 * schedules in its own `<area>.jobs.ts`; the worker (worker.ts) runs what this returns. Deliveries, reminders and
 * notifications join here with their areas.
 */
export function allJobs(p: Platform, _services: Services, log: Logger) {
  return combineJobs([platformJobs(p, log), usersJobs(p)]);
}
