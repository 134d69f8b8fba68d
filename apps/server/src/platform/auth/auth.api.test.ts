import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

/**
 * The check every signed-in request makes, now one statement (session.repository.ts `authenticate`, decision 0028):
 * each way a session or a standing can end is seen by the very next request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const sql = (text: string, values: unknown[] = []) => t.database.executeSql(text, values);
const tenantCall = (a: AuthHeaders, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/app/lookup-list?compact=true", headers: h(a, headers) });
const sessionCall = (a: AuthHeaders) =>
  t.app.inject({ method: "GET", url: "/api/account/me", headers: h(a) });

describe("every signed-in request", () => {
  it("builds the tenant context from the session and the membership: role, organization settings, territories", async () => {
    const regional = await t.login("regional@demo.local");
    const org = Number(regional.currentorganizationid);
    const [m] = (
      await sql(
        `select m.id, array(select territory_id from membership_territories mt where mt.membership_id = m.id
           order by territory_id) as territories
         from memberships m where m.user_id = $1 and m.organization_id = $2`,
        [regional.userId, org],
      )
    ).rows as { id: number; territories: number[] }[];
    expect(m.territories.length).toBeGreaterThan(0);
    // The territories limit what the caller sees: the lookup list's territories are exactly theirs.
    const res = await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(regional) });
    expect(res.statusCode).toBe(200);
    const seen = (res.json().organizationTerritories as { id: number }[])
      .map((x) => x.id)
      .sort((a, b) => a - b);
    const active = (
      await sql(
        "select id from territories where organization_id = $1 and is_active and id = any($2) order by id",
        [org, m.territories],
      )
    ).rows.map((r) => (r as { id: number }).id);
    expect(seen).toEqual(active);
  });

  it("ends with the session: signed out, revoked, expired, or the person disabled (401 each, on the next call)", async () => {
    const out = await t.login("manager@demo.local");
    expect((await tenantCall(out)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/account/logout", headers: h(out) })).statusCode,
    ).toBe(200);
    expect((await tenantCall(out)).statusCode).toBe(401);
    expect((await sessionCall(out)).statusCode).toBe(401);

    const expired = await t.login("manager@demo.local");
    await sql(
      "update sessions set expires_at = now() - interval '1 second' where user_id = $1 and revoked_at is null",
      [expired.userId],
    );
    expect((await tenantCall(expired)).statusCode).toBe(401);

    const disabled = await t.login("analyst@demo.local");
    expect((await tenantCall(disabled)).statusCode).toBe(200);
    await sql("update users set is_platform_active = false where id = $1", [disabled.userId]);
    const res = await tenantCall(disabled);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/session has ended/i);
    await sql("update users set is_platform_active = true where id = $1", [disabled.userId]);
  });

  it("refuses an organization the person no longer belongs to: membership made inactive, organization deleted (403)", async () => {
    const a = await t.login("scheduler@demo.local");
    const org = Number(a.currentorganizationid);
    expect((await tenantCall(a)).statusCode).toBe(200);
    await sql("update memberships set is_active = false where user_id = $1 and organization_id = $2", [
      a.userId,
      org,
    ]);
    const res = await tenantCall(a);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(new RegExp(`not a member of organization ${org}`));
    await sql("update memberships set is_active = true where user_id = $1 and organization_id = $2", [
      a.userId,
      org,
    ]);
    expect((await tenantCall(a)).statusCode).toBe(200);

    const west = await t.orgId("Summit Home West");
    const admin = await t.login("admin@demo.local", undefined, west);
    expect((await tenantCall(admin)).statusCode).toBe(200);
    await sql("update organizations set is_deleted = true where id = $1", [west]);
    expect((await tenantCall(admin)).statusCode).toBe(403);
    await sql("update organizations set is_deleted = false where id = $1", [west]);
  });

  it("lets the platform operator into any live organization without a membership, and no one else", async () => {
    const sa = await t.login("superadmin@demo.local");
    const solar = await t.orgId("BrightPath Solar");
    const [member] = (
      await sql("select count(*)::int as n from memberships where user_id = $1 and organization_id = $2", [
        sa.userId,
        solar,
      ])
    ).rows as { n: number }[];
    expect(member.n).toBe(0);
    expect((await tenantCall(sa, { currentorganizationid: String(solar) })).statusCode).toBe(200);
    const manager = await t.login("manager@demo.local");
    expect((await tenantCall(manager, { currentorganizationid: String(solar) })).statusCode).toBe(403);
    expect((await tenantCall(sa, { currentorganizationid: "999999" })).statusCode).toBe(403);
  });

  it("checks the session before the organization header: a stranger with a bad header gets 401, a member 400", async () => {
    const stranger = { authorization: "Bearer not-a-token", currentorganizationid: "abc" };
    const res = await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: stranger });
    expect(res.statusCode).toBe(401);
    const a = await t.login("manager@demo.local");
    const bad = await tenantCall(a, { currentorganizationid: "abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CurrentOrganizationId/);
    // No header: the session's current organization.
    const { currentorganizationid: _, ...noHeader } = h(a);
    const current = await t.app.inject({
      method: "GET",
      url: "/api/app/lookup-list?compact=true",
      headers: noHeader,
    });
    expect(current.statusCode).toBe(200);
  });
});
