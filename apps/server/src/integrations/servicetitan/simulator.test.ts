import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceTitanSimulator, simulatedBooked, startServiceTitanSimulator } from "./simulator";

/** The simulator's own protocol: its admin path, its list parameters, its plausible week. */

let sim: ServiceTitanSimulator;
let token: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${sim.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "st-app-key": sim.credentials.appKey, ...init.headers },
  });
const tenant = () => `/v2/tenant/${sim.credentials.tenantId}`;

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  const res = await fetch(`${sim.url}/connect/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: sim.credentials.clientId,
      client_secret: sim.credentials.clientSecret,
    }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(() => sim.close());

describe("the ServiceTitan simulator", () => {
  it("turns its switches on and off over HTTP", async () => {
    const on = await fetch(`${sim.url}/__simulator/switches`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rateLimit: 1, retryAfterSeconds: 7 }),
    });
    expect(((await on.json()) as { switches: object }).switches).toMatchObject({
      rateLimit: 1,
      retryAfterSeconds: 7,
    });
    const limited = await api(`/marketing${tenant()}/campaigns`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect((await api(`/marketing${tenant()}/campaigns`)).status).toBe(200);

    await fetch(`${sim.url}/__simulator/switches`, { method: "POST", body: JSON.stringify({ fail: true }) });
    expect((await api(`/marketing${tenant()}/campaigns`)).status).toBe(500);
    await fetch(`${sim.url}/__simulator/switches`, { method: "POST", body: JSON.stringify({ reset: true }) });
    const state = (await (await fetch(`${sim.url}/__simulator/switches`)).json()) as { switches: object };
    expect(state.switches).toEqual({
      fail: false,
      slow: 0,
      rateLimit: 0,
      retryAfterSeconds: 1,
      down: false,
      failEvery: 0,
      throttle: false,
      dropAfterWrite: 0,
    });
  });

  it("pages lists with page, pageSize, active, ids and includeTotal", async () => {
    const page2 = (await (
      await api(`/settings${tenant()}/technicians?page=2&pageSize=4&includeTotal=true`)
    ).json()) as {
      page: number;
      hasMore: boolean;
      totalCount: number;
      data: { id: number }[];
    };
    expect(page2).toMatchObject({ page: 2, pageSize: 4, hasMore: false, totalCount: 6 });
    expect(page2.data.map((t) => t.id)).toEqual([7005, 7006]);
    const active = (await (await api(`/jpm${tenant()}/job-types`)).json()) as { data: { active: boolean }[] };
    expect(active.data.every((j) => j.active)).toBe(true);
    const any = (await (await api(`/jpm${tenant()}/job-types?active=Any`)).json()) as { data: unknown[] };
    expect(any.data).toHaveLength(6);
    const ids = (await (await api(`/marketing${tenant()}/campaigns?ids=9302,9304`)).json()) as {
      data: { id: number }[];
    };
    expect(ids.data.map((c) => c.id)).toEqual([9302, 9304]);
    const bad = await api(`/settings${tenant()}/business-units?page=0`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: object }).errors).toHaveProperty("page");
  });

  it("answers 404 for paths it does not serve and 401 for an unknown token", async () => {
    expect((await api(`/settings${tenant()}/capacity`)).status).toBe(404);
    expect((await api(`/dispatch${tenant()}/capacity`)).status).toBe(404);
    const unknown = await fetch(`${sim.url}/settings${tenant()}/technicians`, {
      headers: { authorization: "Bearer nope", "st-app-key": sim.credentials.appKey },
    });
    expect(unknown.status).toBe(401);
  });

  it("books about 40% of technician slots, the same way every time", () => {
    let booked = 0;
    let total = 0;
    for (let day = 1; day <= 28; day++)
      for (let slot = 0; slot < 5; slot++)
        for (let tech = 7001; tech <= 7006; tech++) {
          total++;
          if (simulatedBooked(`2026-02-${String(day).padStart(2, "0")}`, slot, tech)) booked++;
        }
    expect(booked / total).toBeGreaterThan(0.3);
    expect(booked / total).toBeLessThan(0.65);
    expect(simulatedBooked("2026-03-02", 1, 7001)).toBe(simulatedBooked("2026-03-02", 1, 7001));
  });
});
