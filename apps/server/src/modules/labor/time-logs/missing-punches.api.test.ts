import { formatDate, refusalOf, type TimeLogItem } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/harness";
import { MISSING_REASON } from "./index";
import { timeLogsTestKit } from "./time-logs.test-support";

// Missing punches (issue #15, docs/decisions/0040-labor.md): the sweep flags open logs at the store's day end (04:00
// store-local the next day) or after the longest shift, whichever first, in each store's zone, never closes them, and
// tells the person; the person proposes the time, a manager accepts or corrects it; the list for managers.

let t: TestApp;
const k = timeLogsTestKit(() => t);
let east: number;
let wayne: number;
let laStore: number;
type Person = { userId: number; email: string };
let early: Person;
let evening: Person;
let westCoast: Person;
let philly: Person;
const logOf: Record<string, number> = {};

const sweep = (at: string) => t.app.deps.services.laborTimeLogs.sweep(new Date(at));
const stateOf = async (id: number) =>
  k.one<{ state: string; missing: string | null; punch_out_at: unknown; flagged_at: unknown }>(
    "select state, missing, punch_out_at, flagged_at from time_logs where id = $1",
    [id],
  );

/** An open log punched in at a UTC instant, dated in the store's zone. */
async function openLog(p: Person, storeId: number, zone: string, punchInUtc: string) {
  const { id } = await k.one<{ id: number }>(
    `insert into time_logs (organization_id, user_id, store_id, punch_in_at, time_zone, work_date, state, hours_type_id)
     values ($1, $2, $3, $4::timestamptz, $5, ($4::timestamptz at time zone $5)::date, 'open', 1) returning id::int`,
    [east, p.userId, storeId, punchInUtc, zone],
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  wayne = await k.storeId("Costco Wayne");
  laStore = await k.store(east, "Test Store Santa Monica", "America/Los_Angeles", {
    territory: "North Jersey",
  });
  early = await k.person(east, { territories: ["North Jersey"], first: "Early", last: "Bird" });
  evening = await k.person(east, { territories: ["North Jersey"], first: "Evening", last: "Owl" });
  westCoast = await k.person(east, { territories: ["North Jersey"], first: "Coast", last: "Walker" });
  philly = await k.person(east, { territories: ["Philadelphia"], first: "Phil", last: "Adelphia" });
  // 06:00 and 18:00 in New York on Friday 20 November 2026 (EST, UTC-5); 18:00 in Los Angeles (PST, UTC-8).
  logOf.early = await openLog(early, wayne, "America/New_York", "2026-11-20T11:00:00Z");
  logOf.evening = await openLog(evening, wayne, "America/New_York", "2026-11-20T23:00:00Z");
  logOf.coast = await openLog(westCoast, laStore, "America/Los_Angeles", "2026-11-21T02:00:00Z");
  logOf.philly = await openLog(philly, wayne, "America/New_York", "2026-11-20T14:00:00Z");
}, 120_000);
afterAll(() => t?.close());

describe("the missing-punch sweep", () => {
  it("flags each open log at the earlier of its store's day end and the longest shift, in two zones, and closes nothing", async () => {
    await sweep("2026-11-20T22:59:00Z");
    expect((await stateOf(logOf.early)).state).toBe("open");
    // The longest shift (12 hours) after 06:00 comes before the day's end.
    await sweep("2026-11-20T23:00:00Z");
    expect(await stateOf(logOf.early)).toMatchObject({
      state: "missing",
      missing: "punchOut",
      punch_out_at: null,
    });
    expect((await stateOf(logOf.evening)).state).toBe("open");
    // 18:00 + 12 hours is 06:00: the store's day ends first, at 04:00 New York time (09:00Z).
    await sweep("2026-11-21T08:59:59Z");
    expect((await stateOf(logOf.evening)).state).toBe("open");
    const flagged = await sweep("2026-11-21T09:00:00Z");
    expect(flagged.flagged).toBeGreaterThanOrEqual(1);
    expect(await stateOf(logOf.evening)).toMatchObject({ state: "missing", punch_out_at: null });
    // Los Angeles: its day ends three hours later (04:00 PST is 12:00Z).
    await sweep("2026-11-21T11:59:59Z");
    expect((await stateOf(logOf.coast)).state).toBe("open");
    await sweep("2026-11-21T12:00:00Z");
    expect((await stateOf(logOf.coast)).state).toBe("missing");
    // A second sweep finds nothing more of these.
    await sweep("2026-11-21T12:15:00Z");

    const history = await k.rows<{
      action: string;
      user_id: number | null;
      subject_user_id: number;
      reason: string;
      after: { state: string };
    }>(
      "select action, user_id, subject_user_id, reason, after from time_log_history where time_log_id = $1",
      [logOf.coast],
    );
    expect(history).toEqual([
      {
        action: "flag",
        user_id: null,
        subject_user_id: westCoast.userId,
        reason: MISSING_REASON,
        after: { state: "missing", missing: "punchOut", flaggedAt: "2026-11-21T12:00:00.000Z" },
      },
    ]);
  });

  it("emails the person once, with the shift and a link to propose the time", async () => {
    const mail = (await t.mailer.list(200)).filter((m) => m.to === evening.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Missing punch out: Costco Wayne, 2026-11-20");
    expect(mail[0].text).toContain("Costco Wayne, punched in at 2026-11-20 18:00");
    expect(mail[0].text).toContain("http://app.test/labor/time-logs");
    expect(mail[0].text).toContain("Nothing was closed for you");
    const coast = (await t.mailer.list(200)).filter((m) => m.to === westCoast.email);
    expect(coast[0].text).toContain("Test Store Santa Monica, punched in at 2026-11-20 18:00");
  });
});

describe("proposing, accepting and correcting", () => {
  it("lets the person propose the missing time and a manager accept it; every step is on the record", async () => {
    const me = await t.login(early.email);
    const day = (await k.today(me)).json();
    expect(day.missing.map((m: TimeLogItem) => [m.id, m.state, m.canPropose])).toEqual([
      [logOf.early, "missing", true],
    ]);
    // Ending at midnight after today: in the future.
    const future = await k.update(me, early.userId, logOf.early, {
      kind: "propose",
      workDate: formatDate(new Date(), "America/New_York"),
      startTime: "00:00",
      endTime: "00:00",
      reason: "Left the next morning",
    });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().errors)).toContain("body.endTime");

    const proposed = await k.update(me, early.userId, logOf.early, {
      kind: "propose",
      workDate: "2026-11-20",
      startTime: "06:00",
      endTime: "14:00",
      reason: "Forgot to punch out, left at two",
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json().timeLog).toMatchObject({
      state: "proposed",
      missing: "punchOut",
      punchOutAt: null,
      proposal: {
        localPunchIn: "2026-11-20 06:00",
        localPunchOut: "2026-11-20 14:00",
        reason: "Forgot to punch out, left at two",
      },
      canPropose: true,
      canEdit: false,
    });

    // Only the person proposes; only managers accept.
    const manager = await k.as("manager@demo.local");
    const byManager = await k.update(manager, early.userId, logOf.early, {
      kind: "propose",
      workDate: "2026-11-20",
      startTime: "06:00",
      endTime: "14:00",
      reason: "For them",
    });
    expect(byManager.statusCode).toBe(403);
    expect((await k.update(me, early.userId, logOf.early, { kind: "accept" })).statusCode).toBe(403);
    const analyst = await k.update(await k.as("analyst@demo.local"), early.userId, logOf.early, {
      kind: "accept",
    });
    expect(analyst.statusCode).toBe(403);
    expect(analyst.json().message).toBe(refusalOf("labor.edit"));
    const lgOther = await k.update(await k.as("lg@demo.local"), early.userId, logOf.early, {
      kind: "accept",
    });
    expect(lgOther.statusCode).toBe(404);

    const accepted = await k.update(manager, early.userId, logOf.early, {
      kind: "accept",
      reason: "Store confirmed",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().timeLog).toMatchObject({
      state: "closed",
      missing: null,
      proposal: null,
      localPunchIn: "2026-11-20 06:00",
      localPunchOut: "2026-11-20 14:00",
      minutes: 480,
      source: "manual",
    });
    const again = await k.update(manager, early.userId, logOf.early, { kind: "accept" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no proposal to accept/);

    const trail = (await k.trail(manager, early.userId, logOf.early)).json().items as {
      action: string;
      userName: string | null;
      reason: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    expect(trail.map((e) => [e.action, e.userName])).toEqual([
      ["flag", null],
      ["propose", "Early Bird"],
      ["accept", "Morgan Manager"],
    ]);
    expect(trail[1]).toMatchObject({
      reason: "Forgot to punch out, left at two",
      before: { state: "missing", proposedPunchIn: null, proposedPunchOut: null },
      after: { state: "proposed", proposedPunchIn: "2026-11-20 06:00", proposedPunchOut: "2026-11-20 14:00" },
    });
    expect(trail[2]).toMatchObject({
      reason: "Store confirmed",
      before: { state: "proposed", punchOutAt: null, missing: "punchOut" },
      after: {
        state: "closed",
        punchOutAt: "2026-11-20T19:00:00.000Z",
        localPunchOut: "2026-11-20 14:00",
        missing: null,
      },
    });
  });

  it("lets a manager correct a missing punch directly (an end is required)", async () => {
    const manager = await k.as("manager@demo.local");
    const noEnd = await k.update(manager, evening.userId, logOf.evening, {
      kind: "edit",
      workDate: "2026-11-20",
      startTime: "18:00",
      reason: "Closing it",
    });
    expect(noEnd.statusCode).toBe(400);
    expect(Object.keys(noEnd.json().errors)).toContain("body.endTime");
    const fixed = await k.update(manager, evening.userId, logOf.evening, {
      kind: "edit",
      workDate: "2026-11-20",
      startTime: "18:00",
      endTime: "01:30",
      reason: "Store closed late; confirmed by the store manager",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().timeLog).toMatchObject({
      state: "closed",
      localPunchOut: "2026-11-21 01:30",
      minutes: 450,
      flaggedAt: "2026-11-21T09:00:00.000Z",
    });
  });
});

describe("the missing-punch list", () => {
  it("lists missing and proposed logs in scope with counts over the whole filter", async () => {
    const manager = await k.as("manager@demo.local");
    const all = await k.missing(manager, { pageSize: 200 });
    expect(all.statusCode, all.body).toBe(200);
    const expected = await k.one<{ missing: number; proposed: number }>(
      `select count(*) filter (where state = 'missing')::int as missing, count(*) filter (where state = 'proposed')::int as proposed
       from time_logs where organization_id = $1`,
      [east],
    );
    expect(all.json().counts).toEqual(expected);
    expect(all.json().total).toBe(expected.missing + expected.proposed);
    expect(all.json().period).toBeNull();
    expect(all.json().items.every((i: TimeLogItem) => i.state === "missing" || i.state === "proposed")).toBe(
      true,
    );
    // The demo has one flagged and one proposed shift in East.
    expect(expected.proposed).toBeGreaterThanOrEqual(1);

    const ours = await k.missing(manager, { userIds: [westCoast.userId, philly.userId, early.userId] });
    // Philadelphia's open log was flagged by the sweeps (its longest shift passed at 02:00Z on the 21st).
    expect(ours.json().counts).toEqual({ missing: 2, proposed: 0 });
    expect(
      ours
        .json()
        .items.map((i: TimeLogItem) => i.userName)
        .sort(),
    ).toEqual(["Coast Walker", "Phil Adelphia"]);
    const byName = await k.missing(manager, { text: "coast wal" });
    expect(byName.json().items.map((i: TimeLogItem) => i.id)).toEqual([logOf.coast]);
    const inPeriod = await k.missing(manager, {
      startDate: "2026-11-20",
      endDate: "2026-11-20",
      userIds: [westCoast.userId],
    });
    expect(inPeriod.json()).toMatchObject({
      period: { startDate: "2026-11-20", endDate: "2026-11-20" },
      total: 1,
    });
    const proposedOnly = await k.missing(manager, { states: ["proposed"], userIds: [westCoast.userId] });
    expect(proposedOnly.json()).toMatchObject({ total: 0, items: [], counts: { missing: 1, proposed: 0 } });
    const sorted = await k.missing(manager, {
      sortBy: "userName",
      sortDirection: "desc",
      userIds: [westCoast.userId, philly.userId],
    });
    expect(sorted.json().items.map((i: TimeLogItem) => i.userName)).toEqual([
      "Coast Walker",
      "Phil Adelphia",
    ]);
  });

  it("keeps the list to the caller's scope; lead generators and portals are refused; bad input is a 400", async () => {
    const ids = async (email: string) =>
      ((await k.missing(await k.as(email), { pageSize: 200 })).json().items as TimeLogItem[]).map(
        (i) => i.id,
      );
    expect(await ids("lglead@demo.local")).toContain(logOf.coast);
    expect(await ids("lglead@demo.local")).not.toContain(logOf.philly);
    expect(await ids("territory@demo.local")).toContain(logOf.philly);
    expect(await ids("territory@demo.local")).not.toContain(logOf.coast);
    expect(await ids("analyst@demo.local")).toContain(logOf.philly);
    expect(await ids("scheduler@demo.local")).toContain(logOf.philly);
    const lg = await k.missing(await k.as("lg@demo.local"));
    expect(lg.statusCode).toBe(403);
    expect(lg.json().message).toBe(refusalOf("labor.team"));
    expect((await k.missing(await k.as("hd@demo.local"))).statusCode).toBe(403);
    const westAdmin = await t.login("admin@demo.local", undefined, await t.orgId("Summit Home West"));
    expect(
      ((await k.missing(westAdmin, { pageSize: 200 })).json().items as TimeLogItem[]).map((i) => i.id),
    ).not.toContain(logOf.philly);
    const bad = await k.missing(await k.as("manager@demo.local"), { states: ["closed"] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^body\.states/);
    const sort = await k.missing(await k.as("manager@demo.local"), { sortBy: "minutes" });
    expect(sort.statusCode).toBe(400);
  });
});
