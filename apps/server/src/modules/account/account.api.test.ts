import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const linkFrom = (text: string) => /\/reset-password\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? "";

describe("account", () => {
  it("signs in and returns exactly the spec's logged-in user", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "ADMIN@demo.local", password: "demo1234" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "currentOrganizationId",
        "intFirstDayOfWeek",
        "organizations",
        "roleId",
        "subscriptionId",
        "token",
        "userId",
        "wingenWebConfig",
      ].sort(),
    );
    expect(body.organizations.map((o: { name: string }) => o.name)).toEqual([
      "Summit Home East",
      "Summit Home West",
    ]);
    expect(Object.keys(body.organizations[0]).sort()).toEqual(
      [
        "crmIntegrationId",
        "id",
        "intFirstDayOfWeek",
        "isDeleted",
        "isSmartCircleLG",
        "name",
        "organizationParentId",
        "showApproaches",
      ].sort(),
    );
    expect(body.roleId).toBe(2);
    expect(body.token.length).toBeGreaterThan(30);
  });

  it("refuses a wrong password with a clear message and the same answer for an unknown email", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "manager@demo.local", password: "nope-nope" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "nobody@demo.local", password: "nope-nope" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe("The email or password is incorrect.");
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(wrong.headers["content-type"]).toContain("application/problem+json");
  });

  it("answers 400 naming the field for a malformed sign-in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(["body.email"]);
    expect(res.json().errors).toHaveProperty(["body.password"]);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not valid JSON/);
  });

  it("locks an account after repeated failures and says for how long", async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/account/login",
        payload: { email: "analyst@demo.local", password: "wrong-password" },
      });
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "analyst@demo.local", password: "demo1234" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Try again in 1[45] minutes/);
  });

  it("me answers the logged-in user; logout revokes the token", async () => {
    const a = await t.login("manager@demo.local");
    const me = await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(a) });
    expect(me.statusCode).toBe(200);
    expect(me.json().userId).toBe(a.userId);
    const out = await t.app.inject({ method: "POST", url: "/api/account/logout", headers: h(a) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(a) });
    expect(after.statusCode).toBe(401);
  });

  it("rejects missing, malformed and unknown tokens", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/account/me" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: { authorization: "Basic abc" } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/account/me",
          headers: { authorization: "Bearer nope" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("switches organization only to one the caller belongs to", async () => {
    const a = await t.login("admin@demo.local");
    const west = await t.orgId("Summit Home West");
    const solar = await t.orgId("BrightPath Solar");
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/account/${west}/update-organization`,
      headers: h(a),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().currentOrganizationId).toBe(west);
    expect(ok.json().intFirstDayOfWeek).toBe(0);
    const me = await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(a) });
    expect(me.json().currentOrganizationId).toBe(west);
    const no = await t.app.inject({
      method: "PUT",
      url: `/api/account/${solar}/update-organization`,
      headers: h(a),
    });
    expect(no.statusCode).toBe(403);
    expect(no.json().message).toMatch(/not a member/);
  });

  it("answers 403 when CurrentOrganizationId names another organization, and 400 for a bad Offset", async () => {
    const a = await t.login("manager@demo.local");
    const solar = await t.orgId("BrightPath Solar");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/app/lookup-list",
      headers: h(a, { currentorganizationid: String(solar) }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not a member of organization/);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/app/lookup-list",
      headers: h(a, { offset: "east" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Offset/);
  });

  it("matches paths without regard to case", async () => {
    const a = await t.login("manager@demo.local");
    const res = await t.app.inject({ method: "GET", url: "/API/Account/ME", headers: h(a) });
    expect(res.statusCode).toBe(200);
  });

  it("unknown /api paths answer 404 JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/There is no API call/);
  });

  it("resets a password through a single-use emailed link", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/forgot-password",
      payload: { email: "scheduler@demo.local" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/account/forgot-password",
      payload: { email: "ghost@demo.local" },
    });
    expect(res.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    await t.mailer.idle();
    const [mail] = await t.mailer.list(1);
    expect(mail.to).toBe("scheduler@demo.local");
    const linkId = linkFrom(mail.text);
    expect(linkId).toMatch(/^[A-Za-z0-9]{40}$/);

    const v = await t.app.inject({ method: "GET", url: `/api/account/reset-password/${linkId}/validate` });
    expect(v.json()).toMatchObject({ valid: true, email: "scheduler@demo.local", purpose: "reset" });

    const old = await t.login("scheduler@demo.local");
    const short = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "short" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors["body.password"][0]).toMatch(/at least 8/);

    const done = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "new-password-1" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    // Older sessions end with a reset.
    expect((await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(old) })).statusCode).toBe(
      401,
    );

    const again = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "new-password-2" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
    const v2 = await t.app.inject({ method: "GET", url: `/api/account/reset-password/${linkId}/validate` });
    expect(v2.json()).toMatchObject({ valid: false, reason: "used" });
    await t.login("scheduler@demo.local", "new-password-1");
  });

  it("refuses an expired link", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/account/forgot-password",
      payload: { email: "fmm@demo.local" },
    });
    await t.mailer.idle();
    const [mail] = await t.mailer.list(1);
    const linkId = linkFrom(mail.text);
    await t.database.executeSql(
      "update password_links set expires_at = now() - interval '1 minute' where used_at is null",
      [],
    );
    const v = await t.app.inject({ method: "GET", url: `/api/account/reset-password/${linkId}/validate` });
    expect(v.json()).toMatchObject({ valid: false, reason: "expired" });
    const r = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "whatever-123" },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/expired/);
    const unknown = await t.app.inject({ method: "GET", url: "/api/account/reset-password/abc123/validate" });
    expect(unknown.json()).toMatchObject({ valid: false, reason: "unknown" });
  });
});
