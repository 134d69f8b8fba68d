import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ServiceTitanSimulator,
  simulatedCapacity,
  simulatedTenant,
  startServiceTitanSimulator,
} from "../src/integrations/servicetitan/index";
import { appointmentsTestKit } from "../src/modules/appointments/appointments.test-support";
import { crmRepository } from "../src/modules/crm/index";
import { createTestApp, type TestApp } from "./harness";

/**
 * Available windows narrowed by the organization's CRM, through the API (decisions 0033 and 0036): with the CRM
 * answering, a window the CRM has no technician for is left out and the answer says `checked`; with the CRM down,
 * every window of our own capacity is offered and the answer says `unavailable`, so the page can say so. The CRM is
 * the ServiceTitan simulator, on a port of its own.
 */

let t: TestApp;
let sim: ServiceTitanSimulator;
let east: number;
let wayne: number;
const k = appointmentsTestKit(() => t);

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.idOf("stores", "name", "Costco Wayne");
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

/** An open and a full two-hour slot of the simulated CRM, both more than a day ahead (and within two weeks). */
function crmSlots() {
  const now = new Date();
  const { availabilities } = simulatedCapacity(simulatedTenant(), {
    from: new Date(now.getTime() + 26 * 3_600_000),
    to: new Date(now.getTime() + 14 * 24 * 3_600_000),
    businessUnitIds: [],
    now,
  });
  const open = availabilities.find((a) => a.openAvailability > 0);
  const full = availabilities.find((a) => a.openAvailability === 0);
  if (!open || !full) throw new Error("the simulated fortnight has no open slot or no full one");
  return { open, full };
}

/** A one-hour window inside a CRM slot (so it overlaps that slot only). */
const windowIn = (typeId: number, slot: { startUtc: string }) =>
  k.window(east, {
    typeId,
    hoursFromNow: (Date.parse(slot.startUtc) + 10 * 60_000 - Date.now()) / 3_600_000,
    minutes: 60,
    capacity: 2,
    storeId: wayne,
  });

async function available(typeId: number) {
  const res = await k.inject(await k.as("manager@demo.local"), "POST", "/api/appointments/available", {
    appointmentTypeId: typeId,
    storeId: wayne,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { crm: string; days: { windows: { id: number }[] }[] };
  return { crm: body.crm, ids: body.days.flatMap((d) => d.windows.map((w) => w.id)) };
}

describe("available windows and the CRM's capacity", () => {
  it("offers only the windows the CRM can also take while it answers", async () => {
    const { open, full } = crmSlots();
    const type = await k.type(east, { notice: 60, horizonDays: 30 });
    const takeable = await windowIn(type, open);
    const noTechnician = await windowIn(type, full);

    const answer = await available(type);
    expect(answer.crm).toBe("checked");
    expect(answer.ids).toContain(takeable);
    expect(answer.ids).not.toContain(noTechnician);
  });

  it("falls back to our own capacity, and says so, when the CRM is down", async () => {
    const { open, full } = crmSlots();
    const type = await k.type(east, { notice: 60, horizonDays: 30 });
    const takeable = await windowIn(type, open);
    const noTechnician = await windowIn(type, full);
    sim.set({ down: true });
    try {
      const answer = await available(type);
      expect(answer.crm).toBe("unavailable");
      expect(answer.ids).toEqual(expect.arrayContaining([takeable, noTechnician]));
    } finally {
      sim.reset();
    }
  });
});
