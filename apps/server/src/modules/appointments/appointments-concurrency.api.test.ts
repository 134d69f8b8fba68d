import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDatabaseKind } from "../../../test/harness";
import { appointmentsTestKit } from "./appointments.test-support";

// Capacity is sacred (docs/decisions/0033): many bookings of the last places at the same moment, through the HTTP
// API. On PostgreSQL the app's pool holds 10 connections, so up to 10 transactions really run at once and race for
// the window's row; on PGlite (one connection) they queue. Either way exactly `capacity` bookings win.

let t: TestApp;
const k = appointmentsTestKit(() => t);
let east: number;
let wayne: number;

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.idOf("stores", "name", "Costco Wayne");
}, 120_000);
afterAll(() => t?.close());

async function race(capacity: number, shoppers: number) {
  const typeId = await k.type(east, { notice: 60 });
  const window = await k.window(east, { typeId, hoursFromNow: 30, capacity, storeId: wayne });
  const spare = [
    await k.window(east, { typeId, hoursFromNow: 31, capacity: 2, storeId: wayne }),
    await k.window(east, { typeId, hoursFromNow: 32, capacity: 2, storeId: wayne }),
    await k.window(east, { typeId, hoursFromNow: 33, capacity: 2, storeId: wayne }),
  ];
  const leads: number[] = [];
  for (let i = 0; i < shoppers; i++) leads.push(await k.lead(east, { storeId: wayne }));
  const who = await k.as("manager@demo.local");
  const started = Date.now();
  const answers = await Promise.all(
    leads.map((leadId) => k.inject(who, "POST", "/api/appointments/book", { leadId, windowId: window })),
  );
  const ms = Date.now() - started;
  const won = answers.filter((r) => r.statusCode === 201);
  const lost = answers.filter((r) => r.statusCode !== 201);
  const count = await k.one<{ n: number }>(
    "select count(*)::int as n from appointments where window_id = $1 and status = 'booked'",
    [window],
  );
  return { window, spare, won, lost, appointments: Number(count.n), booked: await k.booked(window), ms };
}

describe(`concurrent bookings of the last places (${testDatabaseKind})`, () => {
  it("100 shoppers at a window of capacity 1: exactly 1 booking, 99 clear 409s with the next windows", async () => {
    const r = await race(1, 100);
    console.info(
      `[concurrency ${testDatabaseKind}] capacity 1, 100 bookings: ${r.won.length} won in ${r.ms} ms`,
    );
    expect(r.won).toHaveLength(1);
    expect(r.appointments).toBe(1);
    expect(r.booked).toBe(1);
    expect(r.lost).toHaveLength(99);
    for (const res of r.lost) {
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json();
      expect(body.message).toMatch(/just taken/);
      expect(body.nextWindows.map((w: { id: number }) => w.id)).toEqual(r.spare);
    }
  }, 120_000);

  it("20 shoppers at a window of capacity 5: exactly 5 bookings, 15 clear 409s", async () => {
    const r = await race(5, 20);
    console.info(
      `[concurrency ${testDatabaseKind}] capacity 5, 20 bookings: ${r.won.length} won in ${r.ms} ms`,
    );
    expect(r.won).toHaveLength(5);
    expect(r.appointments).toBe(5);
    expect(r.booked).toBe(5);
    expect(r.lost).toHaveLength(15);
    for (const res of r.lost) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().nextWindows).toHaveLength(3);
    }
  }, 120_000);

  it("moves racing for one place: never in both windows, never in neither", async () => {
    const typeId = await k.type(east, { notice: 60 });
    const target = await k.window(east, { typeId, hoursFromNow: 40, capacity: 1, storeId: wayne });
    const origins: number[] = [];
    const ids: number[] = [];
    const who = await k.as("manager@demo.local");
    for (let i = 0; i < 10; i++) {
      const w = await k.window(east, { typeId, hoursFromNow: 41 + i, capacity: 1, storeId: wayne });
      const res = await k.inject(who, "POST", "/api/appointments/book", {
        leadId: await k.lead(east, { storeId: wayne }),
        windowId: w,
      });
      origins.push(w);
      ids.push(res.json().id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        k.inject(who, "POST", `/api/appointments/${id}/move`, { windowId: target, reason: "race" }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await k.booked(target)).toBe(1);
    const held = await Promise.all(origins.map((w) => k.booked(w)));
    expect(held.reduce((a, b) => a + b, 0)).toBe(9);
    const moved = answers.findIndex((r) => r.statusCode === 200);
    expect(held[moved]).toBe(0);
  }, 120_000);
});
