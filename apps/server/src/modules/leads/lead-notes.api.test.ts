import type { LeadHistoryEntry } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../test/harness";
import { leadsTestKit } from "./leads.test-support";

// Notes on a lead (docs/decisions/0032): `POST /api/leads/{id}/notes` appends a `note` entry to the lead's history.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);
const MISSING = 2_000_000_000;

const note = (a: AuthHeaders, leadId: number, body: unknown, extra: Record<string, string> = {}) =>
  k.inject(a, "POST", `/api/leads/${leadId}/notes`, body, extra);

/** The note entries of a lead, straight from the table. */
const noteRows = async (leadId: number) =>
  (
    await t.database.executeSql(
      "select user_id, after, before from lead_history where lead_id = $1 and action = 'note' order by id",
      [leadId],
    )
  ).rows as { user_id: number; after: { text: string }; before: unknown }[];

/** A live lead of Summit Home East from the demo data, by source. */
const eastLead = async (source: string) =>
  Number(
    (
      await k.one<{ id: number | string }>(
        "select id from leads where organization_id = $1 and source = $2 and deleted_at is null order by id limit 1",
        [await t.orgId("Summit Home East"), source],
      )
    ).id,
  );

describe("adding a note to a lead", () => {
  it("appends a note entry (who, when, the trimmed text) at the top of the history, and changes nothing else", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    const res = await note(manager, lead.id, { text: "  Called, no answer.\nTry after 5 pm.  " });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json() as LeadHistoryEntry;
    expect(entry).toMatchObject({
      action: "note",
      userId: manager.userId,
      userName: "Morgan Manager",
      before: null,
      after: { text: "Called, no answer.\nTry after 5 pm." },
      reason: null,
    });
    expect(Number.isNaN(Date.parse(entry.at))).toBe(false);

    const detail = (await k.inject(manager, "GET", `/api/leads/${lead.id}/internal`)).json();
    expect(detail.history[0]).toEqual(entry);
    expect(detail.history.map((h: LeadHistoryEntry) => h.action)).toEqual(["note", "created"]);
    // The lead itself is as it was: the capture's own `notes` field and the time of the last edit.
    expect(detail.notes).toBe(lead.notes);
    expect(detail.updatedAt).toBe(lead.updatedAt);
  });

  it("lets a lead generator note their own leads, a territory lead their territory's, program users their program's", async () => {
    const lg = await k.as("lg@demo.local");
    const own = (await k.capture(lg)).body.lead!;
    const res = await note(lg, own.id, { text: "Shopper asked for an evening visit" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userName).toBe("Luis Generator");

    const lgLead = await k.as("lglead@demo.local");
    expect((await note(lgLead, own.id, { text: "Seen by the team lead" })).statusCode).toBe(200);

    // Someone else's lead is out of a lead generator's rows: as if it did not exist.
    const teammates = (await k.capture(lgLead)).body.lead!;
    const outOfScope = await note(lg, teammates.id, { text: "Not mine" });
    const missing = await note(lg, MISSING, { text: "Not mine" });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json().message).toBe(missing.json().message);

    const hd = await k.as("hd@demo.local");
    expect((await note(hd, await eastLead("retailerProgram"), { text: "Measured" })).statusCode).toBe(200);
    expect((await note(hd, await eastLead("qr"), { text: "Not our program" })).statusCode).toBe(404);
    expect(await noteRows(teammates.id)).toEqual([]);
  });

  it("refuses a role that may not edit leads (403 with a message) and writes nothing", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const res = await note(await k.as("analyst@demo.local"), lead.id, { text: "Analyst's thought" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Analysts read leads; they cannot change them.");
    expect(await noteRows(lead.id)).toEqual([]);
  });

  it("answers another organization's lead as one that does not exist (404), and writes nothing", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const outsiders = [
      await k.as("solar.admin@demo.local"),
      await k.as("admin@demo.local", "Summit Home West"),
    ];
    for (const a of outsiders) {
      const theirs = await note(a, lead.id, { text: "mine now" });
      const missing = await note(a, MISSING, { text: "mine now" });
      expect(theirs.statusCode, theirs.body).toBe(404);
      expect(theirs.headers["content-type"]).toContain("application/problem+json");
      expect(theirs.json().message).toBe("The lead was not found.");
      expect(theirs.json().message).toBe(missing.json().message);
      // With a key, too: the key does not reach another organization's lead.
      const keyed = await note(a, lead.id, { text: "mine now" }, { "idempotency-key": crypto.randomUUID() });
      expect(keyed.statusCode).toBe(404);
    }
    expect(await noteRows(lead.id)).toEqual([]);
  });

  it("answers a deleted lead as missing (404); only a live lead takes notes", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const admin = await k.as("admin@demo.local");
    expect((await k.inject(admin, "DELETE", `/api/leads/${lead.id}/internal`)).statusCode).toBe(200);
    const res = await note(admin, lead.id, { text: "Too late" });
    expect(res.statusCode).toBe(404);
    expect(await noteRows(lead.id)).toEqual([]);
  });

  it("refuses bad input with 400 and a message naming the text", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    const cases: [unknown, string][] = [
      [{ text: "" }, "Write the note before adding it"],
      [{ text: "   \n  " }, "Write the note before adding it"],
      [{ text: "x".repeat(2001) }, "Keep the note to 2,000 characters"],
      [{ text: "a\u0000b" }, "Remove the invisible control character (such as a NUL)"],
    ];
    for (const [body, message] of cases) {
      const res = await note(manager, lead.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().errors).toEqual({ "body.text": [message] });
      expect(res.json().message).toBe(`body.text: ${message}`);
    }
    for (const body of [{}, { text: 12 }, { text: null }]) {
      const res = await note(manager, lead.id, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["body.text"]);
    }
    expect((await note(manager, lead.id, { text: "x".repeat(2000) })).statusCode).toBe(200);
    // A key that is not one is refused before anything is written.
    const badKey = await note(manager, lead.id, { text: "Keyed" }, { "idempotency-key": "has spaces" });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toMatch(/Idempotency-Key header must be 1 to 200 visible characters/);
    expect((await noteRows(lead.id)).map((r) => r.after.text.length)).toEqual([2000]);
  });
});

describe("a note sent again with the same Idempotency-Key", () => {
  it("adds one entry and answers the first entry both times", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    const key = crypto.randomUUID();
    const first = await note(manager, lead.id, { text: "Left a voicemail" }, { "idempotency-key": key });
    const again = await note(manager, lead.id, { text: "Left a voicemail" }, { "idempotency-key": key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await noteRows(lead.id)).toHaveLength(1);
  });

  it("adds one entry when the repeats arrive at once", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => note(manager, lead.id, { text: "Booked for Tuesday" }, { "idempotency-key": key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[1].json()).toEqual(answers[0].json());
    expect(answers[2].json()).toEqual(answers[0].json());
    expect(await noteRows(lead.id)).toHaveLength(1);
  });

  it("without a key, a second send is a second note", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    expect((await note(manager, lead.id, { text: "Same words" })).statusCode).toBe(200);
    expect((await note(manager, lead.id, { text: "Same words" })).statusCode).toBe(200);
    expect(await noteRows(lead.id)).toHaveLength(2);
  });

  it("refuses the key reused for another note or another lead (422) and adds nothing", async () => {
    const lg = await k.as("lg@demo.local");
    const lead = (await k.capture(lg)).body.lead!;
    const other = (await k.capture(lg)).body.lead!;
    const manager = await k.as("manager@demo.local");
    const key = crypto.randomUUID();
    expect((await note(manager, lead.id, { text: "First" }, { "idempotency-key": key })).statusCode).toBe(
      200,
    );
    const otherText = await note(manager, lead.id, { text: "Second" }, { "idempotency-key": key });
    expect(otherText.statusCode).toBe(422);
    expect(otherText.json().message).toMatch(/already used for a different request/);
    const otherLead = await note(manager, other.id, { text: "First" }, { "idempotency-key": key });
    expect(otherLead.statusCode).toBe(422);
    expect((await noteRows(lead.id)).map((r) => r.after.text)).toEqual(["First"]);
    expect(await noteRows(other.id)).toEqual([]);
  });

  it("treats the text as trimmed: the same note with other spaces around it is a repeat", async () => {
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const manager = await k.as("manager@demo.local");
    const key = crypto.randomUUID();
    const first = await note(manager, lead.id, { text: "Gate code 1234" }, { "idempotency-key": key });
    const again = await note(manager, lead.id, { text: " Gate code 1234 \n" }, { "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await noteRows(lead.id)).toHaveLength(1);
  });

  it("keeps keys apart by person: another person's same key is their own note", async () => {
    const lg = await k.as("lg@demo.local");
    const lead = (await k.capture(lg)).body.lead!;
    const key = crypto.randomUUID();
    const a = await note(lg, lead.id, { text: "Same note" }, { "idempotency-key": key });
    const b = await note(
      await k.as("manager@demo.local"),
      lead.id,
      { text: "Same note" },
      { "idempotency-key": key },
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().id).not.toBe(a.json().id);
    expect((await noteRows(lead.id)).map((r) => r.user_id)).toEqual([lg.userId, b.json().userId]);
  });
});
