import type { StoreOption } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { demoIds } from "../../../test/ids";

/** The store search of the lookup list (`appApi.storeOptions`): what a store picker reads a page at a time. */

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
});
afterAll(() => t?.close());

type OptionsPage = { items: StoreOption[]; total: number; page: number; pageSize: number };

const search = (a: AuthHeaders, body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/app/lookup-list/stores/search", headers: h(a), payload: body });
const options = async (a: AuthHeaders, body: Record<string, unknown> = {}) => {
  const res = await search(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OptionsPage;
};
const names = (p: OptionsPage) => p.items.map((s) => s.name);

/** Summit Home East's seven stores, by name. */
const EAST_STORES = [
  "BJ's Wholesale Hicksville",
  "Costco South Philadelphia",
  "Costco Wayne",
  "Costco Westbury",
  "Lowe's Clifton",
  "The Home Depot Conshohocken",
  "The Home Depot Paramus",
];

describe("the store search", () => {
  it("answers the organization's active stores by name, a page at a time, with the total", async () => {
    const admin = await t.login("admin@demo.local");
    const first = await options(admin);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 25 });
    expect(names(first)).toEqual(EAST_STORES);
    expect(first.items.find((s) => s.name === "Costco Wayne")).toEqual({
      id: ids.store["Costco Wayne"],
      name: "Costco Wayne",
      address: "149 Route 23",
      city: "Wayne",
      organizationTerritoryId: ids.territory["North Jersey"],
      organizationId: await t.orgId("Summit Home East"),
      isActive: true,
      brandId: 1,
      mine: false,
    });
    const pages: OptionsPage[] = [];
    for (let page = 1; page <= 4; page++) pages.push(await options(admin, { page, pageSize: 2 }));
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages.every((p) => p.total === 7 && p.pageSize === 2)).toBe(true);
    expect(pages.flatMap(names)).toEqual(EAST_STORES);
    expect((await options(admin, { page: 5, pageSize: 2 })).items).toEqual([]);
  });

  it("finds by every word typed, in the name, number, address or city, taking % and _ literally", async () => {
    const admin = await t.login("admin@demo.local");
    expect(names(await options(admin, { search: "costco" }))).toEqual([
      "Costco South Philadelphia",
      "Costco Wayne",
      "Costco Westbury",
    ]);
    expect(names(await options(admin, { search: "  COSTCO   west " }))).toEqual(["Costco Westbury"]);
    expect(names(await options(admin, { search: "route 23" }))).toEqual(["Costco Wayne"]);
    expect(names(await options(admin, { search: "paramus" }))).toEqual(["The Home Depot Paramus"]);
    expect(names(await options(admin, { search: "costco paramus" }))).toEqual([]);
    const numbered = await t.app.inject({
      method: "POST",
      url: "/api/store/upsert",
      headers: h(admin),
      payload: { name: "Sam's Club Totowa", brandId: 4, storeNumber: "T-4410", isActive: true },
    });
    expect(numbered.statusCode, numbered.body).toBe(200);
    expect(names(await options(admin, { search: "t-4410" }))).toEqual(["Sam's Club Totowa"]);
    for (const literal of ["%", "_", "\\"]) {
      expect((await options(admin, { search: literal })).total, literal).toBe(0);
    }
  });

  it("resolves exactly the ids asked, and narrows by territory and brand", async () => {
    const admin = await t.login("admin@demo.local");
    const asked = [ids.store["The Home Depot Paramus"], ids.store["Costco Wayne"]];
    expect(names(await options(admin, { ids: asked }))).toEqual(["Costco Wayne", "The Home Depot Paramus"]);
    expect((await options(admin, { ids: [] })).total).toBe(0);
    expect(names(await options(admin, { territoryIds: [ids.territory.Philadelphia] }))).toEqual([
      "Costco South Philadelphia",
      "The Home Depot Conshohocken",
    ]);
    expect(
      names(await options(admin, { brandIds: [1], territoryIds: [ids.territory["Long Island"]] })),
    ).toEqual(["Costco Westbury"]);
  });

  it("leaves out inactive stores unless asked for them", async () => {
    const admin = await t.login("admin@demo.local");
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/store/upsert",
      headers: h(admin),
      payload: { name: "Costco Closed Options", brandId: 1, isActive: false },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const id = closed.json().id as number;
    expect((await options(admin, { search: "closed options" })).items).toEqual([]);
    expect((await options(admin, { ids: [id] })).items).toEqual([]);
    const all = await options(admin, { search: "closed options", includeInactive: true });
    expect(all.items.map((s) => [s.id, s.isActive])).toEqual([[id, false]]);
    expect((await options(admin, { ids: [id], includeInactive: true })).total).toBe(1);
  });

  it("gives a territory-limited role only their territories' stores, and a lead generator the organization's", async () => {
    const tm = await t.login("territory@demo.local");
    expect(names(await options(tm))).toEqual(["Costco South Philadelphia", "The Home Depot Conshohocken"]);
    // A North Jersey store asked by id, or by its territory, answers nothing.
    expect((await options(tm, { ids: [ids.store["Costco Wayne"]] })).total).toBe(0);
    expect((await options(tm, { territoryIds: [ids.territory["North Jersey"]] })).total).toBe(0);
    const regional = await t.login("regional@demo.local");
    expect((await options(regional)).items.every((s) => s.city !== "Philadelphia")).toBe(true);
    const lg = await t.login("lg@demo.local");
    // The organization's stores, their own (North Jersey's Costco Wayne) first.
    expect(names(await options(lg, { search: "costco" }))).toEqual([
      "Costco Wayne",
      "Costco South Philadelphia",
      "Costco Westbury",
    ]);
  });

  it("lists the caller's own stores first, marked as theirs, then the others by name", async () => {
    // The lead generator works North Jersey: its three stores are assigned to them.
    const lg = await t.login("lg@demo.local");
    const admin = await t.login("admin@demo.local");
    const page = await options(lg);
    // Every store the organization has (the earlier cases added some), the lead generator's three on top.
    const everyStore = names(await options(admin));
    expect(page.total).toBe(everyStore.length);
    const own = ["Costco Wayne", "Lowe's Clifton", "The Home Depot Paramus"];
    expect(page.items.map((s) => [s.name, s.mine])).toEqual([
      ...own.map((n) => [n, true]),
      ...everyStore.filter((n) => !own.includes(n)).map((n) => [n, false]),
    ]);
    expect(names(page).slice(3)).toContain("BJ's Wholesale Hicksville");
    // Pages follow the same order, and ids answer with the same flag.
    const pages: OptionsPage[] = [];
    for (let p = 1; p <= Math.ceil(page.total / 3); p++)
      pages.push(await options(lg, { page: p, pageSize: 3 }));
    expect(pages.flatMap(names)).toEqual(names(page));
    const asked = await options(lg, { ids: [ids.store["Costco Westbury"], ids.store["Lowe's Clifton"]] });
    expect(asked.items.map((s) => [s.name, s.mine])).toEqual([
      ["Lowe's Clifton", true],
      ["Costco Westbury", false],
    ]);
    // Nobody else's assignment counts: the Admin has no stores of their own, and sees them all by name.
    expect((await options(admin)).items.every((s) => s.mine === false)).toBe(true);
    expect(everyStore).toEqual(
      [...everyStore].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // A territory manager's stores are all theirs, by name as before.
    const tm = await t.login("territory@demo.local");
    expect((await options(tm)).items.map((s) => [s.name, s.mine])).toEqual([
      ["Costco South Philadelphia", true],
      ["The Home Depot Conshohocken", true],
    ]);
  });

  it("never answers another organization's stores, by words or by ids", async () => {
    const eastStores = [ids.store["Costco Wayne"], ids.store["The Home Depot Paramus"]];
    const west = await t.login("partner@demo.local");
    expect(names(await options(west, { search: "costco" }))).toEqual([
      "Costco Burbank",
      "Costco Mission Valley",
    ]);
    expect(await options(west, { ids: eastStores, includeInactive: true })).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await options(west, { search: "wayne" })).total).toBe(0);
    const solar = await t.login("solar.admin@demo.local");
    expect((await options(solar, { ids: eastStores, includeInactive: true })).total).toBe(0);
    // The East admin working in West.
    const admin = await t.login("admin@demo.local", undefined, await t.orgId("Summit Home West"));
    expect((await options(admin, { ids: eastStores, includeInactive: true })).total).toBe(0);
  });

  it("refuses a page of more than 100, more than 200 ids and a search of more than 100 characters", async () => {
    const admin = await t.login("admin@demo.local");
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 101 }, "body.pageSize"],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, "body.ids"],
      [{ search: "x".repeat(101) }, "body.search"],
      [{ brandIds: Array.from({ length: 51 }, (_, i) => i + 1) }, "body.brandIds"],
      [{ page: 0 }, "body.page"],
      [{ ids: [0] }, "body.ids.0"],
    ];
    for (const [body, field] of cases) {
      const res = await search(admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), field).toContain(field);
    }
    expect((await options(admin, { pageSize: 100, search: "x".repeat(100) })).total).toBe(0);
  });
});
