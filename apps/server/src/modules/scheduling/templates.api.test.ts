import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../test/harness";
import { schedulingJobs } from "./index";
import { schedulingTestKit } from "./scheduling.test-support";

let t: TestApp;
const k = schedulingTestKit(() => t);
let east: number;
let west: number;
let consult: number;
let measure: number;
let westConsult: number;
let manager: AuthHeaders;
let westAdmin: AuthHeaders;
const store: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await k.clearBookings();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  consult = await k.typeId(east, "In-home consultation");
  measure = await k.typeId(east, "Measure and quote");
  westConsult = await k.typeId(west, "In-home consultation");
  for (const r of await k.sql<{ id: number; name: string }>("select id, name from stores"))
    store[r.name] = r.id;
  manager = await t.login("manager@demo.local");
  westAdmin = await t.login("admin@demo.local", undefined, west);
});
afterAll(() => t?.close());

type Template = {
  id: number;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  capacity: number;
  storeId: number | null;
  timeZone: string;
};

const templatesOf = async (who: AuthHeaders, body: Record<string, unknown>) => {
  const res = await k.searchTemplates(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Template[];
};

describe("the weekly template", () => {
  it("lists a type's windows by day of week, then start, in the organization's zone", async () => {
    const items = await templatesOf(manager, {
      appointmentTypeId: consult,
      storeId: null,
      territoryId: null,
    });
    expect(items).toHaveLength(18);
    expect(items.slice(0, 4).map((w) => `${w.dayOfWeek} ${w.startTime}-${w.endTime} ${w.capacity}`)).toEqual([
      "1 08:00-10:00 3",
      "1 12:00-14:00 3",
      "1 16:00-18:00 2",
      "2 08:00-10:00 3",
    ]);
    expect(new Set(items.map((w) => w.timeZone))).toEqual(new Set(["America/New_York"]));
    expect(await templatesOf(manager, { appointmentTypeId: consult, dayOfWeek: 6 })).toHaveLength(3);
    const west = await templatesOf(westAdmin, { appointmentTypeId: westConsult });
    expect(new Set(west.map((w) => w.timeZone))).toEqual(new Set(["America/Los_Angeles"]));
  });

  it("adds a store's window in the store's zone, next to the organization's at the same hours", async () => {
    await k.sql("update stores set time_zone = 'America/Chicago' where id = $1", [store["Costco Westbury"]]);
    const res = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      storeId: store["Costco Westbury"],
      dayOfWeek: 1,
      startTime: "08:00",
      endTime: "10:00",
      capacity: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      template: {
        storeId: store["Costco Westbury"],
        storeName: "Costco Westbury",
        territoryName: "Long Island",
        timeZone: "America/Chicago",
        dayOfWeek: 1,
        startTime: "08:00",
        endTime: "10:00",
      },
      updatedWindows: 0,
      removedWindows: 0,
      leftAlone: [],
    });
    const atStore = await templatesOf(manager, {
      appointmentTypeId: consult,
      storeId: store["Costco Westbury"],
    });
    expect(atStore.map((w) => w.id)).toEqual([res.json().template.id]);
  });

  it("refuses a window overlapping another of the same type, day and place (409 naming it)", async () => {
    const res = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      dayOfWeek: 1,
      startTime: "09:00",
      endTime: "11:00",
      capacity: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /overlaps the Monday 08:00-10:00 window \(3 places\) of In-home consultation/,
    );
    expect(res.json().errors["body.startTime"]).toHaveLength(1);
    // Touching ends do not overlap; another type or another day does not either.
    for (const body of [
      { appointmentTypeId: consult, dayOfWeek: 1, startTime: "10:00", endTime: "12:00" },
      { appointmentTypeId: measure, dayOfWeek: 0, startTime: "09:00", endTime: "11:00" },
    ]) {
      const ok = await k.upsertTemplate(manager, { ...body, capacity: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    // An inactive window overlaps nothing.
    const off = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      dayOfWeek: 1,
      startTime: "09:00",
      endTime: "11:00",
      capacity: 1,
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it("answers 400 naming each bad field", async () => {
    const res = await k.upsertTemplate(manager, {
      appointmentTypeId: "x",
      dayOfWeek: 7,
      startTime: "8am",
      endTime: "24:00",
      capacity: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "body.appointmentTypeId",
      "body.capacity",
      "body.dayOfWeek",
      "body.endTime",
      "body.startTime",
    ]);
    const backwards = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      dayOfWeek: 2,
      startTime: "10:00",
      endTime: "09:00",
      capacity: 1001,
    });
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().errors).sort()).toEqual(["body.capacity", "body.endTime"]);
    const only = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      dayOfWeek: 2,
      startTime: "10:00",
      endTime: "09:00",
      capacity: 1,
    });
    expect(only.json().errors["body.endTime"][0]).toMatch(/End after the start/);
    const search = await k.searchTemplates(manager, { dayOfWeek: -1, storeId: 0 });
    expect(Object.keys(search.json().errors).sort()).toEqual(["body.dayOfWeek", "body.storeId"]);
    const mismatch = await k.upsertTemplate(manager, {
      appointmentTypeId: consult,
      storeId: store["Costco Wayne"],
      territoryId: (await k.sql<{ id: number }>("select id from territories where name = 'Philadelphia'"))[0]
        .id,
      dayOfWeek: 2,
      startTime: "10:00",
      endTime: "11:00",
      capacity: 1,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors["body.territoryId"][0]).toMatch(/Costco Wayne is in another territory/);
  });

  it("treats another organization's type, store, territory and template as not there (404)", async () => {
    const base = { dayOfWeek: 3, startTime: "19:00", endTime: "20:00", capacity: 1 };
    const [dallas] = await k.sql<{ id: number }>("select id from territories where name = 'Dallas'");
    const [westTemplate] = await k.sql<{ id: number }>(
      "select id from appointment_templates where organization_id = $1 limit 1",
      [west],
    );
    const before = await k.sql("select count(*)::int n from appointment_templates");
    for (const body of [
      { ...base, appointmentTypeId: westConsult },
      { ...base, appointmentTypeId: consult, storeId: store["Costco Burbank"] },
      { ...base, appointmentTypeId: consult, territoryId: dallas.id },
      { ...base, appointmentTypeId: consult, id: westTemplate.id },
    ]) {
      const res = await k.upsertTemplate(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect((await k.deleteTemplate(manager, westTemplate.id)).statusCode).toBe(404);
    expect(await k.sql("select count(*)::int n from appointment_templates")).toEqual(before);
    // And the list shows none of West's.
    expect(await templatesOf(manager, { appointmentTypeId: westConsult })).toEqual([]);
  });

  it("lets managers change it, schedulers and analysts read it, and keeps lead generators out", async () => {
    const body = {
      appointmentTypeId: consult,
      dayOfWeek: 0,
      startTime: "13:00",
      endTime: "14:00",
      capacity: 1,
    };
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const who = await t.login(email);
      expect((await k.searchTemplates(who, { appointmentTypeId: consult })).statusCode).toBe(200);
      const res = await k.upsertTemplate(who, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Only Admins and Managers/);
      expect((await k.deleteTemplate(who, 1)).statusCode).toBe(403);
    }
    const lg = await t.login("lg@demo.local");
    const refused = await k.searchTemplates(lg, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/calendar is for managers/);
  });
});

describe("a template change", () => {
  /** The seeded Wednesday 12:00-14:00 window of a type (12:30 once moved), and its future dated windows. */
  const wednesdayNoon = async (typeId: number) => {
    const [tpl] = await k.sql<{ id: number }>(
      `select id from appointment_templates where appointment_type_id = $1 and day_of_week = 3
         and start_time in ('12:00', '12:30') and store_id is null`,
      [typeId],
    );
    const windows = await k.sql<{ id: number; local_date: string; capacity: number; start_time: string }>(
      `select id::int as id, to_char(local_date, 'YYYY-MM-DD') as local_date, capacity, start_time::text
         from appointment_windows where template_id = $1 and starts_at > now() order by starts_at`,
      [tpl.id],
    );
    return { id: tpl.id, windows };
  };

  it("moves the windows that hold no booking, leaves a booked one as it was and says so", async () => {
    const tpl = await wednesdayNoon(consult);
    expect(tpl.windows.length).toBeGreaterThanOrEqual(3);
    const booked = tpl.windows[1];
    await k.book(booked.id, 1, manager.userId);
    const res = await k.upsertTemplate(manager, {
      id: tpl.id,
      appointmentTypeId: consult,
      dayOfWeek: 3,
      startTime: "12:30",
      endTime: "14:30",
      capacity: 4,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      template: expect.objectContaining({ id: tpl.id, startTime: "12:30", endTime: "14:30", capacity: 4 }),
      updatedWindows: tpl.windows.length - 1,
      removedWindows: 0,
      closedWindows: 0,
      createdWindows: 0,
      // Its times stay; its capacity follows the template (raised to 4).
      leftAlone: [
        {
          windowId: booked.id,
          localDate: booked.local_date,
          startTime: "12:00",
          endTime: "14:00",
          booked: 1,
          capacity: 4,
        },
      ],
    });
    const after = await k.sql<{
      id: number;
      start_time: string;
      capacity: number;
      hours: number;
      template_id: number;
    }>(
      `select id::int as id, start_time::text, capacity, template_id,
              extract(epoch from (starts_at - (local_date + start_time) at time zone time_zone)) / 3600 as hours
         from appointment_windows where id = any($1::bigint[]) order by starts_at`,
      [tpl.windows.map((w) => w.id)],
    );
    expect(after.map((w) => `${w.start_time} ${w.capacity}`)).toEqual(
      tpl.windows.map((w) => (w.id === booked.id ? "12:00:00 4" : "12:30:00 4")),
    );
    // starts_at is the new wall-clock time in the window's zone.
    expect(after.every((w) => Number(w.hours) === 0)).toBe(true);
  });

  it("lowers capacity down to what a window holds, never below, and lists the window it could not lower", async () => {
    const tpl = await wednesdayNoon(consult);
    const booked = tpl.windows[1];
    await k.book(booked.id, 2, manager.userId); // 3 in all now
    const res = await k.upsertTemplate(manager, {
      id: tpl.id,
      appointmentTypeId: consult,
      dayOfWeek: 3,
      startTime: "12:30",
      endTime: "14:30",
      capacity: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedWindows).toBe(tpl.windows.length - 1);
    expect(res.json().leftAlone).toEqual([
      expect.objectContaining({ windowId: booked.id, booked: 3, capacity: 3, startTime: "12:00" }),
    ]);
    const [w] = await k.sql<{ capacity: number; booked: number }>(
      "select capacity, booked from appointment_windows where id = $1",
      [booked.id],
    );
    expect(w).toEqual({ capacity: 3, booked: 3 });
  });

  it("moved to another day: removes the free windows, keeps the booked one apart, makes the new day's", async () => {
    const tpl = await wednesdayNoon(measure);
    const booked = tpl.windows[0];
    await k.book(booked.id, 1);
    const res = await k.upsertTemplate(manager, {
      id: tpl.id,
      appointmentTypeId: measure,
      dayOfWeek: 0,
      startTime: "12:00",
      endTime: "14:00",
      capacity: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.removedWindows).toBe(tpl.windows.length - 1);
    expect(body.leftAlone).toEqual([expect.objectContaining({ windowId: booked.id, booked: 1 })]);
    expect(body.createdWindows).toBeGreaterThanOrEqual(1);
    const days = await k.sql<{ dow: number; n: number }>(
      `select extract(dow from local_date)::int dow, count(*)::int n from appointment_windows
        where template_id = $1 group by 1`,
      [tpl.id],
    );
    expect(days).toEqual([{ dow: 0, n: body.createdWindows }]);
    const [kept] = await k.sql<{ template_id: number | null; start_time: string }>(
      "select template_id, start_time::text from appointment_windows where id = $1",
      [booked.id],
    );
    expect(kept).toEqual({ template_id: null, start_time: "12:00:00" });
  });

  it("deleted: removes its free future windows, keeps the booked one, and says so", async () => {
    const [tpl] = await k.sql<{ id: number }>(
      `select id from appointment_templates where appointment_type_id = $1 and day_of_week = 5
         and start_time = '16:00' and store_id is null`,
      [consult],
    );
    const windows = await k.sql<{ id: number }>(
      "select id::int as id from appointment_windows where template_id = $1 and starts_at > now() order by starts_at",
      [tpl.id],
    );
    await k.book(windows[0].id, 1);
    // A cancelled booking's history keeps another window: it is closed rather than deleted.
    await k.book(windows[1].id, 1);
    await k.sql("update appointments set status = 'cancelled' where window_id = $1", [windows[1].id]);
    await k.sql("update appointment_windows set booked = 0 where id = $1", [windows[1].id]);
    const res = await k.deleteTemplate(manager, tpl.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      template: null,
      removedWindows: windows.length - 2,
      closedWindows: 1,
      leftAlone: [expect.objectContaining({ windowId: windows[0].id, booked: 1 })],
    });
    const left = await k.sql<{ id: number; is_closed: boolean; template_id: number | null }>(
      "select id::int as id, is_closed, template_id from appointment_windows where id = any($1::bigint[]) order by starts_at",
      [windows.map((w) => w.id)],
    );
    expect(left).toEqual([
      { id: windows[0].id, is_closed: false, template_id: null },
      { id: windows[1].id, is_closed: true, template_id: null },
    ]);
    expect(await k.sql("select id from appointment_templates where id = $1", [tpl.id])).toEqual([]);
    expect((await k.deleteTemplate(manager, tpl.id)).statusCode).toBe(404);
  });
});

describe("the recurring job", () => {
  it("keeps the next N weeks generated for organizations that ask, and a second run adds nothing", async () => {
    const [job] = schedulingJobs(t.app.deps.platform).schedules;
    expect(job.name).toBe("scheduling.keep-windows-generated");
    expect(job.cron).toBe("17 5 * * *");
    const windowsOf = async (org: number) =>
      (
        await k.sql<{ n: number; last: string }>(
          "select count(*)::int n, to_char(max(local_date), 'YYYY-MM-DD') as last from appointment_windows where organization_id = $1",
          [org],
        )
      )[0];
    const westBefore = await windowsOf(west);
    const eastBefore = await windowsOf(east);
    await k.sql("update scheduling_settings set generate_weeks_ahead = 6 where organization_id = $1", [west]);
    await k.sql("update scheduling_settings set generate_weeks_ahead = 0 where organization_id = $1", [east]);
    await job.run();
    const westAfter = await windowsOf(west);
    // Two more weeks of Monday to Saturday, three windows a day, for both types.
    expect(westAfter.n - westBefore.n).toBe(2 * 6 * 3 * 2);
    expect(westAfter.last > westBefore.last).toBe(true);
    expect(await windowsOf(east)).toEqual(eastBefore);
    await job.run();
    expect(await windowsOf(west)).toEqual(westAfter);
  });

  it("goes on with the other organizations when one fails, and fails naming it", async () => {
    const [job] = schedulingJobs(t.app.deps.platform).schedules;
    const burbank = store["Costco Burbank"];
    await k.sql(
      `insert into appointment_templates (organization_id, appointment_type_id, store_id, day_of_week, start_time, end_time, capacity)
       values ($1, $2, $3, 2, '09:00', '10:00', 1)`,
      [west, westConsult, burbank],
    );
    await k.sql("update stores set time_zone = 'Mars/Olympus_Mons' where id = $1", [burbank]);
    await k.sql("update scheduling_settings set generate_weeks_ahead = 5 where organization_id = $1", [east]);
    const [before] = await k.sql<{ n: number }>(
      "select count(*)::int n from appointment_windows where organization_id = $1",
      [east],
    );
    await expect(job.run()).rejects.toThrow(new RegExp(`Windows not generated for organization ${west}: `));
    const [after] = await k.sql<{ n: number }>(
      "select count(*)::int n from appointment_windows where organization_id = $1",
      [east],
    );
    expect(after.n).toBeGreaterThan(before.n);
    await k.sql("update stores set time_zone = 'America/Los_Angeles' where id = $1", [burbank]);
  });
});
