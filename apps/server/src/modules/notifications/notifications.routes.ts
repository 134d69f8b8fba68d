import type { Routes } from "../../platform/routes";
import type { NotificationsService } from "./notifications.service";

// STUB (to be replaced).
export function notificationsRoutes(_svc: NotificationsService): Routes {
  return () => {};
}
