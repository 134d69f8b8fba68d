import {
  refusalOf,
  type ScheduleCopyResponse,
  type SchedulePerson,
  type ScheduleShift,
  type SchedulesResponse,
} from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../../test/harness";
import { XLSX_CONTENT_TYPE } from "../../../platform/xlsx";
import { sheetRows } from "../../../platform/xlsx.test-support";
import { schedulesTestKit } from "./schedules.test-support";

// Schedules and available hours (issue #15, docs/decisions/0040-labor.md): the week grid and who sees whom, planning
// shifts with their conflicts (two places at once, outside availability, over the weekly limit) shown and never
// refused, daylight-saving nights, weeks from Sunday and from Monday, copying a week, the export, available hours.

let t: TestApp;
const k = schedulesTestKit(() => t);
let east: number;
let wayne: number;
let paramus: number;
let westbury: number;
let philadelphiaStore: number;
let burbank: number;
let lg: number;
let lglead: number;
let philly: number;
let longIsland: number;
let losAngeles: number;
let inactiveLg: number;

const WEEK = "2030-06-03"; // a Monday, far from the demo's own weeks

const grid = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
  k.inject(a, "POST", "/api/users/schedules", { pageSize: 200, ...body });
const upsert = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/schedules/shifts/upsert", body);
const removeShift = (a: AuthHeaders, id: number | string) =>
  k.inject(a, "DELETE", `/api/users/schedules/shifts/${id}`);
const copy = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/schedules/copy", body);
const replaceAvailable = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/hours/available/schedules", body);
const removeAvailable = (a: AuthHeaders, id: number | string) =>
  k.inject(a, "DELETE", `/api/users/hours/available/schedules/${id}`);
const exportFile = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/schedules/export", body);

const weekOf = async (a: AuthHeaders, body: Record<string, unknown> = {}) => {
  const res = await grid(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SchedulesResponse;
};
const plan = async (a: AuthHeaders, body: Record<string, unknown>) => {
  const res = await upsert(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().shift as ScheduleShift;
};
const rowOf = (w: SchedulesResponse, userId: number) =>
  w.items.find((p) => p.userId === userId) as SchedulePerson;
const shiftsOf = (p: SchedulePerson) => p.days.flatMap((d) => d.shifts);
const kinds = (s: ScheduleShift) => s.conflicts.map((c) => c.kind).sort();

/** The active lead generators of a territory (by name), in id order. */
const peopleOf = async (territory: string, active = true) =>
  (
    await t.database.executeSql(
      `select distinct m.user_id as id from memberships m
       join membership_territories mt on mt.membership_id = m.id join territories t on t.id = mt.territory_id
       where t.name = $1 and m.role_id in (14, 15) and m.is_active = $2 order by m.user_id`,
      [territory, active],
    )
  ).rows.map((r) => Number((r as { id: number }).id));

const admin = () => k.as("admin@demo.local");
const adminWest = () => k.as("admin@demo.local", "Summit Home West");

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  westbury = await k.storeId("Costco Westbury");
  philadelphiaStore = await k.storeId("Costco South Philadelphia");
  burbank = await k.storeId("Costco Burbank");
  lg = await k.userId("lg@demo.local");
  lglead = await k.userId("lglead@demo.local");
  philly = (await peopleOf("Philadelphia"))[0];
  longIsland = (await peopleOf("Long Island"))[0];
  losAngeles = (await peopleOf("Los Angeles"))[0];
  inactiveLg = (await peopleOf("North Jersey", false))[0];
  expect(inactiveLg).toBeGreaterThan(0);
}, 120_000);
afterAll(() => t?.close());

describe("the week grid", () => {
  it("lists the field team by name with seven days from the organization's first day, the week list and the limit", async () => {
    const w = await weekOf(await admin(), { week: "2030-06-05" });
    expect(w.week).toMatchObject({
      startDate: WEEK,
      endDate: "2030-06-09",
      firstDayOfWeek: 1,
      isCurrentWeek: false,
    });
    expect(w.week.days.map((d) => d.dayName)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(w.timeZone).toBe("America/New_York");
    expect(w.weeklyHoursLimit).toBe(40);
    expect(w.canEdit).toBe(true);
    // The week list: about 30 days back to 112 ahead, each from Monday, exactly one of them this week.
    expect(w.weeks.length).toBeGreaterThanOrEqual(21);
    expect(w.weeks.length).toBeLessThanOrEqual(22);
    expect(w.weeks.filter((x) => x.isCurrentWeek)).toHaveLength(1);
    expect(w.weeks.every((x) => x.dayName === "Monday")).toBe(true);
    // The active lead generators of the organization (and nobody else, for a week with no shifts), by name.
    const expected = await k.rows<{ id: number }>(
      `select m.user_id as id from memberships m join users u on u.id = m.user_id
       where m.organization_id = $1 and m.role_id in (14, 15) and m.is_active and m.subscription_id = 1
       order by lower(u.last_name), lower(u.first_name), u.id`,
      [east],
    );
    expect(w.items.map((p) => p.userId)).toEqual(expected.map((r) => Number(r.id)));
    expect(w.total).toBe(expected.length);
    const luis = rowOf(w, lg);
    expect(luis).toMatchObject({
      userName: "Luis Generator",
      email: "lg@demo.local",
      isActive: true,
      minutes: 0,
    });
    expect(luis.days.map((d) => d.date)).toEqual(w.week.days.map((d) => d.date));
    // The demo's available hours: Monday to Saturday 09:00-19:00.
    expect(luis.availableHours.map((s) => [s.dayOfWeek, s.startTime, s.endTime])).toEqual(
      [1, 2, 3, 4, 5, 6].map((d) => [d, "09:00", "19:00"]),
    );
  });

  it("pages by person on the server, and lists everyone who logs time when asked", async () => {
    const a = await admin();
    const all = await weekOf(a, { week: WEEK });
    const first = await weekOf(a, { week: WEEK, pageSize: 2, page: 1 });
    const second = await weekOf(a, { week: WEEK, pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((p) => p.userId)).toEqual(
      all.items.slice(0, 4).map((p) => p.userId),
    );
    const everyone = await weekOf(a, { week: WEEK, everyone: true });
    const names = everyone.items.map((p) => p.userName);
    expect(names).toContain("Morgan Manager");
    expect(names).toContain("Luis Generator");
    // Schedulers and analysts do not log time; the program portal's Admin is not a member of the full product.
    expect(names).not.toContain("Sydney Scheduler");
    expect(names).not.toContain("Avery Analyst");
    expect(names).not.toContain("Harper Program");
    // Filters: a name, a territory, a store.
    expect((await weekOf(a, { week: WEEK, text: "luis gen" })).items.map((p) => p.userId)).toEqual([lg]);
    const li = await weekOf(a, { week: WEEK, territoryIds: [await k.territoryId("Long Island")] });
    expect(li.items.map((p) => p.userId)).toContain(longIsland);
    expect(li.items.map((p) => p.userId)).not.toContain(lg);
    const atWestbury = await weekOf(a, { week: WEEK, storeIds: [westbury] });
    expect(atWestbury.items.map((p) => p.userId)).toContain(longIsland);
    expect(atWestbury.items.map((p) => p.userId)).not.toContain(philly);
  });

  it("shows the demo's own weeks: Luis double-booked on this week's Wednesday", async () => {
    const w = await weekOf(await admin(), { text: "luis" });
    expect(w.week.isCurrentWeek).toBe(true);
    const luis = rowOf(w, lg);
    const wednesday = luis.days[2].shifts;
    expect(wednesday).toHaveLength(2);
    expect(wednesday.every((s) => s.conflicts.some((c) => c.kind === "overlap"))).toBe(true);
    expect(w.conflictCount).toBeGreaterThanOrEqual(2);
    // Next week is planned too.
    const next = await weekOf(await admin(), {
      text: "luis",
      week: w.weeks[w.weeks.findIndex((x) => x.isCurrentWeek) + 1].startDate,
    });
    expect(shiftsOf(rowOf(next, lg)).length).toBe(5);
  });
});

describe("who sees and plans whom", () => {
  it("shows a lead generator only their own week, a lead-generator lead their territory's, and lets neither plan", async () => {
    const own = await weekOf(await k.as("lg@demo.local"), { week: WEEK, everyone: true });
    expect(own.items.map((p) => p.userId)).toEqual([lg]);
    expect(own.canEdit).toBe(false);
    // Naming someone else changes nothing.
    expect((await weekOf(await k.as("lg@demo.local"), { week: WEEK, userIds: [lglead] })).items).toEqual([]);
    const lead = await weekOf(await k.as("lglead@demo.local"), { week: WEEK });
    const northJersey = await peopleOf("North Jersey");
    expect(lead.items.map((p) => p.userId).sort()).toEqual([...northJersey].sort());
    expect(lead.canEdit).toBe(false);
    for (const email of ["lg@demo.local", "lglead@demo.local"]) {
      const res = await upsert(await k.as(email), {
        userId: lg,
        storeId: wayne,
        workDate: WEEK,
        startTime: "10:00",
        endTime: "18:00",
      });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toBe(refusalOf("labor.edit"));
    }
  });

  it("lets schedulers and analysts read every week but plan nothing; keeps the portals out", async () => {
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const a = await k.as(email);
      const w = await weekOf(a, { week: WEEK });
      expect(w.items.map((p) => p.userId)).toContain(philly);
      expect(w.canEdit).toBe(false);
      const res = await upsert(a, {
        userId: lg,
        storeId: wayne,
        workDate: WEEK,
        startTime: "10:00",
        endTime: "18:00",
      });
      expect(res.statusCode, email).toBe(403);
      expect((await copy(a, { toWeek: WEEK })).statusCode).toBe(403);
      expect((await replaceAvailable(a, { userId: lg, slots: [] })).statusCode).toBe(403);
      expect((await removeShift(a, 1)).statusCode).toBe(403);
      expect((await removeAvailable(a, 1)).statusCode).toBe(403);
    }
    for (const email of ["hd@demo.local", "partner@demo.local"]) {
      const a = await k.as(email);
      const res = await grid(a);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toBe(refusalOf("labor.read"));
      expect((await exportFile(a, { format: "csv" })).statusCode).toBe(403);
    }
  });

  it("limits territory managers to their territories' people and stores (404 outside)", async () => {
    const regional = await k.as("regional@demo.local");
    const w = await weekOf(regional, { week: WEEK, everyone: true });
    expect(w.items.map((p) => p.userId)).toContain(longIsland);
    expect(w.items.map((p) => p.userId)).not.toContain(philly);
    expect(w.canEdit).toBe(true);
    const base = { workDate: "2030-06-04", startTime: "10:00", endTime: "14:00" };
    const outsidePerson = await upsert(regional, { ...base, userId: philly, storeId: wayne });
    expect(outsidePerson.statusCode).toBe(404);
    const outsideStore = await upsert(regional, { ...base, userId: longIsland, storeId: philadelphiaStore });
    expect(outsideStore.statusCode).toBe(404);
    const made = await plan(regional, { ...base, userId: longIsland, storeId: westbury });
    expect(made).toMatchObject({ userId: longIsland, storeId: westbury, storeName: "Costco Westbury" });
    // A territory manager cannot see, move or delete it.
    const territory = await k.as("territory@demo.local");
    expect((await removeShift(territory, made.id)).statusCode).toBe(404);
    expect(
      (await upsert(territory, { ...base, id: made.id, userId: philly, storeId: philadelphiaStore }))
        .statusCode,
    ).toBe(404);
    expect((await removeShift(regional, made.id)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's people, stores, shifts and available hours", async () => {
    const a = await admin();
    const base = { workDate: "2030-06-04", startTime: "10:00", endTime: "14:00" };
    expect((await upsert(a, { ...base, userId: losAngeles, storeId: wayne })).statusCode).toBe(404);
    expect((await upsert(a, { ...base, userId: lg, storeId: burbank })).statusCode).toBe(404);
    expect((await replaceAvailable(a, { userId: losAngeles, slots: [] })).statusCode).toBe(404);
    // A shift and an available-hours row of West, reached from East.
    const fmm = await k.as("fmm@demo.local");
    const westShift = await plan(fmm, { ...base, userId: losAngeles, storeId: burbank });
    const westSlots = await replaceAvailable(fmm, {
      userId: losAngeles,
      slots: [{ dayOfWeek: 2, startTime: "08:00", endTime: "20:00" }],
    });
    expect(westSlots.statusCode, westSlots.body).toBe(200);
    const slotId = westSlots.json().slots[0].id as number;
    expect((await removeShift(a, westShift.id)).statusCode).toBe(404);
    expect((await upsert(a, { ...base, id: westShift.id, userId: lg, storeId: wayne })).statusCode).toBe(404);
    expect((await removeAvailable(a, slotId)).statusCode).toBe(404);
    // East's grid never lists West's people, whatever is named.
    expect((await weekOf(a, { week: WEEK, userIds: [losAngeles] })).items).toEqual([]);
    // The same Admin in West reaches them.
    expect((await removeShift(await adminWest(), westShift.id)).statusCode).toBe(200);
    expect((await removeAvailable(await adminWest(), slotId)).statusCode).toBe(200);
    expect((await removeAvailable(await adminWest(), slotId)).statusCode).toBe(404);
  });
});

describe("bad input", () => {
  it("answers 400 naming the field, never 500", async () => {
    const a = await admin();
    const base = { userId: lg, storeId: wayne, workDate: WEEK, startTime: "10:00", endTime: "18:00" };
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, workDate: "2030-02-30" }, "body.workDate"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, workDate: "0001-01-01" }, "body.workDate"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, startTime: "25:00" }, "body.startTime"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, endTime: "9am" }, "body.endTime"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, userId: undefined }, "body.userId"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, storeId: 0 }, "body.storeId"],
      ["POST", "/api/users/schedules/shifts/upsert", { ...base, notes: "x".repeat(501) }, "body.notes"],
      ["POST", "/api/users/schedules", { week: "next week" }, "body.week"],
      ["POST", "/api/users/schedules", { week: "9999-12-31" }, "body.week"],
      ["POST", "/api/users/schedules", { page: 0 }, "body.page"],
      ["POST", "/api/users/schedules", { pageSize: 500 }, "body.pageSize"],
      ["POST", "/api/users/schedules/export", { format: "pdf" }, "body.format"],
      ["POST", "/api/users/schedules/copy", {}, "body.toWeek"],
      ["POST", "/api/users/schedules/copy", { toWeek: WEEK, fromWeek: "2030-06-07" }, "body.fromWeek"],
      [
        "POST",
        "/api/users/hours/available/schedules",
        { userId: lg, slots: [{ dayOfWeek: 1, startTime: "17:00", endTime: "09:00" }] },
        "body.slots.0.endTime",
      ],
      [
        "POST",
        "/api/users/hours/available/schedules",
        {
          userId: lg,
          slots: [
            { dayOfWeek: 1, startTime: "09:00", endTime: "13:00" },
            { dayOfWeek: 1, startTime: "12:00", endTime: "17:00" },
          ],
        },
        "body.slots.1.startTime",
      ],
      [
        "POST",
        "/api/users/hours/available/schedules",
        { userId: lg, slots: [{ dayOfWeek: 7, startTime: "09:00", endTime: "13:00" }] },
        "body.slots.0.dayOfWeek",
      ],
      ["DELETE", "/api/users/schedules/shifts/abc", undefined, "params.id"],
      ["DELETE", "/api/users/hours/available/schedules/99999999999", undefined, "params.id"],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await k.inject(a, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), `${url} ${JSON.stringify(body)}`).toContain(field);
    }
    // Unknown ids are 404s.
    expect((await removeShift(a, 2_000_000_000)).statusCode).toBe(404);
    expect((await upsert(a, { ...base, id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await upsert(a, { ...base, storeId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await upsert(a, { ...base, userId: 2_000_000_000 })).statusCode).toBe(404);
  });

  it("plans no new shift for an inactive person or at an inactive store", async () => {
    const a = await admin();
    const base = { workDate: "2030-06-04", startTime: "10:00", endTime: "14:00" };
    const person = await upsert(a, { ...base, userId: inactiveLg, storeId: wayne });
    expect(person.statusCode).toBe(400);
    expect(person.json().errors).toHaveProperty("body.userId");
    const clifton = await k.storeId("Lowe's Clifton");
    await t.database.executeSql("update stores set is_active = false where id = $1", [clifton]);
    try {
      const store = await upsert(a, { ...base, userId: lg, storeId: clifton });
      expect(store.statusCode).toBe(400);
      expect(store.json().errors["body.storeId"][0]).toMatch(/Lowe's Clifton is inactive/);
    } finally {
      await t.database.executeSql("update stores set is_active = true where id = $1", [clifton]);
    }
  });
});

describe("conflicts: shown, never refused", () => {
  it("marks two places at once, outside available hours and over the weekly limit", async () => {
    const a = await admin();
    const avail = await replaceAvailable(a, {
      userId: lglead,
      slots: [1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: "09:00", endTime: "19:00" })),
    });
    expect(avail.statusCode, avail.body).toBe(200);
    const shift = (workDate: string, startTime: string, endTime: string, storeId = wayne) =>
      plan(a, { userId: lglead, storeId, workDate, startTime, endTime });
    const monday = await shift("2030-06-03", "10:00", "18:00");
    expect(monday.conflicts).toEqual([]);
    expect(monday).toMatchObject({ minutes: 480, endsNextDay: false, timeZone: "America/New_York" });
    // A second store on Monday afternoon, past 19:00: both overlap, and it is outside the available hours.
    const evening = await shift("2030-06-03", "16:00", "20:00", paramus);
    expect(kinds(evening)).toEqual(["outsideAvailability", "overlap"]);
    expect(evening.conflicts.find((c) => c.kind === "overlap")).toMatchObject({
      otherShiftId: monday.id,
      message: "Also at Costco Wayne 10:00–18:00 on 2030-06-03",
    });
    expect(evening.conflicts.find((c) => c.kind === "outsideAvailability")?.message).toBe(
      "Outside available hours: available Monday 09:00–19:00",
    );
    // Touching ends are not an overlap.
    const after = await shift("2030-06-04", "18:00", "19:00");
    const before = await shift("2030-06-04", "10:00", "18:00");
    expect(before.conflicts).toEqual([]);
    expect(after.conflicts).toEqual([]);
    await shift("2030-06-05", "10:00", "18:00");
    await shift("2030-06-06", "10:00", "18:00");
    // Sunday: not available at all, and the week now holds 8+4+1+8+8+8+5 = 42 hours.
    const sunday = await shift("2030-06-09", "10:00", "15:00");
    expect(kinds(sunday)).toEqual(["outsideAvailability", "overWeeklyLimit"]);
    expect(sunday.conflicts.find((c) => c.kind === "outsideAvailability")?.message).toBe(
      "Outside available hours: not available on Sundays",
    );
    expect(sunday.conflicts.find((c) => c.kind === "overWeeklyLimit")?.message).toBe(
      "42 h planned this week, over the limit of 40 h",
    );
    const row = rowOf(await weekOf(a, { week: WEEK, userIds: [lglead] }), lglead);
    expect(row.minutes).toBe(42 * 60);
    expect(row.overWeeklyLimit).toBe(true);
    expect(row.conflictCount).toBe(3);
    // The Monday morning shift shows the overlap too, from the grid.
    const mondayInGrid = row.days[0].shifts.find((s) => s.id === monday.id);
    expect(mondayInGrid?.conflicts.map((c) => c.kind)).toEqual(["overlap"]);
    // Moving the evening shift to Tuesday evening clears the double booking (it stays outside availability).
    const moved = await plan(a, {
      id: evening.id,
      userId: lglead,
      storeId: paramus,
      workDate: "2030-06-04",
      startTime: "19:00",
      endTime: "20:00",
      notes: "Late demo",
    });
    expect(moved).toMatchObject({ id: evening.id, workDate: "2030-06-04", notes: "Late demo" });
    expect(kinds(moved)).toEqual(["outsideAvailability"]);
    const again = rowOf(await weekOf(a, { week: WEEK, userIds: [lglead] }), lglead);
    expect(again.days[0].shifts.map((s) => s.conflicts)).toEqual([[]]);
    expect(again.minutes).toBe(39 * 60);
    expect(again.overWeeklyLimit).toBe(false);
  });

  it("reads available hours in the organization's zone and joins touching rows; no rows means available any time", async () => {
    const a = await admin();
    const person = longIsland;
    expect(
      (
        await replaceAvailable(a, {
          userId: person,
          slots: [
            { dayOfWeek: 2, startTime: "09:00", endTime: "12:00" },
            { dayOfWeek: 2, startTime: "12:00", endTime: "23:59" },
            { dayOfWeek: 3, startTime: "00:00", endTime: "06:00" },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // Tuesday 10:00 to Wednesday 02:00: inside the joined Tuesday rows and Wednesday's early row.
    const overnight = await plan(a, {
      userId: person,
      storeId: westbury,
      workDate: "2030-06-04",
      startTime: "10:00",
      endTime: "02:00",
    });
    expect(overnight).toMatchObject({ endsNextDay: true, minutes: 16 * 60 });
    expect(overnight.conflicts).toEqual([]);
    // Cleared: anything goes.
    const cleared = await replaceAvailable(a, { userId: person, slots: [] });
    expect(cleared.json()).toMatchObject({ userId: person, slots: [] });
    const night = await plan(a, {
      userId: person,
      storeId: westbury,
      workDate: "2030-06-06",
      startTime: "03:00",
      endTime: "05:00",
    });
    expect(night.conflicts).toEqual([]);
  });

  it("sees a double booking across the week's edge: Sunday night into Monday", async () => {
    const a = await admin();
    const person = (await peopleOf("Long Island"))[1];
    const sunday = await plan(a, {
      userId: person,
      storeId: westbury,
      workDate: "2030-06-16",
      startTime: "22:00",
      endTime: "06:00",
    });
    const monday = await plan(a, {
      userId: person,
      storeId: westbury,
      workDate: "2030-06-17",
      startTime: "05:00",
      endTime: "09:00",
    });
    expect(monday.conflicts.map((c) => c.otherShiftId)).toContain(sunday.id);
    const next = rowOf(await weekOf(a, { week: "2030-06-17", userIds: [person] }), person);
    expect(next.days[0].shifts[0].conflicts.map((c) => c.kind)).toContain("overlap");
    // The Sunday shift belongs to the week before (East's weeks start on Monday).
    expect(shiftsOf(next).map((s) => s.id)).toEqual([monday.id]);
  });
});

describe("time", () => {
  it("gives a shift across the spring-forward night in New York its real length, and refuses a time the clocks skip", async () => {
    const a = await admin();
    const person = (await peopleOf("Philadelphia"))[1];
    const night = await plan(a, {
      userId: person,
      storeId: philadelphiaStore,
      workDate: "2026-03-07",
      startTime: "22:00",
      endTime: "06:00",
    });
    expect(night).toMatchObject({
      startsAt: "2026-03-08T03:00:00.000Z",
      endsAt: "2026-03-08T10:00:00.000Z",
      minutes: 7 * 60,
      endsNextDay: true,
    });
    const fallBack = await plan(a, {
      userId: person,
      storeId: philadelphiaStore,
      workDate: "2026-10-31",
      startTime: "22:00",
      endTime: "06:00",
    });
    expect(fallBack).toMatchObject({
      startsAt: "2026-11-01T02:00:00.000Z",
      endsAt: "2026-11-01T11:00:00.000Z",
      minutes: 9 * 60,
    });
    const gap = await upsert(a, {
      userId: person,
      storeId: philadelphiaStore,
      workDate: "2026-03-08",
      startTime: "02:30",
      endTime: "08:00",
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors["body.startTime"][0]).toMatch(
      /02:30 does not exist on 2026-03-08 in America\/New_York/,
    );
    // Los Angeles changes at its own 02:00: a store there keeps its zone.
    const fmm = await k.as("fmm@demo.local");
    const la = await plan(fmm, {
      userId: losAngeles,
      storeId: burbank,
      workDate: "2026-03-07",
      startTime: "22:00",
      endTime: "06:00",
    });
    expect(la).toMatchObject({
      timeZone: "America/Los_Angeles",
      startsAt: "2026-03-08T06:00:00.000Z",
      minutes: 7 * 60,
    });
  });

  it("starts West's weeks on Sunday and East's on Monday, totals included", async () => {
    const w = await weekOf(await adminWest(), { week: "2030-06-05" });
    expect(w.week).toMatchObject({ startDate: "2030-06-02", endDate: "2030-06-08", firstDayOfWeek: 0 });
    expect(w.week.days[0].dayName).toBe("Sunday");
    expect(w.weeks.every((x) => x.dayName === "Sunday")).toBe(true);
    expect(w.timeZone).toBe("America/Los_Angeles");
    // A Sunday shift opens West's week and closes East's.
    const fmm = await k.as("fmm@demo.local");
    const sunday = await plan(fmm, {
      userId: losAngeles,
      storeId: burbank,
      workDate: "2030-06-09",
      startTime: "09:00",
      endTime: "17:00",
    });
    const westNext = rowOf(
      await weekOf(await adminWest(), { week: "2030-06-09", userIds: [losAngeles] }),
      losAngeles,
    );
    expect(westNext.days[0].shifts.map((s) => s.id)).toEqual([sunday.id]);
    expect(westNext.minutes).toBe(480);
    const eastSunday = await plan(await admin(), {
      userId: philly,
      storeId: philadelphiaStore,
      workDate: "2030-06-09",
      startTime: "09:00",
      endTime: "17:00",
    });
    const eastWeek = rowOf(await weekOf(await admin(), { week: "2030-06-09", userIds: [philly] }), philly);
    expect(eastWeek.days[6].shifts.map((s) => s.id)).toEqual([eastSunday.id]);
  });
});

describe("copying a week", () => {
  it("copies last week into this one, then skips what is already there, and counts", async () => {
    const a = await admin();
    const person = (await peopleOf("North Jersey"))[1];
    const from = "2030-09-02";
    await plan(a, {
      userId: person,
      storeId: wayne,
      workDate: "2030-09-02",
      startTime: "10:00",
      endTime: "18:00",
    });
    await plan(a, {
      userId: person,
      storeId: paramus,
      workDate: "2030-09-04",
      startTime: "22:00",
      endTime: "04:00",
      notes: "Night",
    });
    const inactive = await t.database.executeSql(
      `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
       values ($1, $2, $3, '2030-09-03', '10:00', '12:00', 'America/New_York', '2030-09-03T14:00:00Z', '2030-09-03T16:00:00Z')
       returning id`,
      [east, inactiveLg, wayne],
    );
    expect(inactive.rows).toHaveLength(1);
    const first = await copy(a, { toWeek: "2030-09-11" });
    expect(first.statusCode, first.body).toBe(200);
    const c = first.json() as ScheduleCopyResponse;
    expect(c).toMatchObject({
      fromStartDate: from,
      toStartDate: "2030-09-09",
      copied: 2,
      skippedExisting: 0,
      skippedInactive: 1,
    });
    expect(c.message).toBe(
      "Copied 2 shifts from the week of Sep 2, 2030 into the week of Sep 9, 2030; skipped 1 shift of an inactive person or store.",
    );
    const target = rowOf(await weekOf(a, { week: "2030-09-09", userIds: [person] }), person);
    expect(shiftsOf(target).map((s) => [s.workDate, s.startTime, s.endTime, s.storeId, s.notes])).toEqual([
      ["2030-09-09", "10:00", "18:00", wayne, null],
      ["2030-09-11", "22:00", "04:00", paramus, "Night"],
    ]);
    const second = (await copy(a, { toWeek: "2030-09-09" })).json() as ScheduleCopyResponse;
    expect(second).toMatchObject({ copied: 0, skippedExisting: 2, skippedInactive: 1 });
    // Any week into another: two weeks on.
    const far = (
      await copy(a, { fromWeek: from, toWeek: "2030-09-16", userIds: [person] })
    ).json() as ScheduleCopyResponse;
    expect(far).toMatchObject({ copied: 2, skippedInactive: 0 });
  });

  it("copies only the people the caller reaches, and skips a time the clocks skip in the target week", async () => {
    const regional = await k.as("regional@demo.local");
    const a = await admin();
    const li = (await peopleOf("Long Island"))[2] ?? longIsland;
    await plan(a, {
      userId: philly,
      storeId: philadelphiaStore,
      workDate: "2030-10-07",
      startTime: "10:00",
      endTime: "12:00",
    });
    await plan(a, {
      userId: li,
      storeId: westbury,
      workDate: "2030-10-07",
      startTime: "10:00",
      endTime: "12:00",
    });
    const res = (await copy(regional, { toWeek: "2030-10-14" })).json() as ScheduleCopyResponse;
    expect(res.copied).toBe(1);
    expect(shiftsOf(rowOf(await weekOf(a, { week: "2030-10-14", userIds: [philly] }), philly))).toEqual([]);
    // 02:30 on Sunday 1 March 2026 exists; on Sunday 8 March it does not.
    await plan(a, {
      userId: li,
      storeId: westbury,
      workDate: "2026-03-01",
      startTime: "02:30",
      endTime: "06:00",
    });
    const dst = (
      await copy(a, { fromWeek: "2026-02-23", toWeek: "2026-03-02", userIds: [li] })
    ).json() as ScheduleCopyResponse;
    expect(dst).toMatchObject({ copied: 0, skippedInGap: 1 });
    expect(dst.message).toMatch(/1 shift at a time the clocks skip/);
  });
});

describe("available hours", () => {
  it("replaces a person's rows, answers them in day order, and deletes one by id", async () => {
    const a = await admin();
    const person = (await peopleOf("Philadelphia"))[2] ?? philly;
    const res = await replaceAvailable(a, {
      userId: person,
      slots: [
        { dayOfWeek: 5, startTime: "12:00", endTime: "20:00" },
        { dayOfWeek: 1, startTime: "13:00", endTime: "17:00" },
        { dayOfWeek: 1, startTime: "08:00", endTime: "12:00" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(
      body.slots.map((s: { dayOfWeek: number; startTime: string }) => [s.dayOfWeek, s.startTime]),
    ).toEqual([
      [1, "08:00"],
      [1, "13:00"],
      [5, "12:00"],
    ]);
    const row = rowOf(await weekOf(a, { week: WEEK, userIds: [person] }), person);
    expect(row.availableHours).toEqual(body.slots);
    expect((await removeAvailable(a, body.slots[0].id)).statusCode).toBe(200);
    const after = rowOf(await weekOf(a, { week: WEEK, userIds: [person] }), person);
    expect(after.availableHours.map((s) => s.id)).toEqual([body.slots[1].id, body.slots[2].id]);
    // Outside a territory manager's territories: 404; a lead generator: 403.
    expect(
      (await replaceAvailable(await k.as("regional@demo.local"), { userId: person, slots: [] })).statusCode,
    ).toBe(404);
    expect((await removeAvailable(await k.as("regional@demo.local"), body.slots[1].id)).statusCode).toBe(404);
    const own = await replaceAvailable(await k.as("lg@demo.local"), { userId: lg, slots: [] });
    expect(own.statusCode).toBe(403);
  });
});

describe("deleting a shift", () => {
  it("removes it from the grid; a second delete is a 404", async () => {
    const a = await admin();
    const s = await plan(a, {
      userId: lg,
      storeId: wayne,
      workDate: "2030-11-05",
      startTime: "10:00",
      endTime: "12:00",
    });
    expect((await removeShift(a, s.id)).json()).toEqual({ ok: true });
    expect(shiftsOf(rowOf(await weekOf(a, { week: "2030-11-05", userIds: [lg] }), lg))).toEqual([]);
    expect((await removeShift(a, s.id)).statusCode).toBe(404);
  });
});

describe("the export", () => {
  it("writes a CSV of one row per shift, conflicts in words", async () => {
    const a = await admin();
    const res = await exportFile(a, { format: "csv", week: WEEK, userIds: [lglead] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=schedule-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Person,Email,Store,Date,Day,Start,End,Ends next day,Hours,Time zone,Conflicts,Notes",
    );
    const row = rowOf(await weekOf(a, { week: WEEK, userIds: [lglead] }), lglead);
    expect(lines).toHaveLength(1 + shiftsOf(row).length);
    expect(lines[1]).toBe(
      "Lena Lead,lglead@demo.local,Costco Wayne,2030-06-03,Monday,10:00,18:00,,8,America/New_York,,",
    );
    expect(
      lines.some(
        (l) =>
          l.includes("Outside availability: Outside available hours: available Tuesday 09:00–19:00") &&
          l.includes("Late demo"),
      ),
    ).toBe(true);
  });

  it("writes an XLSX with the shifts and the week grid, people by days", async () => {
    const a = await admin();
    const res = await exportFile(a, { format: "xlsx", week: WEEK, userIds: [lglead, lg] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers["content-disposition"]).toMatch(/filename=schedule-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const buf = res.rawPayload;
    const shiftsSheet = sheetRows(buf, 1);
    expect(shiftsSheet[0]).toEqual(["Schedule"]);
    expect(shiftsSheet[1]).toEqual(["Week", "Jun 3, 2030 - Jun 9, 2030"]);
    const header = shiftsSheet.findIndex((r) => r[0] === "Person");
    expect(shiftsSheet[header]).toEqual([
      "Person",
      "Email",
      "Store",
      "Date",
      "Day",
      "Start",
      "End",
      "Ends next day",
      "Hours",
      "Time zone",
      "Conflicts",
      "Notes",
    ]);
    const lena = rowOf(await weekOf(a, { week: WEEK, userIds: [lglead] }), lglead);
    expect(shiftsSheet.slice(header + 1).filter((r) => r[0] === "Lena Lead")).toHaveLength(
      shiftsOf(lena).length,
    );
    const gridSheet = sheetRows(buf, 2);
    const gh = gridSheet.findIndex((r) => r[0] === "Person");
    expect(gridSheet[gh]).toEqual([
      "Person",
      "Mon 2030-06-03",
      "Tue 2030-06-04",
      "Wed 2030-06-05",
      "Thu 2030-06-06",
      "Fri 2030-06-07",
      "Sat 2030-06-08",
      "Sun 2030-06-09",
      "Hours",
      "Over weekly limit",
      "Available hours",
    ]);
    const people = gridSheet.slice(gh + 1);
    // Both people, by name (Generator before Lead), with or without shifts.
    expect(people.map((r) => r[0])).toEqual(["Luis Generator", "Lena Lead"]);
    expect(people[1][1]).toBe("Costco Wayne 10:00–18:00");
    expect(people[1][2]).toContain("The Home Depot Paramus 19:00–20:00 (Outside availability)");
    expect(people[1][8]).toBe(String(lena.minutes / 60));
    expect(people[1][10]).toContain("Mon 09:00–19:00");
  });

  it("gives a lead generator their own shifts only", async () => {
    const res = await exportFile(await k.as("lg@demo.local"), { format: "csv" });
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .slice(1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.startsWith("Luis Generator,"))).toBe(true);
  });
});
