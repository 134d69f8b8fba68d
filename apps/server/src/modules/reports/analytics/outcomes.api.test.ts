import type { OutcomeReportResponse } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { useAnalyticsWorld, WORLD_PERIOD } from "./analytics.test-support";

// Appointment outcomes (lead ran) on the analytics world: A's appointments starting in March are L1 in-home sold
// (5000), L2 in-home ran, L3 virtual no show, L5 in-home cancelled, L6 in-home cancelled then virtual ran, L7
// virtual sold (1200.50), L8 virtual cancelled (its lead rejected); L9's and L12's bookings start in April.

const { w, k } = useAnalyticsWorld();

const URL = "/api/reports/lead-ran";
const APRIL = { startDate: "2026-04-01", endDate: "2026-04-30" };
const leadRan = (caller: Parameters<typeof k.post>[0], body: Record<string, unknown> = {}) =>
  k.json<OutcomeReportResponse>(k.post(caller, URL, { ...WORLD_PERIOD, ...body }));

const outcome = (
  appointments: number,
  pending: number,
  ran: number,
  sold: number,
  notSold: number,
  noShow: number,
  cancelled: number,
  revenue: number,
) => ({ appointments, pending, ran, sold, notSold, noShow, cancelled, revenue });

const ALICE = outcome(4, 0, 2, 1, 1, 1, 1, 5000);
const BOB = outcome(4, 0, 2, 1, 1, 0, 2, 1200.5);
const MARCH = outcome(8, 0, 4, 2, 2, 1, 3, 6200.5);

describe("reports.leadRan", () => {
  it("counts the appointments starting in the period by type and by what became of them", async () => {
    const r = await leadRan(w.caller.manager);
    expect(r.items).toEqual([
      {
        key: String(w.appointmentType.inHome),
        id: w.appointmentType.inHome,
        name: "In-home consult",
        detail: null,
        isActive: true,
        ...outcome(4, 0, 2, 1, 1, 0, 2, 5000),
      },
      {
        key: String(w.appointmentType.virtual),
        id: w.appointmentType.virtual,
        name: "Virtual consult",
        detail: null,
        isActive: true,
        ...outcome(4, 0, 2, 1, 1, 1, 1, 1200.5),
      },
    ]);
    expect(r.totals).toEqual(MARCH);
    expect(r).toMatchObject({ period: WORLD_PERIOD, total: 2, page: 1, pageSize: 50 });
  });

  it("groups by the lead's lead generator, store and territory", async () => {
    const people = await leadRan(w.caller.manager, { groupBy: "leadGenerator" });
    expect(
      people.items.map(({ name, key: _k, id: _i, detail: _d, isActive: _a, ...m }) => [name, m]),
    ).toEqual([
      ["Alice Adams", ALICE],
      ["Bob Brown", BOB],
    ]);
    const stores = await leadRan(w.caller.manager, { groupBy: "store" });
    expect(stores.items.map((i) => [i.name, i.detail, i.appointments, i.revenue])).toEqual([
      ["Maple Store", "Albany, North", 4, 5000],
      ["Oak Store", "Dallas, South", 4, 1200.5],
    ]);
    const territories = await leadRan(w.caller.manager, { groupBy: "territory" });
    expect(territories.items.map((i) => [i.name, i.cancelled])).toEqual([
      ["North", 1],
      ["South", 2],
    ]);
    expect(territories.totals).toEqual(MARCH);
  });

  it("reads appointments by their start, whatever the period their lead was captured in", async () => {
    // L9 and L12 were captured in March; their bookings start on 2 and 3 April and are not run yet.
    const april = await leadRan(w.caller.manager, { ...APRIL, groupBy: "store" });
    expect(april.items.map((i) => [i.name, i.appointments, i.pending])).toEqual([["Pine Store", 2, 2]]);
    expect(april.totals).toEqual(outcome(2, 2, 0, 0, 0, 0, 0, 0));
  });

  it("narrows the appointments themselves by an appointment type filter", async () => {
    const r = await leadRan(w.caller.manager, { appointmentTypeIds: [w.appointmentType.virtual] });
    // L6 has an in-home appointment too (cancelled): it is not counted.
    expect(r.items.map((i) => i.name)).toEqual(["Virtual consult"]);
    expect(r.totals).toEqual(outcome(4, 0, 2, 1, 1, 1, 1, 1200.5));
  });

  it("sorts with a stable tie-break and pages on the server", async () => {
    const byRevenue = await leadRan(w.caller.manager, { groupBy: "leadGenerator", sortBy: "revenue" });
    expect(byRevenue.items.map((i) => i.name)).toEqual(["Alice Adams", "Bob Brown"]);
    const byCancelled = await leadRan(w.caller.manager, {
      groupBy: "leadGenerator",
      sortBy: "cancelled",
      sortDirection: "asc",
    });
    expect(byCancelled.items.map((i) => i.name)).toEqual(["Alice Adams", "Bob Brown"]);
    // A tie (4 and 4) falls back to the name whichever the direction.
    for (const sortDirection of ["asc", "desc"]) {
      const tie = await leadRan(w.caller.manager, { sortBy: "appointments", sortDirection });
      expect(tie.items.map((i) => i.name)).toEqual(["In-home consult", "Virtual consult"]);
    }
    const page = await leadRan(w.caller.manager, { groupBy: "territory", page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, totals: MARCH });
    expect(page.items.map((i) => i.name)).toEqual(["South"]);
  });

  it("downloads every group and the total as CSV with the outcome columns", async () => {
    const csv = await k.post(w.caller.manager, URL, {
      ...WORLD_PERIOD,
      groupBy: "leadGenerator",
      format: "csv",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/filename=lead-ran-\d{4}-\d{2}-\d{2}\.csv/);
    expect(
      csv.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n"),
    ).toEqual([
      "Lead generator,Detail,Appointments,Not yet run,Ran,Sold,Not sold,No show,Cancelled,Revenue",
      "Alice Adams,,4,0,2,1,1,1,1,5000",
      "Bob Brown,,4,0,2,1,1,0,2,1200.5",
      "Total,,8,0,4,2,2,1,3,6200.5",
    ]);
    const xlsx = await k.post(w.caller.manager, URL, { ...WORLD_PERIOD, format: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(/filename=lead-ran-\d{4}-\d{2}-\d{2}\.xlsx/);
  });
});

describe("rights of lead ran", () => {
  it("lets analysts in and keeps schedulers and lead generators out", async () => {
    expect((await leadRan(w.caller.analyst)).totals).toEqual(MARCH);
    for (const caller of [w.caller.scheduler, w.caller.leadGenerator]) {
      expect((await k.post(caller, URL, { ...WORLD_PERIOD })).statusCode).toBe(403);
    }
  });

  it("limits a territory manager to their territory's leads and a portal to its program's", async () => {
    const tm = await leadRan(w.caller.territoryManager, { groupBy: "leadGenerator" });
    expect(tm.items.map((i) => i.name)).toEqual(["Alice Adams"]);
    expect(tm.totals).toEqual(ALICE);
    expect((await leadRan(w.caller.portal)).totals.appointments).toBe(0);
    // L12 (retailer program) is booked for 3 April.
    const portalApril = await leadRan(w.caller.portal, { ...APRIL, groupBy: "store" });
    expect(portalApril.items.map((i) => [i.name, i.pending])).toEqual([["Pine Store", 1]]);
    expect((await leadRan(w.caller.fieldMarketingManager)).total).toBe(0);
  });

  it("never counts another organization's appointments", async () => {
    const b = await leadRan(w.caller.bManager);
    expect(b.items.map((i) => [i.name, i.sold, i.revenue])).toEqual([["In-home consult", 1, 777]]);
    // A's ids in B's request reach nothing.
    const foreign = await leadRan(w.caller.bManager, { appointmentTypeIds: [w.appointmentType.inHome] });
    expect(foreign.total).toBe(0);
  });

  it("refuses an unknown grouping with a readable message", async () => {
    const r = await k.post(w.caller.manager, URL, { ...WORLD_PERIOD, groupBy: "source" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/groupBy/);
  });
});
