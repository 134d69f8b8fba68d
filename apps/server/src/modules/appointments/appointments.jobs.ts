import type { Logger } from "pino";
import { e164, type SmsSender } from "../../integrations/sms/index";
import { once } from "../../platform/idempotency";
import type { AreaJobs } from "../../platform/jobs-list";
import type { Mailer } from "../../platform/mail";
import type { OutboxHandler } from "../../platform/outbox";
import type { Platform } from "../../platform/platform";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { calendarFile, emailNotice, smsNotice } from "./appointments.notices";
import { type AppointmentsRepository, appointmentsRepository } from "./appointments.repository";
import { NOTICE_TOPICS, type NoticePayload, type ReminderPayload } from "./appointments.service";

/**
 * The shopper's notices (docs/decisions/0033), each an outbox row written in the booking's transaction:
 * - `appointments.notice.email`: the email with its calendar file, recorded through the mailer exactly once per
 *   row key (the mail row and the key's row commit together);
 * - `appointments.notice.sms`: the text message through the SMS adapter; a key already answered is not sent again;
 * - `appointments.reminder`: due `reminder_hours_before` the start; it re-reads the appointment and says nothing if it
 *   was cancelled or moved since (a move sets a reminder of its own), else adds the reminder's email and SMS rows.
 */

const SYSTEM = (organizationId: number, operation: string) => ({
  organizationId,
  actor: "system",
  operation,
});

/** Where text messages go without an SMS provider: the development mailbox, as a message to `sms:<number>`. */
export function mailboxSms(uow: UnitOfWork, mailer: Mailer): SmsSender {
  return {
    kind: "mailbox",
    async send(message) {
      await uow.run((tx) =>
        mailer.send(tx, {
          to: `sms:${message.to}`,
          subject: `Text message to ${message.to}`,
          text: message.body,
        }),
      );
      return { status: "delivered", id: "mailbox" };
    },
  };
}

export function appointmentsJobs(
  p: Pick<Platform, "uow" | "mailer" | "outbox" | "config">,
  deps: { sms: SmsSender | null; log: Logger; repo?: AppointmentsRepository },
): AreaJobs {
  const { uow, mailer, outbox } = p;
  const repo = deps.repo ?? appointmentsRepository();
  const sms = deps.sms ?? mailboxSms(uow, mailer);
  const host = (() => {
    try {
      return new URL(p.config.publicUrl).hostname || "fieldlead.local";
    } catch {
      return "fieldlead.local";
    }
  })();
  const organizerEmail = /<([^>]+)>/.exec(p.config.mailFrom)?.[1] ?? p.config.mailFrom;

  const email: OutboxHandler = {
    topic: NOTICE_TOPICS.email,
    maxAttempts: 8,
    async handle(raw, { key }) {
      const n = raw as NoticePayload;
      const facts = await repo.noticeFacts(uow.read, n, n.appointmentId);
      if (!facts?.email) return;
      const ics = calendarFile(facts, {
        uid: `appointment-${n.organizationId}-${n.appointmentId}@${host}`,
        sequence: n.sequence,
        cancelled: n.kind === "cancelled",
        organizer: { name: facts.organizationName, email: organizerEmail },
      });
      const message = emailNotice(n.kind, facts, ics);
      await uow.run((tx) =>
        once(tx, SYSTEM(n.organizationId, NOTICE_TOPICS.email), key, { key }, async () => {
          await mailer.send(tx, { to: facts.email as string, ...message });
          return { sent: true };
        }),
      );
    },
  };

  const text: OutboxHandler = {
    topic: NOTICE_TOPICS.sms,
    maxAttempts: 8,
    retryDelaySeconds: 30,
    async handle(raw, { key }) {
      const n = raw as NoticePayload;
      const facts = await repo.noticeFacts(uow.read, n, n.appointmentId);
      const to = facts?.phone ? e164(facts.phone) : null;
      if (!facts || !to) return;
      const scope = SYSTEM(n.organizationId, NOTICE_TOPICS.sms);
      if (await repo.noticeRecorded(uow.read, scope, key)) return;
      const result = await sms.send({ to, body: smsNotice(n.kind, facts) });
      if (result.status === "retryable") throw new Error(result.reason);
      if (result.status === "permanent") {
        deps.log.warn({ key, reason: result.reason }, "the text message was refused; not retried");
      }
      await uow.run((tx) => once(tx, scope, key, { key }, async () => result));
    },
  };

  const reminder: OutboxHandler = {
    topic: NOTICE_TOPICS.reminder,
    maxAttempts: 8,
    async handle(raw) {
      const r = raw as ReminderPayload;
      const facts = await repo.noticeFacts(uow.read, r, r.appointmentId);
      // Cancelled or moved since it was set: the cancel said so, the move set its own reminder.
      if (facts?.status !== "booked" || facts.startsAt.toISOString() !== r.startsAt) return;
      const settings = await repo.settings(uow.read, r);
      const payload: NoticePayload = {
        organizationId: r.organizationId,
        appointmentId: r.appointmentId,
        kind: "reminder",
        sequence: r.sequence,
      };
      const base = `appointment:${r.appointmentId}:reminder:${r.sequence}`;
      await uow.run(async (tx) => {
        if (facts.email)
          await outbox.add(tx, {
            topic: NOTICE_TOPICS.email,
            key: `${base}:email`,
            payload,
            organizationId: r.organizationId,
          });
        if (facts.phone && settings.smsEnabled)
          await outbox.add(tx, {
            topic: NOTICE_TOPICS.sms,
            key: `${base}:sms`,
            payload,
            organizationId: r.organizationId,
          });
      });
    },
  };

  return { handlers: [email, text, reminder], schedules: [] };
}
