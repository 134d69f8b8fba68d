import type {
  BucketChartResponse,
  LeadCountSummaryChartResponse,
  TimeSeriesResponse,
} from "@fieldlead/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { useAnalyticsWorld, WORLD_PERIOD } from "./analytics.test-support";
import { buildSpeedWorld, type SpeedWorld } from "./series.test-support";

// The charts and the dashboard's bar chart on the analytics world (analytics.test-support.ts has the table of its
// rows) and on organization S (series.test-support.ts: weeks from Sunday, a store in Chicago).

const { app, w, k } = useAnalyticsWorld();
let s: SpeedWorld;
beforeAll(async () => {
  s = await buildSpeedWorld(app());
});

const LEAD_COUNT = "/api/charts/lead-count";
const HOURS = "/api/charts/lead-generator/hours-of-day";
const DAYS = "/api/charts/lead-generator/days-of-week";
const SUMMARY = "/api/charts/lead-count-summary";
const barChart = (territoryId: number | string) => `/api/dashboard/leads-bar-chart/${territoryId}`;

type Point = TimeSeriesResponse["points"][number];
/** The points that are not all zeros, as [date, leads, appointmentsSet, sold, revenue]. */
const nonZero = (points: Point[]) =>
  points
    .filter((p) => p.leads || p.appointmentsSet || p.sold || p.revenue)
    .map((p) => [p.date, p.leads, p.appointmentsSet, p.sold, p.revenue]);
const sum = (points: Point[]) =>
  points.reduce(
    (a, p) => ({
      leads: a.leads + p.leads,
      appointmentsSet: a.appointmentsSet + p.appointmentsSet,
      sold: a.sold + p.sold,
      revenue: a.revenue + p.revenue,
    }),
    { leads: 0, appointmentsSet: 0, sold: 0, revenue: 0 },
  );

describe("charts.leadCount", () => {
  it("lists every day of March with the leads, appointments set, sold and revenue of each (rejected left out)", async () => {
    const r = await k.json<TimeSeriesResponse>(k.post(w.caller.manager, LEAD_COUNT, { ...WORLD_PERIOD }));
    expect(r.period).toEqual(WORLD_PERIOD);
    expect(r.interval).toBe("day");
    expect(r.points).toHaveLength(31);
    expect(r.points[0]).toEqual({
      date: "2026-03-01",
      label: "1 Mar",
      leads: 0,
      appointmentsSet: 0,
      sold: 0,
      revenue: 0,
    });
    expect(r.points.map((p) => p.date)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`),
    );
    expect(nonZero(r.points)).toEqual([
      ["2026-03-02", 2, 2, 1, 5000],
      ["2026-03-03", 1, 1, 0, 0],
      // 01:30 EST and 03:30 EDT: one day across the change to summer time.
      ["2026-03-08", 2, 1, 0, 0],
      ["2026-03-09", 1, 1, 0, 0],
      ["2026-03-15", 1, 1, 1, 1200.5],
      ["2026-03-20", 1, 1, 0, 0],
      ["2026-03-21", 1, 0, 0, 0],
      ["2026-03-25", 1, 0, 0, 0],
      // 23:30 on the last day is still March in New York (04:30 UTC on 1 April).
      ["2026-03-31", 1, 1, 0, 0],
    ]);
    expect(sum(r.points)).toEqual({ leads: 11, appointmentsSet: 8, sold: 2, revenue: 6200.5 });
  });

  it("counts weeks from the organization's first day (Monday), the first week starting before the period", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(w.caller.manager, LEAD_COUNT, { ...WORLD_PERIOD, interval: "week" }),
    );
    expect(r.interval).toBe("week");
    expect(r.points.map((p) => [p.date, p.label, p.leads, p.appointmentsSet, p.sold, p.revenue])).toEqual([
      ["2026-02-23", "Week of 23 Feb", 0, 0, 0, 0],
      ["2026-03-02", "Week of 2 Mar", 5, 4, 1, 5000],
      ["2026-03-09", "Week of 9 Mar", 2, 2, 1, 1200.5],
      ["2026-03-16", "Week of 16 Mar", 2, 1, 0, 0],
      ["2026-03-23", "Week of 23 Mar", 1, 0, 0, 0],
      ["2026-03-30", "Week of 30 Mar", 1, 1, 0, 0],
    ]);
  });

  it("counts weeks from Sunday in an organization whose weeks start on Sunday", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(s.manager, LEAD_COUNT, { ...WORLD_PERIOD, interval: "week" }),
    );
    // S1 is Monday 2 March at 00:30 in the organization's zone (still Sunday in its Chicago store: the series
    // reads the organization's zone); S3 on Sunday 8 March opens the second week.
    expect(r.points.map((p) => [p.date, p.label, p.leads, p.sold])).toEqual([
      ["2026-03-01", "Week of 1 Mar", 2, 0],
      ["2026-03-08", "Week of 8 Mar", 3, 1],
      ["2026-03-15", "Week of 15 Mar", 0, 0],
      ["2026-03-22", "Week of 22 Mar", 0, 0],
      ["2026-03-29", "Week of 29 Mar", 0, 0],
    ]);
  });

  it("answers months over a year by default, every month listed", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(w.caller.manager, LEAD_COUNT, { startDate: "2026-01-01", endDate: "2026-12-31" }),
    );
    expect(r.interval).toBe("month");
    expect(r.points.map((p) => p.label)).toEqual([
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
      "Jul 2026",
      "Aug 2026",
      "Sep 2026",
      "Oct 2026",
      "Nov 2026",
      "Dec 2026",
    ]);
    // February's and April's leads at the edges of March count in their own months.
    expect(nonZero(r.points)).toEqual([
      ["2026-02-01", 1, 0, 0, 0],
      ["2026-03-01", 11, 8, 2, 6200.5],
      ["2026-04-01", 1, 0, 0, 0],
    ]);
  });

  it("takes weeks by default for two months and narrows by the request's lists", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(w.caller.manager, LEAD_COUNT, {
        startDate: "2026-03-01",
        endDate: "2026-04-30",
        storeIds: [w.store.oak],
      }),
    );
    expect(r.interval).toBe("week");
    expect(nonZero(r.points)).toEqual([["2026-03-09", 2, 2, 1, 1200.5]]);
    const sources = await k.json<TimeSeriesResponse>(
      k.post(w.caller.manager, LEAD_COUNT, { ...WORLD_PERIOD, sources: ["web", "retailerProgram"] }),
    );
    expect(nonZero(sources.points)).toEqual([
      ["2026-03-25", 1, 0, 0, 0],
      ["2026-03-31", 1, 1, 0, 0],
    ]);
  });
});

describe("dashboard.leadsBarChart", () => {
  it("answers the same series for every territory (0) and one territory's alone", async () => {
    const all = await k.json<TimeSeriesResponse>(k.get(w.caller.manager, barChart(0), { ...WORLD_PERIOD }));
    const chart = await k.json<TimeSeriesResponse>(k.post(w.caller.manager, LEAD_COUNT, { ...WORLD_PERIOD }));
    expect(all).toEqual(chart);
    const south = await k.json<TimeSeriesResponse>(
      k.get(w.caller.manager, barChart(w.territory.south), { ...WORLD_PERIOD, interval: "month" }),
    );
    expect(south.points).toEqual([
      { date: "2026-03-01", label: "Mar 2026", leads: 4, appointmentsSet: 4, sold: 1, revenue: 1200.5 },
    ]);
  });

  it("limits a territory manager to their territory and hides the others' territories (404)", async () => {
    const mine = await k.json<TimeSeriesResponse>(
      k.get(w.caller.territoryManager, barChart(0), { ...WORLD_PERIOD, interval: "month" }),
    );
    expect(mine.points[0]).toMatchObject({ leads: 6, appointmentsSet: 4, sold: 1, revenue: 5000 });
    const north = await k.json<TimeSeriesResponse>(
      k.get(w.caller.territoryManager, barChart(w.territory.north), { ...WORLD_PERIOD, interval: "month" }),
    );
    expect(north).toEqual(mine);
    expect(
      (await k.get(w.caller.territoryManager, barChart(w.territory.south), { ...WORLD_PERIOD })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another organization's territory and one that does not exist", async () => {
    for (const id of [w.territory.bZone, w.territory.cMetro, 999_999]) {
      const r = await k.get(w.caller.manager, barChart(id), { ...WORLD_PERIOD });
      expect(r.statusCode, String(id)).toBe(404);
    }
  });

  it("lets schedulers in (dashboard.read) and keeps lead generators and program portals out", async () => {
    const r = await k.json<TimeSeriesResponse>(k.get(w.caller.scheduler, barChart(0), { ...WORLD_PERIOD }));
    expect(sum(r.points).leads).toBe(11);
    for (const caller of [w.caller.leadGenerator, w.caller.portal]) {
      expect((await k.get(caller, barChart(0), { ...WORLD_PERIOD })).statusCode).toBe(403);
    }
  });

  it("refuses a territory id that is not a number, or negative, and an unknown interval, saying what to send", async () => {
    for (const bad of ["abc", "-1", "1.5"]) {
      const r = await k.get(w.caller.manager, barChart(bad), { ...WORLD_PERIOD });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message, bad).toMatch(/territory id, or 0 for every territory/);
    }
    const r = await k.get(w.caller.manager, barChart(0), { ...WORLD_PERIOD, interval: "year" });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/interval/i);
  });
});

describe("charts by lead generator", () => {
  it("counts each lead generator's leads by hour in the store's zone, across the change to summer time", async () => {
    const r = await k.json<BucketChartResponse>(k.post(w.caller.manager, HOURS, { ...WORLD_PERIOD }));
    expect(r.measure).toBe("leads");
    expect(r.buckets).toHaveLength(24);
    expect(r.buckets[0]).toEqual({ key: 0, label: "12 AM" });
    expect(r.buckets[13]).toEqual({ key: 13, label: "1 PM" });
    const hours = (values: number[]) => Object.fromEntries(values.flatMap((v, h) => (v ? [[h, v]] : [])));
    expect(r.series.map((x) => [x.id, x.name, x.isActive])).toEqual([
      [w.user.alice, "Alice Adams", true],
      [w.user.bob, "Bob Brown", true],
      [w.user.carl, "Carl Cole - Inactive", false],
    ]);
    // Alice's L4 at 01:30 EST and L5 at 03:30 EDT on 8 March: hours 1 and 3.
    expect(hours(r.series[0].values)).toEqual({ 1: 1, 3: 1, 10: 1, 11: 1, 12: 1 });
    // Bob's L6 and L7 at 10:00 in New York are 09:00 in the Oak store's Chicago; L9 at Pine (New York) 10:00.
    expect(hours(r.series[1].values)).toEqual({ 9: 2, 10: 1 });
    expect(hours(r.series[2].values)).toEqual({ 10: 1 });
    expect(r.others).toBeNull();
    expect(hours(r.totals)).toEqual({ 1: 1, 3: 1, 9: 2, 10: 3, 11: 1, 12: 1 });
  });

  it("gives the top lead generators a series each and sums the rest in others", async () => {
    const r = await k.json<BucketChartResponse>(k.post(w.caller.manager, HOURS, { ...WORLD_PERIOD, top: 1 }));
    expect(r.series.map((x) => x.name)).toEqual(["Alice Adams"]);
    const others = r.others ?? [];
    expect(others).toHaveLength(24);
    expect([others[9], others[10]]).toEqual([2, 2]);
    expect(others.reduce((a, b) => a + b, 0)).toBe(4);
    expect(r.totals.map((v, i) => v - r.series[0].values[i] - others[i]).every((v) => v === 0)).toBe(true);
    expect(r.totals.reduce((a, b) => a + b, 0)).toBe(9);
  });

  it("counts by day of week, 0 Sunday to 6 Saturday", async () => {
    const r = await k.json<BucketChartResponse>(k.post(w.caller.manager, DAYS, { ...WORLD_PERIOD }));
    expect(r.buckets.map((b) => b.label)).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(r.series.map((x) => [x.name, x.values])).toEqual([
      ["Alice Adams", [2, 2, 1, 0, 0, 0, 0]],
      ["Bob Brown", [1, 1, 0, 0, 0, 1, 0]],
      ["Carl Cole - Inactive", [0, 0, 0, 0, 0, 0, 1]],
    ]);
    expect(r.totals).toEqual([3, 3, 1, 0, 0, 1, 1]);
  });

  it("reads the day and hour in the store's zone when it differs from the organization's", async () => {
    const days = await k.json<BucketChartResponse>(k.post(s.manager, DAYS, { ...WORLD_PERIOD }));
    // Sue's S1 is Monday 00:30 in New York but Sunday 23:30 at the Lake Store in Chicago.
    expect(days.series.map((x) => [x.name, x.values])).toEqual([
      ["Sue Stone", [1, 0, 0, 1, 0, 0, 1]],
      ["Sid Shaw", [1, 1, 0, 0, 0, 0, 0]],
    ]);
    const hours = await k.json<BucketChartResponse>(k.post(s.manager, HOURS, { ...WORLD_PERIOD }));
    expect(hours.series[0].values[23]).toBe(1);
    expect(hours.series[0].values[0]).toBe(0);
    expect(hours.series[0].values[11]).toBe(1);
    expect(hours.series[0].values[9]).toBe(1);
    expect(hours.series[1].values[10]).toBe(2);
  });

  it("ranks by the measure asked: sold, then appointments set (ties by name)", async () => {
    const sold = await k.json<BucketChartResponse>(
      k.post(w.caller.manager, DAYS, { ...WORLD_PERIOD, measure: "sold" }),
    );
    expect(sold.measure).toBe("sold");
    expect(sold.series.map((x) => [x.name, x.values])).toEqual([
      ["Alice Adams", [0, 1, 0, 0, 0, 0, 0]],
      ["Bob Brown", [1, 0, 0, 0, 0, 0, 0]],
    ]);
    const set = await k.json<BucketChartResponse>(
      k.post(w.caller.manager, DAYS, { ...WORLD_PERIOD, measure: "appointmentsSet", top: 1 }),
    );
    // Alice: L1, L2, L3, L5; Bob: L6, L7, L9 (L8 is rejected); Carl has none.
    expect(set.series.map((x) => [x.name, x.values.reduce((a, b) => a + b, 0)])).toEqual([
      ["Alice Adams", 4],
    ]);
    expect(set.others?.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it("shows a territory manager their territory's lead generators only", async () => {
    const r = await k.json<BucketChartResponse>(
      k.post(w.caller.territoryManager, HOURS, { ...WORLD_PERIOD }),
    );
    expect(r.series.map((x) => x.name)).toEqual(["Alice Adams", "Carl Cole - Inactive"]);
    expect(r.totals.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it("refuses an unknown measure and a top over 20 with a readable message", async () => {
    const measure = await k.post(w.caller.manager, HOURS, { ...WORLD_PERIOD, measure: "x" });
    expect(measure.statusCode).toBe(400);
    expect(measure.json().message).toMatch(/measure/);
    const top = await k.post(w.caller.manager, DAYS, { ...WORLD_PERIOD, top: 50 });
    expect(top.statusCode).toBe(400);
    expect(top.json().message).toMatch(/top/);
    const interval = await k.post(w.caller.manager, LEAD_COUNT, { ...WORLD_PERIOD, interval: "year" });
    expect(interval.statusCode).toBe(400);
    expect(interval.json().message).toMatch(/interval/);
  });
});

describe("charts.leadCountSummary", () => {
  it("counts the period's live leads, rejected ones included, by every status and every source", async () => {
    const r = await k.json<LeadCountSummaryChartResponse>(
      k.post(w.caller.manager, SUMMARY, { ...WORLD_PERIOD }),
    );
    expect(r.total).toBe(13);
    expect(r.byStatus.map((x) => [x.id, x.name, x.count])).toEqual([
      [1, "New", 2],
      [2, "Contacted", 1],
      [3, "Appointment Set", 1],
      [4, "Sent", 1],
      [5, "Confirmed", 0],
      [6, "Ran", 1],
      [7, "Sold", 2],
      [8, "Not Sold", 1],
      [9, "No Show", 1],
      [10, "Cancelled", 1],
      [11, "Rejected", 2],
    ]);
    expect(r.bySource.map((x) => [x.id, x.count])).toEqual([
      ["app", 10],
      ["qr", 0],
      ["retailerProgram", 2],
      ["secondPartner", 0],
      ["web", 1],
      ["import", 0],
    ]);
    expect(r.bySource[0].name).toBe("Captured in the app");
  });
});

describe("rights and tenancy of the charts", () => {
  it("lets analysts in and keeps schedulers, lead generators and program portals out (403)", async () => {
    const r = await k.json<TimeSeriesResponse>(k.post(w.caller.analyst, LEAD_COUNT, { ...WORLD_PERIOD }));
    expect(sum(r.points).leads).toBe(11);
    for (const caller of [w.caller.scheduler, w.caller.leadGenerator, w.caller.portal]) {
      for (const url of [LEAD_COUNT, HOURS, DAYS, SUMMARY]) {
        const res = await k.post(caller, url, { ...WORLD_PERIOD });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toMatch(/Charts are for managers and analysts/);
      }
    }
  });

  it("limits a territory manager to their territory's leads", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(w.caller.territoryManager, LEAD_COUNT, { ...WORLD_PERIOD }),
    );
    expect(sum(r.points)).toEqual({ leads: 6, appointmentsSet: 4, sold: 1, revenue: 5000 });
    // A list cannot widen the scope: asking for the south territory reaches nothing.
    const south = await k.json<TimeSeriesResponse>(
      k.post(w.caller.territoryManager, LEAD_COUNT, { ...WORLD_PERIOD, territoryIds: [w.territory.south] }),
    );
    expect(sum(south.points).leads).toBe(0);
    const summary = await k.json<LeadCountSummaryChartResponse>(
      k.post(w.caller.territoryManager, SUMMARY, { ...WORLD_PERIOD }),
    );
    expect(summary.total).toBe(7);
  });

  it("shows a territory-limited role without a territory nothing, every bucket still listed", async () => {
    const r = await k.json<TimeSeriesResponse>(
      k.post(w.caller.fieldMarketingManager, LEAD_COUNT, { ...WORLD_PERIOD }),
    );
    expect(r.points).toHaveLength(31);
    expect(sum(r.points)).toEqual({ leads: 0, appointmentsSet: 0, sold: 0, revenue: 0 });
    const hours = await k.json<BucketChartResponse>(
      k.post(w.caller.fieldMarketingManager, HOURS, { ...WORLD_PERIOD }),
    );
    expect(hours).toMatchObject({ series: [], others: null, totals: Array(24).fill(0) });
  });

  it("never counts another organization's rows, nor a parent's children", async () => {
    const b = await k.json<TimeSeriesResponse>(
      k.post(w.caller.bManager, LEAD_COUNT, { ...WORLD_PERIOD, interval: "month" }),
    );
    expect(b.points).toEqual([
      { date: "2026-03-01", label: "Mar 2026", leads: 2, appointmentsSet: 1, sold: 1, revenue: 777 },
    ]);
    const parent = await k.json<TimeSeriesResponse>(
      k.post(w.caller.parentManager, LEAD_COUNT, { ...WORLD_PERIOD, interval: "month" }),
    );
    expect(sum(parent.points).leads).toBe(0);
    // Alice also captures for C: her C1 is not in A's chart, and A's ids in a list reach nothing in B.
    const hours = await k.json<BucketChartResponse>(k.post(w.caller.manager, HOURS, { ...WORLD_PERIOD }));
    expect(hours.totals.reduce((a, x) => a + x, 0)).toBe(9);
    const foreign = await k.json<LeadCountSummaryChartResponse>(
      k.post(w.caller.bManager, SUMMARY, { ...WORLD_PERIOD, storeIds: [w.store.maple] }),
    );
    expect(foreign.total).toBe(0);
  });
});
