import type { AreaJobs } from "../../platform/jobs-list";
import type { NotificationsService } from "./notifications.service";

// STUB (to be replaced).
export function notificationsJobs(_svc: NotificationsService): AreaJobs {
  return { handlers: [], schedules: [] };
}
