import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Org = {
  id: number;
  name: string;
  organizationParentId: number | null;
  isDeleted: boolean;
  isSmartCircleLG: boolean;
  smartCircleCompany: string | null;
  showApproaches: boolean;
  maxShiftHours: number;
  weeklyHoursLimit: number;
  punchDistanceMeters: number;
  timeZone: string;
  intFirstDayOfWeek: number | null;
  territories: { id: number; name: string; isActive: boolean }[];
  children: Org[];
};

const upsert = (a: AuthHeaders, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: "PUT",
    url: "/api/organizations/upsert/smart-circle",
    headers: h(a, extra),
    payload,
  });
const settings = (a: AuthHeaders, payload: Record<string, unknown> = {}, orgId?: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/settings/organizations",
    headers: h(a, orgId ? { currentorganizationid: String(orgId) } : {}),
    payload,
  });
/** Makes `email` (created with the demo password when new) a member of `organizationId` with `roleId`. */
async function addMembership(email: string, organizationId: number, roleId: number) {
  await t.database.executeSql(
    `insert into users (uid, email, password_hash, first_name, last_name)
     select substr(md5($1), 1, 12), $1, (select password_hash from users where email = 'admin@demo.local'), 'Test', 'Person'
     where not exists (select 1 from users where email = $1)`,
    [email],
  );
  await t.database.executeSql(
    `insert into memberships (organization_id, user_id, role_id, subscription_id, hours_type_id)
     select $1, id, $2, 1, 1 from users where email = $3`,
    [organizationId, roleId, email],
  );
}
const orgRow = async (id: number) =>
  (await t.database.executeSql("select name, time_zone, parent_id from organizations where id = $1", [id]))
    .rows[0] as { name: string; time_zone: string; parent_id: number | null };

describe("organization upsert (PUT /api/organizations/upsert/smart-circle)", () => {
  it("lets a Super Admin create an owner group, then an organization under it with territories, in one save", async () => {
    const sa = await t.login("superadmin@demo.local");
    const group = await upsert(sa, { name: "Lakeside Holdings", timeZone: "America/Chicago" });
    expect(group.statusCode).toBe(200);
    const org = await upsert(sa, {
      name: "Lakeside Windows",
      organizationParentId: group.json().id,
      timeZone: "America/Denver",
      intFirstDayOfWeek: 1,
      crmIntegrationId: 1,
      showApproaches: true,
      isSmartCircleLG: true,
      smartCircleCompany: "Smart Circle Retail",
      territories: [{ name: "Denver Metro" }, { name: "Boulder", isActive: false }],
    });
    expect(org.statusCode).toBe(200);
    const body = org.json() as Org;
    expect(body).toMatchObject({
      name: "Lakeside Windows",
      organizationParentId: group.json().id,
      parentName: "Lakeside Holdings",
      timeZone: "America/Denver",
      intFirstDayOfWeek: 1,
      isSmartCircleLG: true,
      smartCircleCompany: "Smart Circle Retail",
      isDeleted: false,
    });
    expect(body.territories.map((x) => [x.name, x.isActive])).toEqual([
      ["Boulder", false],
      ["Denver Metro", true],
    ]);
    const list = (await settings(sa)).json() as Org[];
    const holdings = list.find((o) => o.name === "Lakeside Holdings")!;
    expect(holdings.children.map((c) => c.name)).toEqual(["Lakeside Windows"]);
  });

  it("answers 400 naming the field for a bad time zone, first day of week or a missing name", async () => {
    const sa = await t.login("superadmin@demo.local");
    const bad = await upsert(sa, { name: "X", timeZone: "EST", intFirstDayOfWeek: 7 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["body.intFirstDayOfWeek", "body.timeZone"]);
    const missing = await upsert(sa, { timeZone: "UTC" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors["body.name"]).toEqual(["Enter a name"]);
  });

  it("lets an Admin change their own organization's settings and territories in one save", async () => {
    const west = await t.orgId("Summit Home West");
    const admin = await t.login("admin@demo.local", undefined, west);
    const before = ((await settings(admin)).json() as Org[]).find((o) => o.id === west)!;
    const bay = before.territories.find((x) => x.name === "Bay Area")!;
    const res = await upsert(admin, {
      id: west,
      timeZone: "America/Los_Angeles",
      isSmartCircleLG: true,
      smartCircleCompany: "Circle West",
      territories: [{ id: bay.id, name: "San Francisco Bay Area", isActive: true }, { name: "Sacramento" }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Org;
    expect(body.isSmartCircleLG).toBe(true);
    expect(body.name).toBe("Summit Home West");
    expect(body.intFirstDayOfWeek).toBe(0);
    expect(body.territories.map((x) => x.name)).toEqual([
      "Los Angeles",
      "Sacramento",
      "San Diego",
      "San Francisco Bay Area",
    ]);
    // Deactivate, and leave the others untouched.
    const off = await upsert(admin, {
      id: west,
      territories: [{ id: bay.id, name: "San Francisco Bay Area", isActive: false }],
    });
    expect((off.json() as Org).territories.find((x) => x.id === bay.id)?.isActive).toBe(false);
    expect((off.json() as Org).territories).toHaveLength(4);
    await upsert(admin, { id: west, isSmartCircleLG: false, smartCircleCompany: null });
  });

  it("refuses an Admin who creates, re-parents or deletes an organization", async () => {
    const admin = await t.login("admin@demo.local");
    const east = await t.orgId("Summit Home East");
    const solar = await t.orgId("BrightPath Solar");
    const create = await upsert(admin, { name: "Mine", timeZone: "UTC" });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toMatch(/Only a Super Admin can create/);
    const move = await upsert(admin, { id: east, organizationParentId: null });
    expect(move.statusCode).toBe(403);
    expect(move.json().errors).toHaveProperty(["body.organizationParentId"]);
    const del = await upsert(admin, { id: east, isDeleted: true });
    expect(del.statusCode).toBe(403);
    // Sending the current values is not a change.
    const same = await upsert(admin, {
      id: east,
      organizationParentId: await t.orgId("Summit Home Group"),
      isDeleted: false,
    });
    expect(same.statusCode).toBe(200);
    expect((await orgRow(solar)).name).toBe("BrightPath Solar");
  });

  it("answers 404 for an organization the caller does not administer", async () => {
    const admin = await t.login("admin@demo.local");
    const manager = await t.login("manager@demo.local");
    const hd = await t.login("hd@demo.local");
    const solar = await t.orgId("BrightPath Solar");
    const east = await t.orgId("Summit Home East");
    const group = await t.orgId("Summit Home Group");
    for (const [who, id] of [
      [admin, solar],
      [admin, group],
      [manager, east],
      [hd, east],
      [admin, 999_999],
    ] as const) {
      const res = await upsert(who, { id, name: "Taken over" });
      expect(res.statusCode, `${who.userId} -> ${id}`).toBe(404);
    }
    expect((await orgRow(solar)).name).toBe("BrightPath Solar");
    expect((await orgRow(east)).name).toBe("Summit Home East");
  });

  it("saves nothing when one territory id belongs to another organization", async () => {
    const admin = await t.login("admin@demo.local");
    const east = await t.orgId("Summit Home East");
    const solarTerritory = (
      await t.database.executeSql("select id from territories where name = 'Dallas'", [])
    ).rows[0] as { id: number };
    const res = await upsert(admin, {
      id: east,
      name: "Renamed East",
      territories: [{ name: "Brand new" }, { id: solarTerritory.id, name: "Stolen" }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toHaveProperty(["body.territories.1.id"]);
    expect((await orgRow(east)).name).toBe("Summit Home East");
    const names = (
      await t.database.executeSql("select name from territories where name in ('Brand new', 'Stolen')", [])
    ).rows;
    expect(names).toEqual([]);
  });

  it("refuses two territories with the same name (409)", async () => {
    const admin = await t.login("admin@demo.local");
    const east = await t.orgId("Summit Home East");
    const res = await upsert(admin, { id: east, territories: [{ name: "north jersey" }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty(["body.territories.0.name"]);
  });

  it("keeps owner groups one level deep", async () => {
    const sa = await t.login("superadmin@demo.local");
    const group = await t.orgId("Summit Home Group");
    const east = await t.orgId("Summit Home East");
    const solar = await t.orgId("BrightPath Solar");
    const underChild = await upsert(sa, { id: solar, organizationParentId: east });
    expect(underChild.statusCode).toBe(400);
    expect(underChild.json().errors).toHaveProperty(["body.organizationParentId"]);
    const groupUnder = await upsert(sa, { id: group, organizationParentId: solar });
    expect(groupUnder.statusCode).toBe(400);
    expect(groupUnder.json().message).toMatch(/owner group/);
    const self = await upsert(sa, { id: solar, organizationParentId: solar });
    expect(self.statusCode).toBe(400);
    expect((await orgRow(solar)).parent_id).toBeNull();
  });

  it("refuses to delete an owner group that still has organizations", async () => {
    const sa = await t.login("superadmin@demo.local");
    const res = await upsert(sa, { id: await t.orgId("Summit Home Group"), isDeleted: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Move or delete them first/);
  });

  it("removes a deleted organization from every list and from its members' switcher; a Super Admin restores it", async () => {
    const sa = await t.login("superadmin@demo.local");
    const created = await upsert(sa, {
      name: "Short Lived Co",
      timeZone: "UTC",
      territories: [{ name: "Only" }],
    });
    const id = created.json().id as number;
    // The demo Admin becomes Admin of it too (joining is covered by the invitation tests; here it is the state).
    await addMembership("admin@demo.local", id, 2);
    const admin = await t.login("admin@demo.local");
    const me = async () =>
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(admin) })).json()
        .organizations as {
        id: number;
      }[];
    expect((await me()).map((o) => o.id)).toContain(id);
    expect(((await settings(admin, {}, id)).json() as Org[]).map((o) => o.id)).toContain(id);

    expect((await upsert(sa, { id, isDeleted: true })).statusCode).toBe(200);
    expect((await me()).map((o) => o.id)).not.toContain(id);
    expect(((await settings(admin)).json() as Org[]).map((o) => o.id)).not.toContain(id);
    // Working in it is refused altogether now.
    expect((await settings(admin, {}, id)).statusCode).toBe(403);
    expect(((await settings(sa)).json() as Org[]).map((o) => o.id)).not.toContain(id);
    const inside = await t.app.inject({
      method: "POST",
      url: "/api/store/search",
      headers: h(admin, { currentorganizationid: String(id) }),
      payload: {},
    });
    expect(inside.statusCode).toBe(403);
    // The admin cannot restore it (it is no longer theirs to see); the Super Admin can.
    expect((await upsert(admin, { id, isDeleted: false })).statusCode).toBe(404);
    const deleted = (await settings(sa, { includeDeleted: true })).json() as Org[];
    expect(deleted.find((o) => o.id === id)?.isDeleted).toBe(true);
    expect((await upsert(sa, { id, isDeleted: false })).json().isDeleted).toBe(false);
    expect((await me()).map((o) => o.id)).toContain(id);
  });
});

describe("the organization save follows the organization the request names (docs/decisions/0016)", () => {
  const snapshot = async (id: number) =>
    (
      await t.database.executeSql(
        `select o.name, o.time_zone, o.first_day_of_week, o.show_approaches, o.is_smart_circle_lg,
                o.smart_circle_company, o.parent_id, o.is_deleted, o.updated_at,
                (select string_agg(t.id || ':' || t.name || ':' || t.is_active, ',' order by t.id)
                   from territories t where t.organization_id = o.id) as territories
           from organizations o where o.id = $1`,
        [id],
      )
    ).rows[0];

  it("an Admin of two organizations working in one (header East) cannot change the other (body West): 404, nothing changes", async () => {
    const east = await t.orgId("Summit Home East");
    const west = await t.orgId("Summit Home West");
    const admin = await t.login("admin@demo.local", undefined, east);
    const westTerritory = (
      await t.database.executeSql(
        "select id from territories where organization_id = $1 order by id limit 1",
        [west],
      )
    ).rows[0] as { id: number };
    const before = await snapshot(west);
    const attempts: Record<string, unknown>[] = [
      { id: west, name: "Renamed from East" },
      { id: west, timeZone: "UTC", intFirstDayOfWeek: 3, showApproaches: true },
      { id: west, isSmartCircleLG: true, smartCircleCompany: "Hijacked" },
      { id: west, territories: [{ name: "Added from East" }] },
      { id: west, territories: [{ id: westTerritory.id, name: "Renamed from East", isActive: false }] },
    ];
    for (const body of attempts) {
      const res = await upsert(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      // The same answer as an organization that does not exist.
      expect(res.json().message).toBe("The organization was not found.");
    }
    // Naming West's own territory under East's id is refused too (the territory is not East's).
    const crossed = await upsert(admin, {
      id: east,
      territories: [{ id: westTerritory.id, name: "Renamed from East" }],
    });
    expect(crossed.statusCode).toBe(404);
    expect(await snapshot(west)).toEqual(before);

    // Working in West, the same Admin changes West.
    const inWest = await upsert(
      admin,
      { id: west, showApproaches: true },
      { currentorganizationid: String(west) },
    );
    expect(inWest.statusCode).toBe(200);
    expect(inWest.json().showApproaches).toBe(true);
    await upsert(admin, { id: west, showApproaches: false }, { currentorganizationid: String(west) });
  });

  it("needs the Admin role in the organization of the request, not in another one", async () => {
    const east = await t.orgId("Summit Home East");
    const west = await t.orgId("Summit Home West");
    const analystId = (
      (await t.database.executeSql("select id from users where email = 'analyst@demo.local'", []))
        .rows[0] as {
        id: number;
      }
    ).id;
    // The analyst becomes Admin of West (still an Analyst in East).
    await t.database.executeSql(
      "update memberships set role_id = 2 where user_id = $1 and organization_id = $2",
      [analystId, west],
    );
    try {
      const inEast = await t.login("analyst@demo.local", undefined, east);
      const beforeEast = await snapshot(east);
      const beforeWest = await snapshot(west);
      expect((await upsert(inEast, { id: west, name: "By an East analyst" })).statusCode).toBe(404);
      expect((await upsert(inEast, { id: east, name: "By an East analyst" })).statusCode).toBe(404);
      expect(((await settings(inEast)).json() as Org[]).length).toBe(0);
      expect(await snapshot(east)).toEqual(beforeEast);
      expect(await snapshot(west)).toEqual(beforeWest);
      const inWest = await t.login("analyst@demo.local", undefined, west);
      expect(((await settings(inWest)).json() as Org[]).map((o) => o.id)).toEqual([west]);
    } finally {
      await t.database.executeSql(
        "update memberships set role_id = 8 where user_id = $1 and organization_id = $2",
        [analystId, west],
      );
    }
  });

  it("stays a platform call for the Super Admin, whatever organization they work in", async () => {
    const solar = await t.orgId("BrightPath Solar");
    const west = await t.orgId("Summit Home West");
    const sa = await t.login("superadmin@demo.local", undefined, solar);
    const res = await upsert(sa, { id: west, showApproaches: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().showApproaches).toBe(true);
    await upsert(sa, { id: west, showApproaches: false });
  });
});

describe("settings organizations (POST /api/settings/organizations)", () => {
  it("gives a Super Admin every organization, owner groups with their children", async () => {
    const sa = await t.login("superadmin@demo.local");
    const res = await settings(sa);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Org[];
    const group = list.find((o) => o.name === "Summit Home Group")!;
    expect(group.children.map((c) => c.name)).toEqual(["Summit Home East", "Summit Home West"]);
    expect(list.map((o) => o.name)).toContain("BrightPath Solar");
    expect(list.map((o) => o.name)).not.toContain("Summit Home East");
    expect(group.children[0].territories.map((x) => x.name)).toContain("Hudson Valley (retired)");
  });

  it("gives an Admin the organization they work in, and the children of an owner group they work in", async () => {
    const west = await t.orgId("Summit Home West");
    const admin = await t.login("admin@demo.local");
    const own = (await settings(admin)).json() as Org[];
    // The East admin is Admin of West too, but lists (and changes) West only when working in it.
    expect(own.map((o) => o.name)).toEqual(["Summit Home East"]);
    expect(own.every((o) => o.children.length === 0)).toBe(true);
    const inWest = (await settings(admin, {}, west)).json() as Org[];
    expect(inWest.map((o) => o.name)).toEqual(["Summit Home West"]);
    const solarAdmin = await t.login("solar.admin@demo.local");
    expect(((await settings(solarAdmin)).json() as Org[]).map((o) => o.name)).toEqual(["BrightPath Solar"]);

    // Make a new person Admin of the owner group: working in it, they administer its children too.
    const group = await t.orgId("Summit Home Group");
    await addMembership("gail.group@demo.local", group, 2);
    const gail = await t.login("gail.group@demo.local");
    const tree = (await settings(gail)).json() as Org[];
    expect(tree.map((o) => o.name)).toEqual(["Summit Home Group"]);
    expect(tree[0].children.map((c) => c.name)).toEqual(["Summit Home East", "Summit Home West"]);
    // ... and may change a child's settings (not another owner group's organization).
    const east = await t.orgId("Summit Home East");
    expect((await upsert(gail, { id: east, showApproaches: true })).statusCode).toBe(200);
    const solar = await t.orgId("BrightPath Solar");
    expect((await upsert(gail, { id: solar, showApproaches: false })).statusCode).toBe(404);
  });

  it("lists nothing for those who administer nothing, and keeps deleted ones to the Super Admin", async () => {
    for (const email of ["manager@demo.local", "lg@demo.local", "hd@demo.local"]) {
      const a = await t.login(email);
      const res = await settings(a);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const admin = await t.login("admin@demo.local");
    expect((await settings(admin, { includeDeleted: true })).statusCode).toBe(403);
  });

  it("filters by name", async () => {
    const sa = await t.login("superadmin@demo.local");
    const list = (await settings(sa, { search: "solar" })).json() as Org[];
    expect(list.map((o) => o.name)).toEqual(["BrightPath Solar"]);
  });
});

describe("labor settings on the organization save (docs/decisions/0040-labor.md)", () => {
  const laborRow = async (id: number) =>
    (
      await t.database.executeSql(
        "select max_shift_hours, weekly_hours_limit, punch_distance_meters from organizations where id = $1",
        [id],
      )
    ).rows[0] as { max_shift_hours: number; weekly_hours_limit: number; punch_distance_meters: number };
  const DEFAULTS = { max_shift_hours: 12, weekly_hours_limit: 40, punch_distance_meters: 500 };

  it("lets an Admin set the longest shift, the weekly hours limit and the punch distance, saved and returned", async () => {
    const east = await t.orgId("Summit Home East");
    const admin = await t.login("admin@demo.local", undefined, east);
    const before = ((await settings(admin)).json() as Org[]).find((o) => o.id === east)!;
    expect(before).toMatchObject({ maxShiftHours: 12, weeklyHoursLimit: 40, punchDistanceMeters: 500 });
    try {
      const res = await upsert(admin, {
        id: east,
        maxShiftHours: 10,
        weeklyHoursLimit: 38,
        punchDistanceMeters: 1_500,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: "Summit Home East",
        maxShiftHours: 10,
        weeklyHoursLimit: 38,
        punchDistanceMeters: 1_500,
      });
      expect(await laborRow(east)).toEqual({
        max_shift_hours: 10,
        weekly_hours_limit: 38,
        punch_distance_meters: 1_500,
      });
      // The list reads them back; a save without them leaves them as they are.
      const listed = ((await settings(admin)).json() as Org[]).find((o) => o.id === east)!;
      expect(listed).toMatchObject({ maxShiftHours: 10, weeklyHoursLimit: 38, punchDistanceMeters: 1_500 });
      expect((await upsert(admin, { id: east, showApproaches: true })).json()).toMatchObject({
        maxShiftHours: 10,
        weeklyHoursLimit: 38,
        punchDistanceMeters: 1_500,
      });
      // The bounds themselves are accepted.
      const edges = await upsert(admin, {
        id: east,
        maxShiftHours: 24,
        weeklyHoursLimit: 1,
        punchDistanceMeters: 50_000,
      });
      expect(edges.statusCode, edges.body).toBe(200);
    } finally {
      await upsert(admin, {
        id: east,
        showApproaches: before.showApproaches,
        maxShiftHours: 12,
        weeklyHoursLimit: 40,
        punchDistanceMeters: 500,
      });
    }
    expect(await laborRow(east)).toEqual(DEFAULTS);
  });

  it("answers 400 naming each field out of its range, and saves nothing", async () => {
    const east = await t.orgId("Summit Home East");
    const admin = await t.login("admin@demo.local", undefined, east);
    const low = await upsert(admin, {
      id: east,
      name: "Not saved",
      maxShiftHours: 3,
      weeklyHoursLimit: 0,
      punchDistanceMeters: 49,
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({
      "body.maxShiftHours": ["Enter a whole number of hours from 4 to 24"],
      "body.weeklyHoursLimit": ["Enter a whole number of hours from 1 to 80"],
      "body.punchDistanceMeters": ["Enter a whole number of meters from 50 to 50,000"],
    });
    for (const [body, field] of [
      [{ maxShiftHours: 25 }, "body.maxShiftHours"],
      [{ maxShiftHours: 8.5 }, "body.maxShiftHours"],
      [{ maxShiftHours: "12" }, "body.maxShiftHours"],
      [{ weeklyHoursLimit: 81 }, "body.weeklyHoursLimit"],
      [{ weeklyHoursLimit: null }, "body.weeklyHoursLimit"],
      [{ punchDistanceMeters: 50_001 }, "body.punchDistanceMeters"],
      [{ punchDistanceMeters: 1e20 }, "body.punchDistanceMeters"],
    ] as const) {
      const res = await upsert(admin, { id: east, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(await laborRow(east)).toEqual(DEFAULTS);
    expect((await orgRow(east)).name).toBe("Summit Home East");
  });

  it("refuses another organization's settings (404) and anyone but an Admin, as every other setting", async () => {
    const east = await t.orgId("Summit Home East");
    const west = await t.orgId("Summit Home West");
    const solar = await t.orgId("BrightPath Solar");
    const admin = await t.login("admin@demo.local", undefined, east);
    const change = { maxShiftHours: 6, weeklyHoursLimit: 10, punchDistanceMeters: 100 };
    for (const id of [west, solar, 999_999]) {
      const res = await upsert(admin, { id, ...change });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().message).toBe("The organization was not found.");
    }
    for (const email of ["manager@demo.local", "hd@demo.local", "lg@demo.local", "analyst@demo.local"]) {
      const res = await upsert(await t.login(email), { id: east, ...change });
      expect(res.statusCode, email).toBe(404);
    }
    for (const id of [east, west, solar]) expect(await laborRow(id)).toEqual(DEFAULTS);
  });

  it("gives a new organization the defaults, or the settings it is created with", async () => {
    const sa = await t.login("superadmin@demo.local");
    const plain = await upsert(sa, { name: "Defaults Co", timeZone: "UTC" });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ maxShiftHours: 12, weeklyHoursLimit: 40, punchDistanceMeters: 500 });
    const set = await upsert(sa, {
      name: "Long Shifts Co",
      timeZone: "UTC",
      maxShiftHours: 16,
      weeklyHoursLimit: 50,
      punchDistanceMeters: 2_000,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await laborRow(set.json().id)).toEqual({
      max_shift_hours: 16,
      weekly_hours_limit: 50,
      punch_distance_meters: 2_000,
    });
  });

  it("a changed weekly hours limit changes the schedules grid's over-limit conflict at once", async () => {
    const east = await t.orgId("Summit Home East");
    const admin = await t.login("admin@demo.local", undefined, east);
    const userId = (
      (await t.database.executeSql("select id from users where email = 'lg@demo.local'", [])).rows[0] as {
        id: number;
      }
    ).id;
    const storeId = (
      (
        await t.database.executeSql("select id from stores where organization_id = $1 order by id limit 1", [
          east,
        ])
      ).rows[0] as { id: number }
    ).id;
    const week = "2031-06-02"; // a Monday, away from the demo's weeks
    for (const workDate of ["2031-06-02", "2031-06-03"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/users/schedules/shifts/upsert",
        headers: h(admin),
        payload: { userId, storeId, workDate, startTime: "09:00", endTime: "17:00" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    type Grid = {
      weeklyHoursLimit: number;
      items: {
        userId: number;
        minutes: number;
        overWeeklyLimit: boolean;
        days: { shifts: { workDate: string; conflicts: { kind: string; message: string }[] }[] }[];
      }[];
    };
    const gridOf = async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/users/schedules",
        headers: h(admin),
        payload: { week, userIds: [userId] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Grid;
      const row = body.items.find((r) => r.userId === userId)!;
      const over = row.days
        .flatMap((d) => d.shifts)
        .flatMap((s) =>
          s.conflicts.filter((c) => c.kind === "overWeeklyLimit").map((c) => [s.workDate, c.message]),
        );
      return {
        limit: body.weeklyHoursLimit,
        minutes: row.minutes,
        overWeeklyLimit: row.overWeeklyLimit,
        over,
      };
    };
    expect(await gridOf()).toEqual({ limit: 40, minutes: 16 * 60, overWeeklyLimit: false, over: [] });
    try {
      expect((await upsert(admin, { id: east, weeklyHoursLimit: 12 })).statusCode).toBe(200);
      expect(await gridOf()).toEqual({
        limit: 12,
        minutes: 16 * 60,
        overWeeklyLimit: true,
        over: [["2031-06-03", "16 h planned this week, over the limit of 12 h"]],
      });
    } finally {
      await upsert(admin, { id: east, weeklyHoursLimit: 40 });
    }
    expect((await gridOf()).overWeeklyLimit).toBe(false);
  });
});
