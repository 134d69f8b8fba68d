import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsTestKit } from "../src/modules/leads/leads.test-support";
import { type AuthHeaders, createTestApp, type TestApp } from "./harness";

/**
 * Tenancy across every call that takes an id (docs/decisions/0003): an id of Summit Home East, used by the
 * admin of another organization (BrightPath Solar) or by the East admin working in Summit Home West, answers
 * exactly as an id that does not exist (404, same message, no name or detail of the row), and changes
 * nothing. Then the roles: each privileged call refused (403 with a message) to a role that lacks the right.
 */

let t: TestApp;
const k = leadsTestKit(() => t);
const MISSING = 2_000_000_000;

type Call = { name: string; method: string; url: (id: number) => string; body?: (id: number) => unknown };
let calls: Call[] = [];
/** The East id each call is tried with. */
let eastIds: Map<string, number>;
let eastOrg: number;

async function fingerprint() {
  // Every tenant table that an id-taking call can write, as one digest per table.
  const tables = [
    "leads",
    "lead_answers",
    "lead_history",
    "stores",
    "users",
    "memberships",
    "membership_territories",
    "membership_stores",
    "user_trades",
    "user_capture_icons",
    "password_links",
    "service_types",
    "service_type_questions",
    "question_responses",
    "business_contacts",
    "organizations",
    "territories",
    "features",
  ];
  const out: Record<string, string> = {};
  for (const table of tables) {
    // A person's sign-in time changes as the test signs people in; what a call could change is the rest.
    const rows =
      table === "users"
        ? "(select id, email, first_name, last_name, phone, password_hash, is_platform_active from users)"
        : table;
    const r = await t.database.executeSql(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${rows} x`,
      [],
    );
    out[table] = (r.rows[0] as { h: string }).h;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  eastOrg = await t.orgId("Summit Home East");
  const lgEast = await k.as("lg@demo.local");
  const hvac = await k.serviceType(lgEast, "HVAC");
  const question = hvac.questions[0];
  const response = question.responses[0];
  const internal = (await k.capture(lgEast)).body.lead!;
  // Lead ids are bigint: node-postgres reads them as strings, PGlite as numbers.
  const external = Number(
    (
      await k.one<{ id: number | string }>(
        "select id from leads where organization_id = $1 and source <> 'app' and deleted_at is null order by id limit 1",
        [eastOrg],
      )
    ).id,
  );
  const deleted = (await k.capture(lgEast)).body.lead!;
  const admin = await k.as("admin@demo.local");
  expect((await k.inject(admin, "DELETE", `/api/leads/${deleted.id}/internal`)).statusCode).toBe(200);
  const lg = await k.userId("lg@demo.local");
  const trade = (await k.one<{ id: number }>("select id from user_trades where user_id = $1 limit 1", [lg]))
    .id;
  const store = await k.storeId("Costco Wayne");
  const territory = await k.territoryId("North Jersey");
  const person = (id: number) => ({
    id,
    firstName: "Owned",
    lastName: "X",
    email: "owned@evil.test",
    roleId: 14,
  });
  const leadEdit = (id: number) => ({ id, notes: "mine now" });
  const contacts = { contacts: [{ name: "Evil", email: "evil@evil.test", topics: ["newLeads"] }] };
  const list: [Call, number][] = [
    [{ name: "lead (internal)", method: "GET", url: (id) => `/api/leads/${id}/internal` }, internal.id],
    [{ name: "lead (external)", method: "GET", url: (id) => `/api/leads/${id}/external` }, external],
    [
      { name: "edit lead", method: "POST", url: () => "/api/leads/internal/upsert", body: leadEdit },
      internal.id,
    ],
    [
      { name: "edit external lead", method: "PUT", url: () => "/api/leads/external/update", body: leadEdit },
      external,
    ],
    [{ name: "delete lead", method: "DELETE", url: (id) => `/api/leads/${id}/internal` }, internal.id],
    [{ name: "delete external lead", method: "DELETE", url: (id) => `/api/leads/${id}/external` }, external],
    [{ name: "restore lead", method: "POST", url: (id) => `/api/leads/${id}/restore` }, deleted.id],
    [{ name: "store", method: "GET", url: (id) => `/api/store/${id}` }, store],
    [
      {
        name: "edit store",
        method: "POST",
        url: () => "/api/store/upsert",
        body: (id) => ({ id, name: "Stolen store" }),
      },
      store,
    ],
    [
      { name: "address of a store", method: "GET", url: (id) => `/api/app/address-details/store:${id}` },
      store,
    ],
    [{ name: "person", method: "GET", url: (id) => `/api/users/${id}` }, lg],
    [{ name: "capture icon", method: "GET", url: (id) => `/api/users/${id}/capture-icon` }, lg],
    [{ name: "invite", method: "PUT", url: (id) => `/api/users/${id}/invite` }, lg],
    [{ name: "edit person", method: "POST", url: () => "/api/users/upsert", body: person }, lg],
    [
      {
        name: "edit program user",
        method: "POST",
        url: () => "/api/users/hd/upsert",
        body: (id) => ({ id, firstName: "Owned", lastName: "X", email: "owned@evil.test" }),
      },
      lg,
    ],
    [{ name: "trades", method: "POST", url: (id) => `/api/users/trade/${id}`, body: () => ({}) }, lg],
    [
      {
        name: "add trade",
        method: "POST",
        url: (id) => `/api/users/trade/${id}/upsert`,
        body: () => ({ tradeId: 7 }),
      },
      lg,
    ],
    [{ name: "delete trade", method: "DELETE", url: (id) => `/api/users/trade/${id}` }, trade],
    [
      {
        name: "service types of an organization",
        method: "POST",
        url: (id) => `/api/settings/${id}/service-type`,
        body: () => ({}),
      },
      eastOrg,
    ],
    [
      {
        name: "edit service type",
        method: "POST",
        url: () => "/api/settings/service-type/upsert",
        body: (id) => ({ id, name: "Mine" }),
      },
      hvac.id,
    ],
    [
      { name: "delete service type", method: "DELETE", url: (id) => `/api/settings/service-type/${id}` },
      hvac.id,
    ],
    [
      {
        name: "questions",
        method: "POST",
        url: (id) => `/api/settings/service-type/${id}/question`,
        body: () => ({}),
      },
      hvac.id,
    ],
    [
      {
        name: "add question to a type",
        method: "POST",
        url: () => "/api/settings/service-type/question/upsert",
        body: (id) => ({ serviceTypeId: id, text: "Mine?", dataTypeId: 1, fieldTypeId: 1 }),
      },
      hvac.id,
    ],
    [
      {
        name: "edit question",
        method: "POST",
        url: () => "/api/settings/service-type/question/upsert",
        body: (id) => ({ id, serviceTypeId: hvac.id, text: "Mine?", dataTypeId: 6, fieldTypeId: 3 }),
      },
      question.id,
    ],
    [
      {
        name: "delete question",
        method: "DELETE",
        url: (id) => `/api/settings/service-type/question/${id}`,
      },
      question.id,
    ],
    [
      { name: "responses", method: "POST", url: (id) => `/api/settings/question/${id}/response` },
      question.id,
    ],
    [
      {
        name: "add response to a question",
        method: "POST",
        url: () => "/api/settings/question/response/upsert",
        body: (id) => ({ questionId: id, text: "Mine" }),
      },
      question.id,
    ],
    [
      {
        name: "edit response",
        method: "POST",
        url: () => "/api/settings/question/response/upsert",
        body: (id) => ({ id, questionId: question.id, text: "Mine" }),
      },
      response.id,
    ],
    [
      { name: "delete response", method: "DELETE", url: (id) => `/api/settings/question/response/${id}` },
      response.id,
    ],
    [
      {
        name: "organization contacts",
        method: "GET",
        url: (id) => `/api/settings/organization/${id}/business-contact`,
      },
      eastOrg,
    ],
    [
      {
        name: "save organization contacts",
        method: "POST",
        url: (id) => `/api/settings/organization/${id}/business-contact`,
        body: () => contacts,
      },
      eastOrg,
    ],
    [
      {
        name: "territory contacts",
        method: "GET",
        url: (id) => `/api/settings/organizationsTerritory/${id}/business-contact`,
      },
      territory,
    ],
    [
      {
        name: "save territory contacts",
        method: "POST",
        url: (id) => `/api/settings/organizationsTerritory/${id}/business-contact`,
        body: () => contacts,
      },
      territory,
    ],
    [
      {
        name: "edit organization",
        method: "PUT",
        url: () => "/api/organizations/upsert/smart-circle",
        body: (id) => ({ id, name: "Stolen" }),
      },
      eastOrg,
    ],
  ];
  calls = list.map(([c]) => c);
  eastIds = new Map(list.map(([c, id]) => [c.name, id]));
});
afterAll(() => t?.close());

const send = (a: AuthHeaders, c: Call, id: number) => k.inject(a, c.method, c.url(id), c.body?.(id));

describe("another organization's ids", () => {
  it("answer as ids that do not exist, on every call that takes one, and change nothing", async () => {
    const before = await fingerprint();
    const outsiders: [string, AuthHeaders][] = [
      ["BrightPath Solar admin", await k.as("solar.admin@demo.local")],
      ["East admin working in West", await k.as("admin@demo.local", "Summit Home West")],
    ];
    for (const [who, a] of outsiders) {
      for (const c of calls) {
        // The East admin working in West cannot edit East either: writes follow the organization the request
        // names (docs/decisions/0016).
        const id = eastIds.get(c.name)!;
        const what = `${who}: ${c.name} (${c.method} ${c.url(id)})`;
        const theirs = await send(a, c, id);
        expect(theirs.statusCode, `${what}: ${theirs.body.slice(0, 300)}`).toBe(404);
        expect(theirs.headers["content-type"], what).toContain("application/problem+json");
        const missing = await send(a, c, MISSING);
        // Same status and message as an id that does not exist: nothing tells the row is there.
        expect(missing.statusCode, `${what} with a missing id`).toBe(404);
        expect(theirs.json().message, what).toBe(
          missing.json().message.replaceAll(String(MISSING), String(id)),
        );
        expect(theirs.json().errors ?? null, what).toEqual(
          JSON.parse(JSON.stringify(missing.json().errors ?? null).replaceAll(String(MISSING), String(id))),
        );
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("cannot be reached by naming the organization in the header (403), nor switched to", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const header = { currentorganizationid: String(eastOrg) };
    for (const c of calls.slice(0, 3)) {
      const res = await k.inject(
        solar,
        c.method,
        c.url(eastIds.get(c.name)!),
        c.body?.(eastIds.get(c.name)!),
        header,
      );
      expect(res.statusCode, c.name).toBe(403);
      expect(res.json().message, c.name).toBeTruthy();
    }
    const sw = await k.inject(solar, "PUT", `/api/account/${eastOrg}/update-organization`);
    expect(sw.statusCode).toBe(403);
    expect(sw.json().message).toBeTruthy();
  });

  it("puts nothing of East in lists, lookups, searches and reports filtered by East ids", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lg = await k.userId("lg@demo.local");
    const filters = { storeIds: [store], territoryIds: [territory], leadGeneratorIds: [lg] };
    for (const path of ["internal", "external", "leads-hd", "leads-centah", "rejected", "capture-leads"]) {
      const res = await k.inject(solar, "POST", `/api/leads/${path}/search`, filters);
      expect(res.statusCode, path).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.json().total, path).toBe(0);
    }
    const stores = await k.inject(solar, "POST", "/api/store/search", { territoryIds: [territory] });
    expect(stores.json().total).toBe(0);
    const users = await k.inject(solar, "POST", "/api/users/search", {
      storeIds: [store],
      territoryIds: [territory],
    });
    expect(users.json().total).toBe(0);
    const report = await k.inject(solar, "POST", "/api/organizations/reports/smart-circle-users", {
      organizationIds: [eastOrg],
    });
    expect(report.statusCode).toBeLessThan(500);
    if (report.statusCode === 200) expect(JSON.stringify(report.json())).not.toContain("Summit Home East");
    const lookups = JSON.stringify((await k.inject(solar, "GET", "/api/app/lookup-list")).json());
    expect(lookups).not.toContain("Costco Wayne");
    expect(lookups).not.toContain("North Jersey");
    const types = JSON.stringify((await k.inject(solar, "POST", "/api/leads/lookup-list/lead-type")).json());
    expect(types).not.toContain("Summit Home East");
    const orgs = JSON.stringify((await k.inject(solar, "POST", "/api/settings/organizations", {})).json());
    expect(orgs).not.toContain("Summit Home East");
  });

  it("refuses East stores, territories and people inside a body as if they did not exist, and saves nothing", async () => {
    const solar = await k.as("solar.admin@demo.local");
    const before = await fingerprint();
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lg = await k.userId("lg@demo.local");
    const refs: [string, string, string, (id: number) => unknown][] = [
      [
        "store in a territory",
        "POST",
        "/api/store/upsert",
        (id) => ({ name: "Ghost", organizationTerritoryId: id }),
      ],
      [
        "person with a territory",
        "POST",
        "/api/users/upsert",
        (id) => ({ firstName: "G", lastName: "H", email: "g@h.test", roleId: 14, territoryIds: [id] }),
      ],
      [
        "person with a store",
        "POST",
        "/api/users/upsert",
        (id) => ({ firstName: "G", lastName: "H", email: "g@h.test", roleId: 14, storeIds: [id] }),
      ],
      [
        "organization territory rename",
        "PUT",
        "/api/organizations/upsert/smart-circle",
        (id) => ({ id: 0, territories: [{ id, name: "Stolen" }] }),
      ],
    ];
    const solarOrg = await t.orgId("BrightPath Solar");
    const ids: Record<string, number> = {
      "store in a territory": territory,
      "person with a territory": territory,
      "person with a store": store,
      "organization territory rename": territory,
    };
    for (const [name, method, url, body] of refs) {
      const fix = (b: unknown) =>
        name === "organization territory rename" ? { ...(b as object), id: solarOrg } : b;
      const theirs = await k.inject(solar, method, url, fix(body(ids[name])));
      const missing = await k.inject(solar, method, url, fix(body(MISSING)));
      expect(theirs.statusCode, `${name}: ${theirs.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(theirs.statusCode, name).toBeLessThan(500);
      expect(theirs.statusCode, name).toBe(missing.statusCode);
      expect(theirs.json().message, name).toBe(
        missing.json().message.replaceAll(String(MISSING), String(ids[name])),
      );
    }
    // A capture naming an East store and lead generator, with one of Solar's own service types.
    const types = (await k.inject(solar, "POST", "/api/leads/lookup-list/lead-type")).json().serviceTypes as {
      id: number;
    }[];
    const capture = await k.inject(solar, "POST", "/api/leads/internal/upsert", {
      storeId: store,
      leadGeneratorId: lg,
      serviceTypeId: types[0]?.id ?? MISSING,
      firstName: "Pat",
      lastName: "Shopper",
      phone: k.freshPhone(),
    });
    expect(capture.statusCode, capture.body).toBe(404);
    expect(capture.json().message).toMatch(/was not found/);
    expect(await fingerprint()).toEqual(before);
    expect(
      (
        await t.database.executeSql(
          "select count(*)::int as n from leads where store_id = $1 and organization_id <> $2",
          [store, eastOrg],
        )
      ).rows[0],
    ).toEqual({ n: 0 });
  });
});

describe("roles", () => {
  it("refuses each privileged call (403 with a message) to a role that lacks the right", async () => {
    const lg = await k.userId("lg@demo.local");
    const hvac = await k.serviceType(await k.as("lg@demo.local"), "HVAC");
    const store = await k.storeId("Costco Wayne");
    const territory = await k.territoryId("North Jersey");
    const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
    const trade = (await k.one<{ id: number }>("select id from user_trades where user_id = $1 limit 1", [lg]))
      .id;
    const feature = (await k.one<{ id: number }>("select id from features order by id limit 1", [])).id;
    const matrix: [string, string, string, unknown?][] = [
      // Platform: the Super Admin only.
      ["admin@demo.local", "POST", "/api/app/feature/upsert", { name: "Mine" }],
      ["admin@demo.local", "DELETE", `/api/app/feature/${feature}/delete`],
      ["admin@demo.local", "GET", "/api/platform/mailbox"],
      ["admin@demo.local", "PUT", "/api/organizations/upsert/smart-circle", { name: "New dealer" }],
      // Organizations and their settings: Admins. (A manager editing their organization gets 404, not 403:
      // docs/decisions/0007 answers any organization the caller does not administer as missing.)
      ["lg@demo.local", "POST", "/api/organizations/reports/smart-circle-users", {}],
      ["hd@demo.local", "POST", "/api/organizations/reports/smart-circle-users", {}],
      ["lg@demo.local", "POST", `/api/settings/${eastOrg}/service-type`, {}],
      ["manager@demo.local", "POST", "/api/settings/service-type/upsert", { name: "Manager type" }],
      ["manager@demo.local", "DELETE", `/api/settings/service-type/${hvac.id}`],
      ["lg@demo.local", "POST", `/api/settings/service-type/${hvac.id}/question`, {}],
      [
        "manager@demo.local",
        "POST",
        "/api/settings/service-type/question/upsert",
        { serviceTypeId: hvac.id, text: "Q?", dataTypeId: 1, fieldTypeId: 1 },
      ],
      ["manager@demo.local", "DELETE", `/api/settings/service-type/question/${hvac.questions[0].id}`],
      ["lg@demo.local", "POST", `/api/settings/question/${hvac.questions[0].id}/response`],
      [
        "manager@demo.local",
        "POST",
        "/api/settings/question/response/upsert",
        { questionId: hvac.questions[0].id, text: "R" },
      ],
      [
        "manager@demo.local",
        "DELETE",
        `/api/settings/question/response/${hvac.questions[0].responses[0].id}`,
      ],
      ["lg@demo.local", "GET", `/api/settings/organization/${eastOrg}/business-contact`],
      [
        "manager@demo.local",
        "POST",
        `/api/settings/organization/${eastOrg}/business-contact`,
        { contacts: [] },
      ],
      ["lg@demo.local", "GET", `/api/settings/organizationsTerritory/${territory}/business-contact`],
      [
        "manager@demo.local",
        "POST",
        `/api/settings/organizationsTerritory/${territory}/business-contact`,
        { contacts: [] },
      ],
      ["manager@demo.local", "PUT", "/api/settings/leads", { duplicateWindowDays: 7 }],
      // Stores: managers change them; program portals do not see them.
      ["analyst@demo.local", "POST", "/api/store/upsert", { id: store, name: "Renamed" }],
      ["lg@demo.local", "POST", "/api/store/upsert", { name: "LG store" }],
      ["hd@demo.local", "POST", "/api/store/search", {}],
      ["hd@demo.local", "GET", `/api/store/${store}`],
      // People: managers of the person.
      [
        "lg@demo.local",
        "POST",
        "/api/users/upsert",
        { firstName: "A", lastName: "B", email: "ab@x.test", roleId: 14 },
      ],
      ["analyst@demo.local", "PUT", `/api/users/${lg}/invite`],
      [
        "manager@demo.local",
        "POST",
        "/api/users/hd/upsert",
        { firstName: "A", lastName: "B", email: "hd2@x.test" },
      ],
      ["lg@demo.local", "POST", `/api/users/trade/${lg}/upsert`, { tradeId: 6 }],
      ["lg@demo.local", "DELETE", `/api/users/trade/${trade}`],
      // Leads: analysts read only, lead generators do not delete, only Admins restore.
      ["analyst@demo.local", "POST", "/api/leads/internal/upsert", { id: lead.id, notes: "x" }],
      ["analyst@demo.local", "DELETE", `/api/leads/${lead.id}/internal`],
      ["lg@demo.local", "DELETE", `/api/leads/${lead.id}/internal`],
      ["manager@demo.local", "POST", `/api/leads/${lead.id}/restore`],
    ];
    const before = await fingerprint();
    const wrong: string[] = [];
    for (const [email, method, url, body] of matrix) {
      const res = await k.inject(await k.as(email), method, url, body);
      if (res.statusCode !== 403 || !res.json().message)
        wrong.push(`${email} ${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    const manager = await k.inject(
      await k.as("manager@demo.local"),
      "PUT",
      "/api/organizations/upsert/smart-circle",
      {
        id: eastOrg,
        name: "Renamed",
      },
    );
    expect(manager.statusCode).toBe(404);
    expect(await fingerprint()).toEqual(before);
  });
});
