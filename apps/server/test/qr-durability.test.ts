import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { QrDetails, QrEntryRequest } from "@fieldlead/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db";
import { freshPostgresUrl, testDatabaseKind } from "./harness";
import { freePort, groupAlive, npmRun, type Run } from "./npm-run";
import { eventually } from "./smtp";

// Nothing is lost (issue #13): the server process is killed (SIGKILL, no chance to flush or finish) while shoppers'
// entries are arriving, and after a restart every entry that got a success answer is there exactly once: its lead
// and its kept submission, one lead per shopper, and a retry with the same Idempotency-Key answers with the same
// entry instead of making a second one. Runs `npm start` as a real process on the embedded database (a data
// folder), and on PostgreSQL in the PostgreSQL run.

/** `npm start` as a person runs it, in its own process group. */
const start = (env: Record<string, string>) => npmRun("start", env);

async function kill(run: Run, signal: "SIGKILL" | "SIGTERM") {
  const pid = run.child.pid as number;
  if (signal === "SIGKILL") process.kill(-pid, "SIGKILL");
  else run.child.kill("SIGTERM");
  await eventually(() => !groupAlive(pid), 20_000);
}

const runs: Run[] = [];
afterAll(() => {
  for (const r of runs) if (r.child.pid && groupAlive(r.child.pid)) process.kill(-r.child.pid, "SIGKILL");
});

type Sent = { key: string; phone: string; body: QrEntryRequest; entryId?: number };

describe("QR entries survive a killed server", () => {
  it("keeps every answered entry exactly once after SIGKILL and restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-qr-kill-"));
    const port = await freePort();
    const pgCopy = testDatabaseKind === "postgres" ? await freshPostgresUrl("bare") : null;
    const env: Record<string, string> = {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, "no-web"),
      SERVICETITAN_SIMULATOR_PORT: String(await freePort()),
      // Many entries from one address in a few seconds: the per-address and per-code limits are lifted.
      RATE_LIMIT_SCALE: "1000",
      ...(pgCopy && { DATABASE_URL: pgCopy.url, SEED_DEMO: "always" }),
    };
    const base = `http://127.0.0.1:${port}`;
    try {
      const first = start(env);
      runs.push(first);
      await eventually(() => first.output().includes("FieldLead is running at"), 120_000);
      // The start banner prints a demo shopper page: /q/{userUid}/{group}.
      const page = /\/q\/([A-Za-z0-9]+)\/(\d+)/.exec(first.output());
      expect(page, first.output()).not.toBeNull();
      const [, uid, group] = page as RegExpExecArray;

      const details = (await (
        await fetch(`${base}/api/QRCodes/qr-details/${uid}/${group}`)
      ).json()) as QrDetails;
      expect(details.appointmentTypes.length).toBeGreaterThan(0);
      const crm = details.disclosures.en.find((d) => d.destination === "crm");
      // A person takes a few seconds to fill the form; the server refuses faster entries.
      await new Promise((r) => setTimeout(r, 3_500));

      let n = 0;
      const bodyFor = (phone: string): QrEntryRequest => ({
        group: Number(group),
        formToken: details.formToken,
        language: "en",
        appointmentTypeId: details.appointmentTypes[0].id,
        firstName: "Kill",
        lastName: `Test ${phone.slice(-4)}`,
        phone,
        email: `kill${phone}@example.com`,
        consents: crm ? [{ destination: "crm", disclosureText: crm.text }] : [],
      });
      const send = (s: Sent) =>
        fetch(`${base}/api/QRCodes/${uid}/qr-entry`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": s.key },
          body: JSON.stringify(s.body),
        });

      // Four shoppers at a time, each entry a new phone, until the process dies under them.
      const sent: Sent[] = [];
      let stop = false;
      const shopper = async () => {
        while (!stop) {
          n += 1;
          const phone = `555${String(2_000_000 + n).padStart(7, "0")}`;
          const s: Sent = { key: randomUUID(), phone, body: bodyFor(phone) };
          sent.push(s);
          try {
            const res = await send(s);
            if (res.status === 201) s.entryId = ((await res.json()) as { entryId: number }).entryId;
            else expect.fail(`entry answered ${res.status}: ${await res.text()}`);
          } catch (err) {
            if (stop) return;
            throw err;
          }
        }
      };
      const shoppers = [shopper(), shopper(), shopper(), shopper()];
      await eventually(() => sent.filter((s) => s.entryId).length >= 40, 60_000);
      // Killed mid-stream: some entries are in flight (sent, no answer yet) when it dies.
      stop = true;
      await kill(first, "SIGKILL");
      await Promise.allSettled(shoppers);
      const answered = sent.filter((s) => s.entryId !== undefined);
      expect(answered.length).toBeGreaterThanOrEqual(40);

      const second = start(env);
      runs.push(second);
      await eventually(() => second.output().includes("FieldLead is running at"), 120_000);
      // A shopper whose phone lost the answer sends again with the same key: the same entry, nothing new.
      for (const s of answered.slice(0, 10)) {
        const res = await send(s);
        expect(res.status, await res.clone().text()).toBe(201);
        expect(((await res.json()) as { entryId: number }).entryId).toBe(s.entryId);
      }
      await kill(second, "SIGTERM");

      const reopened = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
      try {
        const phones = sent.map((s) => s.phone);
        const leads = (
          await reopened.executeSql(
            "select phone, count(*)::int as n from leads where source = 'qr' and phone = any($1) group by phone",
            [phones],
          )
        ).rows as { phone: string; n: number }[];
        const byPhone = new Map(leads.map((r) => [r.phone, r.n]));
        // None doubled: at most one lead per shopper, sent before or after the kill.
        for (const [phone, count] of byPhone) expect(count, phone).toBe(1);
        // None lost: every answered entry has its kept submission and its lead.
        const entries = (
          await reopened.executeSql("select id, lead_id from capture_entries where id = any($1)", [
            answered.map((s) => s.entryId),
          ])
        ).rows as { id: number; lead_id: number | null }[];
        expect(entries).toHaveLength(answered.length);
        for (const e of entries) expect(e.lead_id).not.toBeNull();
        for (const s of answered) expect(byPhone.get(s.phone), s.phone).toBe(1);
      } finally {
        await reopened.close();
      }
    } finally {
      for (const r of runs) if (r.child.pid && groupAlive(r.child.pid)) process.kill(-r.child.pid, "SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      await pgCopy?.drop();
    }
  }, 300_000);
});
