import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
let admin: AuthHeaders;
let west: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login("admin@demo.local");
  west = await t.orgId("Summit Home West");
});
afterAll(() => t?.close());

const linkFrom = (text: string) => /\/reset-password\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? "";
const inWest = (a: AuthHeaders) => h(a, { currentorganizationid: String(west) });
const invite = (a: AuthHeaders, id: number, headers = h(a)) =>
  t.app.inject({ method: "PUT", url: `/api/users/${id}/invite`, headers });
const ivy = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Ivy",
  lastName: "Invitee",
  email,
  roleId: 14,
  ...extra,
});
/**
 * A West member without a password, as seeded or imported data may hold: people join by accepting an
 * invitation (which sets a password), so the password is cleared afterwards.
 */
const create = async (email: string, extra: Record<string, unknown> = {}) => {
  const member = await t.addMember(inWest(admin), ivy(email, extra));
  await t.database.executeSql("update users set password_hash = null where id = $1", [member.id]);
  const res = await t.app.inject({ method: "GET", url: `/api/users/${member.id}`, headers: inWest(admin) });
  expect(res.statusCode).toBe(200);
  return { user: res.json() };
};
/** Saves a West member's whole form (the upsert with `id`). */
const save = async (user: { id: number; email: string }, extra: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/upsert",
    headers: inWest(admin),
    payload: { ...ivy(user.email, extra), id: user.id },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Moves a person's invitations two minutes into the past, beyond the resend pause. */
const backdateInvitations = (userId: number) =>
  t.database.executeSql(
    "update password_links set created_at = created_at - interval '2 minutes' where user_id = $1",
    [userId],
  );
const lastMail = async () => {
  await t.mailer.idle();
  return (await t.mailer.list(1))[0];
};

describe("invitations", () => {
  it("invites a member without a password end to end: email, link, password, signed in to the inviting organization", async () => {
    const { user } = await create("ivy@example.com");
    expect(user.hasPassword).toBe(false);
    const res = await invite(admin, user.id, inWest(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message:
        "We emailed ivy@example.com an invitation to set a password; the link works once, for 72 hours.",
      email: "ivy@example.com",
      expiresInHours: 72,
      alreadyActive: false,
    });
    const mail = await lastMail();
    expect(mail.to).toBe("ivy@example.com");
    expect(mail.subject).toBe("You are invited to Summit Home West on FieldLead");
    expect(mail.text).toMatch(/Alex Admin invited you/);
    const linkId = linkFrom(mail.text);
    const valid = await t.app.inject({
      method: "GET",
      url: `/api/account/reset-password/${linkId}/validate`,
    });
    expect(valid.json()).toMatchObject({ valid: true, email: "ivy@example.com", purpose: "invite" });
    const done = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "ivy-password-1" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ userId: user.id, currentOrganizationId: west, roleId: 14 });
    const ivy = await t.login("ivy@example.com", "ivy-password-1");
    expect(ivy.currentorganizationid).toBe(String(west));
    const after = (
      await t.app.inject({ method: "GET", url: `/api/users/${user.id}`, headers: inWest(admin) })
    ).json();
    expect(after.hasPassword).toBe(true);
    expect(after.lastInvitedAt).not.toBeNull();
  });

  it("makes a new link on each resend; the older one works until one of them is used", async () => {
    const { user } = await create("twice@example.com");
    await invite(admin, user.id, inWest(admin));
    const first = linkFrom((await lastMail()).text);
    await backdateInvitations(user.id);
    await invite(admin, user.id, inWest(admin));
    const second = linkFrom((await lastMail()).text);
    expect(second).not.toBe(first);
    const v1 = await t.app.inject({ method: "GET", url: `/api/account/reset-password/${first}/validate` });
    expect(v1.json().valid).toBe(true);
    const used = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId: first, password: "first-link-1" },
    });
    expect(used.statusCode).toBe(200);
    const v2 = await t.app.inject({ method: "GET", url: `/api/account/reset-password/${second}/validate` });
    expect(v2.json()).toMatchObject({ valid: false, reason: "used" });
  });

  it("pauses a minute between two invitations to the same person, and says how long to wait", async () => {
    const { user } = await create("eager@example.com");
    expect((await invite(admin, user.id, inWest(admin))).statusCode).toBe(200);
    await t.mailer.idle();
    const sent = (await t.mailer.list(50)).filter((m) => m.to === "eager@example.com").length;
    const again = await invite(admin, user.id, inWest(admin));
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(
      /^An invitation was emailed to eager@example.com moments ago\. Wait \d+ seconds? before sending another\.$/,
    );
    await t.mailer.idle();
    expect((await t.mailer.list(50)).filter((m) => m.to === "eager@example.com")).toHaveLength(sent);
    // Once the pause has passed, resending works.
    await backdateInvitations(user.id);
    expect((await invite(admin, user.id, inWest(admin))).statusCode).toBe(200);
  });

  it("sends one invitation when two requests for the same person arrive at once", async () => {
    const { user } = await create("at-once@example.com");
    await t.mailer.idle();
    const before = (await t.mailer.list(50)).filter((m) => m.to === "at-once@example.com").length;
    const answers = await Promise.all([1, 2, 3].map(() => invite(admin, user.id, inWest(admin))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    await t.mailer.idle();
    expect((await t.mailer.list(50)).filter((m) => m.to === "at-once@example.com")).toHaveLength(before + 1);
  });

  it("still sends a link to someone who already has a password, and says so", async () => {
    const lg = await t.login("lg@demo.local");
    const res = await invite(admin, lg.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().alreadyActive).toBe(true);
    expect(res.json().message).toMatch(/already has a password/);
    expect((await lastMail()).to).toBe("lg@demo.local");
  });

  it("invites on save when asked, and refuses to invite a deactivated person", async () => {
    const { user } = await create("onsave@example.com");
    const saved = await save(user, { sendInvitation: true });
    expect(saved.result).toBe("updated");
    expect(saved.invitationSent).toBe(true);
    expect(saved.message).toBe("Ivy Invitee was saved. A sign-in link was emailed to onsave@example.com.");
    expect(saved.user.lastInvitedAt).not.toBeNull();
    const mail = await lastMail();
    expect(mail.to).toBe("onsave@example.com");
    expect(linkFrom(mail.text)).not.toBe("");
    const { user: offUser } = await create("off@example.com");
    const off = await save(offUser, { isActive: false, sendInvitation: true });
    expect(off.invitationSent).toBe(false);
    expect(off.user.isActive).toBe(false);
    const res = await invite(admin, off.user.id, inWest(admin));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Ivy Invitee is deactivated. Activate them before sending an invitation.",
    );
  });

  it("lets managers invite only people they manage", async () => {
    const manager = await t.login("manager@demo.local");
    expect((await invite(manager, admin.userId)).statusCode).toBe(403);
    const regional = await t.login("regional@demo.local");
    const lglead = await t.login("lglead@demo.local");
    expect((await invite(regional, lglead.userId)).statusCode).toBe(200);
    expect((await invite(lglead, lglead.userId)).statusCode).toBe(403);
  });
});
