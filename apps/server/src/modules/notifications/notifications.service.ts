import type { Mailer } from "../../platform/mail";
import type { Outbox } from "../../platform/outbox";
import type { UnitOfWork } from "../../platform/unit-of-work";

// STUB (to be replaced): the notifications service.
export function notificationsService(_deps: {
  uow: UnitOfWork;
  outbox: Outbox;
  mailer: Mailer;
  publicUrl: string;
}) {
  return {};
}
export type NotificationsService = ReturnType<typeof notificationsService>;
