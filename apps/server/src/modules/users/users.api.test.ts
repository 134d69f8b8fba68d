import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, MEMBER_PASSWORD, type TestApp } from "../../../test/harness";
import { demoIds } from "../../../test/ids";
import { DEMO_PASSWORD } from "../../db/seed";

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
});
afterAll(() => t?.close());

const upsert = (a: AuthHeaders, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/users/upsert", headers: h(a, extra), payload });
const search = (a: AuthHeaders, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/api/users/search", headers: h(a), payload });
const get = (a: AuthHeaders, id: number) =>
  t.app.inject({ method: "GET", url: `/api/users/${id}`, headers: h(a) });
const person = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Pat",
  lastName: "Newman",
  email,
  roleId: 14,
  ...extra,
});
const countUsers = async (email: string) =>
  (
    (
      await t.database.executeSql("select count(*)::int as n from users where lower(email) = lower($1)", [
        email,
      ])
    ).rows[0] as { n: number }
  ).n;

/** The emails of the current organization's pending invitations. */
const pendingEmails = async (a: AuthHeaders) =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/users/invitations/search",
      headers: h(a),
      payload: { pageSize: 100 },
    })
  )
    .json()
    .items.map((i: { email: string }) => i.email);

/** Accepts the invitation last emailed to `email` from its link, as the person would; returns their user id. */
const acceptFromMail = async (email: string) => {
  await t.mailer.idle();
  const mail = (await t.mailer.list(50)).find((m) => m.to === email);
  const token = /\/invitations\/([A-Za-z0-9]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  const info = (await t.app.inject({ method: "GET", url: `/api/account/invitation-links/${token}` })).json();
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/account/invitation-links/${token}/accept`,
    payload: info.hasAccount
      ? { password: DEMO_PASSWORD }
      : { password: MEMBER_PASSWORD, firstName: info.firstName, lastName: info.lastName },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().userId as number;
};

describe("user upsert", () => {
  it("creates a person with their membership, territories and stores, and reads them back", async () => {
    const a = await t.login("admin@demo.local");
    const res = await upsert(a, {
      firstName: " Nina ",
      lastName: "Okafor",
      email: "Nina.Okafor@Example.com",
      phone: "2015550123",
      languageIds: [1, 2],
      timeZone: "America/New_York",
      hoursTypeId: 1,
      roleId: 14,
      territoryIds: [ids.territory["North Jersey"]],
      storeIds: [ids.store["Costco Wayne"], ids.store["Lowe's Clifton"]],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A new email is invited (decision 0015): no member until the person accepts.
    expect(body.result).toBe("invited");
    expect(body.message).toMatch(
      /^We emailed nina\.okafor@example\.com an invitation to join as Lead Generator\./,
    );
    expect(body.invitationSent).toBe(true);
    expect(body.user).toBeNull();
    expect(body.invitation).toMatchObject({
      firstName: "Nina",
      name: "Nina Okafor",
      email: "nina.okafor@example.com",
      phone: "2015550123",
      roleId: 14,
      roleName: "Lead Generator",
      subscriptionId: 1,
      territories: [{ id: ids.territory["North Jersey"], name: "North Jersey" }],
      status: "invited",
    });
    expect(body.invitation.stores.map((s: { id: number }) => s.id)).toEqual(
      expect.arrayContaining([ids.store["Costco Wayne"], ids.store["Lowe's Clifton"]]),
    );
    expect(await countUsers("nina.okafor@example.com")).toBe(0);

    // Accepting from the emailed link makes the person a member with everything the form held.
    const id = await acceptFromMail("nina.okafor@example.com");
    const read = await get(a, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id,
      firstName: "Nina",
      name: "Nina Okafor",
      email: "nina.okafor@example.com",
      phone: "2015550123",
      languageIds: [1, 2],
      timeZone: "America/New_York",
      hoursTypeId: 1,
      roleId: 14,
      roleName: "Lead Generator",
      subscriptionId: 1,
      isActive: true,
      territories: [{ id: ids.territory["North Jersey"], name: "North Jersey" }],
      storeIds: expect.arrayContaining([ids.store["Costco Wayne"], ids.store["Lowe's Clifton"]]),
      // The person chose a password when accepting.
      hasPassword: true,
      hasCaptureIcon: false,
      sharedIdentity: false,
      lastInvitedAt: null,
    });
    expect(read.json().storeIds).toHaveLength(2);
    const changed = await upsert(a, {
      ...person("nina.okafor@example.com"),
      id,
      firstName: "Nina",
      lastName: "Okafor-Smith",
      roleId: 15,
    });
    expect(changed.json()).toMatchObject({
      result: "updated",
      invitation: null,
      message: "Nina Okafor-Smith was saved.",
      user: { lastName: "Okafor-Smith", roleId: 15, territoryIds: [], storeIds: [] },
    });
    expect((await get(a, id)).json()).toEqual(changed.json().user);
  });

  it("answers 409 with a message for an email already in the organization, whatever its case", async () => {
    const a = await t.login("admin@demo.local");
    const res = await upsert(a, person("LG@Demo.Local"));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A user with this email already belongs to this organization.");
    expect(res.json().errors).toHaveProperty(["body.email"]);
    expect(await countUsers("lg@demo.local")).toBe(1);
  });

  it("adds a person of another organization to this one, once they accept, without changing their name or password", async () => {
    const a = await t.login("admin@demo.local");
    const res = await upsert(
      a,
      person("solar.admin@demo.local", {
        firstName: "Someone",
        lastName: "Else",
        roleId: 3,
        phone: "9999999999",
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The same answer as for a new email: only what was typed, nothing of the existing account.
    expect(body.result).toBe("invited");
    expect(body.user).toBeNull();
    expect(body.invitation).toMatchObject({ name: "Someone Else", phone: "9999999999", roleId: 3 });
    expect(res.body).not.toMatch(/Sol|Rivera|5550100000/);
    const solarBefore = await t.login("solar.admin@demo.local");
    const meBefore = (
      await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(solarBefore) })
    ).json();
    expect(meBefore.organizations.map((o: { name: string }) => o.name)).toEqual(["BrightPath Solar"]);

    // The person accepts with their own password; they keep their own name, phone and password.
    const id = await acceptFromMail("solar.admin@demo.local");
    expect(id).toBe(ids.user["solar.admin@demo.local"]);
    expect((await get(a, id)).json()).toMatchObject({
      name: "Sol Rivera",
      phone: "5550100000",
      roleId: 3,
      sharedIdentity: true,
      hasPassword: true,
    });
    const solar = await t.login("solar.admin@demo.local", DEMO_PASSWORD);
    const me = (await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(solar) })).json();
    expect(me.organizations.map((o: { name: string }) => o.name)).toEqual([
      "BrightPath Solar",
      "Summit Home East",
    ]);
  });

  it("answers 400 naming each bad field", async () => {
    const a = await t.login("admin@demo.local");
    const res = await upsert(a, {
      firstName: "",
      lastName: "X",
      email: "not-an-email",
      phone: "555-0100",
      timeZone: "Nowhere/City",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      "body.email",
      "body.firstName",
      "body.phone",
      "body.roleId",
      "body.timeZone",
    ]);
    const lang = await upsert(a, person("lang@example.com", { languageIds: [99] }));
    expect(lang.statusCode).toBe(400);
    expect(lang.json().errors["body.languageIds"][0]).toMatch(/Language 99/);
    const hours = await upsert(a, person("hours@example.com", { hoursTypeId: 77 }));
    expect(hours.json().errors).toHaveProperty(["body.hoursTypeId"]);
  });

  it("saves nothing when a territory or store is not the organization's", async () => {
    const a = await t.login("admin@demo.local");
    const badTerritory = await upsert(
      a,
      person("half@example.com", { territoryIds: [ids.territory["North Jersey"], ids.territory.Dallas] }),
    );
    expect(badTerritory.statusCode).toBe(400);
    expect(badTerritory.json().errors["body.territoryIds"][0]).toBe(
      `Territory ${ids.territory.Dallas} was not found in this organization.`,
    );
    const badStore = await upsert(a, person("half@example.com", { storeIds: [ids.store["Costco Dallas"]] }));
    expect(badStore.statusCode).toBe(400);
    expect(badStore.json().errors).toHaveProperty(["body.storeIds"]);
    expect(await countUsers("half@example.com")).toBe(0);
    expect(await pendingEmails(a)).not.toContain("half@example.com");
    // An update with a bad store leaves the person as they were.
    const lg = ids.user["lg@demo.local"];
    const before = (await get(a, lg)).json();
    const upd = await upsert(a, {
      ...person("lg@demo.local"),
      id: lg,
      firstName: "Changed",
      storeIds: [ids.store["Costco Dallas"]],
    });
    expect(upd.statusCode).toBe(400);
    expect((await get(a, lg)).json()).toEqual(before);
  });

  it("refuses to give a role above the caller's or to change someone above them (403 with a message)", async () => {
    const m = await t.login("manager@demo.local");
    const admin = await t.login("admin@demo.local");
    const up = await upsert(m, person("promo@example.com", { roleId: 2 }));
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe("You cannot give the role Admin.");
    expect(up.json().errors).toHaveProperty(["body.roleId"]);
    const own = await upsert(m, person("peer@example.com", { roleId: 3 }));
    expect(own.statusCode).toBe(403);
    const boss = await upsert(m, {
      ...person("admin@demo.local"),
      id: ids.user["admin@demo.local"],
      roleId: 14,
    });
    expect(boss.statusCode).toBe(403);
    expect(boss.json().message).toMatch(/cannot change an Admin/);
    const sa = await upsert(admin, person("root@example.com", { roleId: 1 }));
    expect(sa.statusCode).toBe(403);
    expect((await upsert(m, person("ok.lg@example.com", { roleId: 14 }))).statusCode).toBe(200);
    expect((await upsert(m, person("ok.sched@example.com", { roleId: 7 }))).statusCode).toBe(200);
    expect(await countUsers("promo@example.com")).toBe(0);
    const pending = await pendingEmails(admin);
    expect(pending).not.toContain("promo@example.com");
    expect(pending).toEqual(expect.arrayContaining(["ok.lg@example.com", "ok.sched@example.com"]));
  });

  it("lets only Admins make program-portal users, and only as Admin or Manager", async () => {
    const m = await t.login("manager@demo.local");
    const a = await t.login("admin@demo.local");
    const byManager = await upsert(m, person("portal1@example.com", { roleId: 7, subscriptionId: 2 }));
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().errors).toHaveProperty(["body.subscriptionId"]);
    const asLg = await upsert(a, person("portal2@example.com", { roleId: 14, subscriptionId: 2 }));
    expect(asLg.statusCode).toBe(400);
    const ok = await upsert(a, person("portal3@example.com", { roleId: 3, subscriptionId: 2 }));
    expect(ok.json().invitation).toMatchObject({ subscriptionId: 2, roleId: 3 });
    const member = (await get(a, await acceptFromMail("portal3@example.com"))).json();
    expect(member).toMatchObject({ subscriptionId: 2, roleId: 3 });
    // Omitting the subscription on a later save keeps it.
    const again = await upsert(a, { ...person("portal3@example.com", { roleId: 3 }), id: member.id });
    expect(again.json().user.subscriptionId).toBe(2);
    const bad = await upsert(a, person("portal4@example.com", { roleId: 3, subscriptionId: 5 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["body.subscriptionId"]);
  });

  it("keeps a person from changing their own role or deactivating themselves", async () => {
    const a = await t.login("admin@demo.local");
    const me = { ...person("admin@demo.local"), id: a.userId, firstName: "Alex", lastName: "Admin" };
    expect((await upsert(a, { ...me, roleId: 3 })).statusCode).toBe(403);
    const off = await upsert(a, { ...me, roleId: 2, isActive: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe("You cannot deactivate yourself.");
    const m = await t.login("manager@demo.local");
    const mine = await upsert(m, {
      ...person("manager@demo.local"),
      id: m.userId,
      firstName: "Morgan",
      lastName: "Manager-Lee",
      roleId: 3,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.lastName).toBe("Manager-Lee");
  });

  it("leaves the identity of a person who belongs to other organizations to them and the Super Admin", async () => {
    const a = await t.login("admin@demo.local");
    const analyst = ids.user["analyst@demo.local"];
    const payload = {
      ...person("analyst.new@demo.local"),
      id: analyst,
      firstName: "Avery",
      lastName: "Analyst",
      phone: "5550100000",
      roleId: 8,
    };
    const res = await upsert(a, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors["body.email"][0]).toMatch(/only they or a Super Admin/);
    const rename = await upsert(a, { ...payload, email: "analyst@demo.local", lastName: "Renamed" });
    expect(rename.json().errors).toHaveProperty(["body.lastName"]);
    // The membership (role, territories, active) is the organization's to change.
    const role = await upsert(a, { ...payload, email: "analyst@demo.local", roleId: 7 });
    expect(role.statusCode).toBe(200);
    await upsert(a, { ...payload, email: "analyst@demo.local" });
    const sa = await t.login("superadmin@demo.local");
    const east = await t.orgId("Summit Home East");
    const bySa = await upsert(sa, payload, { currentorganizationid: String(east) });
    expect(bySa.statusCode).toBe(200);
    await upsert(sa, { ...payload, email: "analyst@demo.local" }, { currentorganizationid: String(east) });
    // A one-organization person's email may change, but not to one another account uses.
    const taken = await upsert(a, {
      ...person("manager@demo.local"),
      id: ids.user["scheduler@demo.local"],
      roleId: 7,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Another account already uses this email.");
  });

  it("deactivating ends the person's sessions and keeps them, marked inactive", async () => {
    const a = await t.login("admin@demo.local");
    const s = await t.login("scheduler@demo.local");
    const id = s.userId;
    const before = (await get(a, id)).json();
    const res = await upsert(a, {
      ...person(before.email),
      id,
      firstName: before.firstName,
      lastName: before.lastName,
      roleId: 7,
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isActive).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(s) })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: before.email, password: "demo1234" },
    });
    expect(login.statusCode).toBe(403);
    const inactive = (await search(a, { isActive: false, pageSize: 100 })).json();
    expect(inactive.items.map((u: { id: number }) => u.id)).toContain(id);
    await upsert(a, {
      ...person(before.email),
      id,
      firstName: before.firstName,
      lastName: before.lastName,
      roleId: 7,
      isActive: true,
    });
    await t.login(before.email);
  });
});

describe("user search", () => {
  it("finds people by name, email or phone, each word narrowing the result", async () => {
    const a = await t.login("admin@demo.local");
    await t.addMember(
      h(a),
      person("quinn.zephyr@example.com", { firstName: "Quinn", lastName: "Zephyr", phone: "7325559876" }),
    );
    const names = async (payload: Record<string, unknown>) =>
      (await search(a, payload)).json().items.map((u: { name: string }) => u.name);
    expect(await names({ search: "zeph" })).toEqual(["Quinn Zephyr"]);
    expect(await names({ search: "QUINN zephyr" })).toEqual(["Quinn Zephyr"]);
    expect(await names({ search: "quinn.zephyr@" })).toEqual(["Quinn Zephyr"]);
    expect(await names({ search: "555-9876" })).toEqual(["Quinn Zephyr"]);
    expect(await names({ search: "quinn nobody" })).toEqual([]);
    expect(await names({ search: "_" })).toEqual([]);
  });

  it("filters by role, territory, store and active, pages, and sorts by a whitelisted key", async () => {
    const a = await t.login("admin@demo.local");
    const res = await search(a, {
      roleIds: [14, 15],
      territoryIds: [ids.territory["North Jersey"]],
      pageSize: 2,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2 });
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(5);
    for (const u of body.items) {
      expect([14, 15]).toContain(u.roleId);
      expect(u.territories.map((x: { name: string }) => x.name)).toContain("North Jersey");
    }
    const atStore = (await search(a, { storeIds: [ids.store["Costco Westbury"]], pageSize: 100 })).json();
    expect(atStore.items.map((u: { email: string }) => u.email)).toContain("regional@demo.local");
    expect(atStore.items.map((u: { email: string }) => u.email)).not.toContain("lg@demo.local");
    const byEmail = (await search(a, { sortBy: "email", sortDirection: "desc", pageSize: 100 }))
      .json()
      .items.map((u: { email: string }) => u.email);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    const byRole = (await search(a, { sortBy: "role", pageSize: 100 }))
      .json()
      .items.map((u: { roleId: number }) => u.roleId);
    expect(byRole[0]).toBe(2);
    expect([14, 15]).toContain(byRole.at(-1));
    const bad = await search(a, { sortBy: "password_hash" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty(["body.sortBy"]);
    const tooBig = await search(a, { pageSize: 1000 });
    expect(tooBig.json().errors).toHaveProperty(["body.pageSize"]);
  });

  it("lists only the current organization's people", async () => {
    const a = await t.login("admin@demo.local");
    const west = (
      await t.app.inject({
        method: "POST",
        url: "/api/users/search",
        headers: h(a, { currentorganizationid: String(await t.orgId("Summit Home West")) }),
        payload: { pageSize: 200 },
      })
    ).json();
    const emails = west.items.map((u: { email: string }) => u.email);
    expect(emails).toContain("fmm@demo.local");
    expect(emails).not.toContain("lg@demo.local");
    expect(emails.some((e: string) => e.endsWith("@east.demo.local"))).toBe(false);
  });
});

describe("retailer-program users (POST /api/users/hd/upsert)", () => {
  it("creates subscription 16, role 2 users for Admins only", async () => {
    const a = await t.login("admin@demo.local");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/hd/upsert",
      headers: h(a),
      payload: { firstName: "Hank", lastName: "Depot", email: "hank@retailer.example" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: "invited", user: null, invitationSent: true });
    expect(res.json().invitation).toMatchObject({
      subscriptionId: 16,
      roleId: 2,
      roleName: "Admin",
      territories: [],
    });
    const hankId = await acceptFromMail("hank@retailer.example");
    expect((await get(a, hankId)).json()).toMatchObject({
      firstName: "Hank",
      lastName: "Depot",
      subscriptionId: 16,
      roleId: 2,
      roleName: "Admin",
      territoryIds: [],
    });
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/users/hd/upsert",
      headers: h(a),
      payload: {
        id: hankId,
        firstName: "Hank",
        lastName: "Depot Jr",
        email: "hank@retailer.example",
        isActive: false,
      },
    });
    expect(changed.json().user).toMatchObject({ lastName: "Depot Jr", isActive: false, subscriptionId: 16 });
    const notHd = await t.app.inject({
      method: "POST",
      url: "/api/users/hd/upsert",
      headers: h(a),
      payload: {
        id: ids.user["lg@demo.local"],
        firstName: "Luis",
        lastName: "Generator",
        email: "lg@demo.local",
      },
    });
    expect(notHd.statusCode).toBe(400);
    expect(notHd.json().errors).toHaveProperty(["body.id"]);
    for (const email of ["manager@demo.local", "hd@demo.local", "lg@demo.local"]) {
      const denied = await t.app.inject({
        method: "POST",
        url: "/api/users/hd/upsert",
        headers: h(await t.login(email)),
        payload: { firstName: "No", lastName: "Way", email: "noway@retailer.example" },
      });
      expect(denied.statusCode, email).toBe(403);
    }
    expect(await countUsers("noway@retailer.example")).toBe(0);
    expect(await pendingEmails(a)).not.toContain("noway@retailer.example");
  });
});
