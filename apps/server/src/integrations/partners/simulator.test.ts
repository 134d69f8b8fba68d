import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPartnerBody, signedHeaders } from "./adapter";
import { type PartnerKind, retailerSettings } from "./schemas";
import { PARTNER_HEADERS } from "./signature";
import { PARTNER_SIMULATOR_SECRETS, type PartnerSimulator, startPartnerSimulator } from "./simulator";
import { retailerSettingsFor, samplePayload } from "./test-support";

/** The simulator's own protocol over HTTP: its checks, its counts, its switches and its admin paths. */

let sim: PartnerSimulator;

beforeAll(async () => {
  sim = await startPartnerSimulator({ port: 0 });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.clear();
});

/** A retailer body of this version, as the adapter builds it. */
function retailerBody(version: number, more: Record<string, unknown> = {}) {
  const built = buildPartnerBody(
    "retailer",
    samplePayload({ version }),
    retailerSettings.parse(retailerSettingsFor(sim)),
    new Date(),
  );
  if (!built.ok) throw new Error(built.failure.error);
  return JSON.stringify({ ...built.value, ...more });
}

/** A signed PUT, by hand (as a partner's own test would send one). */
function put(kind: PartnerKind, key: string, body: string, secret = sim.secrets[kind], at = new Date()) {
  return fetch(`${sim.url(kind)}/v1/leads/${encodeURIComponent(key)}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...signedHeaders(secret, at, body) },
    body,
  });
}

const admin = (kind: string, path: string, init?: RequestInit) =>
  fetch(`${sim.baseUrl}/__simulator/${kind}${path}`, init);

describe("the partner simulator", () => {
  it("keeps one record per key, the highest version, and counts duplicates and late versions", async () => {
    const key = "lead-41-retailer";
    const statuses: number[] = [];
    for (const version of [1, 1, 3, 2, 3])
      statuses.push((await put("retailer", key, retailerBody(version))).status);
    expect(statuses).toEqual([201, 200, 200, 409, 200]);
    const late = await put("retailer", key, retailerBody(2));
    expect(await late.json()).toMatchObject({ status: 409, id: "RT-000001", currentVersion: 3 });
    const records = (await (await admin("retailer", "/records")).json()) as unknown[];
    expect(records).toEqual([
      {
        key,
        id: "RT-000001",
        version: 3,
        status: "booked",
        appointmentStart: "2026-03-02T15:00:00.000Z",
        receivedVersions: [1, 1, 3, 2, 3, 2],
        duplicates: 2,
        outOfOrder: 2,
        updatedAt: expect.any(String),
      },
    ]);
    const one = (await (await admin("retailer", `/records/${key}`)).json()) as { body: { version: number } };
    expect(one.body.version).toBe(3);
    expect(sim.stats("retailer")).toEqual({ total: 6, byStatus: { 200: 3, 201: 1, 409: 2 }, dropped: 0 });
  });

  it("refuses a bad signature or an old timestamp with a 401 problem, and each mount has its own secret", async () => {
    const body = retailerBody(1);
    const tampered = await fetch(`${sim.url("retailer")}/v1/leads/lead-41-retailer`, {
      method: "PUT",
      headers: { ...signedHeaders(sim.secrets.retailer, new Date(), body) },
      body: body.replace("Dana", "Dina"),
    });
    expect(tampered.status).toBe(401);
    expect(await tampered.json()).toMatchObject({ status: 401, reason: "mismatch" });
    const old = await put(
      "retailer",
      "lead-41-retailer",
      body,
      sim.secrets.retailer,
      new Date(Date.now() - 600_000),
    );
    expect(await old.json()).toMatchObject({ reason: "staleTimestamp" });
    const unsigned = await fetch(`${sim.url("retailer")}/v1/ping`);
    expect(await unsigned.json()).toMatchObject({ reason: "missingTimestamp" });
    // The retailer's secret means nothing to the retailer program.
    const ping = await fetch(`${sim.url("retailerProgram")}/v1/ping`, {
      headers: signedHeaders(sim.secrets.retailer, new Date(), ""),
    });
    expect(ping.status).toBe(401);
    expect(sim.records("retailer")).toEqual([]);
  });

  it("refuses a body that does not match the protocol with 400 and field messages", async () => {
    const res = await put("retailer", "lead-41-retailer", retailerBody(1, { version: 0, status: "maybe" }));
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(problem.errors).sort()).toEqual(["status", "version"]);
    const notJson = await put("retailer", "lead-41-retailer", "{");
    expect(notJson.status).toBe(400);
    // A retailer body is not a retailer program body (no HDSFI codes).
    const wrongMount = await put("retailerProgram", "lead-41-retailer", retailerBody(1));
    expect(Object.keys(((await wrongMount.json()) as { errors: object }).errors)).toEqual(
      expect.arrayContaining(["program.hdsfiGroup", "program.hdJobType"]),
    );
  });

  it("checks the Idempotency-Key header against the path's key", async () => {
    const body = retailerBody(1);
    const res = await fetch(`${sim.url("retailer")}/v1/leads/lead-41-retailer`, {
      method: "PUT",
      headers: {
        ...signedHeaders(sim.secrets.retailer, new Date(), body),
        [PARTNER_HEADERS.idempotencyKey]: "x",
      },
      body,
    });
    expect(res.status).toBe(400);
  });

  it("answers a signed ping with who it takes us for", async () => {
    const res = await fetch(`${sim.url("secondPartner")}/v1/ping`, {
      headers: signedHeaders(PARTNER_SIMULATOR_SECRETS.secondPartner, new Date(), ""),
    });
    expect(await res.json()).toEqual({ ok: true, vendor: "FieldLead" });
  });

  it("turns one mount's switches on and off over HTTP, leaving the others alone", async () => {
    const on = await admin("retailer", "/switches", {
      method: "POST",
      body: JSON.stringify({ rateLimit: 2, retryAfterSeconds: 9 }),
    });
    expect(((await on.json()) as { switches: object }).switches).toMatchObject({
      rateLimit: 2,
      retryAfterSeconds: 9,
    });
    const limited = await put("retailer", "k", retailerBody(1, { key: "k" }));
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "9"]);
    expect((await put("retailer", "k", retailerBody(1, { key: "k" }))).status).toBe(429);
    expect((await put("retailer", "k", retailerBody(1, { key: "k" }))).status).toBe(201);
    expect(sim.switches("retailerProgram").rateLimit).toBe(0);

    await admin("retailer", "/switches", { method: "POST", body: JSON.stringify({ fail: true }) });
    expect((await put("retailer", "k", retailerBody(2, { key: "k" }))).status).toBe(500);
    const refused = await admin("retailer", "/switches", {
      method: "POST",
      body: JSON.stringify({ slow: -1 }),
    });
    expect(refused.status).toBe(400);
    await admin("retailer", "/switches", { method: "POST", body: JSON.stringify({ reset: true }) });
    const state = (await (await admin("retailer", "/switches")).json()) as {
      switches: object;
      stats: object;
    };
    expect(state.switches).toEqual({
      down: false,
      slow: 0,
      fail: false,
      failEvery: 0,
      throttle: false,
      rateLimit: 0,
      retryAfterSeconds: 1,
    });
    expect(state.stats).toMatchObject({ byStatus: { 201: 1, 429: 2, 500: 1 } });
    expect((await admin("retailer", "/records", { method: "DELETE" })).status).toBe(200);
    expect(sim.records("retailer")).toEqual([]);
    expect((await admin("nowhere", "/switches")).status).toBe(404);
  });
});
