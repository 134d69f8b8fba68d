import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  backoffDelay,
  DEFAULT_RETRY,
  memoryTokenCache,
  type ServiceTitanConnection,
  type ServiceTitanEnv,
  serviceTitanClient,
} from "./client";
import { type ServiceTitanSimulator, startServiceTitanSimulator } from "./simulator";
import { simulatedTenant } from "./simulator-data";

/** The client against the simulator over real HTTP (port 0): no call leaves this machine. */

let sim: ServiceTitanSimulator;
let waits: number[];

const connection = (more: Partial<ServiceTitanConnection> = {}): ServiceTitanConnection => ({
  apiUrl: sim.url,
  authUrl: sim.url,
  tenantId: sim.credentials.tenantId,
  clientId: sim.credentials.clientId,
  clientSecret: sim.credentials.clientSecret,
  appKey: sim.credentials.appKey,
  ...more,
});

/** Waits are recorded, not slept: backoff is checked by value. */
const env = (more: ServiceTitanEnv = {}): ServiceTitanEnv => ({
  sleep: async (ms) => {
    waits.push(ms);
  },
  random: () => 0.5,
  ...more,
});

const apiCalls = () => sim.stats().calls;

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.reset();
  sim.clearStats();
  Object.assign(sim.data, simulatedTenant());
  waits = [];
});

describe("tokens", () => {
  it("fetches one token for many calls, and sends it with the ST-App-Key on every call", async () => {
    const client = serviceTitanClient(connection(), env());
    for (const read of [client.technicians, client.businessUnits, client.jobTypes, client.campaigns]) {
      expect((await read()).outcome).toBe("ok");
    }
    expect((await client.technicians()).outcome).toBe("ok");
    expect(sim.stats().tokenRequests).toBe(1);
    expect(apiCalls()).toHaveLength(5);
    expect(apiCalls().every((c) => c.appKey === sim.credentials.appKey && c.status === 200)).toBe(true);
  });

  it("shares one token fetch between calls made at the same moment", async () => {
    const client = serviceTitanClient(connection(), env());
    const answers = await Promise.all([client.technicians(), client.campaigns(), client.jobTypes()]);
    expect(answers.map((a) => a.outcome)).toEqual(["ok", "ok", "ok"]);
    expect(sim.stats().tokenRequests).toBe(1);
  });

  it("keeps tokens per connection in a shared cache: a second client of the same connection fetches none", async () => {
    const tokens = memoryTokenCache();
    await serviceTitanClient(connection(), env({ tokens })).campaigns();
    await serviceTitanClient(connection(), env({ tokens })).campaigns();
    expect(sim.stats().tokenRequests).toBe(1);
  });

  it("renews the token shortly before expires_in runs out", async () => {
    let clock = Date.parse("2026-03-02T12:00:00Z");
    const client = serviceTitanClient(connection(), env({ now: () => new Date(clock) }));
    await client.campaigns();
    clock += 800_000; // 800 s of 900: still more than the minute's margin left
    await client.campaigns();
    expect(sim.stats().tokenRequests).toBe(1);
    clock += 50_000; // 850 s: inside the last minute
    await client.campaigns();
    expect(sim.stats().tokenRequests).toBe(2);
  });

  it("fetches a new token once when a call answers 401, and the call succeeds", async () => {
    const client = serviceTitanClient(connection(), env());
    await client.campaigns();
    sim.revokeTokens();
    const again = await client.campaigns();
    expect(again.outcome).toBe("ok");
    expect(sim.stats().tokenRequests).toBe(2);
    expect(apiCalls().map((c) => c.status)).toEqual([200, 401, 200]);
  });

  it("answers permanent when the client id or secret is refused", async () => {
    const client = serviceTitanClient(connection({ clientSecret: "wrong" }), env());
    const answer = await client.technicians();
    expect(answer).toMatchObject({ outcome: "permanent", httpStatus: 400 });
    expect(answer.outcome !== "ok" && answer.error).toMatch(/client id or secret/);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("the simulator's checks", () => {
  it("refuses a call without this app's ST-App-Key (403, permanent)", async () => {
    const answer = await serviceTitanClient(connection({ appKey: "ak1.someone-else" }), env()).campaigns();
    expect(answer).toMatchObject({ outcome: "permanent", httpStatus: 403 });
    expect(apiCalls().map((c) => [c.status, c.appKey])).toEqual([[403, "ak1.someone-else"]]);
  });

  it("refuses another tenant's path (404, permanent)", async () => {
    const answer = await serviceTitanClient(connection({ tenantId: 99 }), env()).campaigns();
    expect(answer).toMatchObject({ outcome: "permanent", httpStatus: 404 });
  });

  it("takes the token only form-encoded, and a bare token as well as a Bearer one", async () => {
    const json = await fetch(`${sim.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    expect(json.status).toBe(400);
    const form = await fetch(`${sim.url}/connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: sim.credentials.clientId,
        client_secret: sim.credentials.clientSecret,
      }),
    });
    const token = (await form.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(token).toMatchObject({ expires_in: 900, token_type: "Bearer" });
    const bare = await fetch(`${sim.url}/marketing/v2/tenant/${sim.credentials.tenantId}/campaigns`, {
      headers: { authorization: token.access_token, "st-app-key": sim.credentials.appKey },
    });
    expect(bare.status).toBe(200);
    const noKey = await fetch(`${sim.url}/marketing/v2/tenant/${sim.credentials.tenantId}/campaigns`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(noKey.status).toBe(403);
    expect((await noKey.json()) as object).toMatchObject({ status: 403, title: expect.any(String) });
  });
});

describe("lists", () => {
  it("reads every page until hasMore is false, inactive items included", async () => {
    for (let i = 0; i < 5; i++)
      sim.data.technicians.push({
        ...sim.data.technicians[0],
        id: 7100 + i,
        name: `Extra ${i}`,
        active: i !== 4,
      });
    const client = serviceTitanClient(connection(), env(), { pageSize: 4 });
    const answer = await client.technicians();
    expect(answer.outcome).toBe("ok");
    if (answer.outcome !== "ok") return;
    expect(answer.value).toHaveLength(11);
    expect(answer.value.filter((t) => !t.active).map((t) => t.id)).toEqual([7104]);
    expect(apiCalls()).toHaveLength(3);
  });

  it("answers each list in the vendor's shape", async () => {
    const client = serviceTitanClient(connection(), env());
    const [techs, units, types, campaigns] = await Promise.all([
      client.technicians(),
      client.businessUnits(),
      client.jobTypes(),
      client.campaigns(),
    ]);
    if (
      techs.outcome !== "ok" ||
      units.outcome !== "ok" ||
      types.outcome !== "ok" ||
      campaigns.outcome !== "ok"
    )
      throw new Error("a list failed");
    expect(techs.value).toHaveLength(6);
    expect(new Set(techs.value.map((t) => t.businessUnitId))).toEqual(new Set(units.value.map((u) => u.id)));
    expect(techs.value[0]).toMatchObject({
      email: expect.stringContaining("@"),
      phoneNumber: expect.any(String),
    });
    expect(types.value.some((t) => !t.active)).toBe(true);
    expect(campaigns.value[0]).toMatchObject({ category: { name: expect.any(String) } });
  });
});

describe("retries and failures", () => {
  it("answers 429 with the wait Retry-After says, then succeeds", async () => {
    sim.set({ rateLimit: 2, retryAfterSeconds: 0 });
    const answer = await serviceTitanClient(connection(), env()).campaigns();
    expect(answer.outcome).toBe("ok");
    expect(apiCalls().map((c) => c.status)).toEqual([429, 429, 200]);
    expect(waits).toEqual([0, 0]);
  });

  it("backs off exponentially with jitter when a 429 has no Retry-After", async () => {
    sim.set({ rateLimit: 3, retryAfterSeconds: null });
    const answer = await serviceTitanClient(connection(), env()).campaigns();
    expect(answer.outcome).toBe("ok");
    // random() is 0.5: half of 300, 600, 1200 ms.
    expect(waits).toEqual([150, 300, 600]);
    expect(backoffDelay(10, DEFAULT_RETRY, () => 0.999)).toBeLessThan(DEFAULT_RETRY.maxDelayMs);
  });

  it("gives up after the attempts run out: retryable, with the status and the wait the CRM asked for", async () => {
    sim.set({ rateLimit: 10, retryAfterSeconds: 2 });
    const answer = await serviceTitanClient(connection(), env(), { retry: { maxAttempts: 3 } }).campaigns();
    expect(answer).toMatchObject({ outcome: "retryable", httpStatus: 429, retryAfterMs: 2000 });
    expect(apiCalls()).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
  });

  it("does not wait for a Retry-After longer than the policy allows", async () => {
    sim.set({ rateLimit: 1, retryAfterSeconds: 120 });
    const answer = await serviceTitanClient(connection(), env()).campaigns();
    expect(answer).toMatchObject({ outcome: "retryable", retryAfterMs: 120_000 });
    expect(waits).toEqual([]);
  });

  it("translates 500s into retryable, after the bounded attempts", async () => {
    sim.set({ fail: true });
    const answer = await serviceTitanClient(connection(), env()).campaigns();
    expect(answer).toMatchObject({ outcome: "retryable" });
    // The token endpoint fails too: every attempt is one token request.
    expect(sim.stats().tokenRequests).toBe(DEFAULT_RETRY.maxAttempts);
  });

  it("translates a CRM that drops connections into retryable: could not be reached", async () => {
    sim.set({ down: true });
    const answer = await serviceTitanClient(connection(), env(), { retry: { maxAttempts: 2 } }).campaigns();
    expect(answer).toMatchObject({ outcome: "retryable" });
    expect(answer.outcome !== "ok" && answer.error).toMatch(/could not be reached/);
  });

  it("times out a slow call: retryable, did not answer in time", async () => {
    const client = serviceTitanClient(connection(), env(), { timeoutMs: 100, retry: { maxAttempts: 1 } });
    sim.set({ slow: 400 });
    const started = Date.now();
    const answer = await client.campaigns();
    expect(answer).toMatchObject({ outcome: "retryable" });
    expect(answer.outcome !== "ok" && answer.error).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(350);
  });

  it("stops when the caller's signal aborts, whatever attempt it is in", async () => {
    sim.set({ rateLimit: 10, retryAfterSeconds: null });
    const client = serviceTitanClient(connection(), { random: () => 0.99 });
    const answer = await client.campaigns({ signal: AbortSignal.timeout(150) });
    expect(answer).toMatchObject({ outcome: "retryable", error: expect.stringMatching(/in time/) });
  });

  it("answers permanent for an answer of the wrong shape, naming the field", async () => {
    const fakeFetch: typeof fetch = async (input) =>
      String(input).endsWith("/connect/token")
        ? Response.json({ access_token: "t", expires_in: 900, token_type: "Bearer" })
        : Response.json({ page: 1, pageSize: 50, hasMore: false, data: [{ id: "seven", name: "X" }] });
    const answer = await serviceTitanClient(connection(), env({ fetch: fakeFetch })).campaigns();
    expect(answer).toMatchObject({ outcome: "permanent", error: expect.stringMatching(/data\.0\.id/) });
  });

  it("answers permanent for a 400 with the vendor's field messages", async () => {
    const answer = await serviceTitanClient(connection(), env()).capacity({
      startsOnOrAfter: "2026-03-02T00:00:00Z",
      endsOnOrBefore: "2026-09-02T00:00:00Z",
      skillBasedAvailability: false,
    });
    expect(answer).toMatchObject({
      outcome: "permanent",
      httpStatus: 400,
      fieldErrors: { endsOnOrBefore: [expect.stringMatching(/at most/)] },
    });
  });
});

describe("capacity", () => {
  const week = { startsOnOrAfter: "2026-03-02T05:00:00Z", endsOnOrBefore: "2026-03-09T05:00:00Z" };

  it("answers two-hour slots of the weekdays 08:00-18:00 in the tenant's zone, some of them full", async () => {
    const answer = await serviceTitanClient(connection(), env()).capacity({
      ...week,
      skillBasedAvailability: false,
    });
    if (answer.outcome !== "ok") throw new Error(answer.error);
    const slots = answer.value.availabilities;
    // Monday 2 March to Friday 6 March 2026: 5 days of 5 slots.
    expect(slots).toHaveLength(25);
    expect(slots[0]).toMatchObject({
      start: "2026-03-02T08:00:00",
      end: "2026-03-02T10:00:00",
      startUtc: "2026-03-02T13:00:00.000Z",
      totalAvailability: 12,
    });
    expect(slots.some((s) => s.openAvailability === 0 && !s.isAvailable)).toBe(true);
    expect(slots.some((s) => s.openAvailability > 0 && s.isAvailable)).toBe(true);
  });

  it("narrows to the business units asked for, and to the job type's", async () => {
    const client = serviceTitanClient(connection(), env());
    const hvac = await client.capacity({ ...week, businessUnitIds: [5101], skillBasedAvailability: false });
    if (hvac.outcome !== "ok") throw new Error(hvac.error);
    expect(hvac.value.availabilities[0]).toMatchObject({ businessUnitIds: [5101], totalAvailability: 6 });
    const plumbingType = await client.capacity({ ...week, jobTypeId: 8203, skillBasedAvailability: false });
    if (plumbingType.outcome !== "ok") throw new Error(plumbingType.error);
    expect(plumbingType.value.availabilities[0].businessUnitIds).toEqual([5102]);
    expect(plumbingType.value.availabilities[0].technicians.map((t) => t.id)).toEqual([7004, 7005, 7006]);
  });
});
