import {
  type HoursPostResponse,
  type HoursRow,
  type HoursSearchResponse,
  ROLE,
  refusalOf,
} from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "../../../../test/harness";
import { sheetRows } from "../../../platform/xlsx.test-support";
import { hoursTestKit } from "./hours.test-support";

// Hours and payroll (issue #15, docs/decisions/0040-labor.md): hours from closed time logs (live until posted) and
// manual entries, posting a pay period, the postings and the payroll file.

let t: TestApp;
const k = hoursTestKit(() => t);
let east: number;
let west: number;
let wayne: number;
let philadelphiaStore: number;
let westStore: number;
let lg: number;
let lglead: number;
let philly: number;
let westLg: number;

const HOURLY = 1;
const TRAINING = 4;

const rows = <T>(text: string, params: unknown[] = []) => k.rows<T>(text, params);

/** A time log as the punches make it (instants in UTC, the store-local date given). */
async function log(
  userId: number,
  storeId: number,
  workDate: string,
  inAt: string | null,
  outAt: string | null,
  opts: { state?: string; typeId?: number | null; org?: number } = {},
) {
  const [row] = await rows<{ id: number }>(
    `insert into time_logs (organization_id, user_id, store_id, hours_type_id, punch_in_at, punch_out_at, time_zone,
       work_date, state, missing, source)
     values ($1, $2, $3, $4, $5, $6, 'America/New_York', $7, $8, $9, 'manual') returning id`,
    [
      opts.org ?? east,
      userId,
      storeId,
      opts.typeId ?? null,
      inAt,
      outAt,
      workDate,
      opts.state ?? "closed",
      opts.state === "missing" ? "punchOut" : null,
    ],
  );
  return Number(row.id);
}

const search = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
  k.inject(a, "POST", "/api/users/hours/search", { pageSize: 200, ...body });
const found = async (a: AuthHeaders, body: Record<string, unknown>) => {
  const res = await search(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HoursSearchResponse;
};
const upsert = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/hours/upsert", body);
const post = (a: AuthHeaders, body: Record<string, unknown>) =>
  k.inject(a, "POST", "/api/users/hours/post-hours", body);
const remove = (a: AuthHeaders, id: number | string) => k.inject(a, "DELETE", `/api/users/hours/${id}`);
const get = (a: AuthHeaders, url: string) => k.inject(a, "GET", url);
const fieldsOf = (res: { json: () => { errors?: Record<string, unknown> } }) =>
  Object.keys(res.json().errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  wayne = await k.storeId("Costco Wayne");
  philadelphiaStore = await k.storeId("Costco South Philadelphia");
  westStore = await k.storeId("Costco Burbank");
  lg = await k.userId("lg@demo.local");
  lglead = await k.userId("lglead@demo.local");
  const lgIn = (org: number, territory: string) =>
    k.one<{ user_id: number }>(
      `select m.user_id from memberships m
       join membership_territories mt on mt.organization_id = m.organization_id and mt.membership_id = m.id
       join territories tr on tr.id = mt.territory_id
       where m.organization_id = $1 and tr.name = $2 and m.role_id = $3 and m.is_active order by m.user_id limit 1`,
      [org, territory, ROLE.leadGenerator],
    );
  philly = (await lgIn(east, "Philadelphia")).user_id;
  westLg = (await lgIn(west, "Los Angeles")).user_id;
  // The periods of these tests hold nothing but what they make (whatever demo punches the seed has).
  await rows(
    "delete from time_logs where work_date < '2026-01-01' or work_date in ('2026-03-08', '2026-11-01')",
  );
  await rows(
    "update memberships set hours_type_id = $1 where organization_id = $2 and user_id in ($3, $4, $5)",
    [HOURLY, east, lg, lglead, philly],
  );
}, 120_000);
afterAll(() => t?.close());

describe("hours from time logs", () => {
  it("counts the real minutes of closed logs across both daylight-saving changes and over midnight", async () => {
    const admin = await k.as("admin@demo.local");
    // New York, spring forward: 01:00 EST to 03:00 EDT is one real hour.
    await log(lg, wayne, "2026-03-08", "2026-03-08T06:00:00Z", "2026-03-08T07:00:00Z");
    // Fall back: 01:00 EDT to 02:00 EST is two real hours.
    await log(lg, wayne, "2026-11-01", "2026-11-01T05:00:00Z", "2026-11-01T07:00:00Z");
    const spring = await found(admin, { startDate: "2026-03-08", userIds: [lg] });
    expect(spring.items).toHaveLength(1);
    expect(spring.items[0]).toMatchObject({
      userId: lg,
      userName: "Luis Generator",
      workDate: "2026-03-08",
      minutes: 60,
      hours: 1,
      source: "timeLogs",
      logCount: 1,
      hoursTypeId: HOURLY,
      hoursTypeName: "Hourly",
      storeId: wayne,
      storeName: "Costco Wayne",
      posted: false,
      id: null,
      canEdit: false,
    });
    const fall = await found(admin, { startDate: "2026-11-01", endDate: "2026-11-01", userIds: [lg] });
    expect(fall.items.map((r) => r.minutes)).toEqual([120]);
    // 22:00 to 02:00 the next morning counts on the day it began.
    await log(lg, wayne, "2025-03-03", "2025-03-04T03:00:00Z", "2025-03-04T07:00:00Z");
    const night = await found(admin, { startDate: "2025-03-03", endDate: "2025-03-04", userIds: [lg] });
    expect(night.items.map((r) => [r.workDate, r.minutes])).toEqual([["2025-03-03", 240]]);
  });

  it("groups a person's logs by date, type and store; open or missing logs count nothing and are flagged", async () => {
    const admin = await k.as("admin@demo.local");
    await log(lg, wayne, "2025-03-10", "2025-03-10T13:00:00Z", "2025-03-10T17:00:00Z");
    await log(lg, wayne, "2025-03-10", "2025-03-10T18:00:00Z", "2025-03-10T20:30:00Z");
    await log(lg, wayne, "2025-03-10", "2025-03-10T21:00:00Z", "2025-03-10T22:00:00Z", { typeId: TRAINING });
    await log(lg, wayne, "2025-03-11", "2025-03-11T13:00:00Z", null, { state: "missing" });
    const r = await found(admin, {
      startDate: "2025-03-10",
      endDate: "2025-03-11",
      userIds: [lg],
      sortBy: "minutes",
    });
    expect(r.items.map((x) => [x.hoursTypeName, x.minutes, x.logCount])).toEqual([
      ["Training", 60, 1],
      ["Hourly", 390, 2],
    ]);
    expect(r.attention).toEqual({ logs: 1, people: 1 });
    expect(r.totals).toMatchObject({ minutes: 450, timeLogMinutes: 450, manualMinutes: 0, people: 1 });
    expect(r.period).toEqual({ startDate: "2025-03-10", endDate: "2025-03-11" });
    const byType = await found(admin, {
      startDate: "2025-03-10",
      endDate: "2025-03-11",
      userIds: [lg],
      hoursTypeIds: [TRAINING],
    });
    expect(byType.items.map((x) => x.minutes)).toEqual([60]);
  });
});

describe("manual entries", () => {
  it("lets a manager add, change and delete an entry; the list sums it with the time logs by day and by person", async () => {
    const manager = await k.as("manager@demo.local");
    await log(lg, wayne, "2025-04-07", "2025-04-07T13:00:00Z", "2025-04-07T17:00:00Z");
    const made = await upsert(manager, {
      userId: lg,
      workDate: "2025-04-07",
      minutes: 90,
      hoursTypeId: TRAINING,
      notes: "Product training",
    });
    expect(made.statusCode, made.body).toBe(200);
    const entry = made.json() as HoursRow;
    expect(entry).toMatchObject({
      key: `e${entry.id}`,
      userId: lg,
      workDate: "2025-04-07",
      minutes: 90,
      hours: 1.5,
      source: "manual",
      hoursTypeName: "Training",
      notes: "Product training",
      posted: false,
      canEdit: true,
    });
    // No type: the person's default.
    const plain = await upsert(manager, { userId: lg, workDate: "2025-04-08", minutes: 30, storeId: wayne });
    expect(plain.json()).toMatchObject({ hoursTypeId: HOURLY, storeName: "Costco Wayne" });
    const changed = await upsert(manager, {
      id: entry.id,
      userId: lg,
      workDate: "2025-04-07",
      minutes: 120,
      hoursTypeId: TRAINING,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: entry.id, minutes: 120, notes: null });

    const period = { startDate: "2025-04-07", endDate: "2025-04-08", userIds: [lg] };
    const byDay = await found(manager, { ...period, groupBy: "day", sortBy: "workDate" });
    expect(
      byDay.items.map((x) => [x.key, x.workDate, x.minutes, x.timeLogMinutes, x.manualMinutes, x.lineCount]),
    ).toEqual([
      [`${lg}:2025-04-07`, "2025-04-07", 360, 240, 120, 2],
      [`${lg}:2025-04-08`, "2025-04-08", 30, 0, 30, 1],
    ]);
    expect(byDay.items.every((x) => x.canEdit === false && x.id === null)).toBe(true);
    const byPerson = await found(manager, { ...period, groupBy: "person" });
    expect(byPerson.items.map((x) => [x.userId, x.workDate, x.minutes])).toEqual([[lg, null, 390]]);
    expect(byPerson.totals).toMatchObject({ minutes: 390, manualMinutes: 150, unpostedMinutes: 390 });
    const manualOnly = await found(manager, { ...period, sources: ["manual"] });
    expect(manualOnly.items.map((x) => x.minutes).sort()).toEqual([120, 30]);

    const gone = await remove(manager, plain.json().id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await remove(manager, plain.json().id)).statusCode).toBe(404);
  });

  it("answers 400 naming the field for what a client can send wrong", async () => {
    const manager = await k.as("manager@demo.local");
    const base = { userId: lg, workDate: "2025-04-09", minutes: 60 };
    for (const [body, field] of [
      [{ ...base, minutes: 0 }, "body.minutes"],
      [{ ...base, minutes: 1441 }, "body.minutes"],
      [{ ...base, minutes: 7.5 }, "body.minutes"],
      [{ ...base, workDate: "2025-02-30" }, "body.workDate"],
      [{ ...base, workDate: "2999-01-01" }, "body.workDate"],
      [{ ...base, hoursTypeId: 999 }, "body.hoursTypeId"],
      [{ ...base, userId: "x" }, "body.userId"],
      [{ ...base, notes: "n".repeat(1001) }, "body.notes"],
    ] as const) {
      const res = await upsert(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    for (const [body, field] of [
      [{ startDate: "2025-04-09", endDate: "2025-04-01" }, "body.startDate"],
      [{ startDate: "2023-01-01", endDate: "2025-01-01" }, "body.endDate"],
      [{ pageSize: 1000 }, "body.pageSize"],
      [{ groupBy: "week" }, "body.groupBy"],
      [{ posted: "yes" }, "body.posted"],
      [{ sortBy: "email" }, "body.sortBy"],
    ] as const) {
      const res = await search(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    const badId = await remove(manager, "abc");
    expect(badId.statusCode).toBe(400);
    expect(fieldsOf(badId)).toEqual(["params.id"]);
    const noPeriod = await get(manager, "/api/users/hours/payroll-export?format=csv");
    expect(noPeriod.statusCode).toBe(400);
    expect(fieldsOf(noPeriod)).toEqual(["querystring.postingId"]);
    const pdf = await get(manager, "/api/users/hours/payroll-export?format=pdf&postingId=1");
    expect(fieldsOf(pdf)).toEqual(["querystring.format"]);
    const page = await get(manager, "/api/users/hours/postings?page=0");
    expect(fieldsOf(page)).toEqual(["querystring.page"]);
    const reversed = await get(manager, "/api/users/hours/postings?startDate=2025-02-01&endDate=2025-01-01");
    expect(fieldsOf(reversed)).toEqual(["querystring.startDate"]);
    // Nothing a client sends makes a 500.
    for (const body of [
      { userIds: [0] },
      { userIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { text: "a\u0000b" },
      { hoursTypeIds: ["1"] },
      { sources: ["punch"] },
      { page: -1 },
    ]) {
      const res = await search(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      {},
      { startDate: "2025-01-01" },
      { startDate: "2025-01-01", endDate: "2025-01-02", userIds: [2_147_483_648] },
      { startDate: "2025-01-01", endDate: "2025-01-02", dryRun: "yes" },
    ]) {
      const res = await post(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await upsert(manager, {})).statusCode).toBe(400);
    expect((await remove(manager, "99999999999")).statusCode).toBe(400);
  });
});

describe("rights and scope", () => {
  it("lets analysts and schedulers read but not change; program portals not at all", async () => {
    for (const email of ["analyst@demo.local", "scheduler@demo.local"]) {
      const a = await k.as(email);
      expect((await search(a, { startDate: "2025-03-10" })).statusCode, email).toBe(200);
      for (const res of [
        await upsert(a, { userId: lg, workDate: "2025-04-09", minutes: 60 }),
        await post(a, { startDate: "2025-04-01", endDate: "2025-04-02", userIds: [lg] }),
        await remove(a, 1),
      ]) {
        expect(res.statusCode, email).toBe(403);
        expect(res.json().message, email).toBe(refusalOf("labor.edit"));
      }
      expect((await search(a, { startDate: "2025-03-10" })).json().canEdit).toBe(false);
    }
    const hd = await k.as("hd@demo.local");
    const res = await search(hd);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(refusalOf("labor.read"));
  });

  it("shows a lead generator their own hours only, and lets them change none", async () => {
    await log(lglead, wayne, "2025-03-10", "2025-03-10T13:00:00Z", "2025-03-10T15:00:00Z");
    const me = await k.as("lg@demo.local");
    const mine = await found(me, { startDate: "2025-03-10", endDate: "2025-03-11" });
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((r) => r.userId === lg)).toBe(true);
    expect(mine.canEdit).toBe(false);
    expect((await found(me, { startDate: "2025-03-10", userIds: [lglead] })).items).toEqual([]);
    const add = await upsert(me, { userId: lg, workDate: "2025-04-09", minutes: 60 });
    expect(add.statusCode).toBe(403);
    // The lead of North Jersey reads their team.
    const lead = await found(await k.as("lglead@demo.local"), { startDate: "2025-03-10" });
    expect(new Set(lead.items.map((r) => r.userId))).toEqual(new Set([lg, lglead]));
  });

  it("keeps territory managers to their territories' people: anyone else answers 404, as another organization's", async () => {
    await log(philly, philadelphiaStore, "2025-03-12", "2025-03-12T13:00:00Z", "2025-03-12T14:00:00Z");
    const territory = await k.as("territory@demo.local");
    const seen = await found(territory, { startDate: "2025-03-10", endDate: "2025-03-12" });
    expect(seen.items.map((r) => r.userId)).toEqual([philly]);
    const theirs = await upsert(territory, { userId: lg, workDate: "2025-04-09", minutes: 60 });
    const nobody = await upsert(territory, { userId: 2_000_000_000, workDate: "2025-04-09", minutes: 60 });
    const westPerson = await upsert(territory, { userId: westLg, workDate: "2025-04-09", minutes: 60 });
    expect([theirs.statusCode, nobody.statusCode, westPerson.statusCode]).toEqual([404, 404, 404]);
    expect(theirs.json().message).toBe(nobody.json().message);
    expect(westPerson.json().message).toBe(nobody.json().message);
    const ok = await upsert(territory, { userId: philly, workDate: "2025-04-09", minutes: 60 });
    expect(ok.statusCode, ok.body).toBe(200);
    // An entry of someone outside: 404 to change or delete.
    const manager = await k.as("manager@demo.local");
    const lgEntry = (await upsert(manager, { userId: lg, workDate: "2025-04-10", minutes: 45 })).json();
    expect((await remove(territory, lgEntry.id)).statusCode).toBe(404);
    expect(
      (await upsert(territory, { id: lgEntry.id, userId: philly, workDate: "2025-04-10", minutes: 45 }))
        .statusCode,
    ).toBe(404);
    expect((await remove(manager, lgEntry.id)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's people, stores, entries and postings", async () => {
    const manager = await k.as("manager@demo.local");
    const westAdmin = await k.as("admin@demo.local", "Summit Home West");
    const westEntry = await upsert(westAdmin, { userId: westLg, workDate: "2025-05-05", minutes: 60 });
    expect(westEntry.statusCode, westEntry.body).toBe(200);
    const westPosting = await post(westAdmin, {
      startDate: "2025-05-05",
      endDate: "2025-05-05",
      userIds: [westLg],
    });
    expect(westPosting.statusCode, westPosting.body).toBe(200);
    const postingId = (westPosting.json() as HoursPostResponse).posting?.id;
    const missing = await remove(manager, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    const theirs = await remove(manager, westEntry.json().id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
    expect(
      (await upsert(manager, { id: westEntry.json().id, userId: lg, workDate: "2025-05-05", minutes: 60 }))
        .statusCode,
    ).toBe(404);
    expect((await upsert(manager, { userId: westLg, workDate: "2025-05-05", minutes: 60 })).statusCode).toBe(
      404,
    );
    expect(
      (await upsert(manager, { userId: lg, workDate: "2025-05-05", minutes: 60, storeId: westStore }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(manager, { startDate: "2025-05-05", endDate: "2025-05-05", userIds: [westLg] })).statusCode,
    ).toBe(404);
    expect(
      (await get(manager, `/api/users/hours/payroll-export?format=csv&postingId=${postingId}`)).statusCode,
    ).toBe(404);
    const list = (await get(manager, "/api/users/hours/postings?pageSize=200")).json();
    expect(list.items.map((p: { id: number }) => p.id)).not.toContain(postingId);
    // Nor does East's list show West's hours.
    expect((await found(manager, { startDate: "2025-05-05" })).items).toEqual([]);
  });
});

describe("posting", () => {
  it("freezes the period for its people: hours from time logs written down, entries stamped, every change refused with 409 naming the period", async () => {
    const manager = await k.as("manager@demo.local");
    await log(lg, wayne, "2025-06-02", "2025-06-02T13:00:00Z", "2025-06-02T21:00:00Z");
    await log(lg, wayne, "2025-06-03", "2025-06-03T13:00:00Z", "2025-06-03T17:30:00Z");
    const entry = (
      await upsert(manager, { userId: lg, workDate: "2025-06-04", minutes: 60, hoursTypeId: TRAINING })
    ).json() as HoursRow;
    const period = { startDate: "2025-06-02", endDate: "2025-06-08" };

    // A dry run tells and writes nothing.
    const dry = await post(manager, { ...period, userIds: [lg], dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      posting: null,
      peopleCount: 1,
      totalMinutes: 480 + 270 + 60,
      people: [
        { userId: lg, userName: "Luis Generator", minutes: 810, timeLogMinutes: 750, manualMinutes: 60 },
      ],
      blockers: { attention: [], alreadyPosted: [] },
    });
    expect(
      (
        await rows<{ n: number }>("select count(*)::int as n from hours_postings where start_date = $1", [
          period.startDate,
        ])
      )[0].n,
    ).toBe(0);

    const res = await post(manager, { ...period, userIds: [lg], note: "June, week 1" });
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json() as HoursPostResponse;
    expect(posted).toMatchObject({
      dryRun: false,
      peopleCount: 1,
      totalMinutes: 810,
      posting: {
        ...period,
        note: "June, week 1",
        peopleCount: 1,
        totalMinutes: 810,
        postedByName: "Morgan Manager",
      },
    });
    const postingId = posted.posting?.id as number;

    const after = await found(manager, { ...period, userIds: [lg], sortBy: "workDate" });
    expect(
      after.items.map((r) => [r.workDate, r.source, r.minutes, r.posted, r.postingId, r.canEdit]),
    ).toEqual([
      ["2025-06-02", "timeLogs", 480, true, postingId, false],
      ["2025-06-03", "timeLogs", 270, true, postingId, false],
      ["2025-06-04", "manual", 60, true, postingId, false],
    ]);
    expect(after.items.every((r) => r.id !== null)).toBe(true);
    expect(after.totals).toMatchObject({ minutes: 810, postedMinutes: 810, unpostedMinutes: 0 });

    const named = "2025-06-02 to 2025-06-08";
    const refusals = [
      await upsert(manager, { userId: lg, workDate: "2025-06-05", minutes: 30 }),
      await upsert(manager, { id: entry.id, userId: lg, workDate: "2025-06-04", minutes: 30 }),
      await upsert(manager, { id: entry.id, userId: lg, workDate: "2025-06-20", minutes: 30 }),
      await remove(manager, entry.id as number),
      await remove(manager, after.items[0].id as number),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toContain(named);
    }
    // A log that appears in the period afterwards (the time logs refuse it too) changes nothing posted.
    await log(lg, wayne, "2025-06-05", "2025-06-05T13:00:00Z", "2025-06-05T15:00:00Z");
    expect((await found(manager, { ...period, userIds: [lg] })).totals.minutes).toBe(810);
    // The posted/unposted filter.
    expect((await found(manager, { ...period, userIds: [lg], posted: false })).items).toEqual([]);
    expect((await found(manager, { ...period, userIds: [lg], posted: true })).items).toHaveLength(3);

    // An overlapping period for the same person: 409 naming the posted one; for another person it goes.
    const overlap = await post(manager, { startDate: "2025-06-08", endDate: "2025-06-14", userIds: [lg] });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain(`Luis Generator for ${named} (posting ${postingId})`);
    expect(fieldsOf(overlap)).toEqual(["body.startDate"]);
    const overlapDry = await post(manager, {
      startDate: "2025-06-08",
      endDate: "2025-06-14",
      userIds: [lg],
      dryRun: true,
    });
    expect(overlapDry.json().blockers.alreadyPosted).toEqual([
      { userId: lg, userName: "Luis Generator", postingId, ...period },
    ]);
    await log(lglead, wayne, "2025-06-03", "2025-06-03T13:00:00Z", "2025-06-03T14:00:00Z");
    const other = await post(manager, { ...period, userIds: [lglead] });
    expect(other.statusCode, other.body).toBe(200);
  });

  it("refuses a period with time logs that count no hours yet, naming how many, and days that are not over", async () => {
    const manager = await k.as("manager@demo.local");
    await log(lg, wayne, "2025-07-01", "2025-07-01T13:00:00Z", "2025-07-01T17:00:00Z");
    await log(lg, wayne, "2025-07-02", "2025-07-02T13:00:00Z", null, { state: "missing" });
    await log(lg, wayne, "2025-07-03", "2025-07-03T13:00:00Z", "2025-07-03T18:00:00Z", { state: "proposed" });
    const period = { startDate: "2025-07-01", endDate: "2025-07-07" };
    const res = await post(manager, { ...period, userIds: [lg] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("2 time logs of 1 person in 2025-07-01 to 2025-07-07");
    expect(res.json().message).toContain("Luis Generator: 2");
    const dry = (await post(manager, { ...period, userIds: [lg], dryRun: true })).json() as HoursPostResponse;
    expect(dry.blockers.attention).toEqual([{ userId: lg, userName: "Luis Generator", logs: 2 }]);
    expect(dry.totalMinutes).toBe(240);
    expect(
      (await rows("select 1 from hours_posting_users where start_date = $1", [period.startDate])).length,
    ).toBe(0);

    const today = await k.one<{ d: string }>(
      "select to_char(now() at time zone 'America/New_York', 'YYYY-MM-DD') as d",
      [],
    );
    const notOver = await post(manager, { startDate: "2025-07-01", endDate: today.d, userIds: [lg] });
    expect(notOver.statusCode).toBe(400);
    expect(fieldsOf(notOver)).toEqual(["body.endDate"]);
    const reversed = await post(manager, { startDate: "2025-07-07", endDate: "2025-07-01", userIds: [lg] });
    expect(fieldsOf(reversed)).toEqual(["body.startDate"]);
    const nobody = await post(manager, { startDate: "2024-01-01", endDate: "2024-01-07" });
    expect(nobody.statusCode).toBe(400);
    expect(fieldsOf(nobody)).toEqual(["body.userIds"]);
  });

  it("posts the people a filter picks (all their hours in the period) and lists the postings by scope", async () => {
    const manager = await k.as("manager@demo.local");
    await log(philly, philadelphiaStore, "2025-08-04", "2025-08-04T13:00:00Z", "2025-08-04T19:00:00Z");
    await log(philly, wayne, "2025-08-05", "2025-08-05T13:00:00Z", "2025-08-05T14:00:00Z");
    await log(lg, wayne, "2025-08-04", "2025-08-04T13:00:00Z", "2025-08-04T15:00:00Z");
    const period = { startDate: "2025-08-04", endDate: "2025-08-10" };
    const phillyTerritory = await k.territoryId("Philadelphia");
    const res = await post(manager, { ...period, territoryIds: [phillyTerritory] });
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json() as HoursPostResponse;
    expect(posted.people.map((p) => [p.userId, p.minutes])).toEqual([[philly, 420]]);
    // lg was not picked: still open.
    const lgRows = await found(manager, { ...period, userIds: [lg] });
    expect(lgRows.items.map((r) => r.posted)).toEqual([false]);
    // Posted for the whole period, nobody is picked again by the same filter.
    const again = await post(manager, { ...period, territoryIds: [phillyTerritory] });
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(["body.userIds"]);

    const territory = await k.as("territory@demo.local");
    const theirs = (await get(territory, "/api/users/hours/postings?pageSize=200")).json();
    expect(theirs.items.map((p: { id: number }) => p.id)).toContain(posted.posting?.id);
    expect(theirs.items.every((p: { peopleCount: number }) => p.peopleCount === 1)).toBe(true);
    const mine = (await get(await k.as("lg@demo.local"), "/api/users/hours/postings?pageSize=200")).json();
    expect(mine.items.map((p: { id: number }) => p.id)).not.toContain(posted.posting?.id);
    expect(mine.items.length).toBeGreaterThan(0);
    const all = (await get(manager, "/api/users/hours/postings?pageSize=1")).json();
    expect(all).toMatchObject({ page: 1, pageSize: 1 });
    expect(all.items[0].id).toBe(posted.posting?.id);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const inAugust = (
      await get(manager, "/api/users/hours/postings?startDate=2025-08-01&endDate=2025-08-31")
    ).json();
    expect(inAugust.items.map((p: { id: number }) => p.id)).toEqual([posted.posting?.id]);
  });
});

describe("the payroll file", () => {
  it("exports a posting's hours as CSV and XLSX: a row per person, date and type, each person's total, everyone's", async () => {
    const manager = await k.as("manager@demo.local");
    await log(lg, wayne, "2025-09-01", "2025-09-01T13:00:00Z", "2025-09-01T20:30:00Z");
    await log(lg, wayne, "2025-09-02", "2025-09-02T13:00:00Z", "2025-09-02T17:00:00Z");
    await upsert(manager, { userId: lg, workDate: "2025-09-02", minutes: 20, hoursTypeId: HOURLY });
    await upsert(manager, { userId: lg, workDate: "2025-09-02", minutes: 45, hoursTypeId: TRAINING });
    await log(lglead, wayne, "2025-09-01", "2025-09-01T14:00:00Z", "2025-09-01T15:00:00Z");
    const res = await post(manager, {
      startDate: "2025-09-01",
      endDate: "2025-09-07",
      userIds: [lg, lglead],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as HoursPostResponse).posting?.id;
    const lena = await k.one<{ first_name: string; last_name: string; email: string }>(
      "select first_name, last_name, email from users where id = $1",
      [lglead],
    );
    const lenaName = `${lena.first_name} ${lena.last_name}`;

    const csv = await get(manager, `/api/users/hours/payroll-export?format=csv&postingId=${id}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toMatch(
      /filename=payroll-2025-09-01-2025-09-07-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // "Generator" sorts before Lena's last name? Order by last name, then first name.
    const lgLines = [
      `Luis Generator,lg@demo.local,${lg},2025-09-01,Hourly,7.5,7:30,7:30,0:00,${id}`,
      `Luis Generator,lg@demo.local,${lg},2025-09-02,Hourly,4.33,4:20,4:00,0:20,${id}`,
      `Luis Generator,lg@demo.local,${lg},2025-09-02,Training,0.75,0:45,0:00,0:45,${id}`,
      `Luis Generator,lg@demo.local,${lg},Total,,12.58,12:35,11:30,1:05,`,
    ];
    const lenaLines = [
      `${lenaName},${lena.email},${lglead},2025-09-01,Hourly,1,1:00,1:00,0:00,${id}`,
      `${lenaName},${lena.email},${lglead},Total,,1,1:00,1:00,0:00,`,
    ];
    const people =
      lena.last_name.toLowerCase() < "generator" ? [...lenaLines, ...lgLines] : [...lgLines, ...lenaLines];
    expect(lines).toEqual([
      "Person,Email,User id,Date,Hours type,Hours,Hours (h:mm),From time logs (h:mm),Manual (h:mm),Posting",
      ...people,
      "All people (2),,,Total,,13.58,13:35,12:30,1:05,",
    ]);

    const xlsx = await t.app.inject({
      method: "GET",
      url: `/api/users/hours/payroll-export?format=xlsx&postingId=${id}`,
      headers: { authorization: manager.authorization, currentorganizationid: manager.currentorganizationid },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain(".xlsx");
    const sheet = sheetRows(xlsx.rawPayload);
    expect(sheet[0]).toEqual(["Payroll: posted hours"]);
    expect(sheet[1]).toEqual(["Organization", "Summit Home East"]);
    expect(sheet[2]).toEqual(["Period", "2025-09-01 to 2025-09-07"]);
    expect(sheet[3][0]).toBe("Posting");
    expect(sheet[4]).toEqual(["Total hours", "13.58", "13:35"]);
    const header = sheet.findIndex((r) => r[0] === "Person");
    expect(sheet.slice(header + 1).map((r) => r.join("|"))).toEqual(
      [...people, "All people (2),,,Total,,13.58,13:35,12:30,1:05,"].map((l) =>
        l.split(",").join("|").replace(/\|+$/, ""),
      ),
    );

    // A period's posted hours (every posting in it), and a lead generator's own only.
    const period = await get(
      manager,
      "/api/users/hours/payroll-export?format=csv&startDate=2025-09-02&endDate=2025-09-02",
    );
    expect(period.body.split("\r\n").filter((l) => l.includes("2025-09-02"))).toHaveLength(2);
    const own = await get(await k.as("lg@demo.local"), `/api/users/hours/payroll-export?postingId=${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain(lenaName);
    expect(own.body).toContain("All people (1)");
  });
});

describe("posting while hours change", () => {
  it("never leaves an unposted entry in a posted period: a write lands before the posting (and is posted) or is refused", async () => {
    const manager = await k.as("manager@demo.local");
    await log(lglead, wayne, "2025-10-06", "2025-10-06T13:00:00Z", "2025-10-06T17:00:00Z");
    const period = { startDate: "2025-10-06", endDate: "2025-10-12" };
    const writes = ["2025-10-07", "2025-10-08", "2025-10-09", "2025-10-10"].map((workDate) =>
      upsert(manager, { userId: lglead, workDate, minutes: 30 }),
    );
    const [posting, ...answers] = await Promise.all([
      post(manager, { ...period, userIds: [lglead] }),
      ...writes,
    ]);
    expect(posting.statusCode, posting.body).toBe(200);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const loose = await rows(
      `select id from hours_entries where organization_id = $1 and user_id = $2 and work_date between $3 and $4
       and posting_id is null`,
      [east, lglead, period.startDate, period.endDate],
    );
    expect(loose).toEqual([]);
    const saved = answers.filter((a) => a.statusCode === 200).length;
    expect((posting.json() as HoursPostResponse).totalMinutes).toBe(240 + 30 * saved);
  });
});
