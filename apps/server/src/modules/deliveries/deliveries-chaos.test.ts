import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { type PartnerSimulator, startPartnerSimulator } from "../../integrations/partners/index";
import {
  type ServiceTitanSimulator,
  startServiceTitanSimulator,
} from "../../integrations/servicetitan/index";
import { outboxSignal } from "../../platform/outbox";
import { appointmentsTestKit } from "../appointments/appointments.test-support";
import { deliveryWorker } from "./deliveries.sender";
import { simulatorDestinations } from "./deliveries.test-support";

/**
 * The chaos test (issue #14, decision 0039): 500 appointments booked, moved and cancelled through the API while the
 * worker sends them and the destinations misbehave: the CRM goes down, then throttles (429 with Retry-After), then
 * fails one request in five and drops answers after doing the work (the unclear failure); the retailer goes down
 * and fails one request in three. At the end, counted at the simulators by idempotency key: every appointment is
 * exactly one record at each destination, in its final state (time, cancelled or not): 0 lost, 0 doubled, 0 out of
 * order.
 */

const N = 500;
let t: TestApp;
let crm: ServiceTitanSimulator;
let partners: PartnerSimulator;
let admin: AuthHeaders;
let east: number;
const kit = appointmentsTestKit(() => t);

const inject = (method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as "POST", url, headers: h(admin), payload: payload as object });

beforeAll(async () => {
  crm = await startServiceTitanSimulator({ port: 0 });
  partners = await startPartnerSimulator({ port: 0 });
  t = await createTestApp({ config: { deliveryRetry: { baseMs: 20, deadAfterMs: 3_600_000 } } });
  east = await t.orgId("Summit Home East");
  admin = await t.login("admin@demo.local", undefined, east);
  const stores = await kit.rows<{ id: number }>("select id from stores where organization_id = $1", [east]);
  const bodies = simulatorDestinations({ crm, partners });
  const saved = [
    await inject("PUT", "/api/destinations/crm", bodies.crm()),
    await inject("PUT", "/api/destinations/retailer", bodies.retailer(stores.map((s) => Number(s.id)))),
  ];
  for (const res of saved) expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await crm?.close();
  await partners?.close();
});

describe("deliveries under chaos", () => {
  it("sends 500 appointments, moved and cancelled, exactly once each in their final state", async () => {
    const [store] = await kit.rows<{ id: number }>(
      "select id from stores where organization_id = $1 and is_active order by id limit 1",
      [east],
    );
    const typeId = await kit.type(east);
    // Two windows per appointment (the booking's and the move's), a lead each who agreed to the retailer.
    const windows = await kit.rows<{ id: number }>(
      `insert into appointment_windows (organization_id, appointment_type_id, store_id, time_zone, local_date,
         start_time, end_time, starts_at, ends_at, capacity, booked)
       select $1, $2, $3, 'America/New_York', (now() + (48 + i) * interval '1 hour')::date, '09:00', '11:00',
         now() + (48 + i) * interval '1 hour', now() + (50 + i) * interval '1 hour', 1, 0
       from generate_series(1, $4::int) i order by i returning id`,
      [east, typeId, store.id, 2 * N],
    );
    const leads = await kit.rows<{ id: number }>(
      `insert into leads (organization_id, kind, source, store_id, captured_at, first_name, last_name, phone)
       select $1, 'internal', 'app', $2, now(), 'Chaos', 'Lead ' || i, '80966' || lpad(i::text, 5, '0')
       from generate_series(1, $3::int) i order by i returning id`,
      [east, store.id, N],
    );
    await kit.rows(
      `insert into lead_consents (organization_id, lead_id, destination, disclosure_text, accepted_at)
       select $1, id, 'retailer', 'I agree that the store may contact me about this project.', now()
       from leads where organization_id = $1 and first_name = 'Chaos'`,
      [east],
    );

    const worker = deliveryWorker({
      sender: t.app.deps.services.deliverySender,
      database: t.database,
      signal: outboxSignal(),
      log: { warn: () => undefined, error: () => undefined },
      concurrency: 10,
      pollMs: 10,
    });
    worker.start();
    const appointmentIds: number[] = [];
    const book = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const res = await inject("POST", "/api/appointments/book", {
          leadId: Number(leads[i].id),
          windowId: Number(windows[2 * i].id),
        });
        expect(res.statusCode, res.body).toBe(201);
        appointmentIds[i] = (res.json() as { id: number }).id;
      }
    };
    try {
      // The CRM is down and the retailer too, then the retailer fails one call in three throughout.
      crm.set({ down: true });
      partners.set("retailer", { down: true });
      await book(0, 150);
      partners.set("retailer", { down: false, failEvery: 3 });
      // The CRM throttles.
      crm.set({ down: false, throttle: true, retryAfterSeconds: 1 });
      await book(150, 300);
      // The CRM fails one request in five, and does the work of a few writes without answering.
      crm.set({ throttle: false, failEvery: 5, dropAfterWrite: 5 });
      await book(300, N);
      for (let i = 0; i < N; i += 2) {
        const res = await inject("POST", `/api/appointments/${appointmentIds[i]}/move`, {
          windowId: Number(windows[2 * i + 1].id),
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (let i = 0; i < N; i += 5) {
        const res = await inject("POST", `/api/appointments/${appointmentIds[i]}/cancel`, {
          reason: "Chaos test",
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // The destinations recover; everything left comes due and is sent.
      crm.reset();
      partners.reset();
      const until = Date.now() + 120_000;
      for (;;) {
        await kit.rows(
          "update deliveries set next_attempt_at = now() where state = 'failed' and next_attempt_at > now()",
        );
        const [left] = await kit.rows<{ n: number }>(
          "select count(*)::int as n from deliveries where wanted_version > sent_version or state <> 'sent'",
        );
        if (Number(left.n) === 0 || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await worker.stop();
    }

    const deliveries = await kit.rows<{ destination: string; state: string; key: string; lead_id: number }>(
      "select destination, state, idempotency_key as key, lead_id from deliveries where organization_id = $1",
      [east],
    );
    const chaosLeads = new Set(leads.map((l) => Number(l.id)));
    const ours = deliveries.filter((d) => chaosLeads.has(Number(d.lead_id)));
    expect(ours).toHaveLength(2 * N);
    expect(ours.filter((d) => d.state !== "sent")).toEqual([]);

    const finals = await kit.rows<{ lead_id: number; status: string; starts_at: Date }>(
      "select lead_id, status, starts_at from appointments where id = any($1::bigint[])",
      [appointmentIds],
    );
    const finalOf = new Map(finals.map((a) => [Number(a.lead_id), a]));
    const keyOf = (destination: string, leadId: number) =>
      ours.find((d) => d.destination === destination && Number(d.lead_id) === leadId)?.key as string;

    // The CRM: one booking per key (never two, find-before-create after the dropped answers), at the final time,
    // dismissed exactly when the appointment was cancelled, and nothing done to a booking after its dismissal.
    const records = crm.records();
    const bookingsByKey = new Map(records.bookings.map((b) => [b.externalId, b]));
    let lost = 0;
    let doubled = 0;
    let wrong = 0;
    let outOfOrder = 0;
    for (const leadId of chaosLeads) {
      const key = keyOf("crm", leadId);
      const count = records.byKey[key]?.bookings ?? 0;
      if (count === 0) lost++;
      if (count > 1) doubled++;
      const booking = bookingsByKey.get(key);
      const a = finalOf.get(leadId);
      if (!booking || !a) continue;
      if (new Date(booking.start ?? 0).getTime() !== new Date(a.starts_at).getTime()) wrong++;
      if ((booking.status === "Dismissed") !== (a.status === "cancelled")) wrong++;
      if (
        process.env.CHAOS_DEBUG &&
        (new Date(booking.start ?? 0).getTime() !== new Date(a.starts_at).getTime() ||
          (booking.status === "Dismissed") !== (a.status === "cancelled"))
      )
        console.log(JSON.stringify({ a, booking: { ...booking, summary: undefined } }));
      const ops = booking.operations.map((o) => o.op);
      if (ops[0] !== "created") outOfOrder++;
      const dismissedAt = ops.indexOf("dismissed");
      if (dismissedAt >= 0 && ops.slice(dismissedAt + 1).some((o) => o === "patched")) outOfOrder++;
    }
    expect({ lost, doubled, wrong, outOfOrder }).toEqual({ lost: 0, doubled: 0, wrong: 0, outOfOrder: 0 });
    expect(records.bookings.filter((b) => b.externalId.startsWith(`fieldlead-${east}-`))).toHaveLength(N);

    // The retailer: one record per key, at the highest version, in the final state, never a version going back.
    const retail = new Map(partners.records("retailer").map((r) => [r.key, r]));
    const r = { lost: 0, wrong: 0, outOfOrder: 0, duplicates: 0 };
    for (const leadId of chaosLeads) {
      const record = retail.get(keyOf("retailer", leadId));
      const a = finalOf.get(leadId);
      if (!record || !a) {
        r.lost++;
        continue;
      }
      if (record.status !== (a.status === "cancelled" ? "cancelled" : "booked")) r.wrong++;
      if (new Date(record.appointmentStart ?? 0).getTime() !== new Date(a.starts_at).getTime()) r.wrong++;
      r.outOfOrder += record.outOfOrder;
      r.duplicates += record.duplicates;
    }
    expect(r).toEqual({ lost: 0, wrong: 0, outOfOrder: 0, duplicates: 0 });
    expect(retail.size).toBe(N);
  }, 300_000);
});
