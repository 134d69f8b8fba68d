import { allEndpoints, can, fillPath, flattenMenu, MENU, ROLES, SUBSCRIPTIONS } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp } from "./harness";

/**
 * The permissions walk (docs/decisions/0026): every role in every subscription, over every menu entry. Whoever
 * the menu shows an entry to is let through its first call by the server (200), and whoever it hides it from is
 * refused (403), both read from the same capability in contracts' permissions.ts.
 */
let t: TestApp;
let organizationId: number;
const people = new Map<string, AuthHeaders>();
const personaKey = (roleId: number, subscriptionId: number) => `${roleId}/${subscriptionId}`;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = await t.orgId("Summit Home East");
  const sql = (text: string, params: unknown[] = []) => t.database.executeSql(text, params);
  // Every demo account has the demo password: the walk's people share the admin's hash.
  const [{ password_hash: hash }] = (
    await sql("select password_hash from users where email = 'admin@demo.local'")
  ).rows as { password_hash: string }[];
  const [{ id: territoryId }] = (
    await sql("select id from territories where organization_id = $1 order by id limit 1", [organizationId])
  ).rows as { id: number }[];
  for (const role of ROLES)
    for (const sub of SUBSCRIPTIONS) {
      const email = `walk.${role.id}.${sub.id}@demo.local`;
      const [{ id: userId }] = (
        await sql(
          `insert into users (uid, email, password_hash, first_name, last_name)
           values (gen_random_uuid()::text, $1, $2, 'Walk', $3) returning id`,
          [email, hash, `${role.id}-${sub.id}`],
        )
      ).rows as { id: number }[];
      const [{ id: membershipId }] = (
        await sql(
          `insert into memberships (organization_id, user_id, role_id, subscription_id)
           values ($1, $2, $3, $4) returning id`,
          [organizationId, userId, role.id, sub.id],
        )
      ).rows as { id: number }[];
      await sql(
        "insert into membership_territories (organization_id, membership_id, territory_id) values ($1, $2, $3)",
        [organizationId, membershipId, territoryId],
      );
      people.set(personaKey(role.id, sub.id), await t.login(email, undefined, organizationId));
    }
}, 120_000);
afterAll(() => t?.close());

// A menu entry names its first call (menu.ts holds names, not route objects: decision 0029); each name is one
// definition's.
const byName = new Map(allEndpoints.map((e) => [e.name as string, e]));
const firstCalls = flattenMenu().flatMap((e) => {
  if (!e.firstCall) return [];
  const endpoint = byName.get(e.firstCall.endpoint);
  if (!endpoint)
    throw new Error(`The menu entry ${e.key} names an unknown endpoint, ${e.firstCall.endpoint}.`);
  return [{ ...e, firstCall: { endpoint, gate: e.firstCall.gate } }];
});

describe("the permissions walk", () => {
  it("covers the menu's built screens", () => {
    expect(firstCalls.map((e) => e.key).sort()).toEqual(
      [
        "dashboard",
        "capture",
        "leads",
        "users",
        "stores",
        "appointment-types",
        "appointment-windows",
        "appointment-calendar",
        "appointment-upcoming",
        "qr-codes",
        "charts",
        "reports-funnel",
        "reports-smart-circle-users",
        "settings-service-types",
        "settings-business-contacts",
        "settings-lead-capture",
        "settings-destinations",
        "deliveries",
        "labor-history",
        "labor-time-logs",
        "labor-missing-punches",
        "labor-hours",
        "labor-schedules",
        "labor-activities",
        "platform-mailbox",
        "notifications",
        "support-documents",
        "support-tutorials",
      ].sort(),
    );
    expect(MENU.length).toBeGreaterThan(0);
  });

  for (const role of ROLES)
    for (const sub of SUBSCRIPTIONS) {
      it(`${role.name} in ${sub.name}: the server answers each menu entry's first call as the menu shows it`, async () => {
        const who = { roleId: role.id, subscriptionId: sub.id };
        const headers = people.get(personaKey(role.id, sub.id)) as AuthHeaders;
        const wrong: string[] = [];
        for (const entry of firstCalls) {
          const { endpoint, gate = entry.capability } = entry.firstCall;
          // Whoever opens the screen may make its first call.
          if (can(who, entry.capability))
            expect(can(who, gate), `${entry.key} opens without ${gate}`).toBe(true);
          const params = Object.fromEntries(
            // A territory in a path is 0, every territory the caller reaches (the dashboard's first call).
            [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => [
              m[1],
              m[1] === "territoryId" ? 0 : organizationId,
            ]),
          );
          const res = await t.app.inject({
            method: endpoint.method,
            url: fillPath(endpoint, params),
            headers,
            ...(endpoint.method === "GET" ? {} : { payload: {} }),
          });
          const expected = can(who, gate) ? 200 : 403;
          if (res.statusCode !== expected)
            wrong.push(
              `${entry.key} (${endpoint.name}): ${res.statusCode}, expected ${expected}: ${res.body.slice(0, 120)}`,
            );
        }
        expect(wrong).toEqual([]);
      });
    }

  it("holds the three drifts as decided: analysts read leads, schedulers are refused the Smart Circle report, schedulers and analysts read the users page", async () => {
    const analyst = people.get(personaKey(8, 1)) as AuthHeaders;
    const scheduler = people.get(personaKey(7, 1)) as AuthHeaders;
    const post = (h: AuthHeaders, url: string) =>
      t.app.inject({ method: "POST", url, headers: h, payload: {} });
    expect((await post(analyst, "/api/leads/internal/search")).statusCode).toBe(200);
    expect((await post(scheduler, "/api/organizations/reports/smart-circle-users")).statusCode).toBe(403);
    expect((await post(scheduler, "/api/users/search")).statusCode).toBe(200);
    expect((await post(analyst, "/api/users/search")).statusCode).toBe(200);
  });
});
