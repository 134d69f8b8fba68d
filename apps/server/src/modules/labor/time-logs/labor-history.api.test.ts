import { type LaborHistoryRow, refusalOf } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../../test/harness";
import { timeLogsTestKit } from "./time-logs.test-support";

// Labor history (issue #15, docs/decisions/0040-labor.md): minutes per person per day or week with shifts, stores,
// what needs attention, leads (and those captured while not punched in), approaches (and shifts with approaches but
// no lead), planned minutes; filtered, sorted and paged on the server; weeks from the organization's first day; the
// download; rights and scope.

let t: TestApp;
const k = timeLogsTestKit(() => t);
let east: number;
let wayne: number;
let paramus: number;
let quentin: { userId: number };
let phil: { userId: number };
let manager: AuthHeaders;
const PERIOD = { startDate: "2026-10-12", endDate: "2026-10-25" };

type Row = LaborHistoryRow;
const search = async (a: AuthHeaders, body: Record<string, unknown>) => {
  const res = await k.historySearch(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Row[]; total: number; totalMinutes: number; period: unknown };
};

async function lead(userId: number, storeId: number, capturedAt: string, source = "app") {
  await k.rows(
    `insert into leads (organization_id, kind, source, store_id, captured_by_user_id, captured_at, first_name, last_name)
     values ($1, 'internal', $2, $3, $4, $5::timestamptz, 'Pat', 'Shopper')`,
    [east, source, storeId, userId, capturedAt],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  manager = await k.as("manager@demo.local");
  quentin = await k.person(east, {
    territories: ["North Jersey"],
    storeIds: [wayne, paramus],
    first: "Quentin",
    last: "Zephyrson",
  });
  phil = await k.person(east, { territories: ["Philadelphia"], first: "Philippa", last: "Quaker" });
  const admin = await k.as("admin@demo.local");
  // Saturday 17 October: four hours at Wayne, a lead during the shift and one after it (not punched in), and a
  // shopper's QR lead after it (not the phone's: not counted as "not punched in").
  await k.entered(admin, quentin.userId, {
    storeId: wayne,
    workDate: "2026-10-17",
    startTime: "09:00",
    endTime: "13:00",
  });
  await lead(quentin.userId, wayne, "2026-10-17T14:00:00Z");
  await lead(quentin.userId, wayne, "2026-10-17T19:00:00Z");
  await lead(quentin.userId, wayne, "2026-10-17T20:00:00Z", "qr");
  // Sunday 18 October: two hours at Paramus with 12 approaches and no lead.
  await k.entered(admin, quentin.userId, {
    storeId: paramus,
    workDate: "2026-10-18",
    startTime: "10:00",
    endTime: "12:00",
  });
  const { id: approaches } = await k.one<{ id: number }>(
    "select id from reference_items where list = 'userActivities' and name = 'Approaches'",
  );
  await k.rows(
    `insert into activities (organization_id, user_id, store_id, activity_type_id, work_date, count)
     values ($1, $2, $3, $4, '2026-10-18', 12)`,
    [east, quentin.userId, paramus, approaches],
  );
  // Monday 19 October: a missing punch out at Wayne, and an eight-hour planned shift.
  await k.rows(
    `insert into time_logs (organization_id, user_id, store_id, punch_in_at, time_zone, work_date, state, missing, flagged_at)
     values ($1, $2, $3, '2026-10-19T13:00:00Z', 'America/New_York', '2026-10-19', 'missing', 'punchOut', now())`,
    [east, quentin.userId, wayne],
  );
  await k.rows(
    `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
     values ($1, $2, $3, '2026-10-19', '09:00', '17:00', 'America/New_York', '2026-10-19T13:00:00Z', '2026-10-19T21:00:00Z')`,
    [east, quentin.userId, wayne],
  );
  // Tuesday 20 October: an hour, nothing to look at.
  await k.entered(admin, quentin.userId, {
    storeId: wayne,
    workDate: "2026-10-20",
    startTime: "09:00",
    endTime: "10:00",
  });
  // Philadelphia: three hours on the 20th.
  const phillyStore = (
    await k.one<{ id: number }>(
      "select s.id from stores s join territories t on t.id = s.territory_id where t.name = 'Philadelphia' order by s.id limit 1",
    )
  ).id;
  await k.entered(admin, phil.userId, {
    storeId: phillyStore,
    workDate: "2026-10-20",
    startTime: "09:00",
    endTime: "12:00",
  });
}, 120_000);
afterAll(() => t?.close());

describe("labor history by day", () => {
  it("aggregates each person's day: minutes of closed logs, shifts, stores, attention, leads, leads not punched in, approaches, planned minutes", async () => {
    const page = await search(manager, { ...PERIOD, userIds: [quentin.userId] });
    expect(page).toMatchObject({ total: 4, totalMinutes: 240 + 120 + 60, period: PERIOD });
    const base = {
      userId: quentin.userId,
      userName: "Quentin Zephyrson",
      attentionCount: 0,
      leadCount: 0,
      leadsNotPunchedIn: 0,
      approaches: 0,
      shiftsWithApproachesNoLeads: 0,
      scheduledMinutes: 0,
    };
    expect(page.items).toEqual([
      {
        ...base,
        periodStart: "2026-10-17",
        periodEnd: "2026-10-17",
        minutes: 240,
        shiftCount: 1,
        storeNames: ["Costco Wayne"],
        leadCount: 3,
        leadsNotPunchedIn: 1,
      },
      {
        ...base,
        periodStart: "2026-10-18",
        periodEnd: "2026-10-18",
        minutes: 120,
        shiftCount: 1,
        storeNames: ["The Home Depot Paramus"],
        approaches: 12,
        shiftsWithApproachesNoLeads: 1,
      },
      {
        ...base,
        periodStart: "2026-10-19",
        periodEnd: "2026-10-19",
        minutes: 0,
        shiftCount: 1,
        storeNames: ["Costco Wayne"],
        attentionCount: 1,
        scheduledMinutes: 480,
      },
      {
        ...base,
        periodStart: "2026-10-20",
        periodEnd: "2026-10-20",
        minutes: 60,
        shiftCount: 1,
        storeNames: ["Costco Wayne"],
      },
    ]);
  });

  it("keeps only rows to look at (flaggedOnly), filters by store, territory and name, sorts and pages on the server", async () => {
    const flagged = await search(manager, { ...PERIOD, userIds: [quentin.userId], flaggedOnly: true });
    expect(flagged.items.map((r) => r.periodStart)).toEqual(["2026-10-17", "2026-10-18", "2026-10-19"]);
    const atParamus = await search(manager, { ...PERIOD, userIds: [quentin.userId], storeIds: [paramus] });
    expect(atParamus.items.map((r) => [r.periodStart, r.minutes, r.approaches])).toEqual([
      ["2026-10-18", 120, 12],
    ]);
    const philly = await search(manager, {
      ...PERIOD,
      territoryIds: [await k.territoryId("Philadelphia")],
      text: "quak",
    });
    expect(philly.items.map((r) => [r.userName, r.minutes])).toEqual([["Philippa Quaker", 180]]);
    const byName = await search(manager, { ...PERIOD, text: "quentin zeph" });
    expect(byName.total).toBe(4);
    const byMinutes = await search(manager, {
      ...PERIOD,
      userIds: [quentin.userId],
      sortBy: "minutes",
      sortDirection: "desc",
      pageSize: 2,
      page: 2,
    });
    expect(byMinutes).toMatchObject({ total: 4, page: 2, pageSize: 2 });
    expect(byMinutes.items.map((r) => r.minutes)).toEqual([60, 0]);
    const byLeads = await search(manager, {
      ...PERIOD,
      userIds: [quentin.userId],
      sortBy: "leadCount",
      sortDirection: "desc",
      pageSize: 1,
    });
    expect(byLeads.items.map((r) => r.periodStart)).toEqual(["2026-10-17"]);
    const both = await search(manager, {
      ...PERIOD,
      userIds: [quentin.userId, phil.userId],
      sortBy: "userName",
    });
    expect(both.items.map((r) => r.userName)).toEqual([
      "Philippa Quaker",
      "Quentin Zephyrson",
      "Quentin Zephyrson",
      "Quentin Zephyrson",
      "Quentin Zephyrson",
    ]);
  });
});

describe("labor history by week", () => {
  it("groups weeks from the organization's first day: Monday (1) and Sunday (0), across a week boundary", async () => {
    const monday = await search(manager, { ...PERIOD, userIds: [quentin.userId], groupBy: "week" });
    expect(
      monday.items.map((r) => [
        r.periodStart,
        r.periodEnd,
        r.minutes,
        r.shiftCount,
        r.leadCount,
        r.approaches,
        r.attentionCount,
        r.scheduledMinutes,
      ]),
    ).toEqual([
      ["2026-10-12", "2026-10-18", 360, 2, 3, 12, 0, 0],
      ["2026-10-19", "2026-10-25", 60, 2, 0, 0, 1, 480],
    ]);
    expect(monday.items[0].storeNames).toEqual(["Costco Wayne", "The Home Depot Paramus"]);
    await k.rows("update organizations set first_day_of_week = 0 where id = $1", [east]);
    try {
      const sunday = await search(manager, { ...PERIOD, userIds: [quentin.userId], groupBy: "week" });
      expect(
        sunday.items.map((r) => [r.periodStart, r.periodEnd, r.minutes, r.shiftCount, r.attentionCount]),
      ).toEqual([
        ["2026-10-11", "2026-10-17", 240, 1, 0],
        ["2026-10-18", "2026-10-24", 180, 3, 1],
      ]);
    } finally {
      await k.rows("update organizations set first_day_of_week = 1 where id = $1", [east]);
    }
  });
});

describe("the download", () => {
  it("downloads the whole result as CSV or XLSX through the export path", async () => {
    const csv = await k.historySearch(manager, {
      ...PERIOD,
      userIds: [quentin.userId],
      format: "csv",
      pageSize: 1,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/labor-history-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Person,From,To,Hours,Minutes,Shifts,Stores,Needing attention,Leads,Leads while not punched in,Approaches,Shifts with approaches and no lead,Scheduled hours",
    );
    expect(lines.slice(1)).toEqual([
      "Quentin Zephyrson,2026-10-17,2026-10-17,4,240,1,Costco Wayne,0,3,1,0,0,0",
      "Quentin Zephyrson,2026-10-18,2026-10-18,2,120,1,The Home Depot Paramus,0,0,0,12,1,0",
      "Quentin Zephyrson,2026-10-19,2026-10-19,0,0,1,Costco Wayne,1,0,0,0,0,8",
      "Quentin Zephyrson,2026-10-20,2026-10-20,1,60,1,Costco Wayne,0,0,0,0,0,0",
    ]);
    const xlsx = await k.historySearch(manager, { ...PERIOD, format: "xlsx" });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("rights, scope and bad input", () => {
  it("is for labor.team: territory roles see their territories' people, lead generators and portals are refused", async () => {
    const people = async (email: string) =>
      new Set((await search(await k.as(email), { ...PERIOD, pageSize: 200 })).items.map((r) => r.userId));
    const regional = await people("regional@demo.local");
    expect(regional.has(quentin.userId)).toBe(true);
    expect(regional.has(phil.userId)).toBe(false);
    const territory = await people("territory@demo.local");
    expect(territory.has(phil.userId)).toBe(true);
    expect(territory.has(quentin.userId)).toBe(false);
    const lglead = await people("lglead@demo.local");
    expect(lglead.has(quentin.userId)).toBe(true);
    expect(lglead.has(phil.userId)).toBe(false);
    for (const email of ["analyst@demo.local", "scheduler@demo.local", "admin@demo.local"])
      expect((await people(email)).has(phil.userId), email).toBe(true);
    // Another organization's people: not there, whatever ids are asked for.
    const westAdmin = await t.login("admin@demo.local", undefined, await t.orgId("Summit Home West"));
    expect((await search(westAdmin, { ...PERIOD, userIds: [quentin.userId] })).items).toEqual([]);
    for (const email of ["lg@demo.local", "hd@demo.local"]) {
      const res = await k.historySearch(await k.as(email), PERIOD);
      expect(res.statusCode, email).toBe(403);
    }
    expect((await k.historySearch(await k.as("lg@demo.local"), {})).json().message).toBe(
      refusalOf("labor.team"),
    );
  });

  it("answers This Week with no period, and 400 naming the field for bad input", async () => {
    const week = await k.historySearch(manager, {});
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json().period.startDate <= week.json().period.endDate).toBe(true);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await k.historySearch(manager, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).join(" "), res.body).toContain(field);
    };
    await bad({ groupBy: "month" }, "body.groupBy");
    await bad({ sortBy: "storeNames" }, "body.sortBy");
    await bad({ pageSize: 1000 }, "body.pageSize");
    await bad({ dateRange: 11 }, "body.dateRange");
    await bad({ startDate: "2026-10-20", endDate: "2026-10-01" }, "body.startDate");
    await bad({ startDate: "2020-01-01", endDate: "2026-10-01" }, "body.endDate");
    await bad({ format: "pdf" }, "body.format");
    await bad({ userIds: [0] }, "body.userIds");
    // Odd but valid: far-away dates answer an empty page, not an error.
    const old = await k.historySearch(manager, { startDate: "0001-01-01", endDate: "0001-01-31" });
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json().items).toEqual([]);
    const far = await k.historySearch(manager, { startDate: "9999-12-01", endDate: "9999-12-31" });
    expect(far.statusCode, far.body).toBe(200);
  });
});
