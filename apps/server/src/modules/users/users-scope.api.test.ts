import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { demoIds } from "../../../test/ids";

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let phillyLg: number;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
  const r = await t.database.executeSql(
    `select m.user_id as id from memberships m join membership_territories mt on mt.membership_id = m.id
     join territories t on t.id = mt.territory_id where t.name = 'Philadelphia' and m.role_id = 14 limit 1`,
    [],
  );
  phillyLg = (r.rows[0] as { id: number }).id;
});
afterAll(() => t?.close());

const inject = (a: AuthHeaders, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: h(a), payload: payload as Record<string, unknown> });
const search = async (a: AuthHeaders, payload: Record<string, unknown> = {}) =>
  (await inject(a, "POST", "/api/users/search", { pageSize: 200, ...payload })).json();
const lgPayload = (email: string, territoryIds: number[], extra: Record<string, unknown> = {}) => ({
  firstName: "Terri",
  lastName: "Tory",
  email,
  roleId: 14,
  territoryIds,
  ...extra,
});

describe("who sees and changes whom", () => {
  // Decision 0026: the users page is not the field's; a lead generator reads only their own record.
  it("shows a lead generator only themselves", async () => {
    const lg = await t.login("lg@demo.local");
    const res = await inject(lg, "POST", "/api/users/search", {});
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Your role does not give access to the organization's people.");
    expect((await inject(lg, "GET", `/api/users/${lg.userId}`)).statusCode).toBe(200);
    expect((await inject(lg, "GET", `/api/users/${ids.user["lglead@demo.local"]}`)).statusCode).toBe(404);
    const change = await inject(lg, "POST", "/api/users/upsert", lgPayload("x@example.com", []));
    expect(change.statusCode).toBe(403);
  });

  it("lets analysts and schedulers read everyone but change and invite no one", async () => {
    const admin = await t.login("admin@demo.local");
    const everyone = (await search(admin)).total;
    for (const email of ["analyst@demo.local", "scheduler@demo.local"]) {
      const a = await t.login(email);
      expect((await search(a)).total, email).toBe(everyone);
      const up = await inject(a, "POST", "/api/users/upsert", lgPayload("y@example.com", []));
      expect(up.statusCode, email).toBe(403);
      expect(up.json().message).toBe("Your role can look at users but not change them.");
      expect((await inject(a, "PUT", `/api/users/${ids.user["lg@demo.local"]}/invite`)).statusCode).toBe(403);
    }
  });

  it("limits a regional manager to the people of their territories (and themselves)", async () => {
    const r = await t.login("regional@demo.local");
    const seen = await search(r);
    const mine = [ids.territory["North Jersey"], ids.territory["Long Island"]];
    for (const u of seen.items) {
      if (u.id === r.userId) continue;
      expect(
        u.territories.some((x: { id: number }) => mine.includes(x.id)),
        u.email,
      ).toBe(true);
    }
    expect(seen.items.map((u: { id: number }) => u.id)).not.toContain(phillyLg);
    expect((await inject(r, "GET", `/api/users/${phillyLg}`)).statusCode).toBe(404);
    expect((await inject(r, "GET", `/api/users/${ids.user["manager@demo.local"]}`)).statusCode).toBe(404);

    const ok = await inject(
      r,
      "POST",
      "/api/users/upsert",
      lgPayload("nj.lg@example.com", [ids.territory["North Jersey"]]),
    );
    expect(ok.statusCode).toBe(200);
    const philly = await inject(
      r,
      "POST",
      "/api/users/upsert",
      lgPayload("pa.lg@example.com", [ids.territory.Philadelphia]),
    );
    expect(philly.statusCode).toBe(403);
    expect(philly.json().errors).toHaveProperty(["body.territoryIds"]);
    const none = await inject(r, "POST", "/api/users/upsert", lgPayload("none.lg@example.com", []));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/at least one of your territories/);
    const foreignStore = await inject(
      r,
      "POST",
      "/api/users/upsert",
      lgPayload("store.lg@example.com", [ids.territory["North Jersey"]], {
        storeIds: [ids.store["Costco South Philadelphia"]],
      }),
    );
    expect(foreignStore.statusCode).toBe(403);
    expect(foreignStore.json().errors).toHaveProperty(["body.storeIds"]);
    const manager = await inject(
      r,
      "POST",
      "/api/users/upsert",
      lgPayload("mgr@example.com", [ids.territory["North Jersey"]], { roleId: 3 }),
    );
    expect(manager.statusCode).toBe(403);
  });

  it("keeps what a person has outside a territory manager's territories when the manager saves them", async () => {
    const admin = await t.login("admin@demo.local");
    const both = [ids.territory.Philadelphia, ids.territory["North Jersey"]];
    const made = await t.addMember(
      h(admin),
      lgPayload("two.places@example.com", both, {
        storeIds: [ids.store["Costco Wayne"], ids.store["Costco South Philadelphia"]],
      }),
    );
    expect(made.territoryIds.sort()).toEqual([...both].sort());
    expect(made.storeIds.sort()).toEqual(
      [ids.store["Costco Wayne"], ids.store["Costco South Philadelphia"]].sort(),
    );
    const id = made.id;
    const tm = await t.login("territory@demo.local");
    const res = await inject(tm, "POST", "/api/users/upsert", {
      ...lgPayload("two.places@example.com", [ids.territory.Philadelphia]),
      id,
      lastName: "Renamed",
      storeIds: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.territoryIds.sort()).toEqual([...both].sort());
    expect(res.json().user.storeIds).toEqual([ids.store["Costco Wayne"]]);
    expect(res.json().user.lastName).toBe("Renamed");
  });

  it("shows program-portal users only themselves", async () => {
    const hd = await t.login("hd@demo.local");
    expect((await inject(hd, "POST", "/api/users/search", {})).statusCode).toBe(403);
    expect((await inject(hd, "GET", `/api/users/${hd.userId}`)).json().id).toBe(hd.userId);
    expect((await inject(hd, "GET", `/api/users/${ids.user["admin@demo.local"]}`)).statusCode).toBe(404);
  });
});

describe("another organization's people (as an attacker from BrightPath Solar)", () => {
  it("answers 404 on every call with an id of another organization, and changes nothing", async () => {
    const attacker = await t.login("solar.admin@demo.local");
    const victim = ids.user["lg@demo.local"];
    const before = (
      await t.database.executeSql("select first_name, email from users where id = $1", [victim])
    ).rows;
    const tradeId = (
      (await t.database.executeSql("select id from user_trades where user_id = $1 limit 1", [victim]))
        .rows[0] as { id: number }
    ).id;
    const calls: [string, "GET" | "POST" | "PUT" | "DELETE", string, unknown?][] = [
      ["get", "GET", `/api/users/${victim}`],
      ["capture icon", "GET", `/api/users/${victim}/capture-icon`],
      ["invite", "PUT", `/api/users/${victim}/invite`],
      [
        "update",
        "POST",
        "/api/users/upsert",
        { id: victim, firstName: "Owned", lastName: "X", email: "owned@evil.test", roleId: 14 },
      ],
      [
        "hd update",
        "POST",
        "/api/users/hd/upsert",
        { id: victim, firstName: "Owned", lastName: "X", email: "owned@evil.test" },
      ],
      ["trades", "POST", `/api/users/trade/${victim}`, {}],
      ["add trade", "POST", `/api/users/trade/${victim}/upsert`, { tradeId: 7 }],
      ["delete trade", "DELETE", `/api/users/trade/${tradeId}`],
    ];
    for (const [name, method, url, payload] of calls) {
      const res = await inject(attacker, method, url, payload);
      expect(res.statusCode, name).toBe(404);
    }
    const after = (await t.database.executeSql("select first_name, email from users where id = $1", [victim]))
      .rows;
    expect(after).toEqual(before);
    expect(
      (await t.database.executeSql("select id from user_trades where id = $1", [tradeId])).rows,
    ).toHaveLength(1);
    const found = await search(attacker, { search: "generator" });
    expect(
      found.items.every(
        (u: { email: string }) => !u.email.endsWith("demo.local") || u.email === "solar.admin@demo.local",
      ),
    ).toBe(true);
    // Naming the organization in the header is refused outright.
    const east = await t.orgId("Summit Home East");
    const header = await t.app.inject({
      method: "GET",
      url: `/api/users/${victim}`,
      headers: h(attacker, { currentorganizationid: String(east) }),
    });
    expect(header.statusCode).toBe(403);
  });

  it("cannot take over or rename a person it shares with another organization", async () => {
    // The Solar admin invites an East person, who accepts (joining with their own identity); the admin then
    // tries to change their email to one they control.
    const attacker = await t.login("solar.admin@demo.local");
    const linked = await t.addMember(h(attacker), {
      firstName: "A",
      lastName: "B",
      email: "manager@demo.local",
      roleId: 3,
    });
    expect(linked).toMatchObject({
      id: ids.user["manager@demo.local"],
      firstName: "Morgan",
      lastName: "Manager",
      sharedIdentity: true,
    });
    const res = await inject(attacker, "POST", "/api/users/upsert", {
      id: linked.id,
      firstName: "Morgan",
      lastName: "Manager",
      email: "attacker@evil.test",
      roleId: 3,
    });
    expect(res.statusCode).toBe(403);
    const rename = await inject(attacker, "POST", "/api/users/upsert", {
      id: linked.id,
      firstName: "Hacked",
      lastName: "Manager",
      email: "manager@demo.local",
      phone: "5550100000",
      roleId: 3,
    });
    expect(rename.statusCode).toBe(403);
    const row = (
      await t.database.executeSql("select email, first_name from users where id = $1", [linked.id])
    ).rows[0];
    expect(row).toEqual({ email: "manager@demo.local", first_name: "Morgan" });
  });
});
