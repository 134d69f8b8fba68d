import { type NoActivitySearchResponse, refusalOf } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/harness";
import { activitiesTestKit } from "./activities.test-support";

// No activity (issue #15, docs/decisions/0040-labor.md): active lead generators in scope with a day worked (a time
// log) or scheduled (a shift) and nothing logged on it, or nothing at all in the period; the reasons managers
// record, change and clear for several rows at once.

let t: TestApp;
const k = activitiesTestKit(() => t);
let east: number;
let west: number;
let lg: number;
let lglead: number;
let managerId: number;
let wayne: number;
let paramus: number;
let southPhilly: number;
let burbank: number;
let crewNJ: { id: number; name: string };
let crewLI: { id: number; name: string };
let philly: { id: number; name: string };
let inactive: { id: number; name: string };
let westLg: { id: number; name: string };
let people: number[];

const NY = "America/New_York";
/** Reasons (reference-data.ts): Sick, Vacation, Weather, Personal. */
const SICK = 1;
const VACATION = 2;
const WEATHER = 5;
const PERSONAL = 6;

/** A week ten weeks back: far from the demo's labor data, and in the past whatever day the tests run. */
const D = (n: number) => k.day(NY, -70 + n);
const week = () => ({ startDate: D(0), endDate: D(6) });

const rowsOf = async (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NoActivitySearchResponse;
};
const keyOf = (r: { userId: number; workDate: string; kind: string }) =>
  `${r.userId}@${r.workDate}:${r.kind}`;
const errorKeys = (res: { json: () => unknown }) =>
  Object.keys((res.json() as { errors?: Record<string, string[]> }).errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  lg = await k.userId("lg@demo.local");
  lglead = await k.userId("lglead@demo.local");
  managerId = await k.userId("manager@demo.local");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  southPhilly = await k.storeId("Costco South Philadelphia");
  burbank = await k.storeId("Costco Burbank");
  crewNJ = await k.crewMember("North Jersey");
  crewLI = await k.crewMember("Long Island");
  philly = await k.crewMember("Philadelphia");
  inactive = await k.crewMember("North Jersey", false).catch(() => k.crewMember("Long Island", false));
  westLg = await k.crewMember("Los Angeles");
  people = [lg, lglead, crewNJ.id, philly.id, inactive.id, managerId];

  // Luis: scheduled D1; scheduled and worked D2, where he logged approaches; worked D3 at Paramus, unscheduled.
  await k.addShift(east, lg, wayne, D(1));
  await k.addShift(east, lg, wayne, D(2));
  await k.addTimeLog(east, lg, wayne, D(2));
  await k.addTimeLog(east, lg, paramus, D(3));
  // Lena: scheduled D4 and logged something then: no row.
  await k.addShift(east, lglead, wayne, D(4));
  // The Philadelphia crew member: scheduled D5, nothing logged.
  await k.addShift(east, philly.id, southPhilly, D(5));
  // Neither an inactive lead generator nor a manager is listed, whatever their shifts.
  await k.addShift(east, inactive.id, wayne, D(1));
  await k.addShift(east, managerId, wayne, D(1));
  // West's own lead generator.
  await k.addShift(west, westLg.id, burbank, D(1));

  const admin = await k.as("admin@demo.local", "Summit Home East");
  for (const [userId, workDate] of [
    [lg, D(2)],
    [lglead, D(4)],
  ] as const) {
    const res = await k.log(admin, { userId, activityTypeId: 1, count: 4, storeId: wayne, workDate });
    expect(res.statusCode, res.body).toBe(201);
  }
}, 120_000);
afterAll(() => t?.close());

describe("who had no activity", () => {
  it("lists each day worked or scheduled with nothing logged, and those with nothing at all in the period", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    const res = await rowsOf(await k.noActivity(admin, { ...week(), userIds: people }));
    expect(res.period).toEqual(week());
    expect(res.canEdit).toBe(true);
    expect(res.items.map(keyOf)).toEqual([
      `${philly.id}@${D(5)}:day`,
      `${lg}@${D(3)}:day`,
      `${lg}@${D(1)}:day`,
      `${crewNJ.id}@${D(0)}:period`,
    ]);
    expect(res.items[1]).toMatchObject({
      userName: "Luis Generator",
      worked: true,
      scheduled: false,
      storeNames: ["The Home Depot Paramus"],
      reasonId: null,
      reasonName: null,
    });
    expect(res.items[2]).toMatchObject({ worked: false, scheduled: true, storeNames: ["Costco Wayne"] });
    expect(res.items[3]).toMatchObject({
      userName: crewNJ.name,
      worked: false,
      scheduled: false,
      storeNames: [],
    });
    expect(res.counts).toEqual({ days: 3, people: 1, withReason: 0, withoutReason: 4 });
    expect(res.total).toBe(4);
  });

  it("pages and sorts on the server, filters by store (days at that store only), name and territory", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    const first = await rowsOf(
      await k.noActivity(admin, {
        ...week(),
        userIds: people,
        sortBy: "userName",
        sortDirection: "asc",
        pageSize: 2,
        page: 1,
      }),
    );
    expect(first.total).toBe(4);
    expect(first.items).toHaveLength(2);
    const all = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, sortBy: "userName", sortDirection: "asc" }),
    );
    const second = await rowsOf(
      await k.noActivity(admin, {
        ...week(),
        userIds: people,
        sortBy: "userName",
        sortDirection: "asc",
        pageSize: 2,
        page: 2,
      }),
    );
    expect([...first.items, ...second.items].map(keyOf)).toEqual(all.items.map(keyOf));
    const names = all.items.map((r) => r.userName.split(" ").slice(-1)[0].toLowerCase());
    expect([...names].sort()).toEqual(names);

    const atParamus = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, storeIds: [paramus] }),
    );
    expect(atParamus.items.map(keyOf)).toEqual([`${lg}@${D(3)}:day`]);
    const luis = await rowsOf(await k.noActivity(admin, { ...week(), userIds: people, text: "luis gen" }));
    expect(luis.items.every((r) => r.userId === lg)).toBe(true);
    const philadelphia = await k.one<{ id: number }>(
      "select id from territories where name = 'Philadelphia'",
    );
    const inPhilly = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, territoryIds: [philadelphia.id] }),
    );
    expect(inPhilly.items.map(keyOf)).toEqual([`${philly.id}@${D(5)}:day`]);
  });

  it("leaves out dates that have not come yet", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    await k.addShift(east, lg, wayne, k.day(NY, 2));
    const res = await rowsOf(
      await k.noActivity(admin, { startDate: k.day(NY, -1), endDate: k.day(NY, 5), userIds: [lg] }),
    );
    expect(res.items.every((r) => r.workDate <= k.today(NY))).toBe(true);
    // A period wholly to come lists nobody.
    const ahead = await rowsOf(
      await k.noActivity(admin, { startDate: k.day(NY, 3), endDate: k.day(NY, 9), userIds: people }),
    );
    expect(ahead.items).toEqual([]);
  });

  it("shows a lead generator their own, a lead their territories', a territory manager theirs; the portals nothing", async () => {
    const body = { ...week(), userIds: people };
    const mine = await rowsOf(await k.noActivity(await k.as("lg@demo.local"), body));
    expect(mine.items.map(keyOf)).toEqual([`${lg}@${D(3)}:day`, `${lg}@${D(1)}:day`]);
    expect(mine.canEdit).toBe(false);
    const lead = await rowsOf(await k.noActivity(await k.as("lglead@demo.local"), body));
    expect(lead.items.map(keyOf)).toEqual([
      `${lg}@${D(3)}:day`,
      `${lg}@${D(1)}:day`,
      `${crewNJ.id}@${D(0)}:period`,
    ]);
    const territory = await rowsOf(await k.noActivity(await k.as("territory@demo.local"), body));
    expect(territory.items.map(keyOf)).toEqual([`${philly.id}@${D(5)}:day`]);
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const res = await rowsOf(await k.noActivity(await k.as(email), body));
      expect(res.total, email).toBe(4);
      expect(res.canEdit, email).toBe(false);
    }
    // Another organization's people: West's admin sees only West's.
    const inWest = await rowsOf(
      await k.noActivity(await k.as("admin@demo.local", "Summit Home West"), {
        ...week(),
        userIds: [...people, westLg.id],
      }),
    );
    expect(inWest.items.map(keyOf)).toEqual([`${westLg.id}@${D(1)}:day`]);
    for (const email of ["hd@demo.local", "partner@demo.local"]) {
      const res = await k.noActivity(await k.as(email), body);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.read"));
    }
  });
});

describe("recording why", () => {
  it("records, changes and clears reasons for several rows at once, and filters by them", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    const saved = await k.setReasons(admin, [
      { userId: lg, workDate: D(1), reasonId: SICK, notes: " Doctor's note " },
      { userId: crewNJ.id, workDate: D(0), reasonId: VACATION },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ saved: 2, cleared: 0 });

    const res = await rowsOf(await k.noActivity(admin, { ...week(), userIds: people }));
    const d1 = res.items.find((r) => r.userId === lg && r.workDate === D(1));
    expect(d1).toMatchObject({
      reasonId: SICK,
      reasonName: "Sick",
      notes: "Doctor's note",
      reasonDate: D(1),
      recordedByName: "Alex Admin",
    });
    expect(d1?.recordedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.items.find((r) => r.userId === crewNJ.id)).toMatchObject({
      kind: "period",
      reasonName: "Vacation",
    });
    expect(res.counts).toMatchObject({ withReason: 2, withoutReason: 2 });

    const missing = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, reasonState: "missing" }),
    );
    expect(missing.items.map(keyOf)).toEqual([`${philly.id}@${D(5)}:day`, `${lg}@${D(3)}:day`]);
    const recorded = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, reasonState: "recorded" }),
    );
    expect(recorded.items.map(keyOf)).toEqual([`${lg}@${D(1)}:day`, `${crewNJ.id}@${D(0)}:period`]);
    const sick = await rowsOf(await k.noActivity(admin, { ...week(), userIds: people, reasonIds: [SICK] }));
    expect(sick.items.map(keyOf)).toEqual([`${lg}@${D(1)}:day`]);
    const byReason = await rowsOf(
      await k.noActivity(admin, { ...week(), userIds: people, sortBy: "reasonName", sortDirection: "asc" }),
    );
    expect(byReason.items.map((r) => r.reasonName)).toEqual(["Sick", "Vacation", null, null]);

    // Changed by a manager in scope, then cleared: the row stays, without a reason.
    const regional = await k.as("regional@demo.local");
    const changed = await k.setReasons(regional, [{ userId: lg, workDate: D(1), reasonId: WEATHER }]);
    expect(changed.json()).toEqual({ saved: 1, cleared: 0 });
    const after = await rowsOf(await k.noActivity(admin, { ...week(), userIds: [lg] }));
    expect(after.items.find((r) => r.workDate === D(1))).toMatchObject({
      reasonName: "Weather",
      notes: null,
      recordedByName: "Riley Regional",
    });
    const cleared = await k.setReasons(regional, [{ userId: lg, workDate: D(1), reasonId: null }]);
    expect(cleared.json()).toEqual({ saved: 0, cleared: 1 });
    const gone = await rowsOf(await k.noActivity(admin, { ...week(), userIds: [lg] }));
    expect(gone.items.find((r) => r.workDate === D(1))).toMatchObject({ reasonId: null, reasonName: null });
    expect(
      await k.rows(
        "select 1 from no_activity_reasons where organization_id = $1 and user_id = $2 and work_date = $3",
        [east, lg, D(1)],
      ),
    ).toEqual([]);
  });

  it("shows a period row the reason recorded on any day of the period", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    expect(
      (await k.setReasons(admin, [{ userId: crewLI.id, workDate: D(4), reasonId: PERSONAL }])).statusCode,
    ).toBe(200);
    const res = await rowsOf(await k.noActivity(admin, { ...week(), userIds: [crewLI.id] }));
    expect(res.items).toHaveLength(1);
    expect(res.items[0]).toMatchObject({
      kind: "period",
      workDate: D(0),
      reasonName: "Personal",
      reasonDate: D(4),
    });
  });

  it("refuses bad rows with a 400 naming the field, people out of reach with a 404, and writes nothing then", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    const cases: [unknown[], string][] = [
      [[], "body.items"],
      [[{ userId: lg, workDate: D(3), reasonId: 99 }], "body.items.0.reasonId"],
      [[{ userId: lg, workDate: "2026-13-01", reasonId: SICK }], "body.items.0.workDate"],
      [[{ userId: lg, workDate: D(3) }], "body.items.0.reasonId"],
      [[{ userId: lg, workDate: D(3), reasonId: SICK, notes: "x".repeat(501) }], "body.items.0.notes"],
      [[{ userId: lg, workDate: D(3), reasonId: SICK, notes: "\u0000" }], "body.items.0.notes"],
      [[{ userId: 0, workDate: D(3), reasonId: SICK }], "body.items.0.userId"],
      [[{ userId: lg, workDate: k.day(NY, 2000), reasonId: SICK }], "body.items.0.workDate"],
      [
        [
          { userId: lg, workDate: D(3), reasonId: SICK },
          { userId: lg, workDate: D(3), reasonId: VACATION },
        ],
        "body.items.1.workDate",
      ],
    ];
    for (const [items, field] of cases) {
      const res = await k.setReasons(admin, items);
      expect(res.statusCode, `${JSON.stringify(items)} ${res.body}`).toBe(400);
      expect(errorKeys(res), JSON.stringify(items)).toEqual([field]);
    }
    const tooMany = await k.setReasons(
      admin,
      Array.from({ length: 201 }, (_, i) => ({ userId: lg, workDate: k.day(NY, -i), reasonId: SICK })),
    );
    expect(errorKeys(tooMany)).toEqual(["body.items"]);

    // West's person (and someone who does not exist) answer 404; the good row beside it is not written.
    const theirs = await k.setReasons(admin, [
      { userId: lg, workDate: D(3), reasonId: SICK },
      { userId: westLg.id, workDate: D(1), reasonId: SICK },
    ]);
    const nobody = await k.setReasons(admin, [{ userId: 2_000_000_000, workDate: D(1), reasonId: SICK }]);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(nobody.json().message);
    const philadelphia = await k.setReasons(await k.as("territory@demo.local"), [
      { userId: lg, workDate: D(3), reasonId: SICK },
    ]);
    expect(philadelphia.statusCode).toBe(404);
    expect(
      await k.rows("select 1 from no_activity_reasons where user_id = $1 and work_date = $2", [lg, D(3)]),
    ).toEqual([]);
  });

  it("lets only managers record reasons", async () => {
    const item = [{ userId: lg, workDate: D(3), reasonId: SICK }];
    for (const email of [
      "lg@demo.local",
      "lglead@demo.local",
      "scheduler@demo.local",
      "analyst@demo.local",
    ]) {
      const res = await k.setReasons(await k.as(email), item);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.edit"));
    }
    for (const email of ["hd@demo.local", "partner@demo.local"]) {
      const res = await k.setReasons(await k.as(email), item);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.read"));
    }
    for (const email of ["manager@demo.local", "regional@demo.local"]) {
      expect((await k.setReasons(await k.as(email), item)).statusCode, email).toBe(200);
    }
  });

  it("refuses a bad search with a 400 naming the field", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    for (const [body, field] of [
      [{ reasonState: "some" }, "body.reasonState"],
      [{ sortBy: "kind" }, "body.sortBy"],
      [{ startDate: "2026-05-02", endDate: "2026-05-01" }, "body.startDate"],
      [{ startDate: "2020-01-01", endDate: "2026-01-01" }, "body.endDate"],
      [{ reasonIds: ["x"] }, "body.reasonIds.0"],
      [{ page: 0 }, "body.page"],
    ] as const) {
      const res = await k.noActivity(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorKeys(res), JSON.stringify(body)).toEqual([field]);
    }
  });
});
