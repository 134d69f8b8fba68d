import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, mailMessages, organizations, outbox } from "../src/db/schema/index";
import { openDatabase } from "../src/platform/db";
import { createPlatform } from "../src/platform/platform";
import { folderStorage, newStorageKey } from "../src/platform/storage";
import { prepare } from "../src/server";
import { freshPostgresUrl, testConfig, testDatabaseKind } from "./harness";
import { freePort, groupAlive, npmRun, type Run } from "./npm-run";
import { eventually, startSmtp } from "./smtp";

// The process model (docs/decisions/0020-process-model.md): `npm start` stops cleanly on SIGTERM, `npm run worker`
// runs the background work on PostgreSQL and refuses the embedded database, and WORKER=off runs none of it.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());

/** Sends SIGTERM to the process npm started as (what a process manager does) and times until the group is gone. */
async function terminate(run: Run): Promise<number> {
  const pid = run.child.pid as number;
  const started = Date.now();
  run.child.kill("SIGTERM");
  try {
    await eventually(() => !groupAlive(pid), 15_000);
  } finally {
    if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  }
  return Date.now() - started;
}

describe.runIf(testDatabaseKind === "pglite")("npm start on the embedded database", () => {
  it("ends every process within 10 s of SIGTERM, and the database reopens cleanly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-stop-"));
    const port = await freePort();
    const run = npmRun("start", {
      PORT: String(port),
      DATA_DIR: dataDir,
      // The journeys' web build is not needed to test the process: no web build here.
      WEB_DIST: join(dataDir, "no-web"),
      SMTP_URL: smtp.url,
    });
    try {
      await eventually(() => run.output().includes("FieldLead is running at"), 120_000);
      expect(run.output()).toContain("Background work: in this process");
      // Work in flight when the signal comes: a password reset whose email the worker sends over SMTP.
      const res = await fetch(`http://127.0.0.1:${port}/api/account/forgot-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@demo.local" }),
      });
      expect(res.status).toBe(200);

      // An uploaded file, where the folder storage keeps it.
      const key = newStorageKey("support");
      await folderStorage(join(dataDir, "files")).put(key, Buffer.from("an uploaded manual"), {
        contentType: "text/plain",
        size: 18,
      });

      // An online backup: the running server writes it when asked, with the uploaded files.
      const backupCopy = join(dataDir, "copy");
      const backup = npmRun("backup", { DATA_DIR: dataDir });
      expect(await backup.exited).toBe(0);
      expect(backup.output()).toContain("(by the running server)");
      // The demo's own files and this one.
      const stored = readdirSync(join(dataDir, "files"), { recursive: true, withFileTypes: true }).filter(
        (e) => e.isFile(),
      ).length;
      expect(backup.output()).toContain(`It holds the database and ${stored} uploaded files.`);
      const made = backup.output().match(/Backup written: (\S+)/)?.[1] ?? "(no backup named)";
      cpSync(made, backupCopy, { recursive: true });

      const took = await terminate(run);
      expect(took).toBeLessThan(10_000);
      expect(await run.exited).toBe(0);
      expect(smtp.to("admin@demo.local")).toHaveLength(1);

      const reopened = await openDatabase({ dataDir, tripwire: true });
      try {
        const [orgs] = await reopened.db.select({ n: count() }).from(organizations);
        expect(orgs.n).toBeGreaterThan(0);
        const [pending] = await reopened.db
          .select({ n: count() })
          .from(outbox)
          .where(eq(outbox.status, "pending"));
        expect(pending.n).toBe(0);
      } finally {
        await reopened.close();
      }

      // The backup restores into another folder and holds the demo organizations and the uploaded file.
      const restoreDir = join(dataDir, "restored");
      const restore = npmRun("restore", { DATA_DIR: restoreDir }, [backupCopy]);
      expect(await restore.exited).toBe(0);
      expect(restore.output()).toMatch(/Restored .* \([1-9]\d* organizations\)/);
      expect(restore.output()).toContain(`${stored} files restored`);
      expect(readFileSync(join(restoreDir, "files", key), "utf8")).toBe("an uploaded manual");
      const restored = await openDatabase({ dataDir: restoreDir });
      try {
        const [orgs] = await restored.db.select({ n: count() }).from(organizations);
        expect(orgs.n).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    } finally {
      if (run.child.pid && groupAlive(run.child.pid)) process.kill(-run.child.pid, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("restore refuses while the server runs on the folder, and without a file", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-restore-"));
    try {
      const none = npmRun("restore", { DATA_DIR: dataDir });
      expect(await none.exited).toBe(2);
      expect(none.output()).toContain("Name the backup to restore");
      // This test process stands in for a running server.
      writeFileSync(join(dataDir, "server.pid"), String(process.pid));
      writeFileSync(join(dataDir, "x.tar.gz"), "");
      const busy = npmRun("restore", { DATA_DIR: dataDir }, [join(dataDir, "x.tar.gz")]);
      expect(await busy.exited).toBe(2);
      expect(busy.output()).toContain("stop it first");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("npm run worker refuses the embedded database and says to set DATABASE_URL", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-worker-"));
    try {
      const run = npmRun("worker", { DATA_DIR: dataDir });
      expect(await run.exited).toBe(2);
      expect(run.output()).toContain("set DATABASE_URL");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(testDatabaseKind === "postgres")("npm run worker on PostgreSQL", () => {
  it("sends recorded mail, runs the schedules and stops on SIGTERM", async () => {
    const db = await freshPostgresUrl("bare");
    const run = npmRun("worker", { DATABASE_URL: db.url, SMTP_URL: smtp.url });
    const database = await openDatabase({ databaseUrl: db.url });
    try {
      await eventually(() => run.output().includes("FieldLead worker:"), 60_000);
      expect(run.output()).toMatch(
        /outbox topics \[mail\.deliver, notifications\.send, support\.fileRemoval, appointments\.notice\.email, appointments\.notice\.sms, appointments\.reminder\]/,
      );
      expect(run.output()).toMatch(
        /schedules \[outbox\.prune, idempotency\.prune, invitations\.prune, crm\.refreshReferences, deliveries\.crmReadBack, scheduling\.keep-windows-generated, labor\.missingPunches, support\.spoolSweep\]/,
      );

      // Mail recorded by another process (the API) is sent by the worker, woken by the commit's NOTIFY.
      const p = createPlatform(testConfig({ smtpUrl: smtp.url }), database);
      await p.uow.run((tx) =>
        p.mailer.send(tx, { to: "worker@example.com", subject: "From the API", text: "hi" }),
      );
      await eventually(() => smtp.to("worker@example.com").length === 1, 20_000);

      // A schedule's job runs in the worker: the idempotency prune forgets a key older than a day.
      await database.db.insert(idempotencyKeys).values({
        organizationId: 1,
        actor: "u1",
        operation: "test",
        key: "old",
        fingerprint: "x",
        statusCode: 200,
        response: {},
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
      const [schedules] = (
        await database.executeSql(
          "select count(*)::int as n from pgboss.schedule where name = 'idempotency.prune'",
        )
      ).rows as { n: number }[];
      expect(schedules.n).toBe(1);
      // One tick of the schedule, now rather than at the next hour: a job in the schedule's queue.
      await database.executeSql(
        "insert into pgboss.job (name, data) values ('idempotency.prune', '{}'::jsonb)",
      );
      await eventually(async () => {
        const [left] = await database.db.select({ n: count() }).from(idempotencyKeys);
        return left.n === 0;
      }, 30_000);

      const took = await terminate(run);
      expect(took).toBeLessThan(10_000);
      expect(await run.exited).toBe(0);
      const [sent] = await database.db
        .select({ sentAt: mailMessages.sentAt })
        .from(mailMessages)
        .where(eq(mailMessages.to, "worker@example.com"));
      expect(sent.sentAt).toBeInstanceOf(Date);
    } finally {
      if (run.child.pid && groupAlive(run.child.pid)) process.kill(-run.child.pid, "SIGKILL");
      await database.close();
      await db.drop();
    }
  }, 120_000);
});

describe("an API started with WORKER=off", () => {
  it("registers no handler and no schedule: recorded mail waits for a worker", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-off-"));
    const pgCopy = testDatabaseKind === "postgres" ? await freshPostgresUrl("bare") : null;
    const base = { dataDir, databaseUrl: pgCopy?.url, smtpUrl: smtp.url, seedDemo: "never" as const };
    try {
      const off = await prepare(testConfig({ ...base, worker: "off" }));
      try {
        expect(off.worker).toBeNull();
        const p = off.app.deps.platform;
        await p.uow.run((tx) => p.mailer.send(tx, { to: "off@example.com", subject: "Waits", text: "." }));
        await new Promise((r) => setTimeout(r, 1_500));
        expect(smtp.to("off@example.com")).toHaveLength(0);
        // The queue was never started: its tables do not even exist.
        const [boss] = (await off.database.executeSql("select to_regclass('pgboss.schedule') as t")).rows as {
          t: string | null;
        }[];
        expect(boss.t).toBeNull();
        const [pending] = await off.database.db
          .select({ n: count() })
          .from(outbox)
          .where(eq(outbox.status, "pending"));
        expect(pending.n).toBe(1);
      } finally {
        await off.app.close();
        await off.database.close();
      }

      // The same database with a worker: the waiting email goes out.
      const on = await prepare(testConfig(base), { pollMs: 100 });
      try {
        expect(on.worker?.dispatcher.topics).toEqual([
          "mail.deliver",
          "notifications.send",
          "support.fileRemoval",
          "appointments.notice.email",
          "appointments.notice.sms",
          "appointments.reminder",
        ]);
        await eventually(() => smtp.to("off@example.com").length === 1, 15_000);
      } finally {
        await on.app.close();
        await on.worker?.stop();
        await on.database.close();
      }
    } finally {
      await pgCopy?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
