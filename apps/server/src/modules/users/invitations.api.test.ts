import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";
import { demoIds } from "../../../test/ids";

/**
 * Joining an organization is the person's choice (decision 0015). Tried as the Admin of another organization
 * (BrightPath Solar) who knows only emails of Summit Home East people.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
let solarAdmin: AuthHeaders;
let solar: number;
let east: number;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
  solarAdmin = await t.login("solar.admin@demo.local");
  solar = await t.orgId("BrightPath Solar");
  east = await t.orgId("Summit Home East");
});
afterAll(() => t?.close());

const inject = (
  a: AuthHeaders | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: a ? h(a) : {}, payload: payload as Record<string, unknown> });
const typed = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Pat",
  lastName: "Typed",
  email,
  phone: "5551234567",
  roleId: 14,
  ...extra,
});
const invite = (email: string, extra: Record<string, unknown> = {}, a = solarAdmin) =>
  inject(a, "POST", "/api/users/upsert", typed(email, extra));
const mailTo = async (email: string) => {
  await t.mailer.idle();
  const mail = (await t.mailer.list(50)).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
};
const linkOf = (text: string) => /\/invitations\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? "";
const pending = async (a = solarAdmin) =>
  (await inject(a, "POST", "/api/users/invitations/search", { pageSize: 100 })).json();
const orgsOf = async (a: AuthHeaders) =>
  ((await inject(a, "GET", "/api/account/me")).json().organizations as { id: number }[])
    .map((o) => o.id)
    .sort();
const userIdOf = async (email: string) => {
  const r = await t.database.executeSql("select id from users where lower(email) = $1", [email]);
  return (r.rows[0] as { id: number } | undefined)?.id ?? null;
};

/** The answer with what differs by design (the email typed, ids, times) blanked out. */
const shape = (body: Record<string, unknown>, email: string) =>
  JSON.parse(
    JSON.stringify(body)
      .replaceAll(email, "<email>")
      .replace(/"(id)":\d+/g, '"$1":0')
      .replace(/"(invitedAt|sentAt|expiresAt)":"[^"]+"/g, '"$1":"<time>"'),
  );

describe("adding an email is an invitation, the same whoever owns the email", () => {
  it("answers an existing person's, a new and a deactivated person's email alike, with nothing of the person", async () => {
    const deactivated = (
      (
        await t.database.executeSql(
          `select u.email from memberships m join users u on u.id = m.user_id
           where not m.is_active and m.organization_id = $1 limit 1`,
          [east],
        )
      ).rows[0] as { email: string }
    ).email;
    const cases = ["lg@demo.local", "brand.new@example.com", deactivated];
    const lgBefore = await orgsOf(await t.login("lg@demo.local"));
    const answers = [];
    for (const email of cases) {
      const res = await invite(email);
      expect(res.statusCode, email).toBe(200);
      answers.push(shape(res.json(), email));
      // Nothing of the account: not the real name, not the phone.
      expect(res.body).not.toMatch(/Luis|"Generator"|5550100000/);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({
      result: "invited",
      user: null,
      invitationSent: true,
      invitation: {
        email: "<email>",
        firstName: "Pat",
        lastName: "Typed",
        phone: "5551234567",
        roleName: "Lead Generator",
        status: "invited",
      },
    });
    // The pending rows show only what was typed.
    const rows = (await pending()).items.filter((i: { email: string }) => cases.includes(i.email));
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ firstName: "Pat", lastName: "Typed", status: "invited" });
    // The person's organizations do not change, and Solar's members do not include them.
    expect(await orgsOf(await t.login("lg@demo.local"))).toEqual(lgBefore);
    const members = (await inject(solarAdmin, "POST", "/api/users/search", { search: "lg@demo" })).json();
    expect(members.total).toBe(0);
  });

  it("lets the inviting organization read, email or edit no one before acceptance", async () => {
    const lgId = ids.user["lg@demo.local"];
    expect((await inject(solarAdmin, "GET", `/api/users/${lgId}`)).statusCode).toBe(404);
    expect((await inject(solarAdmin, "GET", `/api/users/${lgId}/capture-icon`)).statusCode).toBe(404);
    expect((await inject(solarAdmin, "PUT", `/api/users/${lgId}/invite`)).statusCode).toBe(404);
    const edit = await inject(solarAdmin, "POST", "/api/users/upsert", typed("lg@demo.local", { id: lgId }));
    expect(edit.statusCode).toBe(404);
    const me = await t.login("lg@demo.local");
    expect(
      (await inject(me, "GET", "/api/account/me")).json().organizations.map((o: { name: string }) => o.name),
    ).toEqual(["Summit Home East"]);
  });

  it("refuses a second invitation of the same email, and an email already a member", async () => {
    const again = await invite("lg@demo.local");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/pending invitation/);
    const member = await invite("solar.admin@demo.local");
    expect(member.statusCode).toBe(409);
  });

  it("emails the person an invitation naming the organization and the role", async () => {
    const mail = await mailTo("lg@demo.local");
    expect(mail.subject).toBe("Sol Rivera invited you to join BrightPath Solar on FieldLead");
    expect(mail.text).toMatch(/as a Lead Generator/);
    expect(linkOf(mail.text)).toHaveLength(40);
  });
});

describe("the person decides", () => {
  it("lists the invitation after sign-in; accepting makes them a member with their own identity", async () => {
    const lg = await t.login("lg@demo.local");
    const mine = (await inject(lg, "GET", "/api/account/invitations")).json().items;
    expect(mine).toEqual([
      expect.objectContaining({
        organizationName: "BrightPath Solar",
        roleName: "Lead Generator",
        invitedBy: "Sol Rivera",
      }),
    ]);
    // Someone else cannot accept it.
    const manager = await t.login("manager@demo.local");
    expect((await inject(manager, "PUT", `/api/account/invitations/${mine[0].id}/accept`)).statusCode).toBe(
      404,
    );

    const accepted = await inject(lg, "PUT", `/api/account/invitations/${mine[0].id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().currentOrganizationId).toBe(solar);
    expect(await orgsOf(lg)).toEqual([east, solar].sort());

    const lgId = ids.user["lg@demo.local"];
    const seen = await inject(solarAdmin, "GET", `/api/users/${lgId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      firstName: "Luis",
      lastName: "Generator",
      roleId: 14,
      sharedIdentity: true,
    });
    expect((await pending()).items.some((i: { email: string }) => i.email === "lg@demo.local")).toBe(false);
    expect((await inject(lg, "GET", "/api/account/invitations")).json().items).toEqual([]);
  });

  it("keeps the home organization in charge of its member after they joined another one", async () => {
    const lgId = ids.user["lg@demo.local"];
    const manager = await t.login("manager@demo.local", undefined, east);
    const now = (await inject(manager, "GET", `/api/users/${lgId}`)).json();
    const base = {
      id: lgId,
      firstName: now.firstName,
      lastName: now.lastName,
      email: now.email,
      phone: now.phone,
      languageIds: now.languageIds,
      timeZone: now.timeZone,
      hoursTypeId: now.hoursTypeId,
      roleId: now.roleId,
      territoryIds: now.territoryIds,
      storeIds: now.storeIds,
    };
    const rename = await inject(manager, "POST", "/api/users/upsert", { ...base, firstName: "Renamed" });
    expect(rename.statusCode).toBe(403);
    const lead = await inject(manager, "POST", "/api/users/upsert", { ...base, roleId: 15, storeIds: [] });
    expect(lead.statusCode).toBe(200);
    expect(lead.json().user).toMatchObject({ roleId: 15, storeIds: [] });
    const off = await inject(manager, "POST", "/api/users/upsert", { ...base, roleId: 15, isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().user.isActive).toBe(false);
    // Still a member of Solar, where nothing changed.
    const inSolar = (await inject(solarAdmin, "GET", `/api/users/${lgId}`)).json();
    expect(inSolar).toMatchObject({ isActive: true, roleId: 14 });
  });

  it("starts an account from the emailed link for a new email and signs the person in", async () => {
    const token = linkOf((await mailTo("brand.new@example.com")).text);
    const info = (await inject(null, "GET", `/api/account/invitation-links/${token}`)).json();
    expect(info).toMatchObject({
      valid: true,
      organizationName: "BrightPath Solar",
      roleName: "Lead Generator",
      email: "brand.new@example.com",
      firstName: "Pat",
      hasAccount: false,
    });
    const short = await inject(null, "PUT", `/api/account/invitation-links/${token}/accept`, {
      firstName: "Bea",
      lastName: "New",
      password: "short",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors["body.password"]).toBeDefined();
    const res = await inject(null, "PUT", `/api/account/invitation-links/${token}/accept`, {
      firstName: "Bea",
      lastName: "New",
      password: "a-new-password",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentOrganizationId: solar, roleId: 14 });
    const bea = await t.login("brand.new@example.com", "a-new-password");
    expect(await orgsOf(bea)).toEqual([solar]);
    const seen = (await inject(solarAdmin, "GET", `/api/users/${bea.userId}`)).json();
    expect(seen).toMatchObject({ firstName: "Bea", lastName: "New", phone: "5551234567", hasPassword: true });
    // The link is spent.
    expect((await inject(null, "GET", `/api/account/invitation-links/${token}`)).json().valid).toBe(false);
  });

  it("accepts from the link with an existing account's password only", async () => {
    await invite("manager@demo.local", { roleId: 3 });
    const token = linkOf((await mailTo("manager@demo.local")).text);
    const info = (await inject(null, "GET", `/api/account/invitation-links/${token}`)).json();
    expect(info.hasAccount).toBe(true);
    const wrong = await inject(null, "PUT", `/api/account/invitation-links/${token}/accept`, {
      password: "nope-nope",
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await inject(null, "PUT", `/api/account/invitation-links/${token}/accept`, {
      password: "demo1234",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().currentOrganizationId).toBe(solar);
    const managerId = ids.user["manager@demo.local"];
    expect((await inject(solarAdmin, "GET", `/api/users/${managerId}`)).json()).toMatchObject({
      firstName: "Morgan",
      roleId: 3,
    });
  });

  it("declining removes the pending row and changes nothing else", async () => {
    const deactivated = (await pending()).items.find((i: { email: string }) =>
      i.email.endsWith("demo.local"),
    );
    const token = linkOf((await mailTo(deactivated.email)).text);
    const before = await userIdOf(deactivated.email);
    const res = await inject(null, "PUT", `/api/account/invitation-links/${token}/decline`);
    expect(res.statusCode).toBe(200);
    expect((await pending()).items.some((i: { email: string }) => i.email === deactivated.email)).toBe(false);
    const memberships = await t.database.executeSql(
      "select count(*)::int as n from memberships where user_id = $1 and organization_id = $2",
      [before, solar],
    );
    expect((memberships.rows[0] as { n: number }).n).toBe(0);
    expect((await inject(null, "PUT", `/api/account/invitation-links/${token}/decline`)).statusCode).toBe(
      400,
    );
  });

  it("declines after sign-in too", async () => {
    await invite("analyst@demo.local", { roleId: 8 });
    const analyst = await t.login("analyst@demo.local");
    const [inv] = (await inject(analyst, "GET", "/api/account/invitations")).json().items;
    expect((await inject(analyst, "PUT", `/api/account/invitations/${inv.id}/decline`)).statusCode).toBe(200);
    expect((await inject(analyst, "GET", "/api/account/invitations")).json().items).toEqual([]);
    expect((await orgsOf(analyst)).includes(solar)).toBe(false);
  });
});

describe("an invitation's life", () => {
  it("expires after 72 hours: gone from the lists, the link refuses, the email can be invited again", async () => {
    const res = await invite("late@example.com");
    const id = res.json().invitation.id;
    const token = linkOf((await mailTo("late@example.com")).text);
    const hours = (new Date(res.json().invitation.expiresAt).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    await t.database.executeSql(
      "update membership_invitations set expires_at = now() - interval '1 second' where id = $1",
      [id],
    );
    expect((await pending()).items.some((i: { id: number }) => i.id === id)).toBe(false);
    expect((await inject(null, "GET", `/api/account/invitation-links/${token}`)).json().valid).toBe(false);
    const accept = await inject(null, "PUT", `/api/account/invitation-links/${token}/accept`, {
      firstName: "L",
      lastName: "Ate",
      password: "a-new-password",
    });
    expect(accept.statusCode).toBe(400);
    expect(accept.json().message).toMatch(/no longer open/);
    expect(await userIdOf("late@example.com")).toBeNull();
    expect((await invite("late@example.com")).statusCode).toBe(200);
  });

  it("resends with a new link once a minute at most, and the earlier link stops working", async () => {
    const res = await invite("again@example.com");
    const id = res.json().invitation.id;
    const first = linkOf((await mailTo("again@example.com")).text);
    const soon = await inject(solarAdmin, "PUT", `/api/users/invitations/${id}/resend`);
    expect(soon.statusCode).toBe(429);
    await t.database.executeSql(
      "update membership_invitations set sent_at = sent_at - interval '2 minutes' where id = $1",
      [id],
    );
    // Two resends at once email once: the cooldown is checked in the update itself.
    const both = await Promise.all([
      inject(solarAdmin, "PUT", `/api/users/invitations/${id}/resend`),
      inject(solarAdmin, "PUT", `/api/users/invitations/${id}/resend`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    await t.mailer.idle();
    const second = linkOf((await t.mailer.list(1))[0].text);
    expect(second).not.toBe(first);
    expect((await inject(null, "GET", `/api/account/invitation-links/${first}`)).json().valid).toBe(false);
    expect((await inject(null, "GET", `/api/account/invitation-links/${second}`)).json().valid).toBe(true);
  });

  it("is cancelled by the organization; another organization's ids answer 404", async () => {
    const res = await invite("cancel.me@example.com");
    const id = res.json().invitation.id;
    const eastAdmin = await t.login("admin@demo.local", undefined, east);
    expect((await inject(eastAdmin, "PUT", `/api/users/invitations/${id}/resend`)).statusCode).toBe(404);
    expect((await inject(eastAdmin, "DELETE", `/api/users/invitations/${id}`)).statusCode).toBe(404);
    expect((await pending(eastAdmin)).items.some((i: { id: number }) => i.id === id)).toBe(false);
    const token = linkOf((await mailTo("cancel.me@example.com")).text);
    expect((await inject(solarAdmin, "DELETE", `/api/users/invitations/${id}`)).statusCode).toBe(200);
    expect((await pending()).items.some((i: { id: number }) => i.id === id)).toBe(false);
    expect((await inject(null, "GET", `/api/account/invitation-links/${token}`)).json().valid).toBe(false);
  });

  it("keeps pending invitations from people who cannot add users", async () => {
    const lg = await t.login("lg@demo.local", undefined, east);
    expect((await inject(lg, "POST", "/api/users/invitations/search", {})).statusCode).toBe(403);
  });
});
