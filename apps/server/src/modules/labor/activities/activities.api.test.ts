import {
  type ActivityItem,
  type ActivityRecentResponse,
  type ActivitySearchResponse,
  COUNT_OR_MINUTES_MESSAGE,
  refusalOf,
} from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/harness";
import { activitiesTestKit } from "./activities.test-support";

// Activities (issue #15, docs/decisions/0040-labor.md): logging one's own from the phone (a retried tap is one), a
// manager logging for people in scope, the lists with their totals, the recent feed, changes and deletes, and who
// may do what.

let t: TestApp;
const k = activitiesTestKit(() => t);
let east: number;
let lg: number;
let lglead: number;
let wayne: number;
let paramus: number;
let southPhilly: number;
let burbank: number;
let philly: { id: number; name: string };
let westLg: { id: number; name: string };

/** The demo's reference ids (reference-data.ts): Approaches, Break, Training; the reasons Sick, Weather. */
const APPROACHES = 1;
const BREAK = 2;
const TRAINING = 4;
const SICK = 1;
const WEATHER = 5;
const NY = "America/New_York";

const created = async (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ActivityItem;
};
const errorKeys = (res: { json: () => unknown }) =>
  Object.keys((res.json() as { errors?: Record<string, string[]> }).errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  lg = await k.userId("lg@demo.local");
  lglead = await k.userId("lglead@demo.local");
  wayne = await k.storeId("Costco Wayne");
  paramus = await k.storeId("The Home Depot Paramus");
  southPhilly = await k.storeId("Costco South Philadelphia");
  burbank = await k.storeId("Costco Burbank");
  philly = await k.crewMember("Philadelphia");
  westLg = await k.crewMember("Los Angeles");
}, 120_000);
afterAll(() => t?.close());

describe("logging one's own activity", () => {
  it("links it to the open shift, and makes a retried tap with the same Idempotency-Key one activity", async () => {
    const me = await k.as("lg@demo.local");
    const open = await k.openLog(east, lg, wayne);
    const before = (await k.recent(me)).json() as ActivityRecentResponse;
    expect(before.mine).toMatchObject({
      workDate: open.work_date,
      storeId: open.store_id,
      timeLogId: open.id,
    });

    const first = await created(await k.log(me, { activityTypeId: APPROACHES, count: 1 }, "tap-1"));
    expect(first).toMatchObject({
      userId: lg,
      userName: "Luis Generator",
      activityTypeId: APPROACHES,
      activityTypeName: "Approaches",
      isApproaches: true,
      count: 1,
      minutes: null,
      timeLogId: open.id,
      storeId: open.store_id,
      workDate: open.work_date,
      recordedByUserId: lg,
      canEdit: true,
    });
    // The answer was lost on a weak signal: the phone sends the same tap again.
    const again = await created(await k.log(me, { activityTypeId: APPROACHES, count: 1 }, "tap-1"));
    expect(again.id).toBe(first.id);
    const stored = await k.one<{ n: number }>(
      "select count(*)::int as n from activities where organization_id = $1 and user_id = $2 and work_date = $3",
      [east, lg, open.work_date],
    );
    expect(stored.n).toBe(before.mine?.entries ? before.mine.entries + 1 : 1);
    // The same key for another request is refused; a new key is a new tap.
    const reused = await k.log(me, { activityTypeId: APPROACHES, count: 2 }, "tap-1");
    expect(reused.statusCode).toBe(422);
    const second = await created(await k.log(me, { activityTypeId: APPROACHES, count: 1 }, "tap-2"));
    expect(second.id).not.toBe(first.id);

    const after = (await k.recent(me)).json() as ActivityRecentResponse;
    expect(after.mine?.approaches).toBe((before.mine?.approaches ?? 0) + 2);
    expect(after.items[0].id).toBe(second.id);
    expect(after.items.every((a) => a.userId === lg)).toBe(true);
  });

  it("takes minutes, a reason and notes; a day and store of its own are not linked to the open shift", async () => {
    const me = await k.as("lg@demo.local");
    const yesterday = k.day(NY, -1);
    const res = await created(
      await k.log(me, {
        activityTypeId: BREAK,
        minutes: 30,
        reasonId: WEATHER,
        notes: "  Storm, store half closed  ",
        storeId: paramus,
        workDate: yesterday,
      }),
    );
    expect(res).toMatchObject({
      activityTypeName: "Break",
      isApproaches: false,
      count: 0,
      minutes: 30,
      reasonId: WEATHER,
      reasonName: "Weather",
      notes: "Storm, store half closed",
      storeId: paramus,
      storeName: "The Home Depot Paramus",
      workDate: yesterday,
      timeLogId: null,
      timeZone: NY,
    });
  });

  it("refuses bad input with a 400 naming the field, and another organization's store with a 404", async () => {
    const me = await k.as("lg@demo.local");
    const cases: [Record<string, unknown>, string][] = [
      [{ count: 1 }, "body.activityTypeId"],
      [{ activityTypeId: 99, count: 1 }, "body.activityTypeId"],
      [{ activityTypeId: APPROACHES, count: 1, reasonId: 99 }, "body.reasonId"],
      [{ activityTypeId: APPROACHES }, "body.count"],
      [{ activityTypeId: APPROACHES, count: 0, minutes: null }, "body.count"],
      [{ activityTypeId: APPROACHES, count: -1 }, "body.count"],
      [{ activityTypeId: APPROACHES, count: 1.5 }, "body.count"],
      [{ activityTypeId: APPROACHES, count: "1" }, "body.count"],
      [{ activityTypeId: APPROACHES, count: 100_000 }, "body.count"],
      [{ activityTypeId: BREAK, minutes: 2000 }, "body.minutes"],
      [{ activityTypeId: BREAK, minutes: 0 }, "body.minutes"],
      [{ activityTypeId: APPROACHES, count: 1, workDate: "2026-02-30" }, "body.workDate"],
      [{ activityTypeId: APPROACHES, count: 1, workDate: k.day(NY, 2) }, "body.workDate"],
      [{ activityTypeId: APPROACHES, count: 1, workDate: "2020-01-01" }, "body.workDate"],
      [{ activityTypeId: APPROACHES, count: 1, notes: "a\u0000b" }, "body.notes"],
      [{ activityTypeId: APPROACHES, count: 1, notes: "x".repeat(1001) }, "body.notes"],
      [{ activityTypeId: APPROACHES, count: 1, userId: "me" }, "body.userId"],
      [{ activityTypeId: APPROACHES, count: 1, storeId: 3_000_000_000 }, "body.storeId"],
    ];
    for (const [body, field] of cases) {
      const res = await k.log(me, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(errorKeys(res), JSON.stringify(body)).toEqual([field]);
    }
    const none = await k.log(me, { activityTypeId: APPROACHES });
    expect(none.json().errors["body.count"]).toEqual([COUNT_OR_MINUTES_MESSAGE]);
    // Another organization's store and a store that does not exist answer alike.
    const theirs = await k.log(me, {
      activityTypeId: APPROACHES,
      count: 1,
      storeId: burbank,
      workDate: k.day(NY, -1),
    });
    const missing = await k.log(me, {
      activityTypeId: APPROACHES,
      count: 1,
      storeId: 2_000_000_000,
      workDate: k.day(NY, -1),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
    // A malformed key is a 400 too, never a 500.
    const badKey = await k.log(me, { activityTypeId: APPROACHES, count: 1 }, "with space");
    expect(badKey.statusCode).toBe(400);
  });
});

describe("logging for others", () => {
  it("lets a manager log for a person in scope; another organization's person and one outside the territories answer 404", async () => {
    const manager = await k.as("manager@demo.local");
    await k.closeOpenLogs(east, philly.id);
    const made = await created(
      await k.log(manager, {
        userId: philly.id,
        activityTypeId: TRAINING,
        minutes: 90,
        storeId: southPhilly,
      }),
    );
    expect(made).toMatchObject({
      userId: philly.id,
      userName: philly.name,
      storeId: southPhilly,
      workDate: k.today(NY),
      recordedByName: "Morgan Manager",
      canEdit: true,
    });
    const theirs = await k.log(manager, { userId: westLg.id, activityTypeId: TRAINING, minutes: 30 });
    const nobody = await k.log(manager, { userId: 2_000_000_000, activityTypeId: TRAINING, minutes: 30 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(nobody.json().message);
    // The regional manager (North Jersey, Long Island) reaches Luis but not the Philadelphia crew.
    const regional = await k.as("regional@demo.local");
    expect((await k.log(regional, { userId: lg, activityTypeId: TRAINING, minutes: 15 })).statusCode).toBe(
      201,
    );
    const outside = await k.log(regional, { userId: philly.id, activityTypeId: TRAINING, minutes: 15 });
    expect(outside.statusCode).toBe(404);
    // An inactive person is named in a 400.
    const inactive = await k
      .crewMember("North Jersey", false)
      .catch(() => k.crewMember("Long Island", false));
    const res = await k.log(manager, { userId: inactive.id, activityTypeId: TRAINING, minutes: 15 });
    expect(res.statusCode).toBe(400);
    expect(errorKeys(res)).toEqual(["body.userId"]);
  });

  it("keeps lead generators to their own, and schedulers and analysts from logging at all", async () => {
    const me = await k.as("lg@demo.local");
    const forLena = await k.log(me, { userId: lglead, activityTypeId: APPROACHES, count: 1 });
    expect(forLena.statusCode).toBe(403);
    expect(forLena.json().message).toBe(refusalOf("labor.edit"));
    // Giving one's own id is the same as giving none.
    expect((await k.log(me, { userId: lg, activityTypeId: APPROACHES, count: 1 })).statusCode).toBe(201);
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const res = await k.log(await k.as(email), { activityTypeId: APPROACHES, count: 1 });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.own"));
      const forLuis = await k.log(await k.as(email), { userId: lg, activityTypeId: APPROACHES, count: 1 });
      expect(forLuis.statusCode, email).toBe(403);
    }
    // The program portals do not open labor at all.
    for (const email of ["hd@demo.local", "partner@demo.local"]) {
      const res = await k.log(await k.as(email), { activityTypeId: APPROACHES, count: 1 });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message, email).toBe(refusalOf("labor.read"));
    }
  });
});

describe("the types' order", () => {
  it("puts Approaches first where the organization shows approaches, last where it does not", async () => {
    const inEast = (
      await k.recent(await k.as("admin@demo.local", "Summit Home East"))
    ).json() as ActivityRecentResponse;
    const inWest = (
      await k.recent(await k.as("admin@demo.local", "Summit Home West"))
    ).json() as ActivityRecentResponse;
    expect(inEast.showApproaches).toBe(true);
    expect(inWest.showApproaches).toBe(false);
    expect(inEast.types.map((x) => x.name)).toEqual([
      "Approaches",
      "Break",
      "Lunch",
      "Training",
      "Store setup",
      "Travel",
      "Meeting",
    ]);
    expect(inWest.types.map((x) => x.name)).toEqual([
      "Break",
      "Lunch",
      "Training",
      "Store setup",
      "Travel",
      "Meeting",
      "Approaches",
    ]);
    expect(inEast.types.filter((x) => x.isApproaches).map((x) => x.id)).toEqual([APPROACHES]);
    // The search's totals follow the same order, every type listed.
    const totals = (
      (await k.search(await k.as("admin@demo.local", "Summit Home West"))).json() as ActivitySearchResponse
    ).totals;
    expect(totals.map((x) => x.name)).toEqual(inWest.types.map((x) => x.name));
    // Whoever logs their own time has their own day on the quick card; schedulers and analysts do not.
    expect(inEast.mine).not.toBeNull();
    expect(
      ((await k.recent(await k.as("scheduler@demo.local"))).json() as ActivityRecentResponse).mine,
    ).toBeNull();
    expect(
      ((await k.recent(await k.as("analyst@demo.local"))).json() as ActivityRecentResponse).mine,
    ).toBeNull();
    expect(
      ((await k.recent(await k.as("lglead@demo.local"))).json() as ActivityRecentResponse).mine,
    ).not.toBeNull();
  });
});

describe("the lists", () => {
  it("searches a period with filters, totals per type over the whole filter, server paging and sorting", async () => {
    const admin = await k.as("admin@demo.local", "Summit Home East");
    // Before the demo's two weeks of activities: only what this test logs.
    const start = k.day(NY, -20);
    const end = k.today(NY);
    // Luis: 3 approaches at Wayne, 2 at Paramus, a 20-minute lunch; Lena: 5 approaches.
    for (const [userId, body] of [
      [lg, { activityTypeId: APPROACHES, count: 3, storeId: wayne, workDate: start }],
      [lg, { activityTypeId: APPROACHES, count: 2, storeId: paramus, workDate: start }],
      [lg, { activityTypeId: 3, minutes: 20, storeId: wayne, workDate: start }],
      [lglead, { activityTypeId: APPROACHES, count: 5, storeId: wayne, workDate: start }],
    ] as const)
      await created(await k.log(admin, { userId, ...body }));

    const page = (
      await k.search(admin, { startDate: start, endDate: start, userIds: [lg, lglead] })
    ).json() as ActivitySearchResponse;
    expect(page.period).toEqual({ startDate: start, endDate: start });
    expect(page.total).toBe(4);
    const approaches = page.totals.find((x) => x.id === APPROACHES);
    expect(approaches).toMatchObject({ entries: 3, count: 10, minutes: 0 });
    expect(page.totals.find((x) => x.name === "Lunch")).toMatchObject({ entries: 1, count: 0, minutes: 20 });
    expect(page.totals.find((x) => x.name === "Break")).toMatchObject({ entries: 0, count: 0, minutes: 0 });

    // Paging: two at a time, the totals still over the whole filter.
    const sorted = (
      await k.search(admin, {
        startDate: start,
        endDate: start,
        userIds: [lg, lglead],
        sortBy: "count",
        sortDirection: "desc",
        pageSize: 2,
        page: 1,
      })
    ).json() as ActivitySearchResponse;
    expect(sorted.items.map((a) => a.count)).toEqual([5, 3]);
    expect(sorted.total).toBe(4);
    expect(sorted.totals.find((x) => x.id === APPROACHES)?.count).toBe(10);
    const second = (
      await k.search(admin, {
        startDate: start,
        endDate: start,
        userIds: [lg, lglead],
        sortBy: "count",
        sortDirection: "desc",
        pageSize: 2,
        page: 2,
      })
    ).json() as ActivitySearchResponse;
    expect(second.items.map((a) => a.count)).toEqual([2, 0]);

    // Filters: a store, a type, a name, a territory.
    const atParamus = (
      await k.search(admin, { startDate: start, endDate: end, storeIds: [paramus], userIds: [lg] })
    ).json() as ActivitySearchResponse;
    expect(atParamus.items.every((a) => a.storeId === paramus)).toBe(true);
    expect(atParamus.items.length).toBeGreaterThan(0);
    const lunches = (
      await k.search(admin, { startDate: start, endDate: start, activityTypeIds: [3], userIds: [lg, lglead] })
    ).json() as ActivitySearchResponse;
    expect(lunches.items.map((a) => a.minutes)).toEqual([20]);
    const lena = (
      await k.search(admin, { startDate: start, endDate: start, text: "lena" })
    ).json() as ActivitySearchResponse;
    expect(lena.items.map((a) => a.userId)).toEqual([lglead]);
    const philadelphia = await k.one<{ id: number }>(
      "select id from territories where name = 'Philadelphia'",
    );
    const inPhilly = (
      await k.search(admin, { startDate: start, endDate: end, territoryIds: [philadelphia.id] })
    ).json() as ActivitySearchResponse;
    expect(inPhilly.items.every((a) => a.userId !== lg && a.userId !== lglead)).toBe(true);
    // Sorted by person, then the latest first.
    const byName = (
      await k.search(admin, {
        startDate: start,
        endDate: start,
        userIds: [lg, lglead],
        sortBy: "userName",
        sortDirection: "asc",
      })
    ).json() as ActivitySearchResponse;
    expect(byName.items.map((a) => a.userName)).toEqual([
      "Luis Generator",
      "Luis Generator",
      "Luis Generator",
      "Lena Lead",
    ]);
  });

  it("shows a lead generator their own, a lead-generator lead their territories', a territory manager theirs", async () => {
    // Before the demo's two weeks of activities: only what this test logs.
    const start = k.day(NY, -20);
    const body = { startDate: start, endDate: k.today(NY) };
    const mine = (await k.search(await k.as("lg@demo.local"), body)).json() as ActivitySearchResponse;
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((a) => a.userId === lg)).toBe(true);
    // Asking for someone else's shows nothing more.
    const asked = (
      await k.search(await k.as("lg@demo.local"), { ...body, userIds: [lglead] })
    ).json() as ActivitySearchResponse;
    expect(asked.items).toEqual([]);
    const lead = (await k.search(await k.as("lglead@demo.local"), body)).json() as ActivitySearchResponse;
    expect(lead.items.some((a) => a.userId === lg)).toBe(true);
    expect(lead.items.some((a) => a.userId === philly.id)).toBe(false);
    // Lena reads Luis's but may not change it.
    expect(lead.items.find((a) => a.userId === lg)?.canEdit).toBe(false);
    const territory = (
      await k.search(await k.as("territory@demo.local"), body)
    ).json() as ActivitySearchResponse;
    expect(territory.items.some((a) => a.userId === philly.id)).toBe(true);
    expect(territory.items.some((a) => a.userId === lg)).toBe(false);
    // Schedulers and analysts read everyone's, and change nothing.
    for (const email of ["scheduler@demo.local", "analyst@demo.local"]) {
      const res = (await k.search(await k.as(email), body)).json() as ActivitySearchResponse;
      expect(
        res.items.some((a) => a.userId === lg),
        email,
      ).toBe(true);
      expect(
        res.items.every((a) => !a.canEdit),
        email,
      ).toBe(true);
    }
    // Another organization sees none of these.
    const inWest = (
      await k.search(await k.as("admin@demo.local", "Summit Home West"), { ...body, userIds: [lg] })
    ).json() as ActivitySearchResponse;
    expect(inWest.items).toEqual([]);
  });

  it("feeds a manager the latest in scope, and refuses bad periods and limits with a 400 naming the field", async () => {
    const manager = await k.as("manager@demo.local");
    const feed = (await k.recent(manager, "?limit=5")).json() as ActivityRecentResponse;
    expect(feed.items).toHaveLength(5);
    const times = feed.items.map((a) => a.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const regional = (
      await k.recent(await k.as("regional@demo.local"), "?limit=50")
    ).json() as ActivityRecentResponse;
    expect(regional.items.some((a) => a.userId === philly.id)).toBe(false);

    for (const [query, field] of [
      ["?limit=0", "querystring.limit"],
      ["?limit=51", "querystring.limit"],
      ["?limit=abc", "querystring.limit"],
    ]) {
      const res = await k.recent(manager, query);
      expect(res.statusCode, query).toBe(400);
      expect(errorKeys(res), query).toEqual([field]);
    }
    for (const [body, field] of [
      [{ startDate: "2026-05-02", endDate: "2026-05-01" }, "body.startDate"],
      [{ startDate: "2024-01-01", endDate: "2026-01-01" }, "body.endDate"],
      [{ dateRange: 11 }, "body.dateRange"],
      [{ sortBy: "password" }, "body.sortBy"],
      [{ pageSize: 1000 }, "body.pageSize"],
      [{ userIds: [0] }, "body.userIds.0"],
    ] as const) {
      const res = await k.search(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorKeys(res), JSON.stringify(body)).toEqual([field]);
    }
    // No body at all is the first page of this week.
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/users/activity/search",
      headers: { authorization: manager.authorization, currentorganizationid: manager.currentorganizationid },
    });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it("opens the lists to every labor reader and to no one else", async () => {
    for (const email of [
      "admin@demo.local",
      "manager@demo.local",
      "regional@demo.local",
      "territory@demo.local",
      "scheduler@demo.local",
      "analyst@demo.local",
      "lg@demo.local",
      "lglead@demo.local",
    ]) {
      const a = await k.as(email);
      expect((await k.search(a)).statusCode, email).toBe(200);
      expect((await k.recent(a)).statusCode, email).toBe(200);
    }
    for (const email of ["hd@demo.local", "partner@demo.local"]) {
      const res = await k.search(await k.as(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toBe(refusalOf("labor.read"));
      expect((await k.recent(await k.as(email))).statusCode, email).toBe(403);
    }
  });
});

describe("changing and deleting", () => {
  it("lets a lead generator fix or delete their own, a manager anyone's in scope; others answer 404 or 403", async () => {
    const me = await k.as("lg@demo.local");
    const mistake = await created(
      await k.log(me, { activityTypeId: APPROACHES, count: 1, storeId: wayne, workDate: k.day(NY, -2) }),
    );
    const fixed = await k.inject(me, "PUT", `/api/users/activity/${mistake.id}`, {
      activityTypeId: BREAK,
      minutes: 15,
      reasonId: SICK,
      notes: "It was a break",
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      id: mistake.id,
      activityTypeName: "Break",
      count: 0,
      minutes: 15,
      reasonName: "Sick",
      storeId: wayne,
      workDate: k.day(NY, -2),
    });
    // Moved to another store and day; taken off any store.
    const moved = await k.inject(me, "PUT", `/api/users/activity/${mistake.id}`, {
      activityTypeId: BREAK,
      minutes: 15,
      storeId: null,
      workDate: k.day(NY, -1),
    });
    expect(moved.json()).toMatchObject({
      storeId: null,
      storeName: null,
      workDate: k.day(NY, -1),
      reasonId: null,
    });
    const future = await k.inject(me, "PUT", `/api/users/activity/${mistake.id}`, {
      activityTypeId: BREAK,
      minutes: 15,
      workDate: k.day(NY, 3),
    });
    expect(future.statusCode).toBe(400);
    expect(errorKeys(future)).toEqual(["body.workDate"]);
    const badType = await k.inject(me, "PUT", `/api/users/activity/${mistake.id}`, {
      activityTypeId: 77,
      count: 1,
    });
    expect(errorKeys(badType)).toEqual(["body.activityTypeId"]);

    // Lena sees it but may not change it; Taylor (Philadelphia) and West do not see it; the scheduler may not.
    const lena = await k.inject(await k.as("lglead@demo.local"), "PUT", `/api/users/activity/${mistake.id}`, {
      activityTypeId: BREAK,
      minutes: 5,
    });
    expect(lena.statusCode).toBe(403);
    const territory = await k.inject(
      await k.as("territory@demo.local"),
      "DELETE",
      `/api/users/activity/${mistake.id}`,
    );
    const west = await k.inject(
      await k.as("admin@demo.local", "Summit Home West"),
      "DELETE",
      `/api/users/activity/${mistake.id}`,
    );
    const none = await k.inject(
      await k.as("admin@demo.local", "Summit Home West"),
      "DELETE",
      "/api/users/activity/99999999",
    );
    expect(territory.statusCode).toBe(404);
    expect(west.statusCode).toBe(404);
    expect(west.json().message).toBe(none.json().message);
    expect(
      (await k.inject(await k.as("scheduler@demo.local"), "DELETE", `/api/users/activity/${mistake.id}`))
        .statusCode,
    ).toBe(403);
    const badId = await k.inject(me, "DELETE", "/api/users/activity/abc");
    expect(badId.statusCode).toBe(400);
    expect(errorKeys(badId)).toEqual(["params.id"]);

    // A manager in scope changes it; Luis deletes it.
    const regional = await k.inject(
      await k.as("regional@demo.local"),
      "PUT",
      `/api/users/activity/${mistake.id}`,
      { activityTypeId: BREAK, minutes: 20 },
    );
    expect(regional.statusCode).toBe(200);
    expect((await k.inject(me, "DELETE", `/api/users/activity/${mistake.id}`)).json()).toEqual({ ok: true });
    expect((await k.inject(me, "DELETE", `/api/users/activity/${mistake.id}`)).statusCode).toBe(404);
    expect((await k.rows("select 1 from activities where id = $1", [mistake.id])).length).toBe(0);
  });
});
