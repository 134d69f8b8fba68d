import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DeliveryResult, ReadResult } from "../destination";
import {
  buildPartnerBody,
  partnerDestination,
  retailerDestination,
  retailerProgramDestination,
  secondPartnerDestination,
} from "./adapter";
import {
  PARTNER_KINDS,
  type PartnerKind,
  partnerLeadBase,
  retailerProgramSettings,
  retailerSettings,
  secondPartnerSettings,
} from "./schemas";
import { type PartnerSimulator, startPartnerSimulator } from "./simulator";
import {
  newState,
  retailerProgramSettingsFor,
  retailerSettingsFor,
  samplePayload,
  secondPartnerSettingsFor,
  testEnv,
} from "./test-support";

/** The adapter against the simulator over real HTTP (port 0): no call leaves this machine. */

let sim: PartnerSimulator;

beforeAll(async () => {
  sim = await startPartnerSimulator({ port: 0 });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.clear();
});

const retailerConfig = (more: { secret?: string } = {}) => ({
  settings: retailerSettingsFor(sim),
  credentials: { secret: more.secret ?? sim.secrets.retailer },
});
const programConfig = () => ({
  settings: retailerProgramSettingsFor(sim),
  credentials: { secret: sim.secrets.retailerProgram },
});
const partnerConfig = () => ({
  settings: secondPartnerSettingsFor(sim),
  credentials: { secret: sim.secrets.secondPartner },
});

const errorOf = (r: DeliveryResult | ReadResult<unknown>) =>
  r.outcome === "delivered" || r.outcome === "ok" ? "" : r.error;

describe("the body each partner is sent", () => {
  it("sends the retailer the shared fields, the warehouse number and its program block", async () => {
    const result = await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv());
    expect(result).toEqual({ outcome: "delivered", externalId: "RT-000001", externalIds: {} });
    const body = sim.record("retailer", "lead-41-retailer")!.body;
    expect(Object.keys(body).sort()).toEqual(
      [...Object.keys(partnerLeadBase.shape), "store", "program"].sort(),
    );
    expect(body).toMatchObject({
      key: "lead-41-retailer",
      version: 1,
      status: "booked",
      organization: { id: 7, name: "Acme Home Services" },
      customer: { firstName: "Dana", phone: "+15551234567", address: { zip: "22150", country: "US" } },
      appointment: {
        id: 501,
        type: { id: 3, name: "In-home estimate" },
        start: "2026-03-02T15:00:00.000Z",
        timeZone: "America/New_York",
      },
      store: { id: 12, name: "Springfield", warehouseNumber: "W-118" },
      serviceType: { id: 4, name: "Windows" },
      answers: [{ question: "How many windows?", answer: "6" }],
      consent: { disclosureText: "I agree to be contacted.", acceptedAt: "2026-03-01T14:00:00.000Z" },
      capturedBy: { userId: 3, name: "Lee Gen" },
      program: {
        vendorNumber: "1234",
        imeSubCategory: { id: 1, name: "Windows" },
        externalReference: "EXT-9",
      },
    });
    expect(body.customer).not.toHaveProperty("leadId");
    expect(body.appointment).not.toHaveProperty("crm");
  });

  it("sends the retailer program its HDSFI group and HD job type, the second partner its service and ad code", async () => {
    const key = "lead-41-program";
    expect(
      (
        await retailerProgramDestination.send(
          samplePayload({ idempotencyKey: key }),
          newState(),
          programConfig(),
          testEnv(),
        )
      ).outcome,
    ).toBe("delivered");
    const program = sim.record("retailerProgram", key)!.body;
    expect(program.store).toEqual({ id: 12, name: "Springfield", storeNumber: "0451" });
    expect(program.program).toEqual({
      hdsfiGroup: { id: 2, code: "WIN", name: "Windows" },
      hdJobType: { id: 20, code: "INST", name: "Install" },
      externalReference: "EXT-9",
    });

    const partnerKey = "lead-41-partner";
    expect(
      (
        await secondPartnerDestination.send(
          samplePayload({ idempotencyKey: partnerKey }),
          newState(),
          partnerConfig(),
          testEnv(),
        )
      ).outcome,
    ).toBe("delivered");
    expect(sim.record("secondPartner", partnerKey)!.body.program).toEqual({
      service: { id: 30, code: "BATH", name: "Bath remodel" },
      adCode: { id: 40, code: "INSTORE", name: "In-store" },
      externalReference: "EXT-9",
    });
  });

  it("sends a lead without an appointment as status lead, and a lead without a store to the programs", async () => {
    const payload = samplePayload({ appointment: null, store: null, serviceType: null, consent: null });
    const built = buildPartnerBody("retailerProgram", payload, retailerProgramSettingsFor(sim), new Date());
    expect(built.ok && built.value).toMatchObject({ status: "lead", appointment: null, store: null });
    expect(
      (await retailerProgramDestination.send(payload, newState(), programConfig(), testEnv())).outcome,
    ).toBe("delivered");
    expect(sim.records("retailerProgram")[0]).toMatchObject({ status: "lead", appointmentStart: null });
  });
});

describe("program codes", () => {
  const program = (ids: Partial<ReturnType<typeof samplePayload>["program"]>) =>
    samplePayload({ program: { ...samplePayload().program, ...ids } });

  it("falls back to the settings' defaults when the lead has none", () => {
    const built = buildPartnerBody(
      "retailerProgram",
      program({ hdsfiGroupId: null, hdJobTypeId: null }),
      retailerProgramSettingsFor(sim),
      new Date(),
    );
    expect(built.ok && built.value.program).toMatchObject({
      hdsfiGroup: { id: 1, code: "KIT" },
      hdJobType: { id: 10, code: "MEAS" },
    });
    const partner = buildPartnerBody(
      "secondPartner",
      program({ centahServiceId: null }),
      secondPartnerSettingsFor(sim),
      new Date(),
    );
    expect(partner.ok && partner.value.program.service).toEqual({ id: 31, code: "TUB", name: "Walk-in tub" });
  });

  it("answers permanent, in words and without a call, for an unknown or a missing code", async () => {
    const unknownGroup = await retailerProgramDestination.send(
      program({ hdsfiGroupId: 99 }),
      newState(),
      programConfig(),
      testEnv(),
    );
    expect(unknownGroup).toMatchObject({ outcome: "permanent" });
    expect(errorOf(unknownGroup)).toBe(
      "The lead's HDSFI group (99) is not among the retailer program's groups: add it in the settings.",
    );
    const noAdCode = await secondPartnerDestination.send(
      program({ centahAdCodeId: null }),
      newState(),
      partnerConfig(),
      testEnv(),
    );
    expect(errorOf(noAdCode)).toBe(
      "The lead has no ad code, and the second partner program's settings have no default ad code.",
    );
    const unknownJobType = await retailerProgramDestination.send(
      program({ hdJobTypeId: 77 }),
      newState(),
      programConfig(),
      testEnv(),
    );
    expect(errorOf(unknownJobType)).toMatch(
      /HD job type \(77\) is not among the retailer program's job types/,
    );
    expect(sim.stats("retailerProgram").total + sim.stats("secondPartner").total).toBe(0);
  });
});

describe("the retailer's warehouse number", () => {
  it("is the settings' number for the lead's store; a store without one is permanent", async () => {
    const other = samplePayload({ store: { id: 13, name: "Fairfax", storeNumber: "0452" } });
    const result = await retailerDestination.send(other, newState(), retailerConfig(), testEnv());
    expect(result).toEqual({
      outcome: "permanent",
      error: "Store Fairfax (13) has no warehouse number in the retailer's settings.",
    });
    const noStore = await retailerDestination.send(
      samplePayload({ store: null }),
      newState(),
      retailerConfig(),
      testEnv(),
    );
    expect(errorOf(noStore)).toMatch(/has no store/);
    expect(sim.stats("retailer").total).toBe(0);
  });

  it("names no IME sub-category when none is named as the lead's service type", () => {
    const built = buildPartnerBody(
      "retailer",
      samplePayload({ serviceType: { id: 9, name: "Gutters" } }),
      retailerSettingsFor(sim),
      new Date(),
    );
    expect(built.ok && built.value.program.imeSubCategory).toBeNull();
  });
});

describe("the partner's answers", () => {
  it("is retryable on 429, with the Retry-After in milliseconds", async () => {
    sim.set("retailer", { throttle: true, retryAfterSeconds: 7 });
    const result = await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv());
    expect(result).toMatchObject({ outcome: "retryable", httpStatus: 429, retryAfterMs: 7000 });
    expect(errorOf(result)).toMatch(/^The retailer is limiting the rate of calls \(HTTP 429/);
  });

  it("is retryable when the partner is down, too slow, or the worker's deadline passes", async () => {
    sim.set("retailer", { down: true });
    const down = await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv());
    expect(down).toMatchObject({ outcome: "retryable" });
    expect(errorOf(down)).toMatch(/could not be reached/);
    expect(sim.stats("retailer").dropped).toBe(1);

    sim.set("retailer", { down: false, slow: 400 });
    const quick = partnerDestination("retailer", { timeoutMs: 50 });
    expect(await quick.send(samplePayload(), newState(), retailerConfig(), testEnv())).toEqual({
      outcome: "retryable",
      error: "The destination did not answer in time.",
    });
    const signal = AbortSignal.timeout(50);
    expect(
      await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv({ signal })),
    ).toMatchObject({ outcome: "retryable", error: "The destination did not answer in time." });
  });

  it("is retryable on a 500 (failEvery: every Nth call), and the next call goes through", async () => {
    sim.set("retailer", { failEvery: 2 });
    const outcomes: string[] = [];
    for (let version = 1; version <= 4; version++) {
      const r = await retailerDestination.send(
        samplePayload({ version }),
        newState(),
        retailerConfig(),
        testEnv(),
      );
      outcomes.push(r.outcome === "retryable" ? `retryable ${r.httpStatus}` : r.outcome);
    }
    expect(outcomes).toEqual(["delivered", "retryable 500", "delivered", "retryable 500"]);
    expect(sim.stats("retailer").byStatus).toEqual({ 201: 1, 200: 1, 500: 2 });
  });

  it("keeps one record per key: a cancel after a booking (version 2) replaces it", async () => {
    const first = await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv());
    const appointment = { ...samplePayload().appointment!, status: "cancelled" as const };
    const cancel = await retailerDestination.send(
      samplePayload({ version: 2, appointment }),
      newState({ externalId: "RT-000001" }),
      retailerConfig(),
      testEnv(),
    );
    expect(cancel).toEqual(first);
    expect(sim.records("retailer")).toEqual([
      expect.objectContaining({
        key: "lead-41-retailer",
        id: "RT-000001",
        version: 2,
        status: "cancelled",
        receivedVersions: [1, 2],
        duplicates: 0,
        outOfOrder: 0,
      }),
    ]);
  });

  it("is delivered when the partner already holds a newer version (409), and the partner keeps the newer", async () => {
    await retailerDestination.send(samplePayload({ version: 3 }), newState(), retailerConfig(), testEnv());
    const late = await retailerDestination.send(
      samplePayload({ version: 2 }),
      newState(),
      retailerConfig(),
      testEnv(),
    );
    expect(late).toEqual({ outcome: "delivered", externalId: "RT-000001", externalIds: {} });
    expect(sim.stats("retailer").byStatus).toEqual({ 201: 1, 409: 1 });
    expect(sim.records("retailer")[0]).toMatchObject({ version: 3, receivedVersions: [3, 2], outOfOrder: 1 });
  });

  it("is delivered again for the same version (a retry after an unclear answer), counted as a duplicate", async () => {
    await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv());
    const again = await retailerDestination.send(
      samplePayload(),
      newState({ unclear: true }),
      retailerConfig(),
      testEnv(),
    );
    expect(again).toMatchObject({ outcome: "delivered", externalId: "RT-000001" });
    expect(sim.records("retailer")).toHaveLength(1);
    expect(sim.records("retailer")[0]).toMatchObject({ duplicates: 1, receivedVersions: [1, 1] });
  });

  it("is permanent when the signature is refused (another secret)", async () => {
    const result = await retailerDestination.send(
      samplePayload(),
      newState(),
      retailerConfig({ secret: "not-the-partners-secret" }),
      testEnv(),
    );
    expect(result).toEqual({
      outcome: "permanent",
      error: "The retailer refused our signature: check the shared secret.",
      httpStatus: 401,
    });
  });

  it("is permanent on a 400, with the partner's field messages", async () => {
    // The body is right, so make the path's key disagree with it (the signature covers the body only).
    const env = testEnv({
      fetch: (url, init) => globalThis.fetch(String(url).replace("lead-41-retailer", "someone-else"), init),
    });
    const result = await retailerDestination.send(samplePayload(), newState(), retailerConfig(), env);
    expect(result).toMatchObject({
      outcome: "permanent",
      httpStatus: 400,
      fieldErrors: { key: ["The key in the path and in the body differ."] },
    });
    expect(errorOf(result)).toBe(
      "The retailer refused the lead (HTTP 400: The lead is not valid.): key: The key in the path and in the body differ.",
    );
  });

  it("is permanent on a 404: the endpoint in the settings is wrong", async () => {
    const config = retailerConfig();
    const result = await retailerDestination.send(
      samplePayload(),
      newState(),
      { ...config, settings: { ...config.settings, endpoint: `${sim.baseUrl}/nowhere` } },
      testEnv(),
    );
    expect(result).toMatchObject({ outcome: "permanent", httpStatus: 404 });
    expect(errorOf(result)).toMatch(
      /^The retailer has nothing at this address \(check the endpoint in the settings\)/,
    );
  });

  it("does not follow a redirect: the endpoint has moved, a person fixes the settings", async () => {
    const moved: typeof fetch = async () =>
      new Response(null, { status: 308, headers: { location: "https://elsewhere.example/v1/leads/x" } });
    const result = await retailerDestination.send(
      samplePayload(),
      newState(),
      retailerConfig(),
      testEnv({ fetch: moved }),
    );
    expect(result).toEqual({
      outcome: "permanent",
      error:
        "The retailer's endpoint answers with a redirect (HTTP 308 to https://elsewhere.example/v1/leads/x): check the endpoint in the settings.",
      httpStatus: 308,
    });
  });

  it("is permanent when the stored settings are incomplete, naming the field", async () => {
    const result = await retailerDestination.send(
      samplePayload(),
      newState(),
      {
        settings: { ...retailerSettingsFor(sim), endpoint: "ftp://partner" },
        credentials: { secret: "short" },
      },
      testEnv(),
    );
    expect(result).toMatchObject({ outcome: "permanent" });
    expect(errorOf(result)).toMatch(/endpoint: The endpoint is the address of the partner's API/);
    expect(errorOf(result)).toMatch(/secret: The shared secret has at least 16 characters\./);
    expect(errorOf(result)).not.toContain("short");
  });
});

describe("test()", () => {
  it("answers who the partner takes us for, for each partner", async () => {
    expect(await retailerDestination.test!(retailerConfig(), testEnv())).toEqual({
      outcome: "ok",
      value: { message: "The retailer answered: connected as vendor 1234." },
    });
    expect(await retailerProgramDestination.test!(programConfig(), testEnv())).toEqual({
      outcome: "ok",
      value: { message: "The retailer program answered: connected as vendor FieldLead." },
    });
    expect((await secondPartnerDestination.test!(partnerConfig(), testEnv())).outcome).toBe("ok");
    expect(sim.calls("retailer").map((c) => [c.method, c.path, c.status])).toEqual([
      ["GET", "/v1/ping", 200],
    ]);
  });

  it("fails with the secret refused, another vendor number, or the partner down", async () => {
    expect(await retailerDestination.test!(retailerConfig({ secret: "x".repeat(20) }), testEnv())).toEqual({
      outcome: "permanent",
      error: "The retailer refused our signature: check the shared secret.",
      httpStatus: 401,
    });
    const config = retailerConfig();
    const mixedUp = await retailerDestination.test!(
      { ...config, settings: { ...config.settings, vendorNumber: "9999" } },
      testEnv(),
    );
    expect(errorOf(mixedUp)).toBe(
      "The retailer knows this secret as vendor 1234, but the settings say vendor 9999: check the vendor number.",
    );
    sim.set("retailer", { down: true });
    expect((await retailerDestination.test!(retailerConfig(), testEnv())).outcome).toBe("retryable");
  });
});

describe("the secret", () => {
  it("is never in a body sent nor in an error message", async () => {
    const results: (DeliveryResult | ReadResult<unknown>)[] = [];
    results.push(
      await retailerDestination.send(samplePayload(), newState(), retailerConfig(), testEnv()),
      await retailerDestination.send(
        samplePayload({ version: 2 }),
        newState(),
        retailerConfig({ secret: "wrong-secret-wrong-secret" }),
        testEnv(),
      ),
      await retailerDestination.test!(retailerConfig(), testEnv()),
      await retailerProgramDestination.send(samplePayload(), newState(), programConfig(), testEnv()),
      await secondPartnerDestination.send(samplePayload(), newState(), partnerConfig(), testEnv()),
    );
    sim.set("retailer", { fail: true });
    results.push(
      await retailerDestination.send(samplePayload({ version: 3 }), newState(), retailerConfig(), testEnv()),
    );
    for (const kind of PARTNER_KINDS)
      for (const call of sim.calls(kind as PartnerKind)) {
        expect(call.body).not.toContain(sim.secrets[kind]);
        expect(call.body).not.toContain("wrong-secret-wrong-secret");
      }
    for (const r of results) {
      expect(JSON.stringify(r)).not.toContain(sim.secrets.retailer);
      expect(JSON.stringify(r)).not.toContain("wrong-secret-wrong-secret");
    }
  });

  it("is blanked out of what a partner echoes back in an error", async () => {
    const secret = sim.secrets.retailer;
    const echo: typeof fetch = async () =>
      new Response(JSON.stringify({ title: `Bad secret ${secret}`, errors: { secret: [`got ${secret}`] } }), {
        status: 422,
        headers: { "content-type": "application/problem+json" },
      });
    const result = await retailerDestination.send(
      samplePayload(),
      newState(),
      retailerConfig(),
      testEnv({ fetch: echo }),
    );
    expect(result).toMatchObject({
      outcome: "permanent",
      httpStatus: 422,
      fieldErrors: { secret: ["got [secret]"] },
    });
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});

describe("the settings schemas", () => {
  it("apply their defaults and refuse what a manager must fix, in words", () => {
    expect(retailerSettings.parse({ endpoint: "https://partner.example/api", vendorNumber: "1234" })).toEqual(
      {
        endpoint: "https://partner.example/api",
        vendorNumber: "1234",
        storeNumbers: {},
        imeSubCategories: [],
      },
    );
    const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.error?.issues.map((i) => i.message) ?? [];
    expect(
      messages(
        retailerSettings.safeParse({
          endpoint: "partner.example",
          vendorNumber: " ",
          storeNumbers: { x: "1" },
        }),
      ),
    ).toEqual([
      "The endpoint is the address of the partner's API, starting with https:// (no ? or #).",
      "Give our vendor number at the retailer.",
      "Name each store by its id (digits).",
    ]);
    expect(
      messages(
        retailerProgramSettings.safeParse({
          endpoint: "https://p.example",
          groups: [
            { id: 1, name: "A", code: "A" },
            { id: 1, name: "B", code: "" },
          ],
          defaultJobTypeId: 5,
        }),
      ),
    ).toEqual([
      "Each HDSFI group needs the program's code.",
      "Two HDSFI groups have the id 1.",
      "The default HD job type (5) is not one of the HD job types.",
    ]);
    expect(
      messages(
        secondPartnerSettings.safeParse({
          endpoint: "https://p.example",
          serviceIds: [
            { id: 1, name: "A", code: "A" },
            { id: 1, name: "B", code: "B" },
          ],
          defaultAdCodeId: 5,
        }),
      ),
    ).toEqual(["Two services have the id 1.", "The default ad code (5) is not one of the ad codes."]);
  });
});
