import { LOOKUP_LIST_KEYS } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("lookup list", () => {
  it("returns every key of the spec's lookup list", async () => {
    const a = await t.login("admin@demo.local");
    const res = await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(a) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...LOOKUP_LIST_KEYS].sort());
    expect(body.leadStatus.map((s: { name: string }) => s.name)).toContain("Appointment Set");
    expect(body.storesBrands.length).toBeGreaterThan(3);
    expect(body.timeZones.find((z: { id: string }) => z.id === "America/New_York")).toBeTruthy();
    // Areas not built yet answer empty lists, never invented rows.
    expect(body.technicians).toEqual([]);
    expect(body.serviceTitanCampaigns).toEqual([]);
  });

  it("shows only the current organization's territories and stores", async () => {
    const a = await t.login("admin@demo.local");
    const east = await t.orgId("Summit Home East");
    const west = await t.orgId("Summit Home West");
    const e = (
      await t.app.inject({
        method: "GET",
        url: "/api/app/lookup-list",
        headers: h(a, { currentorganizationid: String(east) }),
      })
    ).json();
    const w = (
      await t.app.inject({
        method: "GET",
        url: "/api/app/lookup-list",
        headers: h(a, { currentorganizationid: String(west) }),
      })
    ).json();
    expect(e.allStores.every((s: { organizationId: number }) => s.organizationId === east)).toBe(true);
    expect(w.allStores.every((s: { organizationId: number }) => s.organizationId === west)).toBe(true);
    expect(e.allOrganizationTerritories.map((x: { name: string }) => x.name)).toContain(
      "Hudson Valley (retired)",
    );
    expect(e.organizationTerritories.map((x: { name: string }) => x.name)).not.toContain(
      "Hudson Valley (retired)",
    );
  });

  it("limits a regional manager to their territories", async () => {
    const a = await t.login("regional@demo.local");
    const body = (await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(a) })).json();
    expect(body.organizationTerritories.map((x: { name: string }) => x.name).sort()).toEqual([
      "Long Island",
      "North Jersey",
    ]);
    expect(body.stores.every((s: { city: string }) => s.city !== "Philadelphia")).toBe(true);
  });

  it("names inactive lead generators with ' - Inactive' and sorts them last", async () => {
    const a = await t.login("admin@demo.local");
    const body = (
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list?includeInactive=true", headers: h(a) })
    ).json();
    const lgs = body.leadGenerator as { name: string; isActive: boolean }[];
    const firstInactive = lgs.findIndex((l) => !l.isActive);
    expect(firstInactive).toBeGreaterThan(0);
    expect(lgs.slice(firstInactive).every((l) => !l.isActive && l.name.endsWith(" - Inactive"))).toBe(true);
    const activeOnly = (
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(a) })
    ).json();
    expect(activeOnly.leadGenerator.every((l: { isActive: boolean }) => l.isActive)).toBe(true);
  });
});

describe("roles", () => {
  it("offers only 14 and 15 to a territory manager, and 2 and 3 in the partner selector", async () => {
    const tm = await t.login("territory@demo.local");
    const r = (
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list/roles", headers: h(tm) })
    ).json();
    expect(r.map((x: { id: number }) => x.id)).toEqual([14, 15]);
    const admin = await t.login("admin@demo.local");
    const p = (
      await t.app.inject({
        method: "GET",
        url: "/api/app/lookup-list/roles?selector=partner",
        headers: h(admin),
      })
    ).json();
    expect(p.map((x: { id: number }) => x.id)).toEqual([2, 3]);
    const all = (
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list/roles", headers: h(admin) })
    ).json();
    expect(all.map((x: { id: number }) => x.id)).not.toContain(1);
    const lg = await t.login("lg@demo.local");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/app/lookup-list/roles", headers: h(lg) })).json(),
    ).toEqual([]);
  });

  it("lists time zones with their current offsets", async () => {
    const a = await t.login("lg@demo.local");
    const zones = (
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list/timezones", headers: h(a) })
    ).json();
    const ny = zones.find((z: { id: string }) => z.id === "America/New_York");
    expect([-300, -240]).toContain(ny.offsetMinutes);
    expect(zones.find((z: { id: string }) => z.id === "Asia/Tokyo").offsetMinutes).toBe(540);
  });
});

describe("question types", () => {
  it("lists data and field types", async () => {
    const a = await t.login("admin@demo.local");
    const dt = (await t.app.inject({ method: "GET", url: "/api/app/data-type", headers: h(a) })).json();
    const ft = (await t.app.inject({ method: "GET", url: "/api/app/field-type", headers: h(a) })).json();
    expect(dt.map((d: { code: string }) => d.code)).toContain("choice");
    expect(ft.find((f: { code: string }) => f.code === "dropdown").hasChoices).toBe(true);
  });
});
