import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { LAPSED_INVITATION_DAYS, usersJobs } from "./index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const invite = async (email: string) => {
  const admin = await t.login("admin@demo.local");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users/upsert",
    headers: { authorization: admin.authorization, currentorganizationid: admin.currentorganizationid },
    payload: { firstName: "Pat", lastName: "Later", email, roleId: 14 },
  });
  expect(res.statusCode).toBe(200);
};
const lapse = (email: string, days: number) =>
  t.database.executeSql(
    "update membership_invitations set expires_at = now() - make_interval(days => $2) where email = $1",
    [email, days],
  );
const stillThere = async (email: string) =>
  (
    (
      await t.database.executeSql("select count(*)::int as n from membership_invitations where email = $1", [
        email,
      ])
    ).rows[0] as { n: number }
  ).n;

describe("the users area's schedule", () => {
  it("forgets invitations that lapsed more than a month ago, and keeps the rest", async () => {
    await invite("open@example.com");
    await invite("lapsed-lately@example.com");
    await invite("lapsed-long-ago@example.com");
    await lapse("lapsed-lately@example.com", LAPSED_INVITATION_DAYS - 1);
    await lapse("lapsed-long-ago@example.com", LAPSED_INVITATION_DAYS + 1);

    const [prune] = usersJobs(t.app.deps.platform).schedules.filter((s) => s.name === "invitations.prune");
    expect(prune.cron).toBe("23 4 * * *");
    await prune.run();

    expect(await stillThere("open@example.com")).toBe(1);
    expect(await stillThere("lapsed-lately@example.com")).toBe(1);
    expect(await stillThere("lapsed-long-ago@example.com")).toBe(0);
  });
});
