import type { AreaJobs } from "../../platform/jobs-list";
import { NOTIFICATIONS_TOPIC, type NotificationsService } from "./notifications.service";

/**
 * The notifications' background work (docs/decisions/0041-notifications-and-support.md): a message's emails, sent
 * by the outbox handler in batches that each commit with their mail. A retry (or a second worker once the claim's
 * lease ran out) carries on with the copies still waiting.
 */
export function notificationsJobs(svc: Pick<NotificationsService, "deliverEmails">): AreaJobs {
  return {
    handlers: [
      {
        topic: NOTIFICATIONS_TOPIC,
        maxAttempts: 10,
        retryDelaySeconds: 10,
        handle: async (payload) => {
          await svc.deliverEmails(Number(payload.id));
        },
      },
    ],
    schedules: [],
  };
}
