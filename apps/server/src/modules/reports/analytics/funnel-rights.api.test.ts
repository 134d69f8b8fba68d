import { type FunnelReportResponse, ROLE, SUBSCRIPTION } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import type { AuthHeaders } from "../../../../test/harness";
import { A_MARCH_TOTALS, useAnalyticsWorld, WORLD_PERIOD } from "./analytics.test-support";
import { FUNNEL_EXPORT_MAX_ROWS } from "./funnel.service";

/**
 * Who reads the funnel, and which rows (docs/decisions/0026, 0042): each role's right to the reports and the
 * dashboard, the row scope of a territory manager, a portal and a territory-limited role without territories, the
 * owner group's organizations and nothing of an unrelated one, another organization's ids, and bad input.
 */

const { app, w, k } = useAnalyticsWorld();

const post = (caller: AuthHeaders, path: string, body: Record<string, unknown> = {}) =>
  k.post(caller, path, { ...WORLD_PERIOD, pageSize: 200, ...body });
const read = (caller: AuthHeaders, path: string, body: Record<string, unknown> = {}) =>
  k.json<FunnelReportResponse>(post(caller, path, body));
const names = (r: FunnelReportResponse) => r.items.map((i) => i.name);

describe("rights", () => {
  it("analysts and managers read the reports and the dashboard", async () => {
    for (const caller of [w.caller.analyst, w.caller.manager]) {
      expect((await post(caller, "/api/reports/lg-ag-analysis")).statusCode).toBe(200);
      expect((await post(caller, "/api/dashboard/users")).statusCode).toBe(200);
      expect((await k.get(caller, "/api/dashboard/panels/0", WORLD_PERIOD)).statusCode).toBe(200);
    }
  });

  it("a lead generator reads neither (403 with the reason)", async () => {
    const r = await post(w.caller.leadGenerator, "/api/reports/lg-ag-analysis");
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe("Reports are for managers and analysts.");
    expect((await post(w.caller.leadGenerator, "/api/dashboard/stores")).statusCode).toBe(403);
    expect((await k.get(w.caller.leadGenerator, "/api/dashboard/panels/0")).statusCode).toBe(403);
  });

  it("a scheduler reads the dashboard but not the reports", async () => {
    expect((await post(w.caller.scheduler, "/api/dashboard/stores")).statusCode).toBe(200);
    expect((await post(w.caller.scheduler, "/api/reports/store-lead")).statusCode).toBe(403);
    expect(
      (await k.get(w.caller.scheduler, "/api/dashboard/stores/export", { format: "csv" })).statusCode,
    ).toBe(200);
    const file = await k.get(w.caller.leadGenerator, "/api/dashboard/stores/export", { format: "csv" });
    expect(file.statusCode).toBe(403);
  });

  it("a territory manager reads only their territory's leads and the hours at its stores", async () => {
    const r = await read(w.caller.territoryManager, "/api/reports/store-lead");
    expect(r.items.map((i) => [i.name, i.leads, i.rejected, i.hoursWorked])).toEqual([
      ["Maple Store", 6, 1, 17.5],
    ]);
    // Asking for the other territory narrows to nothing; it never widens.
    const other = await read(w.caller.territoryManager, "/api/reports/store-lead", {
      territoryIds: [w.territory.south],
    });
    expect(other.items).toEqual([]);
    expect(other.totals.leads).toBe(0);
    const panels = await k.json<{ current: { leads: number } }>(
      k.get(w.caller.territoryManager, `/api/dashboard/panels/${w.territory.north}`, WORLD_PERIOD),
    );
    expect(panels.current.leads).toBe(6);
    expect(
      (await k.get(w.caller.territoryManager, `/api/dashboard/panels/${w.territory.south}`)).statusCode,
    ).toBe(404);
  });

  it("a territory-limited role without territories reads nothing", async () => {
    const r = await read(w.caller.fieldMarketingManager, "/api/reports/lg-ag-analysis");
    expect(r.items).toEqual([]);
    expect(r.totals).toMatchObject({ leads: 0, rejected: 0, hoursWorked: 0 });
  });

  it("a portal user reads its program's leads, and no labor", async () => {
    const r = await read(w.caller.portal, "/api/reports/store-lead");
    expect(r.items.map((i) => [i.name, i.leads, i.rejected, i.appointmentsSet, i.sent])).toEqual([
      ["Pine Store", 1, 0, 1, 1],
      ["Maple Store", 0, 1, 0, 0],
    ]);
    expect([r.totals.approaches, r.totals.hoursWorked, r.totals.shifts]).toEqual([null, null, null]);
    expect(r.items.every((i) => i.hoursWorked === null)).toBe(true);
    expect((await post(w.caller.portal, "/api/dashboard/stores")).statusCode).toBe(403);
  });

  it("another organization's store or lead generator ids in the filters match nothing", async () => {
    const stores = await read(w.caller.manager, "/api/reports/store-lead", { storeIds: [w.store.bStore] });
    expect(stores.items).toEqual([]);
    expect(stores.totals.leads).toBe(0);
    const people = await read(w.caller.manager, "/api/reports/lg-ag-analysis", {
      leadGeneratorIds: [w.user.bLg],
    });
    expect(people.items).toEqual([]);
    const alice = await read(w.caller.manager, "/api/reports/lg-ag-analysis", {
      leadGeneratorIds: [w.user.alice, w.user.bLg],
    });
    expect(names(alice)).toEqual(["Alice Adams"]);
  });

  it("another organization's territory in the dashboard's path or export answers 404", async () => {
    const r = await k.get(w.caller.manager, `/api/dashboard/panels/${w.territory.bZone}`, WORLD_PERIOD);
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe("The territory was not found.");
    const file = await k.get(w.caller.manager, "/api/dashboard/stores/export", {
      territoryId: w.territory.bZone,
    });
    expect(file.statusCode).toBe(404);
  });
});

describe("owner-group reports", () => {
  it("the parent's manager reads the parent and the organizations it owns", async () => {
    const r = await read(w.caller.parentManager, "/api/reports/owner-group/organization");
    expect(r.items.map((i) => [i.id, i.name, i.leads, i.rejected, i.revenue, i.hoursWorked])).toEqual([
      [w.org.A, "Org A", 11, 2, 6200.5, 25.5],
      [w.org.C, "Org C", 2, 1, 300, 4],
      [w.org.P, "Parent Group P", 0, 0, 0, 0],
    ]);
    expect(r.totals).toMatchObject({ leads: 13, rejected: 3, sold: 3, revenue: 6500.5, approaches: 58 });
  });

  it("lead generators add up across the group's organizations, named with them", async () => {
    const r = await read(w.caller.parentManager, "/api/reports/owner-group/lead-generator");
    const alice = r.items.find((i) => i.id === w.user.alice);
    expect(alice).toMatchObject({
      name: "Alice Adams",
      detail: "Org A, Org C",
      leads: 6,
      sold: 2,
      revenue: 5300,
    });
    expect(r.items.find((i) => i.id === w.user.eve)).toMatchObject({
      detail: "Org C",
      leads: 1,
      rejected: 1,
    });
    const file = await post(w.caller.parentManager, "/api/reports/owner-group/lead-generator", {
      format: "csv",
    });
    expect(file.body.slice(1).split("\r\n")[0]).toMatch(/^Lead generator,Organizations,Approaches,/);
  });

  it("appointment types of the same name in any case add up", async () => {
    const r = await read(w.caller.parentManager, "/api/reports/owner-group/appointment-type");
    expect(r.items.map((i) => [i.key, i.name, i.leads, i.sold])).toEqual([
      ["in-home consult", "In-home consult", 6, 2],
      ["none", "No appointment", 4, 0],
      ["virtual consult", "Virtual consult", 3, 1],
    ]);
  });

  it("organizationIds narrows to some of the group; an organization outside it matches nothing", async () => {
    const onlyC = await read(w.caller.parentManager, "/api/reports/owner-group/organization", {
      organizationIds: [w.org.C],
    });
    expect(names(onlyC)).toEqual(["Org C"]);
    const outside = await read(w.caller.parentManager, "/api/reports/owner-group/organization", {
      organizationIds: [w.org.B],
    });
    expect(outside.items).toEqual([]);
    expect(outside.total).toBe(0);
    expect(outside.totals.leads).toBe(0);
  });

  it("an unrelated organization's manager reads only their own, and the child's manager only the child", async () => {
    const b = await read(w.caller.bManager, "/api/reports/owner-group/organization");
    expect(b.items.map((i) => [i.name, i.leads, i.sold, i.revenue])).toEqual([["Org B", 2, 1, 777]]);
    expect(b.totals.leads).toBe(2);
    const a = await read(w.caller.manager, "/api/reports/owner-group/organization", {
      organizationIds: [w.org.A, w.org.C],
    });
    expect(names(a)).toEqual(["Org A"]);
    expect(a.totals).toEqual(A_MARCH_TOTALS);
  });

  it("a territory-limited caller or a portal gets 403", async () => {
    for (const caller of [w.caller.territoryManager, w.caller.portal]) {
      const r = await post(caller, "/api/reports/owner-group/organization");
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe("Owner-group reports need access to the whole organization.");
    }
  });
});

describe("bad input answers 400 with a readable message", () => {
  const bad = async (body: Record<string, unknown>, path = "/api/reports/store-lead") => {
    const r = await k.post(w.caller.manager, path, body);
    expect(r.statusCode).toBe(400);
    return r.json().message as string;
  };

  it("a date range outside 1..10, a start after the end, one date alone, five years", async () => {
    expect(await bad({ dateRange: 11 })).toMatch(/Use a date range from 1 to 10/);
    expect(await bad({ startDate: "2026-03-31", endDate: "2026-03-01" })).toBe(
      "The start date 2026-03-31 is after the end date 2026-03-01.",
    );
    expect(await bad({ startDate: "2026-03-01" })).toBe(
      "Give both the first and the last day of the period, or pick a named range.",
    );
    expect(await bad({ startDate: "2021-01-01", endDate: "2025-12-31" })).toMatch(/at most 1100 days/);
  });

  it("an unknown sort, an organization list on a one-organization report, a page size over 200", async () => {
    expect(await bad({ sortBy: "bogus" })).toMatch(/sortBy/);
    expect(await bad({ organizationIds: [w.org.A] })).toBe(
      "Only the owner-group reports take organizations.",
    );
    expect(await bad({ pageSize: 500 })).toMatch(/pageSize/);
  });

  it("in a query string too", async () => {
    const r = await k.get(w.caller.manager, "/api/dashboard/panels/0", { dateRange: 11 });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/Use a date range from 1 to 10/);
    const path = await k.get(w.caller.manager, "/api/dashboard/panels/abc");
    expect(path.statusCode).toBe(400);
    expect(path.json().message).toMatch(/Use a territory id, or 0 for every territory/);
  });

  it("names the field where the call sent it: the store export's query string, with or without a territory", async () => {
    const r = await k.get(w.caller.manager, "/api/dashboard/stores/export", { startDate: "2026-03-01" });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(r.json().errors)).toEqual(["querystring.endDate"]);
  });

  it("a file of more rows than it holds: the format, in the query string of a GET and the body of a POST", async () => {
    // An organization of its own with one store more than a file holds, each with a lead in March (the other
    // organizations keep the world's rows; removing 10,000 leads would cost more than making them). A's manager is
    // its manager too, and picks it by the CurrentOrganizationId header.
    const sql = async (text: string, params: unknown[]) =>
      (await app().database.executeSql(text, params)).rows as { id: number }[];
    const [org] = await sql(
      `insert into organizations (uid, name, time_zone, first_day_of_week, show_approaches)
       values ($1, 'Org Many Stores', 'America/New_York', 1, true) returning id`,
      [`analytics-many-${Date.now().toString(36)}`],
    );
    await sql(
      `insert into memberships (organization_id, user_id, role_id, subscription_id, is_active)
       values ($1, $2, $3, $4, true)`,
      [org.id, w.user.manager, ROLE.manager, SUBSCRIPTION.full],
    );
    await sql(
      `insert into stores (organization_id, name, city, state, time_zone)
       select $1, 'Store ' || g, 'Boston', 'NY', 'America/New_York' from generate_series(1, $2::int) g`,
      [org.id, FUNNEL_EXPORT_MAX_ROWS + 1],
    );
    await sql(
      `insert into leads (organization_id, kind, source, store_id, captured_at, status_id, first_name, last_name)
       select organization_id, 'internal', 'app', id, '2026-03-10T15:00:00Z', 1, 'Many', 'Shopper'
       from stores where organization_id = $1`,
      [org.id],
    );
    const manager = { ...w.caller.manager, currentorganizationid: String(org.id) };
    const cap = FUNNEL_EXPORT_MAX_ROWS.toLocaleString("en-US");
    const message = `This report has ${(FUNNEL_EXPORT_MAX_ROWS + 1).toLocaleString("en-US")} rows; a file holds at most ${cap}. Narrow the period or the filters, or search.`;
    const errors = (field: string) => ({ [field]: [`At most ${cap} rows in a file.`] });

    const get = await k.get(manager, "/api/dashboard/stores/export", { ...WORLD_PERIOD, format: "csv" });
    expect(get.statusCode).toBe(400);
    expect(get.json()).toMatchObject({ message, errors: errors("querystring.format") });
    expect(Object.keys(get.json().errors)).toEqual(["querystring.format"]);

    const post = await k.post(manager, "/api/reports/store-lead", { ...WORLD_PERIOD, format: "xlsx" });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ message, errors: errors("body.format") });
    expect(Object.keys(post.json().errors)).toEqual(["body.format"]);
  });
});
