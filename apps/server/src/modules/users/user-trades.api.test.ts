import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const list = (a: AuthHeaders, userId: number) =>
  t.app.inject({ method: "POST", url: `/api/users/trade/${userId}`, headers: h(a), payload: {} });
const save = (a: AuthHeaders, userId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/users/trade/${userId}/upsert`, headers: h(a), payload });
const remove = (a: AuthHeaders, id: number) =>
  t.app.inject({ method: "DELETE", url: `/api/users/trade/${id}`, headers: h(a) });

describe("trades", () => {
  it("lists a person's trades with their names", async () => {
    const lg = await t.login("lg@demo.local");
    const res = await list(lg, lg.userId);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((x: { tradeName: string; yearsOfExperience: number }) => [x.tradeName, x.yearsOfExperience]),
    ).toEqual([
      ["HVAC", 3],
      ["Water heaters", 1],
    ]);
  });

  it("adds, changes and removes a trade; one row per person and trade", async () => {
    const m = await t.login("manager@demo.local");
    const lg = await t.login("lg@demo.local");
    const added = await save(m, lg.userId, { tradeId: 3, yearsOfExperience: 2, notes: "Vinyl and wood" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      userId: lg.userId,
      tradeId: 3,
      tradeName: "Windows",
      yearsOfExperience: 2,
      notes: "Vinyl and wood",
    });
    const dup = await save(m, lg.userId, { tradeId: 3 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty(["body.tradeId"]);
    const changed = await save(m, lg.userId, {
      id: added.json().id,
      tradeId: 3,
      yearsOfExperience: 5,
      notes: "",
    });
    expect(changed.json()).toMatchObject({ id: added.json().id, yearsOfExperience: 5, notes: null });
    // Changing a row into a trade the person already has is a duplicate too.
    const clash = await save(m, lg.userId, { id: added.json().id, tradeId: 1 });
    expect(clash.statusCode).toBe(409);
    expect((await remove(m, added.json().id)).json()).toEqual({ ok: true });
    expect((await remove(m, added.json().id)).statusCode).toBe(404);
    expect((await list(m, lg.userId)).json()).toHaveLength(2);
  });

  it("answers 400 naming the field for an unknown trade or bad years", async () => {
    const m = await t.login("manager@demo.local");
    const lg = await t.login("lg@demo.local");
    const unknown = await save(m, lg.userId, { tradeId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors["body.tradeId"]).toEqual(["Choose a trade from the list."]);
    const years = await save(m, lg.userId, { tradeId: 4, yearsOfExperience: -1 });
    expect(years.json().errors["body.yearsOfExperience"]).toEqual(["Enter 0 or more years"]);
  });

  it("lets a person read their own trades but only their managers change them", async () => {
    const lg = await t.login("lg@demo.local");
    const denied = await save(lg, lg.userId, { tradeId: 6 });
    expect(denied.statusCode).toBe(403);
    const rowId = (await list(lg, lg.userId)).json()[0].id;
    expect((await remove(lg, rowId)).statusCode).toBe(403);
    const analyst = await t.login("analyst@demo.local");
    expect((await list(analyst, lg.userId)).statusCode).toBe(200);
    expect((await save(analyst, lg.userId, { tradeId: 6 })).statusCode).toBe(403);
    // A trade row id that does not belong to the person in the path is not theirs.
    const m = await t.login("manager@demo.local");
    const other = await t.login("lglead@demo.local");
    const moved = await save(m, other.userId, { id: rowId, tradeId: 6 });
    expect(moved.statusCode).toBe(404);
  });
});
