import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testConfig } from "../../test/harness";
import { eventually, startSmtp } from "../../test/smtp";
import { mailMessages, organizations, outbox } from "../db/schema/index";
import type { Database } from "./db";
import { mailDelivery } from "./mail";
import { type OutboxHandler, outboxDispatcher } from "./outbox";
import { createPlatform, type Platform } from "./platform";

// The outbox on the engine of the run (PGlite by default, PostgreSQL with TEST_DATABASE_URL): docs/decisions/0019.

const silent = pino({ level: "silent" });
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let database: Database;

beforeAll(async () => {
  smtp = await startSmtp();
  database = await freshDatabase();
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

const smtpUrl = () => smtp.url;
const platformWith = (smtp: string | undefined): Platform =>
  createPlatform(testConfig({ smtpUrl: smtp, mailFrom: "FieldLead <no-reply@test.local>" }), database);
const deliveryOf = (p: Platform) =>
  mailDelivery(database.db, { smtpUrl: p.config.smtpUrl as string, from: p.config.mailFrom, log: silent });
const to = (address: string) => smtp.to(address);
const outboxRowsOf = async (mailId: number) =>
  database.db
    .select()
    .from(outbox)
    .where(eq(outbox.key, `mail:${mailId}`));
const lastMail = async () => (await database.db.select().from(mailMessages).orderBy(mailMessages.id)).at(-1)!;

describe("the outbox", () => {
  it("rolls back with the business rows, and commits with them", async () => {
    const p = platformWith(smtpUrl());
    const counts = async () => ({
      org: (
        await database.db.select({ n: count() }).from(organizations).where(eq(organizations.uid, "ob-1"))
      )[0].n,
      mail: (
        await database.db
          .select({ n: count() })
          .from(mailMessages)
          .where(eq(mailMessages.to, "ob@example.com"))
      )[0].n,
      outbox: (await database.db.select({ n: count() }).from(outbox))[0].n,
    });
    const before = await counts();
    await expect(
      p.uow.run(async (tx) => {
        await tx
          .insert(organizations)
          .values({ uid: "ob-1", name: "Outbox One", timeZone: "America/New_York" });
        await p.mailer.send(tx, { to: "ob@example.com", subject: "Welcome", text: "hi" });
        throw new Error("the business rule failed");
      }),
    ).rejects.toThrow("the business rule failed");
    expect(await counts()).toEqual(before);

    await p.uow.run(async (tx) => {
      await tx
        .insert(organizations)
        .values({ uid: "ob-1", name: "Outbox One", timeZone: "America/New_York" });
      await p.mailer.send(tx, { to: "ob@example.com", subject: "Welcome", text: "hi" });
    });
    expect(await counts()).toEqual({ org: before.org + 1, mail: before.mail + 1, outbox: before.outbox + 1 });
    const [row] = await outboxRowsOf((await lastMail()).id);
    expect(row).toMatchObject({ topic: "mail.deliver", status: "pending", attempts: 0 });
  });

  it("records work once per key, however often it is added", async () => {
    const p = platformWith(smtpUrl());
    const added = await p.uow.run(async (tx) => [
      await p.outbox.add(tx, { topic: "test.once", key: "once-1", payload: { n: 1 } }),
      await p.outbox.add(tx, { topic: "test.once", key: "once-1", payload: { n: 2 } }),
    ]);
    expect(added).toEqual([true, false]);
    const rows = await database.db.select().from(outbox).where(eq(outbox.key, "once-1"));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it("hands each row to one worker when several sweep at once (FOR UPDATE SKIP LOCKED)", async () => {
    const p = platformWith(undefined);
    const seen = new Map<string, number>();
    const handler: OutboxHandler = {
      topic: "test.share",
      async handle(_payload, { key }) {
        seen.set(key, (seen.get(key) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    await p.uow.run(async (tx) => {
      for (let i = 0; i < 30; i++)
        await p.outbox.add(tx, { topic: "test.share", key: `share-${i}`, payload: {} });
    });
    const workers = [1, 2, 3].map(() =>
      outboxDispatcher({ database, handlers: [handler], signal: p.signal, log: silent, batch: 4 }),
    );
    const handled = await Promise.all(workers.map((w) => w.drain()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(30);
    expect(seen.size).toBe(30);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(await workers[0].pending("test.share")).toBe(0);
  });

  it("wakes the worker when the transaction commits, without waiting for its next poll", async () => {
    const p = platformWith(smtpUrl());
    const worker = outboxDispatcher({
      database,
      handlers: [deliveryOf(p)],
      signal: p.signal,
      log: silent,
      pollMs: 600_000,
    });
    worker.start();
    try {
      // Let the worker find nothing and go to sleep for ten minutes.
      await new Promise((r) => setTimeout(r, 200));
      await p.uow.run((tx) => p.mailer.send(tx, { to: "nudge@example.com", subject: "Now", text: "quick" }));
      await eventually(() => to("nudge@example.com").length === 1, 10_000);
    } finally {
      await worker.stop();
    }
  });
});

describe("mail over SMTP, through the outbox", () => {
  it("sends a recorded email once after the worker is killed mid-job and started again", async () => {
    const p = platformWith(smtpUrl());
    const address = "killed@example.com";
    const held = smtp.stallNext();
    await p.uow.run((tx) => p.mailer.send(tx, { to: address, subject: "Once", text: "only once" }));
    const mail = await lastMail();

    const first = deliveryOf(p);
    const a = outboxDispatcher({
      database,
      handlers: [first],
      signal: p.signal,
      log: silent,
      leaseSeconds: 1,
      pollMs: 50,
    });
    a.start();
    await held.arrived; // The SMTP server is receiving the message...
    a.kill(); // ...when the worker dies,
    held.release(Object.assign(new Error("connection lost"), { responseCode: 421 })); // and its transfer with it.
    first.close();
    expect(to(address)).toHaveLength(0);
    const [claimed] = await outboxRowsOf(mail.id);
    expect(claimed).toMatchObject({ status: "pending", attempts: 1 });

    // A new worker takes the row once the dead one's lease has run out, and sends it.
    const b = outboxDispatcher({
      database,
      handlers: [deliveryOf(p)],
      signal: p.signal,
      log: silent,
      leaseSeconds: 1,
      pollMs: 50,
    });
    b.start();
    try {
      await eventually(async () => (await outboxRowsOf(mail.id))[0].status === "done");
      // A while longer: nothing sends it again.
      await new Promise((r) => setTimeout(r, 1_500));
    } finally {
      await b.stop();
    }
    expect(to(address)).toHaveLength(1);
    const [done] = await outboxRowsOf(mail.id);
    expect(done).toMatchObject({ status: "done", attempts: 2, lastError: null });
    const [stored] = await database.db.select().from(mailMessages).where(eq(mailMessages.id, mail.id));
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("is retried until the server takes it", async () => {
    const p = platformWith(smtpUrl());
    const delivery = { ...deliveryOf(p), retryDelaySeconds: 0.2 };
    const worker = outboxDispatcher({
      database,
      handlers: [delivery],
      signal: p.signal,
      log: silent,
      pollMs: 50,
    });
    smtp.refuse(1);
    await p.uow.run((tx) =>
      p.mailer.send(tx, { to: "queued@example.com", subject: "Through the outbox", text: "hello" }),
    );
    worker.start();
    try {
      await p.mailer.idle(20_000);
    } finally {
      await worker.stop();
    }
    expect(to("queued@example.com")).toHaveLength(1);
    const stored = await lastMail();
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.error).toBeNull();
    const [row] = await outboxRowsOf(stored.id);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
  });

  it("delivers to a real SMTP server with the sender, the subject and a fixed Message-ID", async () => {
    const p = platformWith(smtpUrl());
    await p.uow.run((tx) =>
      p.mailer.send(tx, {
        to: "someone@example.com",
        subject: "Hello there",
        text: "A link: http://x/reset-password/abc",
      }),
    );
    const worker = outboxDispatcher({ database, handlers: [deliveryOf(p)], signal: p.signal, log: silent });
    expect(await worker.drain()).toBeGreaterThanOrEqual(1);
    const last = to("someone@example.com").at(-1)!;
    expect(last.from).toBe("no-reply@test.local");
    expect(last.raw).toContain("Subject: Hello there");
    const stored = await lastMail();
    expect(last.raw).toContain(`Message-ID: <mail-${stored.id}@test.local>`);
    expect(stored.transport).toBe("smtp");
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the message, its error and its place in the outbox when the server cannot be reached", async () => {
    const p = createPlatform(testConfig({ smtpUrl: "smtp://127.0.0.1:1" }), database);
    await p.uow.run((tx) => p.mailer.send(tx, { to: "b@example.com", subject: "Lost?", text: "no" }));
    const delivery = mailDelivery(database.db, {
      smtpUrl: "smtp://127.0.0.1:1",
      from: "x@test.local",
      log: silent,
    });
    const worker = outboxDispatcher({ database, handlers: [delivery], signal: p.signal, log: silent });
    await worker.drain();
    const stored = await lastMail();
    expect(stored.subject).toBe("Lost?");
    expect(stored.sentAt).toBeNull();
    expect(stored.error).toBeTruthy();
    const [row] = await outboxRowsOf(stored.id);
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.runAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it("without SMTP, the stored message is the delivery: nothing waits in the outbox", async () => {
    const p = platformWith(undefined);
    await p.uow.run((tx) => p.mailer.send(tx, { to: "box@example.com", subject: "Mailbox", text: "here" }));
    const stored = await lastMail();
    expect(stored.transport).toBe("mailbox");
    expect(await outboxRowsOf(stored.id)).toEqual([]);
  });
});
