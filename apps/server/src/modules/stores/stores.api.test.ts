import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
const territory: Record<string, number> = {};
const store: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const r of (await t.database.executeSql("select id, name from territories", [])).rows as {
    id: number;
    name: string;
  }[]) {
    territory[r.name] = r.id;
  }
  for (const r of (await t.database.executeSql("select id, name from stores", [])).rows as {
    id: number;
    name: string;
  }[]) {
    store[r.name] = r.id;
  }
});
afterAll(() => t?.close());

const search = (a: AuthHeaders, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/api/store/search", headers: h(a), payload });
const upsert = (a: AuthHeaders, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/store/upsert", headers: h(a), payload });
const get = (a: AuthHeaders, id: number) =>
  t.app.inject({ method: "GET", url: `/api/store/${id}`, headers: h(a) });
const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((s) => s.name);

const newStore = {
  name: "Costco Edison",
  brandId: 1,
  storeNumber: "1201",
  address: "1 Route 1",
  city: "Edison",
  state: "nj",
  zip: "08817",
};

describe("store upsert", () => {
  it("creates a store in the organization's time zone by default and reads it back with brand and territory names", async () => {
    const m = await t.login("manager@demo.local");
    const res = await upsert(m, {
      ...newStore,
      organizationTerritoryId: territory["North Jersey"],
      latitude: 40.52,
      longitude: -74.41,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: "Costco Edison",
      state: "NJ",
      zip: "08817",
      timeZone: "America/New_York",
      brandName: "Costco",
      territoryName: "North Jersey",
      isActive: true,
      latitude: 40.52,
      longitude: -74.41,
    });
    const read = await get(m, created.id);
    expect(read.json()).toEqual(created);
    const changed = await upsert(m, {
      ...newStore,
      id: created.id,
      name: "Costco Edison NJ",
      timeZone: "America/Chicago",
      isActive: false,
    });
    expect(changed.json()).toMatchObject({
      id: created.id,
      name: "Costco Edison NJ",
      timeZone: "America/Chicago",
      isActive: false,
      organizationTerritoryId: null,
    });
    store["Costco Edison NJ"] = created.id;
  });

  it("answers 400 naming each bad field", async () => {
    const m = await t.login("manager@demo.local");
    const res = await upsert(m, { name: "", state: "XX", zip: "1234", timeZone: "Mars/Base", latitude: 91 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "body.latitude",
      "body.name",
      "body.state",
      "body.timeZone",
      "body.zip",
    ]);
    const brand = await upsert(m, { name: "X", brandId: 999 });
    expect(brand.statusCode).toBe(400);
    expect(brand.json().errors).toHaveProperty(["body.brandId"]);
  });

  it("refuses a territory of another organization and saves nothing", async () => {
    const m = await t.login("manager@demo.local");
    const res = await upsert(m, { name: "Ghost Store", organizationTerritoryId: territory.Dallas });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["body.organizationTerritoryId"][0]).toMatch(/not found in this organization/);
    expect(
      (await t.database.executeSql("select id from stores where name = 'Ghost Store'", [])).rows,
    ).toEqual([]);
    const inactive = await upsert(m, {
      name: "Ghost Store",
      organizationTerritoryId: territory["Hudson Valley (retired)"],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toMatch(/inactive/);
  });

  it("refuses a second store with the same brand and number (409)", async () => {
    const m = await t.login("manager@demo.local");
    const res = await upsert(m, { name: "Costco Wayne Two", brandId: 1, storeNumber: "1101" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors["body.storeNumber"][0]).toMatch(/Costco Wayne/);
    // Another brand may use the same number.
    expect((await upsert(m, { name: "Menards Wayne", brandId: 6, storeNumber: "1101" })).statusCode).toBe(
      200,
    );
  });
});

describe("store search", () => {
  it("searches by text over name, number, city and address, with paging and totals", async () => {
    const a = await t.login("admin@demo.local");
    const all = await search(a, { pageSize: 3 });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 3 });
    expect(all.json().items).toHaveLength(3);
    const total = all.json().total;
    const page3 = await search(a, { page: 3, pageSize: 3 });
    expect(page3.json().items).toHaveLength(total - 6);
    expect(names(await search(a, { search: "paramus" }))).toEqual(["The Home Depot Paramus"]);
    expect(names(await search(a, { search: "0912" }))).toEqual(["The Home Depot Paramus"]);
    expect(names(await search(a, { search: "allwood" }))).toEqual(["Lowe's Clifton"]);
    expect(names(await search(a, { search: "costco WEST" }))).toEqual(["Costco Westbury"]);
    // LIKE wildcards are searched for literally.
    expect((await search(a, { search: "%" })).json().total).toBe(0);
  });

  it("filters by brand, territory, state and active, and sorts by a whitelisted key", async () => {
    const a = await t.login("admin@demo.local");
    expect(names(await search(a, { brandIds: [1], states: ["ny"] }))).toEqual(["Costco Westbury"]);
    expect(names(await search(a, { territoryIds: [territory.Philadelphia] })).sort()).toEqual([
      "Costco South Philadelphia",
      "The Home Depot Conshohocken",
    ]);
    expect(names(await search(a, { isActive: false }))).toEqual(["Costco Edison NJ"]);
    const byCity = (await search(a, { sortBy: "city", sortDirection: "desc", isActive: true })).json().items;
    expect(byCity[0].city).toBe("Westbury");
    const byBrand = (await search(a, { sortBy: "brand" })).json().items;
    expect(byBrand.at(-1).brandName).toBe("The Home Depot");
    const bad = await search(a, { sortBy: "password_hash" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["body.sortBy"]);
  });

  it("returns only the current organization's stores", async () => {
    const a = await t.login("admin@demo.local");
    const west = await t.orgId("Summit Home West");
    const res = await search(a, { pageSize: 100 });
    const westRes = await t.app.inject({
      method: "POST",
      url: "/api/store/search",
      headers: h(a, { currentorganizationid: String(west) }),
      payload: { pageSize: 100 },
    });
    const eastIds = res.json().items.map((s: { organizationId: number }) => s.organizationId);
    expect(new Set(eastIds)).toEqual(new Set([await t.orgId("Summit Home East")]));
    expect(westRes.json().items.every((s: { organizationId: number }) => s.organizationId === west)).toBe(
      true,
    );
  });
});

describe("store rights", () => {
  it("limits a regional manager to the stores of their territories", async () => {
    const r = await t.login("regional@demo.local");
    const found = (await search(r, { pageSize: 100 })).json();
    expect(
      found.items.every((s: { territoryName: string }) =>
        ["North Jersey", "Long Island"].includes(s.territoryName),
      ),
    ).toBe(true);
    expect(found.total).toBe(5);
    expect((await get(r, store["Costco South Philadelphia"])).statusCode).toBe(404);
    expect((await get(r, store["Costco Wayne"])).statusCode).toBe(200);
  });

  it("lets a territory manager add and change stores only in their territory", async () => {
    const tm = await t.login("territory@demo.local");
    const ok = await upsert(tm, {
      name: "Lowe's Cherry Hill",
      brandId: 3,
      organizationTerritoryId: territory.Philadelphia,
    });
    expect(ok.statusCode).toBe(200);
    const elsewhere = await upsert(tm, {
      name: "Lowe's Newark",
      brandId: 3,
      organizationTerritoryId: territory["North Jersey"],
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().errors).toHaveProperty(["body.organizationTerritoryId"]);
    expect((await upsert(tm, { name: "Nowhere store" })).statusCode).toBe(403);
    const foreign = await upsert(tm, {
      id: store["Costco Wayne"],
      name: "Mine now",
      organizationTerritoryId: territory.Philadelphia,
    });
    expect(foreign.statusCode).toBe(404);
    const moveOut = await upsert(tm, {
      id: ok.json().id,
      name: "Lowe's Cherry Hill",
      organizationTerritoryId: territory["Long Island"],
    });
    expect(moveOut.statusCode).toBe(403);
  });

  it("lets analysts, schedulers and field marketing managers read stores but not change them", async () => {
    for (const email of ["analyst@demo.local", "scheduler@demo.local", "fmm@demo.local"]) {
      const a = await t.login(email);
      expect((await search(a)).statusCode, email).toBe(200);
      const res = await upsert(a, { name: "Not allowed" });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toMatch(/not change them/);
    }
  });

  // Decision 0026: the Stores screen is not the field's; lead generators pick their store from the lookup list.
  it("keeps the stores screen from lead generators, who still get the organization's stores in the lookup list", async () => {
    for (const email of ["lg@demo.local", "lglead@demo.local"]) {
      const a = await t.login(email);
      const res = await search(a);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().message).toBe("Stores are for managers, schedulers and analysts.");
      expect((await upsert(a, { name: "Not allowed" })).statusCode, email).toBe(403);
      const lookups = await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: a });
      expect(lookups.json().stores.length, email).toBeGreaterThan(0);
    }
  });

  it("keeps stores out of program portals", async () => {
    const hd = await t.login("hd@demo.local");
    expect((await search(hd)).statusCode).toBe(403);
    expect((await get(hd, store["Costco Wayne"])).statusCode).toBe(403);
  });

  it("answers 404 for another organization's store, read or written, and changes nothing", async () => {
    const attacker = await t.login("solar.admin@demo.local");
    const id = store["Costco Wayne"];
    expect((await get(attacker, id)).statusCode).toBe(404);
    const res = await upsert(attacker, { id, name: "Pwned" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("The store was not found.");
    const row = (await t.database.executeSql("select name from stores where id = $1", [id])).rows[0];
    expect(row).toEqual({ name: "Costco Wayne" });
    expect((await get(attacker, 99_999_999)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/store/abc", headers: h(attacker) })).statusCode,
    ).toBe(400);
  });
});
