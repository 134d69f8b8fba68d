import type { AddressInfo } from "node:net";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/harness";
import type { Database } from "./db";
import { startJobs } from "./jobs";
import { createMailer } from "./mail";

type Received = { from: string; to: string[]; raw: string };

let server: SMTPServer;
let refuseNext = 0;
let port: number;
let database: Database;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(_address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        const err = new Error("Mailbox busy, try later") as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString("utf8");
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
  database = await freshDatabase();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database?.close();
});

describe("mail over SMTP", () => {
  it("goes through the queue and is retried until the server takes it", async () => {
    const jobs = await startJobs(database, pino({ level: "silent" }), { pollingIntervalSeconds: 0.5 });
    try {
      const mailer = await createMailer(database.db, {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "no-reply@test.local",
        log: pino({ level: "silent" }),
        jobs,
        retryDelaySeconds: 1,
      });
      refuseNext = 1;
      const before = received.length;
      mailer.send({ to: "queued@example.com", subject: "Through the queue", text: "hello" });
      await mailer.idle(20_000);
      expect(received.slice(before).map((r) => r.to[0])).toEqual(["queued@example.com"]);
      const [stored] = await mailer.list(1);
      expect(stored.sentAt).toBeInstanceOf(Date);
      expect(stored.error).toBeNull();
    } finally {
      await jobs.stop();
    }
  });

  it("delivers to a real SMTP server and records the time it was sent", async () => {
    const mailer = await createMailer(database.db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "FieldLead <no-reply@test.local>",
      log: pino({ level: "silent" }),
    });
    mailer.send({
      to: "someone@example.com",
      subject: "Hello there",
      text: "A link: http://x/reset-password/abc",
    });
    await mailer.idle();
    const last = received.at(-1)!;
    expect(last.to).toEqual(["someone@example.com"]);
    expect(last.from).toBe("no-reply@test.local");
    expect(last.raw).toContain("Subject: Hello there");
    const [stored] = await mailer.list(1);
    expect(stored.transport).toBe("smtp");
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.error).toBeNull();
  });

  it("keeps the message with the error when the server cannot be reached", async () => {
    const mailer = await createMailer(database.db, {
      smtpUrl: "smtp://127.0.0.1:1",
      from: "no-reply@test.local",
      log: pino({ level: "silent" }),
    });
    mailer.send({ to: "b@example.com", subject: "Lost?", text: "no" });
    await mailer.idle();
    const [stored] = await mailer.list(1);
    expect(stored.subject).toBe("Lost?");
    expect(stored.sentAt).toBeNull();
    expect(stored.error).toBeTruthy();
  });
});
