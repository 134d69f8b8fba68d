import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { sha256 } from "../../platform/crypto";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const linkFrom = (text: string) => /\/reset-password\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? "";

/** Asks for a reset link for `email` and reads it from the development mailbox. */
async function requestLink(email: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/account/forgot-password", payload: { email } });
  expect(res.statusCode).toBe(200);
  await t.mailer.idle();
  const [mail] = await t.mailer.list(1);
  expect(mail.to).toBe(email);
  const linkId = linkFrom(mail.text);
  expect(linkId).toMatch(/^[A-Za-z0-9]{40}$/);
  return linkId;
}
const validate = async (linkId: string) =>
  (await t.app.inject({ method: "GET", url: `/api/account/reset-password/${linkId}/validate` })).json();
const reset = (linkId: string, password: string) =>
  t.app.inject({ method: "PUT", url: "/api/account/reset-password", payload: { linkId, password } });

describe("a newer reset link replaces the older one (POST /api/account/forgot-password)", () => {
  it("leaves only the latest reset link working: the earlier one answers as used and resets nothing", async () => {
    const first = await requestLink("territory@demo.local");
    expect(await validate(first)).toMatchObject({ valid: true, purpose: "reset" });
    const second = await requestLink("territory@demo.local");
    expect(second).not.toBe(first);

    expect(await validate(first)).toMatchObject({ valid: false, reason: "used" });
    const stale = await reset(first, "stale-password-1");
    expect(stale.statusCode).toBe(400);
    expect(stale.headers["content-type"]).toContain("application/problem+json");
    expect(stale.json().message).toBe("This link has already been used. Ask for a new one.");
    // The old password still signs in: the stale link changed nothing.
    await t.login("territory@demo.local");

    expect(await validate(second)).toMatchObject({ valid: true, email: "territory@demo.local" });
    const done = await reset(second, "fresh-password-1");
    expect(done.statusCode).toBe(200);
    expect(done.json().token).toBeTruthy();
    await t.login("territory@demo.local", "fresh-password-1");
    await expect(t.login("territory@demo.local", "stale-password-1")).rejects.toThrow(/401/);
  });

  it("does not touch another person's reset link, nor the person's invitation link", async () => {
    const userId = (
      (await t.database.executeSql("select id from users where email = 'lglead@demo.local'", [])).rows[0] as {
        id: number;
      }
    ).id;
    const east = await t.orgId("Summit Home East");
    // An open invitation link of the same person (issued as the users module does, 72 hours).
    const invite = "InvitationLinkForTheSamePerson0123456789";
    await t.database.executeSql(
      "insert into password_links (link_hash, user_id, purpose, organization_id, expires_at) values ($1, $2, 'invite', $3, now() + interval '72 hours')",
      [sha256(invite), userId, east],
    );
    const someoneElse = await requestLink("fmm@demo.local");
    await requestLink("lglead@demo.local");
    await requestLink("lglead@demo.local");

    expect(await validate(invite)).toMatchObject({ valid: true, purpose: "invite" });
    expect(await validate(someoneElse)).toMatchObject({ valid: true, email: "fmm@demo.local" });
    const open = await t.database.executeSql(
      "select purpose, count(*)::int as n from password_links where user_id = $1 and used_at is null group by purpose order by purpose",
      [userId],
    );
    expect(open.rows).toEqual([
      { purpose: "invite", n: 1 },
      { purpose: "reset", n: 1 },
    ]);
  });
});
