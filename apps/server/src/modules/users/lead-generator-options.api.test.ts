import type { LeadGeneratorOption } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, MEMBER_PASSWORD, type TestApp } from "../../../test/harness";
import { demoIds } from "../../../test/ids";

/** The lead generator search of the lookup list (`appApi.leadGeneratorOptions`), a page at a time. */

let t: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t);
});
afterAll(() => t?.close());

type OptionsPage = { items: LeadGeneratorOption[]; total: number; page: number; pageSize: number };

const search = (a: AuthHeaders, body: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/app/lookup-list/lead-generators/search",
    headers: h(a),
    payload: body,
  });
const options = async (a: AuthHeaders, body: Record<string, unknown> = {}) => {
  const res = await search(a, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OptionsPage;
};
const names = (p: OptionsPage) => p.items.map((l) => l.name);
const lookupList = async (a: AuthHeaders, query = "") =>
  (await t.app.inject({ method: "GET", url: `/api/app/lookup-list${query}`, headers: h(a) })).json()
    .leadGenerator as LeadGeneratorOption[];

/** Summit Home East's active lead generators, by name. */
const EAST_ACTIVE = [
  "Ava Garcia",
  "Emma Martinez",
  "Ethan Davis",
  "Isabella Smith",
  "Lena Lead",
  "Liam Lee",
  "Lucas Nguyen",
  "Luis Generator",
  "Noah Brown",
  "Sofia Kim",
];

describe("the lead generator search", () => {
  it("answers the active lead generators by name, a page at a time, as the lookup list lists them", async () => {
    const admin = await t.login("admin@demo.local");
    const first = await options(admin);
    expect(first).toMatchObject({ total: 10, page: 1, pageSize: 25 });
    expect(names(first)).toEqual(EAST_ACTIVE);
    expect(first.items).toEqual(await lookupList(admin));
    const pages: OptionsPage[] = [];
    for (let page = 1; page <= 4; page++) pages.push(await options(admin, { page, pageSize: 3 }));
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 3, 1]);
    expect(pages.every((p) => p.total === 10)).toBe(true);
    expect(pages.flatMap(names)).toEqual(EAST_ACTIVE);
  });

  it("adds the inactive ones after the active ones when asked, named ' - Inactive'", async () => {
    const admin = await t.login("admin@demo.local");
    const all = await options(admin, { includeInactive: true });
    expect(all.total).toBe(11);
    expect(names(all)).toEqual([...EAST_ACTIVE, "Mia Patel - Inactive"]);
    expect(all.items).toEqual(await lookupList(admin, "?includeInactive=true"));
    const mia = all.items[10].id;
    expect((await options(admin, { ids: [mia] })).total).toBe(0);
    expect(names(await options(admin, { ids: [mia], includeInactive: true }))).toEqual([
      "Mia Patel - Inactive",
    ]);
    expect((await options(admin, { search: "mia" })).total).toBe(0);
  });

  it("finds by every word of the first or last name, and resolves exactly the ids asked", async () => {
    const admin = await t.login("admin@demo.local");
    expect(names(await options(admin, { search: "IS" }))).toEqual([
      "Ethan Davis",
      "Isabella Smith",
      "Luis Generator",
    ]);
    expect(names(await options(admin, { search: "lena lead" }))).toEqual(["Lena Lead"]);
    expect(names(await options(admin, { search: "lena garcia" }))).toEqual([]);
    expect((await options(admin, { search: "%" })).total).toBe(0);
    const lg = ids.user["lg@demo.local"];
    const lena = ids.user["lglead@demo.local"];
    const found = await options(admin, { ids: [lena, lg] });
    expect(found.items.map((l) => l.id)).toEqual([lena, lg]);
    expect(found.items[0]).toEqual({
      id: lena,
      name: "Lena Lead",
      isActive: true,
      organizationsTerritoryIds: [ids.territory["North Jersey"]],
    });
    // Someone who is not a lead generator is not one to pick.
    expect((await options(admin, { ids: [ids.user["manager@demo.local"]] })).total).toBe(0);
    expect(names(await options(admin, { territoryIds: [ids.territory["Long Island"]] }))).toEqual([
      "Ethan Davis",
      "Noah Brown",
      "Sofia Kim",
    ]);
  });

  it("gives a lead generator only themselves, and a territory-limited role only their territories' lead generators", async () => {
    const lg = await t.login("lg@demo.local");
    expect((await options(lg)).items.map((l) => l.id)).toEqual([lg.userId]);
    expect((await options(lg, { ids: [ids.user["lglead@demo.local"]], includeInactive: true })).total).toBe(
      0,
    );
    const tm = await t.login("territory@demo.local");
    expect(names(await options(tm))).toEqual(["Emma Martinez", "Isabella Smith", "Lucas Nguyen"]);
    expect((await options(tm, { ids: [ids.user["lg@demo.local"]] })).total).toBe(0);
    expect((await options(tm, { territoryIds: [ids.territory["North Jersey"]] })).total).toBe(0);
    // A territory-limited role with no territory: no lead generator and no store, rather than every one.
    const admin = await t.login("admin@demo.local");
    await t.addMember(h(admin), {
      firstName: "Nina",
      lastName: "Noterritory",
      email: "nina.options@example.com",
      roleId: 5,
    });
    const nina = await t.login("nina.options@example.com", MEMBER_PASSWORD);
    expect((await options(nina, { includeInactive: true })).total).toBe(0);
    const stores = await t.app.inject({
      method: "POST",
      url: "/api/app/lookup-list/stores/search",
      headers: h(nina),
      payload: { includeInactive: true },
    });
    expect(stores.json().total).toBe(0);
  });

  it("never answers another organization's lead generators", async () => {
    const east = [ids.user["lg@demo.local"], ids.user["lglead@demo.local"]];
    const west = await t.login("partner@demo.local");
    expect((await options(west)).items.length).toBeGreaterThan(0);
    expect(await options(west, { ids: east, includeInactive: true })).toMatchObject({ items: [], total: 0 });
    expect((await options(west, { search: "lena" })).total).toBe(0);
    const solar = await t.login("solar.admin@demo.local");
    expect((await options(solar, { ids: east, includeInactive: true })).total).toBe(0);
    const admin = await t.login("admin@demo.local", undefined, await t.orgId("Summit Home West"));
    expect((await options(admin, { ids: east, includeInactive: true })).total).toBe(0);
  });

  it("refuses a page of more than 100, more than 200 ids and a search of more than 100 characters", async () => {
    const admin = await t.login("admin@demo.local");
    const cases: [Record<string, unknown>, string][] = [
      [{ pageSize: 101 }, "body.pageSize"],
      [{ ids: Array.from({ length: 201 }, (_, i) => i + 1) }, "body.ids"],
      [{ search: "x".repeat(101) }, "body.search"],
      [{ territoryIds: Array.from({ length: 201 }, (_, i) => i + 1) }, "body.territoryIds"],
    ];
    for (const [body, field] of cases) {
      const res = await search(admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), field).toContain(field);
    }
  });
});
