import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./demo-logins";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("the demo seed", () => {
  it("creates every login the start banner prints, signing in with the demo password in the roles listed", async () => {
    for (const l of DEMO_LOGINS) {
      const a = await t.login(l.email, DEMO_PASSWORD);
      const rows = (
        await t.database.executeSql(
          "select m.role_id, m.subscription_id from memberships m where m.user_id = $1 order by m.id",
          [a.userId],
        )
      ).rows as { role_id: number; subscription_id: number }[];
      expect(
        rows.map((r) => [r.role_id, r.subscription_id]),
        l.email,
      ).toEqual(l.places.map((p) => [p.roleId, p.subscriptionId ?? 1]));
    }
  });
});
