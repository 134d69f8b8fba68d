import type { SpeedReportResponse } from "@fieldlead/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { useAnalyticsWorld, WORLD_PERIOD } from "./analytics.test-support";
import { buildSpeedWorld, type SpeedWorld } from "./series.test-support";

// Speed to lead on the analytics world (every sent lead 3 minutes after capture, contacted 45 minutes after) and on
// organization S (series.test-support.ts: sent after 100 s, 2, 10 and 60 minutes; contacted after 10, 70, 30).

const { app, w, k } = useAnalyticsWorld();
let s: SpeedWorld;
beforeAll(async () => {
  s = await buildSpeedWorld(app());
});

const URL = "/api/reports/speed-to-lead";
const speed = (caller: Parameters<typeof k.post>[0], body: Record<string, unknown> = {}) =>
  k.json<SpeedReportResponse>(k.post(caller, URL, { ...WORLD_PERIOD, ...body }));

const measures = (
  leads: number,
  delivered: number,
  within5: number,
  withinHour: number,
  median: number | null,
  p90: number | null,
  contacted: number,
  contactedWithinHour: number,
  medianContact: number | null,
) => ({
  leads,
  delivered,
  deliveredWithin5Minutes: within5,
  deliveredWithinHour: withinHour,
  medianMinutesToDelivery: median,
  p90MinutesToDelivery: p90,
  contacted,
  contactedWithinHour,
  medianMinutesToContact: medianContact,
});

describe("reports.speedToLead", () => {
  it("computes medians and the 90th percentile of known delays, to one decimal, per group and overall", async () => {
    const r = await speed(s.manager, { groupBy: "leadGenerator" });
    // Sue: sent after 100 s and 2 min (S6 never sent); Sid: 10 and 60 min (S5 rejected, left out).
    expect(r.items).toEqual([
      {
        key: String(s.user.sid),
        id: s.user.sid,
        name: "Sid Shaw",
        detail: null,
        isActive: true,
        ...measures(2, 2, 0, 2, 35, 55, 1, 1, 30),
      },
      {
        key: String(s.user.sue),
        id: s.user.sue,
        name: "Sue Stone",
        detail: null,
        isActive: true,
        ...measures(3, 2, 2, 2, 1.8, 2, 2, 1, 40),
      },
    ]);
    // The median of all four delays (100 s, 2, 10, 60 min) is 6, not the median of the groups' medians.
    expect(r.totals).toEqual(measures(5, 4, 2, 4, 6, 45, 3, 2, 30));
    expect(r).toMatchObject({ period: WORLD_PERIOD, total: 2, page: 1, pageSize: 50 });
  });

  it("groups by source by default: names, leads without a send have no median", async () => {
    const r = await speed(w.caller.manager);
    expect(
      r.items.map((i) => [i.key, i.id, i.name, i.leads, i.delivered, i.medianMinutesToDelivery]),
    ).toEqual([
      ["app", null, "Captured in the app", 9, 6, 3],
      ["retailerProgram", null, "Retailer program", 1, 1, 3],
      ["web", null, "Web form", 1, 0, null],
    ]);
    expect(r.totals).toEqual(measures(11, 7, 7, 7, 3, 3, 2, 2, 45));
  });

  it("groups by territory, store and lead generator with names, details, inactive people and the groups without one", async () => {
    const territories = await speed(w.caller.manager, { groupBy: "territory" });
    expect(territories.items.map((i) => [i.key, i.name, i.leads, i.delivered])).toEqual([
      ["none", "No territory", 1, 0],
      [String(w.territory.north), "North", 6, 4],
      [String(w.territory.south), "South", 4, 3],
    ]);
    const stores = await speed(w.caller.manager, { groupBy: "store" });
    expect(stores.items.map((i) => [i.name, i.detail, i.leads])).toEqual([
      ["Maple Store", "Albany, North", 6],
      ["No store", null, 1],
      ["Oak Store", "Dallas, South", 2],
      ["Pine Store", "Nashua, South", 2],
    ]);
    const people = await speed(w.caller.manager, { groupBy: "leadGenerator" });
    expect(people.items.map((i) => [i.name, i.isActive, i.leads, i.contacted])).toEqual([
      ["Alice Adams", true, 5, 1],
      ["Bob Brown", true, 3, 1],
      ["Carl Cole - Inactive", false, 1, 0],
      ["No lead generator", true, 2, 0],
    ]);
    expect(people.totals).toEqual(territories.totals);
  });

  it("sorts on the server with nulls last either way and a stable tie-break, then pages", async () => {
    const byMedian = async (direction: "asc" | "desc") =>
      (
        await speed(w.caller.manager, { sortBy: "medianMinutesToDelivery", sortDirection: direction })
      ).items.map((i) => i.key);
    // app and retailerProgram tie at 3 minutes (by name then); web has no median and stays last.
    expect(await byMedian("asc")).toEqual(["app", "retailerProgram", "web"]);
    expect(await byMedian("desc")).toEqual(["app", "retailerProgram", "web"]);
    const byLeads = await speed(w.caller.manager, { sortBy: "leads" });
    expect(byLeads.items.map((i) => i.key)).toEqual(["app", "retailerProgram", "web"]);
    const byName = await speed(w.caller.manager, { sortBy: "name", sortDirection: "desc" });
    expect(byName.items.map((i) => i.key)).toEqual(["web", "retailerProgram", "app"]);
    const page2 = await speed(w.caller.manager, { groupBy: "store", sortBy: "leads", page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    // 6, then 2 and 2 (Oak before Pine by name), then 1.
    expect(page2.items.map((i) => i.name)).toEqual(["Pine Store", "No store"]);
    expect(page2.totals.leads).toBe(11);
  });

  it("downloads every group and a total row as CSV and XLSX with the report's columns", async () => {
    const csv = await k.post(w.caller.manager, URL, { ...WORLD_PERIOD, format: "csv", sortBy: "leads" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename=speed-to-lead-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toEqual([
      "Source,Detail,Leads,Sent,Sent within 5 min,Sent within 1 hour,Median to send,90% sent within,Contacted,Contacted within 1 hour,Median to contact",
      "Captured in the app,,9,6,6,6,3,3,2,2,45",
      "Retailer program,,1,1,1,1,3,3,0,0,",
      "Web form,,1,0,0,0,,,0,0,",
      "Total,,11,7,7,7,3,3,2,2,45",
    ]);
    const xlsx = await k.post(w.caller.manager, URL, { ...WORLD_PERIOD, format: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("rights of speed to lead", () => {
  it("lets managers and analysts in, keeps schedulers and lead generators out", async () => {
    expect((await speed(w.caller.analyst)).totals.leads).toBe(11);
    for (const caller of [w.caller.scheduler, w.caller.leadGenerator]) {
      const r = await k.post(caller, URL, { ...WORLD_PERIOD });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toMatch(/Reports are for managers and analysts/);
    }
  });

  it("limits a territory manager to their territory and a program portal to its program's leads", async () => {
    const tm = await speed(w.caller.territoryManager, { groupBy: "territory" });
    expect(tm.items.map((i) => [i.name, i.leads])).toEqual([["North", 6]]);
    const portal = await speed(w.caller.portal);
    // L12 (L13 is rejected).
    expect(portal.items.map((i) => [i.key, i.leads, i.delivered])).toEqual([["retailerProgram", 1, 1]]);
    const none = await speed(w.caller.fieldMarketingManager);
    expect(none).toMatchObject({ items: [], total: 0, totals: measures(0, 0, 0, 0, null, null, 0, 0, null) });
  });

  it("never counts another organization's leads", async () => {
    const b = await speed(w.caller.bManager, { groupBy: "store" });
    expect(b.items.map((i) => [i.name, i.leads])).toEqual([["Birch Store", 2]]);
    const c = await speed(w.caller.cManager, { groupBy: "leadGenerator" });
    // Alice's C1 for organization C only; C3 is rejected.
    expect(c.items.map((i) => [i.name, i.leads])).toEqual([
      ["Alice Adams", 1],
      ["Eve Evans", 1],
    ]);
  });

  it("refuses an unknown grouping or sort with a readable message", async () => {
    for (const body of [{ groupBy: "x" }, { sortBy: "p90MinutesToDelivery" }, { pageSize: 500 }]) {
      const r = await k.post(w.caller.manager, URL, { ...WORLD_PERIOD, ...body });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toMatch(new RegExp(Object.keys(body)[0]));
    }
  });
});
