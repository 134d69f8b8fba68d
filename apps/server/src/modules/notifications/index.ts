/** Notifications (docs/decisions/0041-notifications-and-support.md): the module's only way in. */
export * from "./notifications.jobs";
export * from "./notifications.routes";
export * from "./notifications.service";
