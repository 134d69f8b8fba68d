/** Notifications (docs/decisions/0041-notifications-and-support.md): the module's only way in. */
export { NOTIFICATIONS_CHANNEL, type NotificationEvents } from "./notifications.events";
export * from "./notifications.jobs";
export {
  type AudienceQuery,
  type NotificationsRepository,
  notificationsRepository,
} from "./notifications.repository";
export * from "./notifications.routes";
export * from "./notifications.service";
