import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { leadsTestKit } from "./leads.test-support";

// A capture a phone may send again (platform/idempotency.ts): the same Idempotency-Key makes one lead.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const k = leadsTestKit(() => t);

const leadsWithPhone = async (phone: string) =>
  (await k.one<{ n: number }>("select count(*)::int as n from leads where phone = $1", [phone])).n;
const entriesWithPhone = async (phone: string) =>
  (
    await k.one<{ n: number }>(
      "select count(*)::int as n from capture_entries where payload->>'phone' = $1",
      [phone],
    )
  ).n;

describe("a capture sent with an Idempotency-Key", () => {
  it("makes one lead and answers the same both times", async () => {
    const lg = await k.as("lg@demo.local");
    const phone = k.freshPhone();
    const key = crypto.randomUUID();
    const first = await k.capture(lg, { phone }, { "idempotency-key": key });
    const again = await k.capture(lg, { phone }, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.lead?.id).toBeGreaterThan(0);
    expect(await leadsWithPhone(phone)).toBe(1);
    // The repeat is not a second submission either.
    expect(await entriesWithPhone(phone)).toBe(1);
  });

  it("makes one lead when the two arrive at once", async () => {
    const lg = await k.as("lg@demo.local");
    const phone = k.freshPhone();
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => k.capture(lg, { phone }, { "idempotency-key": key })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(answers[0].body.isDuplicate).toBe(false);
    expect(await leadsWithPhone(phone)).toBe(1);
  });

  it("without a key, a second send is a second lead (flagged as a duplicate)", async () => {
    const lg = await k.as("lg@demo.local");
    const phone = k.freshPhone();
    const first = await k.capture(lg, { phone });
    const second = await k.capture(lg, { phone });
    expect(second.body.lead?.id).not.toBe(first.body.lead?.id);
    expect(second.body.isDuplicate).toBe(true);
    expect(await leadsWithPhone(phone)).toBe(2);
  });

  it("refuses the key reused for a different capture, with a message, and saves nothing", async () => {
    const lg = await k.as("lg@demo.local");
    const key = crypto.randomUUID();
    const phone = k.freshPhone();
    expect((await k.capture(lg, { phone }, { "idempotency-key": key })).status).toBe(200);
    const other = k.freshPhone();
    const reused = await k.capture(lg, { phone: other, firstName: "Someone" }, { "idempotency-key": key });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for a different request/);
    expect(await leadsWithPhone(other)).toBe(0);
  });

  it("keeps keys apart by person: another lead generator's same key is their own capture", async () => {
    const lg = await k.as("lg@demo.local");
    const lead = await k.as("lglead@demo.local");
    const key = crypto.randomUUID();
    const a = await k.capture(lg, {}, { "idempotency-key": key });
    const b = await k.capture(lead, {}, { "idempotency-key": key });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.lead?.id).not.toBe(a.body.lead?.id);
  });

  it("does not keep a refused capture's key: the corrected capture goes through with it", async () => {
    const lg = await k.as("lg@demo.local");
    const key = crypto.randomUUID();
    const phone = k.freshPhone();
    const refused = await k.capture(lg, { phone, firstName: "" }, { "idempotency-key": key });
    expect(refused.status).toBe(400);
    const fixed = await k.capture(lg, { phone }, { "idempotency-key": key });
    expect(fixed.status).toBe(200);
    expect(await leadsWithPhone(phone)).toBe(1);
  });

  it("answers 400 for a key that is not one", async () => {
    const lg = await k.as("lg@demo.local");
    const bad = await k.capture(lg, {}, { "idempotency-key": "has spaces in it" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Idempotency-Key header must be 1 to 200 visible characters/);
    const long = await k.capture(lg, {}, { "idempotency-key": "x".repeat(201) });
    expect(long.status).toBe(400);
  });

  it("is another organization's business: the same key in another organization is a separate capture", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home West");
    const lg = await k.as("lg@demo.local");
    const key = crypto.randomUUID();
    const east = await k.capture(lg, {}, { "idempotency-key": key });
    expect(east.status).toBe(200);
    // The West admin cannot capture (not a lead generator) but the key does not replay East's lead to them.
    const west = await k.capture(admin, {}, { "idempotency-key": key });
    expect(west.status).not.toBe(200);
    expect(JSON.stringify(west.body)).not.toContain(String(east.body.lead?.id));
  });
});
