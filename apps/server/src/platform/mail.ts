import { and, count, desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { mailMessages, outbox } from "../db/schema/index";
import type { Db } from "./db";
import type { Outbox, OutboxHandler } from "./outbox";
import type { Tx } from "./unit-of-work";

/** A file sent with a message: its name, media type and text content (a calendar file, `text/calendar`). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type Mailer = {
  /**
   * Records the message inside the caller's transaction (docs/decisions/0019-outbox.md): it is kept if and only
   * if the transaction commits. Over SMTP an outbox row goes with it and the worker sends it after the commit.
   */
  send: (tx: Tx, message: MailMessage) => Promise<void>;
  /** Resolves once no recorded message waits for SMTP (or after `timeoutMs`); at once without SMTP. */
  idle: (timeoutMs?: number) => Promise<void>;
  /** The development mailbox: the latest messages, newest first. */
  list: (limit: number) => Promise<StoredMail[]>;
  transport: "smtp" | "mailbox";
};

export type StoredMail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[] | null;
  transport: "smtp" | "mailbox";
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
};

/** The outbox topic of a stored message waiting for SMTP. */
export const MAIL_TOPIC = "mail.deliver";

export function createMailer(db: Db, opts: { smtpUrl?: string; outbox: Outbox }): Mailer {
  const transport = opts.smtpUrl ? "smtp" : "mailbox";
  const pendingMail = async () => {
    const [row] = await db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.topic, MAIL_TOPIC), eq(outbox.status, "pending")));
    return row.n;
  };
  return {
    transport,
    async send(tx, message) {
      const [row] = await tx
        .insert(mailMessages)
        .values({
          ...message,
          html: message.html ?? null,
          attachments: message.attachments?.length ? message.attachments : null,
          transport,
        })
        .returning({ id: mailMessages.id });
      // Without SMTP the stored message is the delivery (the development mailbox).
      if (transport === "smtp") {
        await opts.outbox.add(tx, { topic: MAIL_TOPIC, key: `mail:${row.id}`, payload: { id: row.id } });
      }
    },
    async idle(timeoutMs = 30_000) {
      if (transport !== "smtp") return;
      const until = Date.now() + timeoutMs;
      while ((await pendingMail()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    },
    async list(limit) {
      const rows = await db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
      return rows as StoredMail[];
    },
  };
}

/**
 * The worker's side: sends one stored message over SMTP. Idempotent by message: one already marked sent is not sent
 * again, and its Message-ID is fixed, so a receiver can drop the rare second copy (a worker killed between SMTP's
 * acceptance and the mark). Throws to be retried by the outbox.
 */
export function mailDelivery(
  db: Db,
  opts: { smtpUrl: string; from: string; log: Logger },
): OutboxHandler & {
  close: () => void;
} {
  const smtp = nodemailer.createTransport(opts.smtpUrl);
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? "fieldlead.local";
  return {
    topic: MAIL_TOPIC,
    maxAttempts: 8,
    retryDelaySeconds: 10,
    close: () => smtp.close(),
    async handle(payload) {
      const id = Number(payload.id);
      const [m] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
      if (!m || m.sentAt) return;
      try {
        // A calendar file goes as the message's calendar part (nodemailer's icalEvent), which mail programs show as
        // an invitation to add, with its METHOD (REQUEST, CANCEL); other files as plain attachments.
        const files = m.attachments ?? [];
        const calendar = files.find((f) => f.contentType.startsWith("text/calendar"));
        await smtp.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
          messageId: `<mail-${id}@${domain}>`,
          icalEvent: calendar
            ? {
                filename: calendar.filename,
                method: /^METHOD:(\w+)/m.exec(calendar.content)?.[1] ?? "PUBLISH",
                content: calendar.content,
              }
            : undefined,
          attachments: files
            .filter((f) => f !== calendar)
            .map((f) => ({ filename: f.filename, contentType: f.contentType, content: f.content })),
        });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await db.update(mailMessages).set({ error }).where(eq(mailMessages.id, id));
        throw err;
      }
      await db.update(mailMessages).set({ sentAt: new Date(), error: null }).where(eq(mailMessages.id, id));
    },
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
