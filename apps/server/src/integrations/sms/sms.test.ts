import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmsSimulator, startSmsSimulator } from "./simulator";
import { e164 } from "./sms";
import { twilioSms } from "./twilio";

let sim: SmsSimulator;
beforeAll(async () => {
  sim = await startSmsSimulator();
});
afterAll(() => sim?.close());

const adapter = (over: { authToken?: string; fetch?: typeof fetch } = {}) =>
  twilioSms(
    {
      baseUrl: sim.url,
      accountSid: sim.accountSid,
      authToken: over.authToken ?? sim.authToken,
      from: "+15550001111",
    },
    { fetch: over.fetch ?? fetch },
  );

describe("the Twilio-style SMS adapter against its simulator", () => {
  it("sends the form with basic auth; the simulator records the message", async () => {
    const r = await adapter().send({ to: "+19735550100", body: "Hello" });
    expect(r.status).toBe("delivered");
    expect(sim.messages.at(-1)).toMatchObject({ to: "+19735550100", from: "+15550001111", body: "Hello" });
    expect(r.status === "delivered" && r.id).toBe(sim.messages.at(-1)?.sid);
  });

  it("translates errors: 429 and 5xx retryable, 4xx permanent, no answer retryable", async () => {
    sim.rateLimitNext();
    const limited = await adapter().send({ to: "+19735550100", body: "x" });
    expect(limited).toMatchObject({ status: "retryable", retryAfterMs: 1000 });
    sim.failNext();
    expect((await adapter().send({ to: "+19735550100", body: "x" })).status).toBe("retryable");
    const bad = await adapter().send({ to: "12", body: "x" });
    expect(bad.status).toBe("permanent");
    expect(bad.status === "permanent" && bad.reason).toMatch(/21211/);
    expect((await adapter({ authToken: "wrong" }).send({ to: "+19735550100", body: "x" })).status).toBe(
      "permanent",
    );
    const down = adapter({ fetch: (async () => Promise.reject(new Error("ECONNREFUSED"))) as typeof fetch });
    expect(await down.send({ to: "+19735550100", body: "x" })).toMatchObject({ status: "retryable" });
  });

  it("writes US numbers as E.164", () => {
    expect(e164("(973) 555-0199")).toBe("+19735550199");
    expect(e164("1 973 555 0199")).toBe("+19735550199");
    expect(e164("555-0199")).toBeNull();
  });
});
