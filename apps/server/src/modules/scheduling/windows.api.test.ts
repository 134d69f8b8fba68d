import { addDays } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../test/harness";
import { schedulingTestKit } from "./scheduling.test-support";
import { todayIn } from "./wall-clock";

let t: TestApp;
const k = schedulingTestKit(() => t);
let east: number;
let west: number;
let consult: number;
let westConsult: number;
let manager: AuthHeaders;
let admin: AuthHeaders;
let westAdmin: AuthHeaders;
const store: Record<string, number> = {};
const territory: Record<string, number> = {};
const today = () => todayIn("America/New_York");

beforeAll(async () => {
  t = await createTestApp();
  await k.clearBookings();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  consult = await k.typeId(east, "In-home consultation");
  westConsult = await k.typeId(west, "In-home consultation");
  for (const r of await k.sql<{ id: number; name: string }>("select id, name from stores"))
    store[r.name] = r.id;
  for (const r of await k.sql<{ id: number; name: string }>("select id, name from territories"))
    territory[r.name] = r.id;
  manager = await t.login("manager@demo.local");
  admin = await t.login("admin@demo.local", undefined, east);
  westAdmin = await t.login("admin@demo.local", undefined, west);
});
afterAll(() => t?.close());

type Window = {
  id: number;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  booked: number;
  left: number;
  isClosed: boolean;
  storeId: number | null;
};

const windowsOf = async (who: AuthHeaders, body: Record<string, unknown>) => {
  const res = await k.searchWindows(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Window[]; total: number; pageSize: number };
};

describe("dated windows", () => {
  it("lists the seeded weeks by start, a calendar week in one call, with what is booked and left", async () => {
    const from = addDays(today(), 1);
    const to = addDays(from, 6);
    const page = await windowsOf(manager, { appointmentTypeId: consult, from, to, pageSize: 1000 });
    // Monday to Saturday, three windows a day: 18 a week.
    expect(page.total).toBe(18);
    expect(page.pageSize).toBe(1000);
    const starts = page.items.map((w) => w.startsAt);
    expect([...starts].sort()).toEqual(starts);
    expect(page.items[0]).toMatchObject({
      timeZone: "America/New_York",
      booked: 0,
      isClosed: false,
      storeId: null,
    });
    for (const w of page.items) {
      expect(w.localDate >= from && w.localDate <= to).toBe(true);
      expect(w.left).toBe(w.capacity - w.booked);
    }
    const west = await windowsOf(westAdmin, { appointmentTypeId: westConsult, from, to });
    expect(new Set(west.items.map((w) => w.timeZone))).toEqual(new Set(["America/Los_Angeles"]));
    // An empty body is a search of every window of the organization (the calendar's first call).
    expect((await windowsOf(manager, {})).total).toBeGreaterThan(page.total);
  });

  it("answers 400 naming the field for a bad range or page", async () => {
    const res = await k.searchWindows(manager, { from: "2026-02-30", to: "nope", pageSize: 1001 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["body.from", "body.pageSize", "body.to"]);
    const backwards = await k.searchWindows(manager, { from: "2027-01-02", to: "2027-01-01" });
    expect(backwards.json().errors["body.to"][0]).toMatch(/End on or after the start date/);
  });

  it("adds a window by hand at a store, in the store's zone, and changes it", async () => {
    await k.sql("update stores set time_zone = 'America/Phoenix' where id = $1", [store["Lowe's Clifton"]]);
    const res = await k.upsertWindow(manager, {
      appointmentTypeId: consult,
      storeId: store["Lowe's Clifton"],
      localDate: "2027-03-14",
      startTime: "01:00",
      endTime: "03:00",
      capacity: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      territoryName: "North Jersey",
      storeName: "Lowe's Clifton",
      timeZone: "America/Phoenix",
      localDate: "2027-03-14",
      startTime: "01:00",
      endTime: "03:00",
      startsAt: "2027-03-14T08:00:00.000Z",
      endsAt: "2027-03-14T10:00:00.000Z",
      templateId: null,
      left: 2,
    });
    const id = res.json().id;
    // The organization's own window on the same spring-forward night: one real hour.
    const ny = await k.upsertWindow(manager, {
      appointmentTypeId: consult,
      localDate: "2027-03-14",
      startTime: "01:00",
      endTime: "03:00",
      capacity: 1,
    });
    expect(ny.json()).toMatchObject({
      timeZone: "America/New_York",
      startsAt: "2027-03-14T06:00:00.000Z",
      endsAt: "2027-03-14T07:00:00.000Z",
    });
    const moved = await k.upsertWindow(manager, {
      id,
      appointmentTypeId: consult,
      storeId: store["Lowe's Clifton"],
      localDate: "2027-03-15",
      startTime: "09:00",
      endTime: "11:00",
      capacity: 5,
    });
    expect(moved.json()).toMatchObject({
      id,
      localDate: "2027-03-15",
      startsAt: "2027-03-15T16:00:00.000Z",
      capacity: 5,
    });
  });

  it("refuses a window the clocks skip, one in the past, and bad fields (400 naming them)", async () => {
    const base = { appointmentTypeId: consult, capacity: 1 };
    const gap = await k.upsertWindow(manager, {
      ...base,
      localDate: "2027-03-14",
      startTime: "02:00",
      endTime: "03:00",
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors["body.startTime"][0]).toMatch(/clocks in America\/New_York skip/);
    const past = await k.upsertWindow(manager, {
      ...base,
      localDate: "2026-01-05",
      startTime: "08:00",
      endTime: "09:00",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty(["body.localDate"]);
    const bad = await k.upsertWindow(manager, {
      appointmentTypeId: 0,
      localDate: "2027-13-01",
      startTime: "25:00",
      endTime: "26:00",
      capacity: -1,
      isClosed: "yes",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "body.appointmentTypeId",
      "body.capacity",
      "body.endTime",
      "body.isClosed",
      "body.localDate",
      "body.startTime",
    ]);
  });

  it("keeps a booked window's day and times, its capacity at least what it holds, and closes and reopens it", async () => {
    const [w] = (await windowsOf(manager, { appointmentTypeId: consult, from: addDays(today(), 2) })).items;
    await k.book(w.id, 2, manager.userId);
    const body = {
      id: w.id,
      appointmentTypeId: consult,
      localDate: w.localDate,
      startTime: w.startTime,
      endTime: w.endTime,
      capacity: w.capacity,
    };
    const lower = await k.upsertWindow(manager, { ...body, capacity: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().errors["body.capacity"][0]).toBe(
      "This window holds 2 bookings: its capacity can go down to 2, not below.",
    );
    const later = await k.upsertWindow(manager, { ...body, startTime: "08:30" });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toMatch(/holds 2 bookings: its day, times, type and place stay/);
    const closed = await k.upsertWindow(manager, { ...body, capacity: 2, isClosed: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ capacity: 2, booked: 2, left: 0, isClosed: true });
    // Closed windows show only when asked.
    const day = { appointmentTypeId: consult, from: w.localDate, to: w.localDate };
    expect((await windowsOf(manager, day)).items.map((x) => x.id)).not.toContain(w.id);
    expect((await windowsOf(manager, { ...day, includeClosed: true })).items.map((x) => x.id)).toContain(
      w.id,
    );
    const reopened = await k.upsertWindow(manager, { ...body, capacity: 3, isClosed: false });
    expect(reopened.json()).toMatchObject({ isClosed: false, left: 1 });
  });

  it("refuses to delete a window with bookings (409 saying how many, suggesting to close it), deletes an empty one", async () => {
    const items = (await windowsOf(manager, { appointmentTypeId: consult, from: addDays(today(), 3) })).items;
    const [full, empty, cancelled] = items;
    await k.book(full.id, 1);
    const refused = await k.deleteWindow(manager, full.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/holds 1 booking: it cannot be deleted. Close it instead/);
    await k.book(cancelled.id, 1);
    await k.sql("update appointments set status = 'cancelled' where window_id = $1", [cancelled.id]);
    await k.sql("update appointment_windows set booked = 0 where id = $1", [cancelled.id]);
    const history = await k.deleteWindow(manager, cancelled.id);
    expect(history.statusCode).toBe(409);
    expect(history.json().message).toMatch(/1 cancelled booking of this window keep their history/);
    const ok = await k.deleteWindow(manager, empty.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await k.sql("select id from appointment_windows where id = $1", [empty.id])).toEqual([]);
    expect((await k.deleteWindow(manager, empty.id)).statusCode).toBe(404);
  });

  it("shows a window's bookings for the calendar: lead, phone, status, who booked and when", async () => {
    const [w] = (await windowsOf(manager, { appointmentTypeId: consult, from: addDays(today(), 4) })).items;
    const [leadId] = await k.book(w.id, 1, manager.userId);
    const [lead] = await k.sql<{ first_name: string; last_name: string; phone: string | null }>(
      "select first_name, last_name, phone from leads where id = $1",
      [leadId],
    );
    for (const who of [manager, await t.login("scheduler@demo.local"), await t.login("analyst@demo.local")]) {
      const res = await k.bookings(who, w.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([
        {
          id: expect.any(Number),
          leadId,
          leadName: `${lead.first_name} ${lead.last_name}`,
          phone: lead.phone,
          status: "booked",
          source: "app",
          bookedByUserId: manager.userId,
          bookedByName: expect.stringMatching(/\S/),
          bookedAt: expect.any(String),
        },
      ]);
    }
    expect((await k.bookings(await t.login("lg@demo.local"), w.id)).statusCode).toBe(403);
    expect((await k.bookings(westAdmin, w.id)).statusCode).toBe(404);
  });
});

describe("generating windows", () => {
  it("creates a range's windows from the template once: again, they are already there", async () => {
    const body = { appointmentTypeId: consult, from: "2027-03-07", to: "2027-03-20" };
    const first = await k.generate(admin, body);
    expect(first.statusCode, first.body).toBe(200);
    // Two weeks, Monday to Saturday, three windows a day.
    expect(first.json()).toEqual({ created: 36, alreadyThere: 0, skippedInPast: 0, skippedInGap: 0 });
    expect((await k.generate(admin, body)).json()).toEqual({
      created: 0,
      alreadyThere: 36,
      skippedInPast: 0,
      skippedInGap: 0,
    });
    // 08:00 New York is 13:00Z the Monday before the spring-forward Sunday, 12:00Z the Monday after.
    const mondays = await windowsOf(manager, {
      appointmentTypeId: consult,
      from: "2027-03-08",
      to: "2027-03-15",
      storeId: null,
    });
    expect(
      mondays.items.filter(
        (w) => w.startTime === "08:00" && ["2027-03-08", "2027-03-15"].includes(w.localDate),
      ),
    ).toEqual([
      expect.objectContaining({ localDate: "2027-03-08", startsAt: "2027-03-08T13:00:00.000Z" }),
      expect.objectContaining({ localDate: "2027-03-15", startsAt: "2027-03-15T12:00:00.000Z" }),
    ]);
  });

  it("skips what has already started, limits a call to 26 weeks, and names the field", async () => {
    const past = await k.generate(admin, {
      appointmentTypeId: consult,
      from: "2026-01-04",
      to: "2026-01-10",
    });
    expect(past.json()).toEqual({ created: 0, alreadyThere: 0, skippedInPast: 18, skippedInGap: 0 });
    const long = await k.generate(admin, {
      appointmentTypeId: consult,
      from: "2027-01-01",
      to: "2027-07-02",
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors["body.to"][0]).toBe("Generate at most 26 weeks at a time");
    const ok = await k.generate(admin, { appointmentTypeId: consult, from: "2027-01-01", to: "2027-07-01" });
    expect(ok.statusCode, ok.body).toBe(200);
    const bad = await k.generate(admin, { appointmentTypeId: consult, from: "2027-02-30", to: "2027-01-01" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["body.from"]);
  });

  it("generates one store's windows only when asked, and refuses another organization's type, store or territory (404)", async () => {
    const tpl = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      storeId: store["Costco Wayne"],
      dayOfWeek: 0,
      startTime: "10:00",
      endTime: "12:00",
      capacity: 2,
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    const res = await k.generate(admin, {
      appointmentTypeId: consult,
      storeId: store["Costco Wayne"],
      from: "2027-05-02",
      to: "2027-05-15",
    });
    expect(res.json()).toEqual({ created: 2, alreadyThere: 0, skippedInPast: 0, skippedInGap: 0 });
    const byTerritory = await k.generate(admin, {
      appointmentTypeId: consult,
      territoryId: territory["North Jersey"],
      from: "2027-05-02",
      to: "2027-05-22",
    });
    expect(byTerritory.json()).toMatchObject({ created: 1, alreadyThere: 2 });
    const range = { from: "2027-05-02", to: "2027-05-15" };
    expect((await k.generate(admin, { appointmentTypeId: westConsult, ...range })).statusCode).toBe(404);
    expect(
      (await k.generate(admin, { appointmentTypeId: consult, storeId: store["Costco Burbank"], ...range }))
        .statusCode,
    ).toBe(404);
    expect(
      (await k.generate(admin, { appointmentTypeId: consult, territoryId: territory.Dallas, ...range }))
        .statusCode,
    ).toBe(404);
  });
});

describe("rights and other organizations", () => {
  it("lets schedulers, analysts and field marketing managers read windows, Admins and Managers change them, lead generators nothing", async () => {
    const [w] = (await windowsOf(manager, { appointmentTypeId: consult, from: addDays(today(), 5) })).items;
    const edit = {
      id: w.id,
      appointmentTypeId: consult,
      localDate: w.localDate,
      startTime: w.startTime,
      endTime: w.endTime,
      capacity: w.capacity,
      isClosed: true,
    };
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const who = await t.login(email);
      expect((await k.searchWindows(who, {})).statusCode).toBe(200);
      expect((await k.upsertWindow(who, edit)).statusCode).toBe(403);
      expect((await k.deleteWindow(who, w.id)).statusCode).toBe(403);
      expect(
        (await k.generate(who, { appointmentTypeId: consult, from: "2027-06-01", to: "2027-06-02" }))
          .statusCode,
      ).toBe(403);
      expect((await k.settings(who)).statusCode).toBe(403);
    }
    const fmm = await t.login("fmm@demo.local");
    expect((await k.searchWindows(fmm, {})).statusCode).toBe(200);
    const lg = await t.login("lg@demo.local");
    const refused = await k.searchWindows(lg, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/calendar is for managers, schedulers and analysts/);
  });

  it("treats another organization's windows as not there (404) and changes nothing", async () => {
    const [westWindow] = (await windowsOf(westAdmin, { appointmentTypeId: westConsult })).items;
    const before = await k.sql("select id, capacity, is_closed from appointment_windows where id = $1", [
      westWindow.id,
    ]);
    const edit = {
      id: westWindow.id,
      appointmentTypeId: consult,
      localDate: westWindow.localDate,
      startTime: westWindow.startTime,
      endTime: westWindow.endTime,
      capacity: 9,
      isClosed: true,
    };
    expect((await k.upsertWindow(manager, edit)).statusCode).toBe(404);
    expect((await k.deleteWindow(manager, westWindow.id)).statusCode).toBe(404);
    expect((await k.bookings(manager, westWindow.id)).statusCode).toBe(404);
    const create = { ...edit, id: undefined, appointmentTypeId: westConsult, localDate: "2027-06-01" };
    expect((await k.upsertWindow(manager, create)).statusCode).toBe(404);
    expect(
      (
        await k.upsertWindow(manager, {
          ...create,
          appointmentTypeId: consult,
          storeId: store["Costco Burbank"],
        })
      ).statusCode,
    ).toBe(404);
    expect((await windowsOf(manager, { appointmentTypeId: westConsult })).total).toBe(0);
    expect(
      await k.sql("select id, capacity, is_closed from appointment_windows where id = $1", [westWindow.id]),
    ).toEqual(before);
    expect((await k.deleteWindow(manager, 2_147_483_647)).statusCode).toBe(404);
    expect((await k.deleteWindow(manager, 0)).statusCode).toBe(400);
  });
});

describe("scheduling settings", () => {
  it("answers the defaults for an organization that never saved them", async () => {
    const solar = await t.login("solar.admin@demo.local");
    const res = await k.settings(solar);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      generateWeeksAhead: 0,
      smsEnabled: false,
      reminderHoursBefore: 24,
      updatedAt: null,
      timeZone: "America/Chicago",
      firstDayOfWeek: 6,
      today: todayIn("America/Chicago"),
      generated: null,
    });
  });

  it("reads and saves the seeded organization's, generating the weeks to keep at once", async () => {
    const read = await k.settings(manager);
    expect(read.json()).toMatchObject({
      generateWeeksAhead: 4,
      smsEnabled: false,
      reminderHoursBefore: 24,
      timeZone: "America/New_York",
      firstDayOfWeek: 1,
    });
    const saved = await k.saveSettings(manager, {
      generateWeeksAhead: 5,
      smsEnabled: true,
      reminderHoursBefore: 48,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ generateWeeksAhead: 5, smsEnabled: true, reminderHoursBefore: 48 });
    // One more week of both types (Monday to Saturday, three a day), some of it already made by the tests above.
    expect(saved.json().generated.created).toBeGreaterThan(0);
    expect(saved.json().updatedAt).not.toBeNull();
    expect((await k.settings(manager)).json()).toMatchObject({ generateWeeksAhead: 5, smsEnabled: true });
    const off = await k.saveSettings(manager, {
      generateWeeksAhead: 0,
      smsEnabled: false,
      reminderHoursBefore: 1,
    });
    expect(off.json().generated).toBeNull();
  });

  it("answers 400 naming each bad field", async () => {
    const res = await k.saveSettings(manager, {
      generateWeeksAhead: 27,
      smsEnabled: "no",
      reminderHoursBefore: 169,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "body.generateWeeksAhead",
      "body.reminderHoursBefore",
      "body.smsEnabled",
    ]);
    expect(res.json().errors["body.generateWeeksAhead"][0]).toMatch(/0 to 26/);
  });
});
