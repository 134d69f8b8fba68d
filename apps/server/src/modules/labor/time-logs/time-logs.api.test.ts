import { formatDate, refusalOf, type TimeLogItem } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/harness";
import { timeLogsTestKit } from "./time-logs.test-support";

// Time logs (issue #15, docs/decisions/0040-labor.md): punches from the phone, managers' entries and corrections,
// deletes, the audit trail, posted periods, rights and scope, the phone's day and the dashboard's list.

let t: TestApp;
const k = timeLogsTestKit(() => t);
let east: number;
let west: number;
let wayne: number;
let paramus: number;
let westStore: number;
let lg: number;
let westPerson: number;
const NOW = () => new Date();

type Write = { timeLog: TimeLogItem; warnings: string[] };

/** A fresh North Jersey lead generator (in the regional's and the lead-generator lead's scope) with two stores. */
async function northJerseyPerson() {
  const p = await k.person(east, { territories: ["North Jersey"], storeIds: [wayne, paramus] });
  return { ...p, auth: await t.login(p.email) };
}

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  westStore = (
    await k.one<{ id: number }>("select id from stores where organization_id = $1 order by id limit 1", [
      west,
    ])
  ).id;
  lg = await k.userId("lg@demo.local");
  westPerson = (await k.person(west, { territories: ["Los Angeles"] })).userId;
}, 120_000);
afterAll(() => t?.close());

describe("punching in and out from the phone", () => {
  it("punches in at the store asked for, records the phone's place, and refuses a second punch in naming the open shift", async () => {
    await k.rows("update stores set latitude = '40.9254', longitude = '-74.2765' where id = $1", [wayne]);
    const p = await northJerseyPerson();
    const res = await k.create(p.auth, p.userId, {
      action: "punchIn",
      storeId: wayne,
      latitude: 40.9254,
      longitude: -74.2765,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { timeLog, warnings } = res.json() as Write;
    expect(warnings).toEqual([]);
    expect(timeLog).toMatchObject({
      userId: p.userId,
      storeId: wayne,
      storeName: "Costco Wayne",
      timeZone: "America/New_York",
      workDate: formatDate(NOW(), "America/New_York"),
      state: "open",
      missing: null,
      punchOutAt: null,
      minutes: null,
      inDistanceMeters: 0,
      farFromStore: false,
      source: "punch",
      hoursTypeId: 1,
      hoursTypeName: "Hourly",
      posted: false,
      canEdit: false,
      canPropose: false,
    });
    expect(timeLog.localPunchIn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const again = await k.create(p.auth, p.userId, { action: "punchIn", storeId: paramus });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already punched in at Costco Wayne since");
    expect(again.json().message).toContain("America/New_York");

    // Punching out far from the store: recorded, with a warning, never refused.
    const out = await k.create(p.auth, p.userId, {
      action: "punchOut",
      latitude: 40.99,
      longitude: -74.2765,
    });
    expect(out.statusCode, out.body).toBe(201);
    const closed = out.json() as Write;
    expect(closed.timeLog).toMatchObject({ id: timeLog.id, state: "closed", farFromStore: true });
    expect(closed.timeLog.outDistanceMeters).toBeGreaterThan(7000);
    expect(closed.timeLog.minutes).toBeGreaterThanOrEqual(0);
    expect(closed.warnings.join(" ")).toMatch(/punch out was 7\.\d km from Costco Wayne \(more than 500 m\)/);

    const trail = await k.trail(p.auth, p.userId, timeLog.id);
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().items;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(["punchIn", "punchOut"]);
    expect(entries[0]).toMatchObject({ userId: p.userId, before: null });
    expect(entries[0].userName).toMatch(/^Tess Logger\d+$/);
    expect(entries[0].after).toMatchObject({ storeId: wayne, storeName: "Costco Wayne", state: "open" });
    expect(entries[1].before).toMatchObject({ state: "open", punchOutAt: null });
    expect(entries[1].after).toMatchObject({ state: "closed" });
    const subject = await k.rows<{ n: number }>(
      "select count(*)::int as n from time_log_history where time_log_id = $1 and subject_user_id = $2",
      [timeLog.id, p.userId],
    );
    expect(subject[0].n).toBe(2);
  });

  it("defaults the store to today's scheduled shift, else the only store, else asks to choose (400 naming storeId)", async () => {
    const p = await northJerseyPerson();
    const ask = await k.create(p.auth, p.userId, { action: "punchIn" });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().errors["body.storeId"][0]).toMatch(/Choose the store you are at/);

    // A shift today at Paramus (store-local date).
    const today = formatDate(NOW(), "America/New_York");
    await k.rows(
      `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
       values ($1, $2, $3, $4, '00:00', '23:59', 'America/New_York',
         ($4::date + time '00:00') at time zone 'America/New_York', ($4::date + time '23:59') at time zone 'America/New_York')`,
      [east, p.userId, paramus, today],
    );
    const day = await k.today(p.auth);
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toMatchObject({ open: null, suggestedStoreId: paramus });
    expect(day.json().shifts[0]).toMatchObject({ storeId: paramus, startTime: "00:00", endTime: "23:59" });
    expect(
      day
        .json()
        .stores.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([wayne, paramus].sort());

    const scheduled = await k.create(p.auth, p.userId, { action: "punchIn" });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(scheduled.json().timeLog.storeId).toBe(paramus);
    await k.create(p.auth, p.userId, { action: "punchOut" });
    // Another store than the scheduled one: a warning, not a refusal.
    const other = await k.create(p.auth, p.userId, { action: "punchIn", storeId: wayne });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().warnings).toEqual([
      "You are scheduled at The Home Depot Paramus today, not at Costco Wayne.",
    ]);
    const open = (await k.today(p.auth)).json();
    expect(open.open).toMatchObject({ storeId: wayne, state: "open" });
    expect(open.suggestedStoreId).toBe(wayne);

    // Only one store: that one.
    const single = await k.person(east, { territories: ["North Jersey"], storeIds: [wayne] });
    const singleAuth = await t.login(single.email);
    const only = await k.create(singleAuth, single.userId, { action: "punchIn" });
    expect(only.statusCode, only.body).toBe(201);
    expect(only.json().timeLog.storeId).toBe(wayne);
  });

  it("answers a retried punch with the first punch (Idempotency-Key), and a reused key with another body 422", async () => {
    const p = await northJerseyPerson();
    const key = { "idempotency-key": `punch-${p.userId}` };
    const first = await k.create(p.auth, p.userId, { action: "punchIn", storeId: wayne }, key);
    const retry = await k.create(p.auth, p.userId, { action: "punchIn", storeId: wayne }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().timeLog.id).toBe(first.json().timeLog.id);
    const count = await k.one<{ n: number }>("select count(*)::int as n from time_logs where user_id = $1", [
      p.userId,
    ]);
    expect(count.n).toBe(1);
    const reused = await k.create(p.auth, p.userId, { action: "punchIn", storeId: paramus }, key);
    expect(reused.statusCode).toBe(422);
  });

  it("records a punch out with no punch in as a missing punch in, with a warning", async () => {
    const p = await northJerseyPerson();
    const res = await k.create(p.auth, p.userId, { action: "punchOut", storeId: paramus });
    expect(res.statusCode, res.body).toBe(201);
    const { timeLog, warnings } = res.json() as Write;
    expect(timeLog).toMatchObject({
      state: "missing",
      missing: "punchIn",
      punchInAt: null,
      storeId: paramus,
      canPropose: true,
    });
    expect(timeLog.punchOutAt).not.toBeNull();
    expect(timeLog.flaggedAt).not.toBeNull();
    expect(warnings[0]).toMatch(/There was no punch in/);
  });

  it("flags an open shift found overdue at the next punch in instead of refusing or closing it", async () => {
    const p = await northJerseyPerson();
    const { id } = await k.one<{ id: number }>(
      `insert into time_logs (organization_id, user_id, store_id, punch_in_at, time_zone, work_date, state)
       values ($1, $2, $3, now() - interval '30 hours', 'America/New_York', ((now() - interval '30 hours') at time zone 'America/New_York')::date, 'open')
       returning id::int`,
      [east, p.userId, wayne],
    );
    const res = await k.create(p.auth, p.userId, { action: "punchIn", storeId: wayne });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings[0]).toMatch(/had no punch out; it is now a missing punch/);
    const old = await k.one<{ state: string; missing: string; punch_out_at: unknown }>(
      "select state, missing, punch_out_at from time_logs where id = $1",
      [id],
    );
    expect(old).toEqual({ state: "missing", missing: "punchOut", punch_out_at: null });
    const flag = await k.one<{ action: string; user_id: number | null; subject_user_id: number }>(
      "select action, user_id, subject_user_id from time_log_history where time_log_id = $1",
      [id],
    );
    expect(flag).toEqual({ action: "flag", user_id: null, subject_user_id: p.userId });
  });

  it("lets a person punch only for themselves: others' ids 404 or 403, roles that do not log time 403", async () => {
    const lgAuth = await k.as("lg@demo.local");
    const p = await northJerseyPerson();
    // A lead generator reaches only themselves: anyone else is not found.
    expect((await k.create(lgAuth, p.userId, { action: "punchIn", storeId: wayne })).statusCode).toBe(404);
    expect((await k.create(lgAuth, westPerson, { action: "punchIn", storeId: wayne })).statusCode).toBe(404);
    // A manager reaches the person but does not punch for them.
    const manager = await k.as("manager@demo.local");
    const forOther = await k.create(manager, p.userId, { action: "punchIn", storeId: wayne });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toMatch(/for yourself only/);
    // Another organization's person and store.
    expect((await k.create(manager, westPerson, { action: "punchIn" })).statusCode).toBe(404);
    expect((await k.create(p.auth, p.userId, { action: "punchIn", storeId: westStore })).statusCode).toBe(
      404,
    );
    for (const email of ["analyst@demo.local", "scheduler@demo.local"]) {
      const a = await k.as(email);
      const res = await k.create(a, a.userId, { action: "punchIn", storeId: wayne });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.own"));
      expect((await k.today(a)).statusCode, email).toBe(403);
    }
  });

  it("refuses bad input with 400 naming the field", async () => {
    const p = await northJerseyPerson();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await k.create(p.auth, p.userId, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    };
    await bad({ action: "punchIn", storeId: wayne, latitude: 91, longitude: 0 }, "body.latitude");
    await bad({ action: "punchIn", storeId: wayne, latitude: 40.1 }, "body.longitude");
    await bad({ action: "punchIn", storeId: "x" }, "body.storeId");
    await bad({ action: "punchIn", storeId: wayne, hoursTypeId: 999 }, "body.hoursTypeId");
    await bad({ action: "nap" }, "body.action");
    const manager = await k.as("manager@demo.local");
    const entry = async (body: Record<string, unknown>, field: string) => {
      const res = await k.create(manager, p.userId, {
        action: "entry",
        storeId: wayne,
        workDate: "2026-10-05",
        startTime: "09:00",
        endTime: "17:00",
        reason: "Forgot the phone",
        ...body,
      });
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
    };
    await entry({ workDate: "2026-02-30" }, "body.workDate");
    await entry({ workDate: "9999-12-31" }, "body.workDate");
    await entry({ workDate: "0001-01-01" }, "body.workDate");
    await entry({ startTime: "25:00" }, "body.startTime");
    await entry({ reason: "" }, "body.reason");
    await entry({ reason: undefined }, "body.reason");
    const today = formatDate(NOW(), "America/New_York");
    await entry({ workDate: today, startTime: "23:59", endTime: null }, "body.startTime");
    await entry({ workDate: "2026-10-05", endTime: null }, "body.endTime");
  });
});

describe("managers' entries, corrections and deletes", () => {
  it("enters a whole shift with a reason, corrects it, and deletes it; the audit trail keeps who, when, before, after and why", async () => {
    const p = await northJerseyPerson();
    const manager = await k.as("manager@demo.local");
    const made = await k.create(manager, p.userId, {
      action: "entry",
      storeId: wayne,
      workDate: "2026-10-06",
      startTime: "09:00",
      endTime: "17:30",
      notes: "Phone was broken",
      reason: "Lead generator's phone was broken",
    });
    expect(made.statusCode, made.body).toBe(201);
    const log = (made.json() as Write).timeLog;
    expect(log).toMatchObject({
      workDate: "2026-10-06",
      localPunchIn: "2026-10-06 09:00",
      localPunchOut: "2026-10-06 17:30",
      punchInAt: "2026-10-06T13:00:00.000Z",
      minutes: 510,
      state: "closed",
      source: "manual",
      notes: "Phone was broken",
      canEdit: true,
      canPropose: false,
    });

    // Overlapping another shift of the person: refused, naming it.
    const overlap = await k.create(manager, p.userId, {
      action: "entry",
      storeId: paramus,
      workDate: "2026-10-06",
      startTime: "17:00",
      endTime: "19:00",
      reason: "Second store that day",
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain("overlaps the shift at Costco Wayne on 2026-10-06 09:00");

    const edit = await k.update(manager, p.userId, log.id, {
      kind: "edit",
      storeId: paramus,
      workDate: "2026-10-06",
      startTime: "08:45",
      endTime: "17:30",
      reason: "Started early, at Paramus",
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().timeLog).toMatchObject({
      storeId: paramus,
      localPunchIn: "2026-10-06 08:45",
      minutes: 525,
    });

    const lgAuth = p.auth;
    expect(
      (
        await k.update(lgAuth, p.userId, log.id, {
          kind: "edit",
          workDate: "2026-10-06",
          startTime: "08:00",
          endTime: "17:00",
          reason: "More",
        })
      ).statusCode,
    ).toBe(403);
    expect((await k.remove(lgAuth, p.userId, log.id, "Not needed")).statusCode).toBe(403);
    const noReason = await k.remove(manager, p.userId, log.id);
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toContain("querystring.reason");
    const deleted = await k.remove(manager, p.userId, log.id, "Entered twice");
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await k.rows("select id from time_logs where id = $1", [log.id])).toEqual([]);

    // The trail of the deleted log: read by the person and the manager, the manager's name on each change.
    const trail = await k.trail(lgAuth, p.userId, log.id);
    expect(trail.statusCode, trail.body).toBe(200);
    const items = trail.json().items as {
      action: string;
      userName: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      reason: string;
    }[];
    expect(items.map((i) => i.action)).toEqual(["entry", "edit", "delete"]);
    expect(items.every((i) => i.userName === "Morgan Manager")).toBe(true);
    expect(items[0]).toMatchObject({ before: null, reason: "Lead generator's phone was broken" });
    expect(items[1].before).toEqual({
      storeId: wayne,
      storeName: "Costco Wayne",
      punchInAt: "2026-10-06T13:00:00.000Z",
      localPunchIn: "2026-10-06 09:00",
    });
    expect(items[1].after).toEqual({
      storeId: paramus,
      storeName: "The Home Depot Paramus",
      punchInAt: "2026-10-06T12:45:00.000Z",
      localPunchIn: "2026-10-06 08:45",
    });
    expect(items[1].reason).toBe("Started early, at Paramus");
    expect(items[2]).toMatchObject({ after: null, reason: "Entered twice" });
    expect(items[2].before).toMatchObject({ storeId: paramus, localPunchIn: "2026-10-06 08:45" });
  });

  it("keeps real minutes across both daylight-saving changes in New York and Los Angeles and none in Phoenix, and over midnight", async () => {
    const la = await k.store(east, "Test Store Los Angeles", "America/Los_Angeles");
    const phx = await k.store(east, "Test Store Phoenix", "America/Phoenix");
    const p = await k.person(east, {});
    const admin = await k.as("admin@demo.local");
    const cases: [number, string, string, string, number, string][] = [
      [wayne, "2026-03-08", "01:00", "04:00", 120, "2026-03-08 04:00"],
      [wayne, "2026-11-01", "00:30", "03:00", 210, "2026-11-01 03:00"],
      [la, "2026-03-08", "01:00", "04:00", 120, "2026-03-08 04:00"],
      [la, "2026-11-01", "00:30", "03:00", 210, "2026-11-01 03:00"],
      [phx, "2026-03-08", "01:00", "04:00", 180, "2026-03-08 04:00"],
      [phx, "2026-11-01", "00:30", "03:00", 150, "2026-11-01 03:00"],
      [wayne, "2026-06-12", "22:00", "02:00", 240, "2026-06-13 02:00"],
      [la, "2026-10-31", "22:00", "06:00", 540, "2026-11-01 06:00"],
    ];
    for (const [storeId, workDate, startTime, endTime, minutes, localOut] of cases) {
      // One person cannot be in two places at once: each case on a person of its own where they would overlap.
      const who =
        workDate === "2026-11-01" || workDate === "2026-10-31" || workDate === "2026-03-08"
          ? (await k.person(east, {})).userId
          : p.userId;
      const log = await k.entered(admin, who, { storeId, workDate, startTime, endTime });
      expect(log, `${workDate} ${startTime}-${endTime} at ${storeId}`).toMatchObject({
        workDate,
        minutes,
        localPunchIn: `${workDate} ${startTime}`,
        localPunchOut: localOut,
      });
    }
  });

  it("refuses entries, edits and deletes in a posted pay period (409 naming the period); its logs say posted and cannot be edited", async () => {
    const p = await northJerseyPerson();
    const manager = await k.as("manager@demo.local");
    const log = await k.entered(manager, p.userId, {
      storeId: wayne,
      workDate: "2026-09-08",
      startTime: "09:00",
      endTime: "15:00",
    });
    await k.post(east, p.userId, "2026-09-07", "2026-09-13");
    const message =
      "Hours for 2026-09-07 to 2026-09-13 are posted for payroll; nothing in that period can change.";
    const enter = await k.create(manager, p.userId, {
      action: "entry",
      storeId: wayne,
      workDate: "2026-09-09",
      startTime: "09:00",
      endTime: "15:00",
      reason: "Late entry",
    });
    expect(enter.statusCode).toBe(409);
    expect(enter.json().message).toBe(message);
    const edit = await k.update(manager, p.userId, log.id, {
      kind: "edit",
      workDate: "2026-09-08",
      startTime: "08:00",
      endTime: "15:00",
      reason: "Correction",
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(message);
    // Moving a log into the posted period is refused too.
    const other = await k.entered(manager, p.userId, {
      storeId: wayne,
      workDate: "2026-09-15",
      startTime: "09:00",
      endTime: "15:00",
    });
    const into = await k.update(manager, p.userId, other.id, {
      kind: "edit",
      workDate: "2026-09-10",
      startTime: "09:00",
      endTime: "15:00",
      reason: "Wrong day",
    });
    expect(into.statusCode).toBe(409);
    const del = await k.remove(manager, p.userId, log.id, "Not worked");
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(message);
    const listed = await k.logs(manager, p.userId, {
      startDate: "2026-09-01",
      endDate: "2026-09-30",
      sortBy: "workDate",
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((i: TimeLogItem) => [i.workDate, i.posted, i.canEdit])).toEqual([
      ["2026-09-15", false, true],
      ["2026-09-08", true, false],
    ]);
  });
});

describe("reading time logs", () => {
  it("lists one person's logs over a period, sorted and paged on the server, with the minutes of closed logs", async () => {
    const p = await northJerseyPerson();
    const manager = await k.as("manager@demo.local");
    for (const [date, start, end] of [
      ["2026-08-03", "09:00", "13:00"],
      ["2026-08-04", "10:00", "12:30"],
      ["2026-08-05", "13:00", "18:00"],
    ])
      await k.entered(manager, p.userId, { storeId: wayne, workDate: date, startTime: start, endTime: end });
    const res = await k.logs(manager, p.userId, {
      startDate: "2026-08-01",
      endDate: "2026-08-31",
      sortBy: "minutes",
      sortDirection: "asc",
      pageSize: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2, totalMinutes: 240 + 150 + 300 });
    expect(body.period).toEqual({ startDate: "2026-08-01", endDate: "2026-08-31" });
    expect(body.items.map((i: TimeLogItem) => i.minutes)).toEqual([150, 240]);
    const page2 = await k.logs(manager, p.userId, {
      startDate: "2026-08-01",
      endDate: "2026-08-31",
      sortBy: "minutes",
      sortDirection: "asc",
      pageSize: 2,
      page: 2,
    });
    expect(page2.json().items.map((i: TimeLogItem) => i.minutes)).toEqual([300]);
    const bad = await k.logs(manager, p.userId, { startDate: "2026-08-31", endDate: "2026-08-01" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain("body.startDate");
    const tooLong = await k.logs(manager, p.userId, { startDate: "2024-01-01", endDate: "2026-08-01" });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toContain("body.endDate");
    const badState = await k.logs(manager, p.userId, { states: ["asleep"] });
    expect(badState.statusCode).toBe(400);
  });

  it("scopes reads: a lead generator sees only themselves, territory roles their territories' people, analysts and schedulers read; other organizations 404", async () => {
    const p = await northJerseyPerson();
    const philly = await k.person(east, { territories: ["Philadelphia"] });
    const body = { startDate: "2026-08-01", endDate: "2026-08-31" };
    const status = async (email: string, userId: number) =>
      (await k.logs(await k.as(email), userId, body)).statusCode;
    expect(await status("lg@demo.local", lg)).toBe(200);
    expect(await status("lg@demo.local", p.userId)).toBe(404);
    expect(await status("lglead@demo.local", p.userId)).toBe(200);
    expect(await status("lglead@demo.local", philly.userId)).toBe(404);
    expect(await status("regional@demo.local", p.userId)).toBe(200);
    expect(await status("regional@demo.local", philly.userId)).toBe(404);
    expect(await status("territory@demo.local", philly.userId)).toBe(200);
    expect(await status("territory@demo.local", p.userId)).toBe(404);
    expect(await status("analyst@demo.local", p.userId)).toBe(200);
    expect(await status("scheduler@demo.local", p.userId)).toBe(200);
    expect(await status("admin@demo.local", westPerson)).toBe(404);
    expect(await status("admin@demo.local", 2_000_000_000)).toBe(404);
    expect((await k.logs(await k.as("admin@demo.local"), 0 as number, body)).statusCode).toBe(400);
    // The portal users of the programs have no labor.
    const hd = await k.logs(await k.as("hd@demo.local"), p.userId, body);
    expect(hd.statusCode).toBe(403);
  });

  it("keeps another organization's logs out: its log ids answer 404 to every call", async () => {
    const westAdmin = await t.login("admin@demo.local", undefined, west);
    const westLog = await k.entered(westAdmin, westPerson, {
      storeId: westStore,
      workDate: "2026-07-07",
      startTime: "09:00",
      endTime: "12:00",
    });
    const manager = await k.as("manager@demo.local");
    const p = await northJerseyPerson();
    // Through an East person's path, and through the West person's.
    for (const userId of [p.userId, westPerson]) {
      expect((await k.update(manager, userId, westLog.id, { kind: "accept" })).statusCode).toBe(404);
      expect((await k.remove(manager, userId, westLog.id, "Not ours")).statusCode).toBe(404);
      expect((await k.trail(manager, userId, westLog.id)).statusCode).toBe(404);
    }
    const lgAuth = await k.as("lg@demo.local");
    expect(
      (
        await k.update(lgAuth, lg, westLog.id, {
          kind: "propose",
          workDate: "2026-07-07",
          startTime: "09:00",
          endTime: "12:00",
          reason: "Mine",
        })
      ).statusCode,
    ).toBe(404);
    expect((await k.dashboard(manager, westPerson)).statusCode).toBe(404);
  });

  it("answers the dashboard's list for a period, at most 500 logs, with the total minutes", async () => {
    const p = await northJerseyPerson();
    const manager = await k.as("manager@demo.local");
    await k.entered(manager, p.userId, {
      storeId: wayne,
      workDate: "2026-07-14",
      startTime: "09:00",
      endTime: "11:00",
    });
    const res = await k.dashboard(manager, p.userId, "startDate=2026-07-01&endDate=2026-07-31");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      period: { startDate: "2026-07-01", endDate: "2026-07-31" },
      totalMinutes: 120,
      truncated: false,
    });
    expect(res.json().items).toHaveLength(1);
    expect((await k.dashboard(manager, p.userId, "dateRange=3")).statusCode).toBe(200);
    const bad = await k.dashboard(manager, p.userId, "dateRange=11");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toContain("querystring.dateRange");
    const reversed = await k.dashboard(manager, p.userId, "startDate=2026-07-31&endDate=2026-07-01");
    expect(reversed.statusCode).toBe(400);
    expect(Object.keys(reversed.json().errors)).toEqual(["querystring.startDate"]);
    expect((await k.dashboard(await k.as("lg@demo.local"), p.userId)).statusCode).toBe(404);
    expect((await k.dashboard(await k.as("lg@demo.local"), lg)).statusCode).toBe(200);
  });

  it("gives the phone its day: the open log, minutes this week and today, missing punches to propose", async () => {
    const p = await northJerseyPerson();
    const manager = await k.as("manager@demo.local");
    const today = formatDate(NOW(), "America/New_York");
    const early = new Date(NOW().getTime() - 60_000);
    // A closed shift earlier today (when today has room for it), then a punch in now.
    const startLocal = formatDate(new Date(early.getTime() - 2 * 3_600_000), "America/New_York");
    if (startLocal === today) {
      const hhmm = (d: Date) =>
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "America/New_York",
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        }).format(d);
      await k.entered(manager, p.userId, {
        storeId: paramus,
        workDate: today,
        startTime: hhmm(new Date(early.getTime() - 2 * 3_600_000)),
        endTime: hhmm(new Date(early.getTime() - 3_600_000)),
      });
    }
    await k.create(p.auth, p.userId, { action: "punchIn", storeId: wayne });
    const day = (await k.today(p.auth)).json();
    expect(day.open).toMatchObject({ userId: p.userId, state: "open", storeId: wayne });
    if (startLocal === today) {
      expect(day.minutesToday).toBeGreaterThanOrEqual(60);
      expect(day.minutesThisWeek).toBeGreaterThanOrEqual(60);
    }
    expect(day.missing).toEqual([]);
    const lgDay = await k.today(await k.as("lg@demo.local"));
    expect(lgDay.statusCode, lgDay.body).toBe(200);
  });
});

describe("the demo's punches", () => {
  it("has two weeks of closed shifts for the lead generators, one open, one missing and one proposed in East, each with its history", async () => {
    const states = await k.rows<{ organization_id: number; state: string; n: number }>(
      `select organization_id, state, count(*)::int as n from time_logs
       where created_by_user_id = user_id and source = 'punch' and organization_id in ($1, $2)
       group by 1, 2 order by 1, 2`,
      [east, west],
    );
    const of = (org: number, state: string) =>
      states.find((s) => s.organization_id === org && s.state === state)?.n ?? 0;
    expect(of(east, "closed")).toBeGreaterThan(50);
    expect(of(west, "closed")).toBeGreaterThan(50);
    expect(of(east, "missing")).toBeGreaterThanOrEqual(1);
    expect(of(east, "proposed")).toBeGreaterThanOrEqual(1);
    const lgLogs = await k.rows<{ state: string; work_date: string }>(
      "select state, work_date::text from time_logs where user_id = $1 and source = 'punch' and organization_id = $2",
      [lg, east],
    );
    expect(lgLogs.length).toBeGreaterThanOrEqual(8);
    expect(lgLogs.every((l) => l.state === "closed")).toBe(true);
    const without = await k.rows(
      `select l.id from time_logs l where l.organization_id in ($1, $2) and l.source = 'punch'
       and not exists (select 1 from time_log_history h where h.time_log_id = l.id and h.subject_user_id = l.user_id)`,
      [east, west],
    );
    expect(without).toEqual([]);
  });

  it("names the store and hours type in a trail whose records hold their ids only, read in one query", async () => {
    const [demo] = await k.rows<{ id: number; store: string; hours_type: string | null; after: object }>(
      `select l.id, s.name as store, r.name as hours_type, h.after from time_logs l
       join stores s on s.organization_id = l.organization_id and s.id = l.store_id
       left join reference_items r on r.list = 'userHoursTypes' and r.id = l.hours_type_id
       join time_log_history h on h.time_log_id = l.id and h.action = 'punchIn'
       where l.user_id = $1 and l.organization_id = $2 and l.source = 'punch' order by l.id limit 1`,
      [lg, east],
    );
    // The demo's records were written with the store's id alone (as older entries were).
    expect(demo.after).not.toHaveProperty("storeName");
    const trail = await k.trail(await k.as("manager@demo.local"), lg, demo.id);
    expect(trail.statusCode, trail.body).toBe(200);
    const [punchIn] = trail.json().items as { action: string; after: Record<string, unknown> }[];
    expect(punchIn.action).toBe("punchIn");
    expect(punchIn.after).toMatchObject({ storeId: expect.any(Number), storeName: demo.store });
    expect(punchIn.after.storeName).not.toMatch(/^Store #/);
    // A correction that changes the hours type names both types.
    const types = await k.rows<{ id: number; name: string }>(
      "select id, name from reference_items where list = 'userHoursTypes' order by id limit 2",
    );
    await k.rows(
      `insert into time_log_history (organization_id, time_log_id, subject_user_id, action, user_id, before, after, reason)
       values ($1, $2, $3, 'edit', null, $4::jsonb, $5::jsonb, 'Type corrected')`,
      [
        east,
        demo.id,
        lg,
        JSON.stringify({ hoursTypeId: types[0].id }),
        JSON.stringify({ hoursTypeId: types[1].id, storeId: "not an id" }),
      ],
    );
    const again = (await k.trail(await k.as("manager@demo.local"), lg, demo.id)).json().items as {
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    const edit = again.at(-1)!;
    expect(edit.action).toBe("edit");
    expect(edit.before).toEqual({ hoursTypeId: types[0].id, hoursTypeName: types[0].name });
    expect(edit.after).toEqual({
      hoursTypeId: types[1].id,
      hoursTypeName: types[1].name,
      storeId: "not an id",
    });
  });
});
