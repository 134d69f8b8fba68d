import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import {
  type ServiceTitanSimulator,
  simulatedCapacity,
  startServiceTitanSimulator,
} from "../../integrations/servicetitan/simulator";
import { simulatedTenant } from "../../integrations/servicetitan/simulator-data";
import { type CrmCapacity, crmCapacity } from "./crm.capacity";
import { crmClients } from "./crm.clients";
import { crmRepository } from "./crm.repository";

/**
 * The capacity port against the simulator: `checked` with the CRM's slots, `notConnected` without a connection,
 * `unavailable` when the CRM is slow past the deadline or down, and never a thrown error.
 */

let t: TestApp;
let sim: ServiceTitanSimulator;
let east: number;
let west: number;
let clock: number;

/** Monday 2 March to Saturday 7 March 2026, New York. */
const FROM = new Date("2026-03-02T05:00:00Z");
const TO = new Date("2026-03-07T05:00:00Z");

const port = (more: Partial<Parameters<typeof crmCapacity>[0]> = {}): CrmCapacity =>
  crmCapacity({
    uow: t.app.deps.platform.uow,
    clients: crmClients(crmRepository()),
    timeoutMs: 400,
    now: () => new Date(clock),
    ...more,
  });

const capacityCalls = () => sim.stats().calls.filter((c) => c.path.endsWith("/capacity")).length;

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  await crmRepository().saveConnection(t.database.db, {
    organizationId: east,
    apiUrl: sim.url,
    authUrl: sim.url,
    tenantId: sim.credentials.tenantId,
    clientId: sim.credentials.clientId,
    clientSecret: sim.credentials.clientSecret,
    appKey: sim.credentials.appKey,
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.reset();
  sim.clearStats();
  clock = Date.parse("2026-03-01T12:00:00Z");
});

const ask = (
  p: CrmCapacity,
  more: { businessUnitIds?: number[]; jobTypeId?: number | null; organizationId?: number } = {},
) => p.check({ organizationId: east, from: FROM, to: TO, businessUnitIds: [], jobTypeId: null, ...more });

describe("the CRM capacity port", () => {
  it("answers checked: a window the CRM can take, one it cannot, one overlapping both", async () => {
    const expected = simulatedCapacity(simulatedTenant(), {
      from: FROM,
      to: TO,
      businessUnitIds: [],
      now: new Date(),
    }).availabilities;
    const full = expected.find((a) => a.openAvailability === 0);
    const open = expected.find((a) => a.openAvailability > 0);
    if (!full || !open) throw new Error("the simulated week has no full slot or no open one");
    const window = (a: { startUtc: string; endUtc: string }) => ({
      startsAt: new Date(a.startUtc),
      endsAt: new Date(a.endUtc),
    });

    const answer = await ask(port());
    expect(answer.status).toBe("checked");
    if (answer.status !== "checked") return;
    expect(answer.takes(window(open))).toBe(true);
    expect(answer.takes(window(full))).toBe(false);
    // Saturday: nobody works.
    expect(
      answer.takes({ startsAt: new Date("2026-03-07T14:00:00Z"), endsAt: new Date("2026-03-07T16:00:00Z") }),
    ).toBe(false);
    // The first slot of the range, asked for by a window starting inside it: the range is widened at its edges.
    const first = expected[0];
    const inside = await port().check({
      organizationId: east,
      from: new Date(Date.parse(first.startUtc) + 3_600_000),
      to: new Date(first.endUtc),
      businessUnitIds: [],
      jobTypeId: null,
    });
    if (inside.status !== "checked") throw new Error(inside.status);
    expect(
      inside.takes({
        startsAt: new Date(Date.parse(first.startUtc) + 3_600_000),
        endsAt: new Date(first.endUtc),
      }),
    ).toBe(first.openAvailability > 0);
  });

  it("asks the CRM once for the same organization and question within a minute", async () => {
    const p = port();
    const answers = await Promise.all([ask(p), ask(p), ask(p)]);
    await ask(p);
    expect(answers.map((a) => a.status)).toEqual(["checked", "checked", "checked"]);
    expect(capacityCalls()).toBe(1);
    await ask(p, { businessUnitIds: [5101] });
    expect(capacityCalls()).toBe(2);
    clock += 61_000;
    await ask(p);
    expect(capacityCalls()).toBe(3);
  });

  it("narrows to the business units and the job type asked for", async () => {
    const p = port();
    const plumbing = await ask(p, { jobTypeId: 8203 });
    const all = await ask(p);
    if (plumbing.status !== "checked" || all.status !== "checked") throw new Error("not checked");
    const hvacOnly = simulatedCapacity(simulatedTenant(), {
      from: FROM,
      to: TO,
      businessUnitIds: [5101],
      now: new Date(),
    }).availabilities;
    const plumbingOnly = simulatedCapacity(simulatedTenant(), {
      from: FROM,
      to: TO,
      businessUnitIds: [5102],
      now: new Date(),
    }).availabilities;
    // A slot where only the HVAC technicians are free: the plumbing job type cannot take it.
    const slot = hvacOnly.find(
      (a, i) => a.openAvailability > 0 && plumbingOnly[i] && plumbingOnly[i].openAvailability === 0,
    );
    if (!slot) throw new Error("no slot free for HVAC only");
    const w = { startsAt: new Date(slot.startUtc), endsAt: new Date(slot.endUtc) };
    expect(all.takes(w)).toBe(true);
    expect(plumbing.takes(w)).toBe(false);
  });

  it("answers notConnected for an organization without a CRM connection", async () => {
    expect(await ask(port(), { organizationId: west })).toEqual({ status: "notConnected" });
    expect(capacityCalls()).toBe(0);
  });

  it("answers unavailable when the CRM is slower than the deadline, without waiting for it", async () => {
    sim.set({ slow: 1_500 });
    const started = Date.now();
    const answer = await ask(port());
    expect(answer).toMatchObject({ status: "unavailable", reason: expect.stringMatching(/in time/) });
    expect(Date.now() - started).toBeLessThan(1_200);
  });

  it("answers unavailable when the CRM is down, and keeps that answer briefly", async () => {
    const p = port();
    sim.set({ down: true });
    expect(await ask(p)).toMatchObject({
      status: "unavailable",
      reason: expect.stringMatching(/could not be reached/),
    });
    sim.reset();
    // Within 15 s the same question is not asked again.
    expect((await ask(p)).status).toBe("unavailable");
    clock += 16_000;
    expect((await ask(p)).status).toBe("checked");
  });

  it("retries a 429 that asks for a short wait, within the deadline", async () => {
    sim.set({ rateLimit: 1, retryAfterSeconds: 0 });
    expect((await ask(port())).status).toBe("checked");
    sim.set({ rateLimit: 1, retryAfterSeconds: 30 });
    expect(await ask(port())).toMatchObject({ status: "unavailable", reason: expect.stringMatching(/rate/) });
  });

  it("answers unavailable, never throws, when the CRM refuses or when called inside a transaction", async () => {
    expect(await ask(port(), { jobTypeId: 123_456 })).toMatchObject({ status: "unavailable" });
    const inside = await t.app.deps.platform.uow.run(() => ask(port()));
    expect(inside.status).toBe("unavailable");
  });
});
