import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, MEMBER_PASSWORD, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Lookup = {
  parentOrganizations: { id: number; name: string }[];
  organizationTerritories: { id: number; name: string; isActive: boolean }[];
  allOrganizationTerritories: { id: number; name: string; isActive: boolean }[];
  stores: { id: number; name: string; organizationTerritoryId: number | null }[];
  allStores: { id: number; name: string }[];
  costcoStores: { id: number; name: string }[];
  leadGenerator: { id: number; name: string; isActive: boolean; organizationsTerritoryIds: number[] }[];
  storesBrands: { id: number; name: string }[];
  userTrades: { id: number; name: string }[];
  roles: { id: number; name: string }[];
};

const lookup = async (a: AuthHeaders, query = "", extra: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/app/lookup-list${query}`,
    headers: h(a, extra),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Lookup;
};
const call = (a: AuthHeaders, method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: h(a), payload });

describe("lookup list keys filled by organizations, stores and users", () => {
  it("shows a territory, store and lead generator saved through the API", async () => {
    const admin = await t.login("admin@demo.local");
    const east = await t.orgId("Summit Home East");
    const org = await call(admin, "PUT", "/api/organizations/upsert/smart-circle", {
      id: east,
      territories: [{ name: "Central Jersey" }],
    });
    const central = org.json().territories.find((x: { name: string }) => x.name === "Central Jersey").id;
    const store = await call(admin, "POST", "/api/store/upsert", {
      name: "Costco East Brunswick",
      brandId: 1,
      organizationTerritoryId: central,
    });
    // A lead generator who accepted the invitation (decision 0015).
    const lg = await t.addMember(h(admin), {
      firstName: "Aaron",
      lastName: "Aardvark",
      email: "aaron@example.com",
      roleId: 14,
      territoryIds: [central],
    });
    const list = await lookup(admin);
    expect(list.organizationTerritories.find((x) => x.id === central)).toMatchObject({
      name: "Central Jersey",
      isActive: true,
    });
    expect(list.stores.find((s) => s.id === store.json().id)).toEqual({
      id: store.json().id,
      name: "Costco East Brunswick",
      address: null,
      city: null,
      organizationTerritoryId: central,
      organizationId: east,
    });
    expect(list.costcoStores.map((s) => s.id)).toContain(store.json().id);
    expect(list.leadGenerator.find((l) => l.id === lg.id)).toEqual({
      id: lg.id,
      name: "Aaron Aardvark",
      isActive: true,
      organizationsTerritoryIds: [central],
    });
    expect(list.storesBrands.map((b) => b.name)).toContain("Costco");
    expect(list.userTrades.map((x) => x.name)).toContain("HVAC");
    expect(list.roles.map((r) => r.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 14, 15]);
  });

  it("names a deactivated lead generator ' - Inactive', sorts them last, and hides inactive stores and territories from the active keys", async () => {
    const admin = await t.login("admin@demo.local");
    const lg = await t.login("lglead@demo.local");
    const me = (
      await t.app.inject({ method: "GET", url: `/api/users/${lg.userId}`, headers: h(admin) })
    ).json();
    await call(admin, "POST", "/api/users/upsert", {
      id: me.id,
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      phone: me.phone,
      roleId: me.roleId,
      territoryIds: me.territoryIds,
      isActive: false,
    });
    const active = await lookup(admin);
    expect(active.leadGenerator.map((l) => l.id)).not.toContain(me.id);
    const all = await lookup(admin, "?includeInactive=true");
    const entry = all.leadGenerator.find((l) => l.id === me.id)!;
    expect(entry.name).toBe("Lena Lead - Inactive");
    const firstInactive = all.leadGenerator.findIndex((l) => !l.isActive);
    expect(all.leadGenerator.slice(firstInactive).every((l) => !l.isActive)).toBe(true);

    const store = await call(admin, "POST", "/api/store/upsert", { name: "Closed Store", isActive: false });
    const after = await lookup(admin);
    expect(after.stores.map((s) => s.id)).not.toContain(store.json().id);
    expect(after.allStores.map((s) => s.id)).toContain(store.json().id);
  });

  it("gives a lead generator only themselves, and a territory manager only their territory's people and stores", async () => {
    const lg = await t.login("lg@demo.local");
    expect((await lookup(lg)).leadGenerator.map((l) => l.id)).toEqual([lg.userId]);
    const tm = await t.login("territory@demo.local");
    const list = await lookup(tm);
    const philly = list.allOrganizationTerritories.find((x) => x.name === "Philadelphia")!.id;
    expect(list.organizationTerritories.map((x) => x.name)).toEqual(["Philadelphia"]);
    expect(list.stores.every((s) => s.organizationTerritoryId === philly)).toBe(true);
    expect(list.leadGenerator.length).toBeGreaterThan(0);
    expect(list.leadGenerator.every((l) => l.organizationsTerritoryIds.includes(philly))).toBe(true);
    expect(list.roles.map((r) => r.id)).toEqual([14, 15]);
  });

  it("shows a territory-limited role with no territory nothing rather than everything", async () => {
    const admin = await t.login("admin@demo.local");
    await t.addMember(h(admin), {
      firstName: "Norma",
      lastName: "Noterritory",
      email: "norma@example.com",
      roleId: 5,
    });
    const norma = await t.login("norma@example.com", MEMBER_PASSWORD);
    const list = await lookup(norma);
    expect(list.organizationTerritories).toEqual([]);
    expect(list.stores).toEqual([]);
    expect(list.leadGenerator).toEqual([]);
    const users = (await call(norma, "POST", "/api/users/search", {})).json();
    expect(users.items.map((u: { id: number }) => u.id)).toEqual([norma.userId]);
  });

  it("lists live owner groups as parent organizations; a deleted one disappears", async () => {
    const sa = await t.login("superadmin@demo.local");
    const group = await call(sa, "PUT", "/api/organizations/upsert/smart-circle", {
      name: "Temp Group",
      timeZone: "UTC",
    });
    const child = await call(sa, "PUT", "/api/organizations/upsert/smart-circle", {
      name: "Temp Child",
      timeZone: "UTC",
      organizationParentId: group.json().id,
    });
    const names = async () => (await lookup(sa)).parentOrganizations.map((p) => p.name);
    expect(await names()).toEqual(["Summit Home Group", "Temp Group"]);
    await call(sa, "PUT", "/api/organizations/upsert/smart-circle", { id: child.json().id, isDeleted: true });
    await call(sa, "PUT", "/api/organizations/upsert/smart-circle", { id: group.json().id, isDeleted: true });
    expect(await names()).toEqual(["Summit Home Group"]);
    const admin = await t.login("admin@demo.local");
    expect((await lookup(admin)).parentOrganizations.map((p) => p.name)).toEqual(["Summit Home Group"]);
    const solar = await t.login("solar.admin@demo.local");
    expect((await lookup(solar)).parentOrganizations).toEqual([]);
  });
});
