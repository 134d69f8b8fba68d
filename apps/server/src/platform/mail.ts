import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { mailMessages } from "../db/schema/index";
import type { Db } from "./db";
import type { Jobs } from "./jobs";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Records the message, then sends it in the background (through the queue when there is one); never throws. */
  send: (message: MailMessage) => void;
  /** Resolves when every message handed to `send` so far has been recorded and, over SMTP, delivered or given up. */
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
  transport: "smtp" | "mailbox";
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
};

export const MAIL_QUEUE = "mail-deliver";

export async function createMailer(
  db: Db,
  opts: { smtpUrl?: string; from: string; log: Logger; jobs?: Jobs; retryDelaySeconds?: number },
): Promise<Mailer> {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  /** Sends one stored message; idempotent (a message already sent is not sent again). Throws to ask for a retry. */
  async function deliverStored(id: number) {
    if (!smtp) return;
    const [m] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!m || m.sentAt) return;
    try {
      await smtp.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
      });
      await db.update(mailMessages).set({ sentAt: new Date(), error: null }).where(eq(mailMessages.id, id));
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      opts.log.warn({ err, id }, "mail delivery failed; it will be retried");
      await db.update(mailMessages).set({ error }).where(eq(mailMessages.id, id));
      throw err;
    }
  }

  if (smtp && opts.jobs) {
    await opts.jobs.define<{ id: number }>(
      MAIL_QUEUE,
      { retryLimit: 6, retryDelaySeconds: opts.retryDelaySeconds ?? 10, retryBackoff: true },
      ({ id }) => deliverStored(id),
    );
  }

  async function record(message: MailMessage) {
    const [row] = await db
      .insert(mailMessages)
      .values({ ...message, html: message.html ?? null, transport: smtp ? "smtp" : "mailbox" })
      .returning({ id: mailMessages.id });
    if (!smtp) return;
    if (opts.jobs) await opts.jobs.send(MAIL_QUEUE, { id: row.id }, { singletonKey: `mail-${row.id}` });
    else await deliverStored(row.id).catch(() => undefined);
  }

  return {
    transport: smtp ? "smtp" : "mailbox",
    send(message) {
      const p = record(message)
        .catch((err) => opts.log.error({ err }, "mail could not be recorded"))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle(timeoutMs = 30_000) {
      while (pending.size > 0) await Promise.all([...pending]);
      if (!smtp || !opts.jobs) return;
      const until = Date.now() + timeoutMs;
      while ((await opts.jobs.pending(MAIL_QUEUE)) > 0 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async list(limit) {
      const rows = await db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
      return rows as StoredMail[];
    },
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
