import type { DeliveryItem, LeadRevenue } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import {
  type ServiceTitanSimulator,
  startServiceTitanSimulator,
} from "../../integrations/servicetitan/index";
import { appointmentsTestKit } from "../appointments/appointments.test-support";
import { simulatorDestinations } from "./deliveries.test-support";

/**
 * The CRM destination end to end over HTTP (decision 0039): an Admin connects ServiceTitan (the simulator) and turns
 * it on; a booking is sent as one ServiceTitan booking, a move patches it; the read-back brings the job's outcome
 * and invoiced revenue to the lead (`GET revenue`), and the first contact for speed to lead. The client secret
 * never appears in an answer or in a line of the log, whatever happens (a test reads every line).
 */

let t: TestApp;
let sim: ServiceTitanSimulator;
let admin: AuthHeaders;
let east: number;
const log: string[] = [];
const kit = appointmentsTestKit(() => t);
const inject = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "POST", url, headers: h(admin), payload: payload as object });

const crmBody = (secret: string | null) => simulatorDestinations({ crm: sim }).crm(secret);

beforeAll(async () => {
  sim = await startServiceTitanSimulator({ port: 0 });
  t = await createTestApp({
    config: {
      logLevel: "trace",
      logDestination: { write: (line: string) => void log.push(line) },
      deliveryRetry: { baseMs: 10, deadAfterMs: 3_600_000 },
    },
  });
  east = await t.orgId("Summit Home East");
  admin = await t.login("admin@demo.local", undefined, east);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe("the CRM destination", () => {
  let leadId: number;
  let appointmentId: number;
  let w2: number;

  it("is connected and tested by an Admin, its secret never answered", async () => {
    const test = await inject("POST", "/api/destinations/crm/test", crmBody(sim.credentials.clientSecret));
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ ok: true });
    expect(test.json().message).toMatch(/tenant/i);
    const saved = await inject("PUT", "/api/destinations/crm", crmBody(sim.credentials.clientSecret));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ isEnabled: true, credentialsSet: true });
    const wrong = await inject("POST", "/api/destinations/crm/test", crmBody("not-the-secret-at-all"));
    expect(wrong.json()).toMatchObject({ ok: false });
  });

  it("sends a booking as one ServiceTitan booking, and a move as a change of it", async () => {
    const [store] = await kit.rows<{ id: number }>(
      "select id from stores where organization_id = $1 and is_active order by id limit 1",
      [east],
    );
    leadId = await kit.lead(east, { storeId: store.id });
    const typeId = await kit.type(east);
    const w1 = await kit.window(east, { typeId, hoursFromNow: 30, storeId: store.id });
    w2 = await kit.window(east, { typeId, hoursFromNow: 54, storeId: store.id });
    const booked = await inject("POST", "/api/appointments/book", { leadId, windowId: w1 });
    expect(booked.statusCode, booked.body).toBe(201);
    appointmentId = booked.json().id;
    await t.app.deps.services.deliverySender.sweep(10);
    const res = await inject("GET", `/api/leads/${leadId}/deliveries`);
    const [d] = res.json().items as DeliveryItem[];
    expect(d).toMatchObject({ destination: "crm", state: "sent" });
    expect(sim.records().byKey[d.idempotencyKey]).toMatchObject({ bookings: 1 });

    const moved = await inject("POST", `/api/appointments/${appointmentId}/move`, { windowId: w2 });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.deps.services.deliverySender.sweep(10);
    const booking = sim.records().bookings.find((b) => b.externalId === d.idempotencyKey);
    const [appt] = await kit.rows<{ starts_at: Date }>("select starts_at from appointments where id = $1", [
      appointmentId,
    ]);
    expect(new Date(booking?.start ?? 0).toISOString()).toBe(new Date(appt.starts_at).toISOString());
    expect(booking?.operations.map((o) => o.op)).toEqual(["created", "patched"]);
    expect(sim.records().byKey[d.idempotencyKey]).toMatchObject({ bookings: 1 });
  });

  it("reads back the job's outcome and revenue, and when the CRM first acted on the lead", async () => {
    const before = await inject("GET", `/api/leads/${leadId}/revenue/false`);
    expect(before.json()).toMatchObject({ outcome: null, revenue: null, firstContactedAt: null });
    const booking = sim.records().bookings.find((b) => b.externalId.endsWith(`-${leadId}-crm`));
    if (!booking) throw new Error("no booking");
    sim.progress(booking.id, { bookingStatus: "Converted", jobStatus: "Completed", invoiceTotal: 12_345.67 });
    expect(await t.app.deps.services.crmReadBack.all()).toBeGreaterThan(0);
    const after = (await inject("GET", `/api/leads/${leadId}/revenue/false`)).json() as LeadRevenue;
    expect(after).toMatchObject({ outcome: "sold", revenue: 12_345.67 });
    expect(after.jobId).toBeTruthy();
    expect(after.firstContactedAt).not.toBeNull();
    expect(after.firstDeliveredAt).not.toBeNull();
    // A final outcome is not read again.
    const [row] = await kit.rows<{ outcome: string }>(
      "select outcome from deliveries where lead_id = $1 and destination = 'crm'",
      [leadId],
    );
    expect(row.outcome).toBe("sold");
  });

  it("keeps a failing send's reason in words, and the secret out of every answer and log line", async () => {
    // A lead the CRM has not had yet, sent now while ServiceTitan fails (a resend of a lead it holds as it is
    // needs no call at all).
    const fresh = await kit.lead(east);
    sim.set({ fail: true });
    const res = await inject("PUT", `/api/leads/${fresh}/false/service-titan`);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = res.json().items as DeliveryItem[];
    expect(d.state).toBe("failed");
    expect(d.lastError).toMatch(/ServiceTitan/);
    sim.reset();
    await kit.rows("update deliveries set next_attempt_at = now() where lead_id = $1", [fresh]);
    await t.app.deps.services.deliverySender.sweep(10);
    const again = (await inject("GET", `/api/leads/${fresh}/deliveries`)).json().items as DeliveryItem[];
    expect(again[0].state).toBe("sent");
    const list = await inject("GET", "/api/destinations");
    expect(list.body).not.toContain(sim.credentials.clientSecret);
    expect(log.length).toBeGreaterThan(10);
    const leaked = log.filter((line) => line.includes(sim.credentials.clientSecret));
    expect(leaked).toEqual([]);
  });
});
