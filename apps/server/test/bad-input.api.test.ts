import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  ID_MESSAGE,
  idRangeMessage,
  MAX_INT_ID,
} from "@fieldlead/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsTestKit } from "../src/modules/leads/leads.test-support";
import { type AuthHeaders, createTestApp, h, type TestApp } from "./harness";

/**
 * Bad input on every served call: the routes are read from the OpenAPI document (so a new route is fuzzed
 * without anyone listing it), each gets malformed path ids, bodies that are not JSON or not objects, and
 * one-field mutations of a plausible body (wrong type, null, huge, negative, overflowing, unknown enum,
 * impossible date, an operator object). Whatever is sent, the answer is a 4xx problem with a `message` a
 * person can act on (or a 2xx when the odd value is acceptable), never a 5xx.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
};
type Operation = {
  method: string;
  path: string;
  params: { in: string; name: string }[];
  body?: Schema;
};

let t: TestApp;
const k = leadsTestKit(() => t);
const ops: Operation[] = [];
let admin: AuthHeaders;
let superAdmin: AuthHeaders;
let accountSession: AuthHeaders;
/** A plausible body per call, so that one wrong field is the only thing wrong with it. */
let samples: Record<string, unknown> = {};
/** Real ids of the East organization for `{id}` and `{orgId}` (by call), so mutated bodies reach the service. */
let pathIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema: Schema }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content["application/json"]?.schema,
      });
    }
  }
  admin = await k.as("admin@demo.local");
  superAdmin = await k.as("superadmin@demo.local");
  accountSession = await t.login("manager@demo.local");
  const east = await t.orgId("Summit Home East");
  const hvac = await k.serviceType(admin, "HVAC");
  const lgId = await k.userId("lg@demo.local");
  const lead = (await k.capture(await k.as("lg@demo.local"))).body.lead!;
  const territory = await k.territoryId("North Jersey");
  const store = await k.storeId("Costco Wayne");
  const choice = hvac.questions[0];
  // The QR page's calls take a person's uid in the path: lg's, so that mutated bodies reach the entry's checks.
  const lgUid = (await k.one<{ uid: string }>("select uid from users where id = $1", [lgId])).uid;
  const eastUid = (await k.one<{ uid: string }>("select uid from organizations where id = $1", [east])).uid;
  const qrType = (
    await k.one<{ id: number }>(
      "select id from appointment_types where organization_id = $1 and is_active order by id limit 1",
      [east],
    )
  ).id;
  pathIds = {
    "/api/account/{orgId}/update-organization": String(east),
    "/api/settings/{orgId}/service-type": String(east),
    "/api/settings/service-type/{id}/question": String(hvac.id),
    "/api/settings/question/{id}/response": String(choice.id),
    "/api/settings/organization/{id}/business-contact": String(east),
    "/api/settings/organizationsTerritory/{id}/business-contact": String(territory),
    "/api/users/trade/{id}/upsert": String(lgId),
    "/api/leads/{id}/notes": String(lead.id),
    "/api/QRCodes/{userUid}/qr-entry": lgUid,
    "/api/destinations/{destination}": "retailer",
    "/api/destinations/{destination}/test": "retailer",
    "/api/centah/{orgUid}/organization/upsert": eastUid,
    "/api/homeDepot/{orgUid}/organization/upsert": eastUid,
  };
  samples = {
    "POST /api/account/login": { email: "nobody@demo.local", password: "wrong-password" },
    "POST /api/account/forgot-password": { email: "nobody@demo.local" },
    "PUT /api/account/reset-password": { linkId: "no-such-link", password: "a-long-new-password-1" },
    "POST /api/app/feature/upsert": { name: "Fuzzed feature", description: "x", isActive: true },
    "POST /api/app/wingen-web-config/upsert": { config: { sideMenuOpen: true } },
    "PUT /api/organizations/upsert/smart-circle": {
      id: east,
      name: "Summit Home East",
      timeZone: "America/New_York",
      intFirstDayOfWeek: 1,
      territories: [{ id: territory, name: "North Jersey" }],
    },
    "POST /api/organizations/reports/smart-circle-users": { page: 1, pageSize: 10, sortBy: "name" },
    "POST /api/store/upsert": {
      name: "Fuzz Store",
      brandId: 1,
      storeNumber: "9001",
      address: "1 Main St",
      city: "Newark",
      state: "NJ",
      zip: "07102",
      timeZone: "America/New_York",
      organizationTerritoryId: territory,
      isActive: true,
      latitude: 40.7,
      longitude: -74.1,
    },
    "POST /api/users/upsert": {
      firstName: "Fuzz",
      lastName: "Person",
      email: "fuzz.person@demo.test",
      phone: "2015550100",
      roleId: 14,
      territoryIds: [territory],
      storeIds: [store],
    },
    "POST /api/users/hd/upsert": { firstName: "Fuzz", lastName: "Program", email: "fuzz.hd@demo.test" },
    "POST /api/users/trade/{id}/upsert": { tradeId: 5, yearsOfExperience: 1, notes: "fuzz" },
    "POST /api/settings/service-type/upsert": { name: "Fuzz type", description: "x", isActive: true },
    "POST /api/settings/service-type/question/upsert": {
      serviceTypeId: hvac.id,
      text: "Fuzz question?",
      dataTypeId: 1,
      fieldTypeId: 1,
    },
    "POST /api/settings/question/response/upsert": { questionId: choice.id, text: "Fuzz answer" },
    "POST /api/settings/organization/{id}/business-contact": {
      contacts: [{ name: "Fuzz Contact", email: "fuzz@summit.example", topics: ["newLeads"] }],
    },
    "POST /api/settings/organizationsTerritory/{id}/business-contact": {
      contacts: [{ name: "Fuzz Contact", email: "fuzz@summit.example", topics: ["newLeads"] }],
    },
    "PUT /api/settings/leads": { duplicateWindowDays: 30 },
    "POST /api/leads/internal/upsert": {
      storeId: store,
      serviceTypeId: hvac.id,
      firstName: "Fuzz",
      lastName: "Shopper",
      phone: k.freshPhone(),
      answers: k.hvacAnswers(hvac),
    },
    "PUT /api/leads/external/update": { id: lead.id, notes: "fuzz" },
    "POST /api/leads/{id}/notes": { text: "fuzz note" },
    "POST /api/QRCodes/search": { page: 1, pageSize: 10, text: "luis", sortBy: "userName" },
    "POST /api/QRCodes/upsert": { userId: lgId, storeId: store, group: 5, isActive: true },
    // A form token that is no token: the entry refuses it (422) after the schema has checked the body.
    "POST /api/QRCodes/{userUid}/qr-entry": {
      group: 0,
      formToken: "v1.fuzz.not-signed",
      language: "en",
      appointmentTypeId: qrType,
      firstName: "Fuzz",
      lastName: "Shopper",
      phone: "2015550100",
      email: "fuzz.shopper@example.com",
      consents: [{ destination: "crm", disclosureText: "I agree." }],
    },
    "POST /api/leads/internal/search": {
      page: 1,
      pageSize: 10,
      startDate: "2024-01-01",
      endDate: "2024-12-31",
      sortBy: "createdAt",
    },
  };
});
afterAll(() => t?.close());

/** Who calls: the platform's own calls need the Super Admin; account calls a session of their own. */
function headersFor(op: Operation): Record<string, string> {
  if (op.path.startsWith("/api/app/feature") || op.path.startsWith("/api/platform")) return h(superAdmin);
  if (op.path.startsWith("/api/organizations/upsert")) return h(superAdmin);
  if (op.path.startsWith("/api/account/")) return h(accountSession);
  return h(admin);
}

let addressSeq = 1;
function call(op: Operation, opts: { url?: string; payload?: string; contentType?: string }) {
  return t.app.inject({
    method: op.method as "POST",
    url: opts.url ?? fillPath(op),
    headers: {
      ...headersFor(op),
      ...(opts.payload !== undefined ? { "content-type": opts.contentType ?? "application/json" } : {}),
    },
    payload: opts.payload,
    // Public calls are rate limited by address; each fuzzed call comes from its own.
    remoteAddress: `10.77.${Math.floor(addressSeq / 250) % 250}.${addressSeq++ % 250}`,
  });
}

function fillPath(op: Operation, bad?: string) {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    // The lead's kind beside its id (`/api/leads/{id}/{isExternal}/...`) stays valid: the id is what is tried.
    if (name === "isExternal") return "false";
    if (bad !== undefined) return encodeURIComponent(bad);
    if (name === "linkId") return "no-such-link";
    if (op.path.includes("address-details")) return "zip:07470";
    return pathIds[op.path] ?? "1";
  });
}

/** A 4xx problem with a readable message; returns the status for finer checks. */
function expectProblem(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.headers["content-type"], what).toContain("application/problem+json");
  const body = res.json();
  expect(typeof body.message, what).toBe("string");
  expect(body.message.length, what).toBeGreaterThan(3);
  expect(body.status, what).toBe(res.statusCode);
  return res.statusCode;
}

/** Never a 5xx; a refusal is a problem with a message. */
function expectNoServerError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expectProblem(res, what);
}

const typeOf = (s: Schema): string | undefined => {
  if (s.anyOf) return s.anyOf.map(typeOf).find((x) => x && x !== "null");
  return Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
};
const nullable = (s: Schema): boolean =>
  (Array.isArray(s.type) && s.type.includes("null")) || !!s.anyOf?.some(nullable) || s.type === "null";

/** A value of the wrong JSON type for a field: always a 400 naming the field. */
function wrongType(s: Schema): unknown {
  switch (typeOf(s)) {
    case "integer":
    case "number":
      return "12abc";
    case "boolean":
      return "yes please";
    case "array":
      return "not-a-list";
    case "object":
      return "not-an-object";
    default:
      return { $gt: "" };
  }
}

/** Odd but well-typed values: the schema or the service refuses them with a message, or accepts them. */
function oddValues(field: string, s: Schema): unknown[] {
  switch (typeOf(s)) {
    case "integer":
    case "number":
      return [-1, 1.5, 2_147_483_648];
    case "boolean":
      return [];
    case "array":
      return [["x", -1, null, { a: 1 }, "a\u0000b"]];
    case "object":
      return [[]];
    default:
      return [
        "x".repeat(100_000),
        "a\u0000b",
        /date|at$/i.test(field) ? "2024-02-30" : "bogus-value \ud800'; drop table leads; --",
      ];
  }
}

/** The database safety net's messages (platform/db-errors.ts, error-handler.ts): the schemas should answer first. */
const SAFETY_NET =
  /Use a number up to|Remove the NUL character|Remove the broken character|cannot be saved|request is too large|date in the request/;

const numericParam = (name: string) => name === "id" || name === "orgId";

describe("bad input on every served call", () => {
  it("reads about 60 calls from the OpenAPI document", () => {
    expect(ops.length).toBeGreaterThanOrEqual(60);
  });

  it("answers 400 or 404 with a message for malformed path ids", async () => {
    // Each is refused by the schema (" 1" and "1e3" are not: they coerce to 1 and 1000).
    const bad = ["-1", "0", "abc", "1.5", "NaN", "Infinity", "-0.5", "99999999999999999999", "2147483648"];
    let tried = 0;
    for (const op of ops.filter((o) => o.params.some((p) => p.in === "path"))) {
      const param = op.params.find((p) => p.in === "path")!;
      // DELETE with a real-looking id must not run: every value here is invalid for a numeric id.
      for (const value of numericParam(param.name) ? bad : ["%00", "x".repeat(300), "../../etc/passwd"]) {
        // With the call's plausible body, so the path is the only thing wrong (a lead id past int4 is a lead id).
        const sample = samples[`${op.method} ${op.path}`];
        const payload = sample === undefined ? undefined : JSON.stringify(sample);
        const res = await call(op, { url: fillPath(op, value), payload });
        const what = `${op.method} ${op.path} with ${param.name}=${value.slice(0, 20)}`;
        tried++;
        // A reset link id is any text: an unknown one answers 200 `valid: false` by design; one too long for
        // the schema is a 400 problem (the router passes long path values on rather than answering 414).
        if (!numericParam(param.name)) {
          expect(res.statusCode, what).toBeLessThan(500);
          expect(res.statusCode, what).not.toBe(414);
          expect(res.json().message ?? res.json().valid, what).toBeDefined();
          continue;
        }
        // Switching to an organization one does not belong to is a 403 (docs/decisions/0003), and the path
        // takes what coerces to a whole number ("1e3").
        const allowed = op.path.includes("update-organization") ? [400, 403] : [400, 404];
        const status = expectProblem(res, what);
        expect(allowed, what).toContain(status);
        // The 400 names the parameter and the range (lead ids are bigint). `{orgId}` of update-organization
        // still has zod's generic wording until packages/contracts/src/account.ts uses pathIdSchema().
        if (status !== 400) continue;
        expect(Object.keys(res.json().errors ?? {}), what).toEqual([`params.${param.name}`]);
        const range = op.path.startsWith("/api/leads/") ? Number.MAX_SAFE_INTEGER : MAX_INT_ID;
        expect(res.json().message, what).toBe(`params.${param.name}: ${idRangeMessage(range)}`);
      }
    }
    expect(tried).toBeGreaterThan(150);
  });

  it("answers 400 for a body that is not JSON, not an object, or sent as plain text", async () => {
    for (const op of ops.filter((o) => o.body)) {
      const what = `${op.method} ${op.path}`;
      const notJson = await call(op, { payload: '{"name": "x",' });
      expect(expectProblem(notJson, `${what} not JSON`)).toBe(400);
      expect(notJson.json().message).toBe("The request body is not valid JSON.");
      for (const payload of ["[1,2,3]", '"text"', "42", "null"]) {
        const res = await call(op, { payload });
        // A call whose body is all optional may take `null` as no body at all.
        if (payload === "null") expectNoServerError(res, `${what} ${payload}`);
        else expect(expectProblem(res, `${what} ${payload}`)).toBe(400);
      }
      const text = await call(op, { payload: "name=x", contentType: "text/plain" });
      expect([400, 415], what).toContain(expectProblem(text, `${what} text/plain`));
      const form = await call(op, { payload: "name=x", contentType: "application/x-www-form-urlencoded" });
      expect([400, 415], what).toContain(expectProblem(form, `${what} form`));
    }
  });

  it("answers an empty body as no body: a 400 naming a required field, or the call's default", async () => {
    for (const op of ops.filter((o) => o.body)) {
      const what = `${op.method} ${op.path} empty`;
      const res = await call(op, { payload: "" });
      if (op.body?.required?.length) {
        expect(expectProblem(res, what)).toBe(400);
        expect(Object.keys(res.json().errors ?? {}).length, what).toBeGreaterThan(0);
      } else expectNoServerError(res, what);
    }
  });

  it("answers 400 naming the field for a value of the wrong type, and never 500 for odd values", async () => {
    let mutations = 0;
    const safetyNet: string[] = [];
    // The five lead lists share one search body: the odd values are tried on the first only.
    const hashing = /^\/api\/account\/(login|reset-password)$/;
    const sameSearch = /^\/api\/leads\/(external|leads-hd|leads-centah|rejected)\/search$/;
    for (const op of ops.filter((o) => o.body?.properties)) {
      const key = `${op.method} ${op.path}`;
      const base = (samples[key] ??
        (op.path.startsWith("/api/leads/") && op.path.endsWith("/search")
          ? samples["POST /api/leads/internal/search"]
          : {})) as Record<string, unknown>;
      for (const [field, schema] of Object.entries(op.body?.properties ?? {})) {
        const what = `${key} ${field}`;
        const wrong = await call(op, { payload: JSON.stringify({ ...base, [field]: wrongType(schema) }) });
        expect(expectProblem(wrong, `${what} wrong type`), what).toBe(400);
        expect(Object.keys(wrong.json().errors ?? {}).join(" "), what).toContain(field);
        // Sign-in and password calls hash on purpose (slow): their odd values are left to account tests.
        if (sameSearch.test(op.path) || hashing.test(op.path)) continue;
        const values = [...oddValues(field, schema), ...(nullable(schema) ? [] : [null])];
        for (const value of values) {
          const res = await call(op, { payload: JSON.stringify({ ...base, [field]: value }) });
          expectNoServerError(res, `${what} = ${JSON.stringify(value)?.slice(0, 40)}`);
          if (res.statusCode === 400 && SAFETY_NET.test(res.json().message))
            safetyNet.push(`${what} = ${JSON.stringify(value)?.slice(0, 40)}: ${res.json().message}`);
          mutations++;
        }
      }
    }
    expect(mutations).toBeGreaterThan(500);
    // Past-int4 numbers and NULs in top-level fields are refused by the request schemas, not the database.
    expect(safetyNet).toEqual([]);
  });

  it("answers 400 naming the field for a number past the 32-bit ids and for text with a NUL", async () => {
    const store = ops.find((o) => o.path === "/api/store/upsert")!;
    const big = await call(store, {
      payload: JSON.stringify({ ...(samples["POST /api/store/upsert"] as object), id: 2_147_483_648 }),
    });
    expect(expectProblem(big, "store id past int4")).toBe(400);
    // The request schema refuses it (its message, not the database safety net's "Use a number up to ...").
    expect(big.json().errors).toEqual({ "body.id": [ID_MESSAGE] });
    const search = ops.find((o) => o.path === "/api/users/search")!;
    const nul = await call(search, { payload: JSON.stringify({ search: "pat\u0000" }) });
    expect(expectProblem(nul, "NUL in a search")).toBe(400);
    expect(nul.json().errors).toEqual({ "body.search": [CONTROL_CHARACTER_MESSAGE] });
    const named = await call(store, {
      payload: JSON.stringify({ ...(samples["POST /api/store/upsert"] as object), name: "Fuzz\u0000Store" }),
    });
    expect(expectProblem(named, "NUL in a store name")).toBe(400);
    expect(named.json().errors).toEqual({ "body.name": [CONTROL_CHARACTER_MESSAGE] });
    expect(named.json().message).toBe(`body.name: ${CONTROL_CHARACTER_MESSAGE}`);
    const contacts = ops.find(
      (o) => o.method === "POST" && o.path === "/api/settings/organization/{id}/business-contact",
    )!;
    const contact = await call(contacts, {
      payload: JSON.stringify({ contacts: [{ name: "Fuzz\u0000", email: "fuzz@summit.example" }] }),
    });
    expect(expectProblem(contact, "NUL in a contact's name")).toBe(400);
    expect(contact.json().errors).toEqual({ "body.contacts.0.name": [CONTROL_CHARACTER_MESSAGE] });
    // Nothing was half-written by a refused save.
    const lead = ops.find((o) => o.path === "/api/leads/internal/upsert")!;
    const count = async () =>
      ((await t.database.executeSql("select count(*)::int as n from leads", [])).rows[0] as { n: number }).n;
    const before = await count();
    const refused = await call(lead, {
      payload: JSON.stringify({
        ...(samples["POST /api/leads/internal/upsert"] as object),
        notes: "a\u0000b",
      }),
    });
    expect(expectProblem(refused, "NUL in lead notes")).toBe(400);
    expect(refused.json().errors).toEqual({ "body.notes": [CONTROL_CHARACTER_MESSAGE] });
    // A lone surrogate passes text columns but not the lead's jsonb history: the whole save is undone.
    const broken = await call(lead, {
      payload: JSON.stringify({
        ...(samples["POST /api/leads/internal/upsert"] as object),
        firstName: "\ud800x",
      }),
    });
    expect(expectProblem(broken, "lone surrogate in a lead name")).toBe(400);
    expect(broken.json().errors).toEqual({ "body.firstName": [BROKEN_CHARACTER_MESSAGE] });
    expect(await count()).toBe(before);
    // A refused territory id in an organization save: the rename is not kept either.
    const org = ops.find((o) => o.path === "/api/organizations/upsert/smart-circle")!;
    const east = Number(pathIds["/api/account/{orgId}/update-organization"]);
    const orgName = async () =>
      (await t.database.executeSql("select name from organizations where id = $1", [east])).rows[0];
    const nameBefore = await orgName();
    const half = await call(org, {
      payload: JSON.stringify({
        id: east,
        name: "Half renamed",
        territories: [{ id: 2_147_483_648, name: "X" }],
      }),
    });
    expect(expectProblem(half, "territory id past int4")).toBe(400);
    expect(half.json().errors).toEqual({ "body.territories.0.id": [ID_MESSAGE] });
    expect(await orgName()).toEqual(nameBefore);
    const person = ops.find((o) => o.path === "/api/users/upsert")!;
    const newPerson = await call(person, {
      payload: JSON.stringify({
        firstName: "Half",
        lastName: "Saved",
        email: "half.saved@demo.test",
        roleId: 14,
        storeIds: [2_147_483_648],
      }),
    });
    expect(expectProblem(newPerson, "store id past int4")).toBe(400);
    expect(newPerson.json().errors).toEqual({ "body.storeIds.0": [ID_MESSAGE] });
    expect(
      (await t.database.executeSql("select id from users where email = 'half.saved@demo.test'", [])).rows,
    ).toEqual([]);
    // Nor an invitation (a new email is invited, decision 0015).
    expect(
      (
        await t.database.executeSql(
          "select id from membership_invitations where email = 'half.saved@demo.test'",
          [],
        )
      ).rows,
    ).toEqual([]);
  });

  it("answers 400 naming the field, not a generic 'too big', for an id out of range in a search or a path", async () => {
    const tooBig = 99_999_999_999;
    const searches: [string, Record<string, unknown>, string][] = [
      ["/api/users/search", { territoryIds: [tooBig] }, "body.territoryIds.0"],
      ["/api/users/search", { storeIds: [1, tooBig] }, "body.storeIds.1"],
      ["/api/store/search", { territoryIds: [tooBig] }, "body.territoryIds.0"],
      ["/api/store/search", { brandIds: [0] }, "body.brandIds.0"],
      ["/api/leads/internal/search", { storeIds: [tooBig] }, "body.storeIds.0"],
      ["/api/leads/internal/search", { serviceTypeIds: [-3] }, "body.serviceTypeIds.0"],
    ];
    for (const [path, body, field] of searches) {
      const op = ops.find((o) => o.path === path)!;
      const res = await call(op, { payload: JSON.stringify(body) });
      const what = `${path} ${JSON.stringify(body)}`;
      expect(expectProblem(res, what), what).toBe(400);
      expect(res.json().errors, what).toEqual({ [field]: [ID_MESSAGE] });
      expect(res.json().message, what).toBe(`${field}: ${ID_MESSAGE}`);
    }
    const paths: [string, string, string][] = [
      ["/api/users/{id}", `/api/users/${tooBig}`, ID_MESSAGE],
      ["/api/store/{id}", `/api/store/${tooBig}`, ID_MESSAGE],
      ["/api/settings/service-type/{id}/question", "/api/settings/service-type/0/question", ID_MESSAGE],
      [
        "/api/leads/{id}/internal",
        "/api/leads/99999999999999999999/internal",
        idRangeMessage(Number.MAX_SAFE_INTEGER),
      ],
    ];
    for (const [path, url, message] of paths) {
      const op = ops.find((o) => o.path === path && o.method !== "DELETE")!;
      const res = await call(op, { url });
      expect(expectProblem(res, url), url).toBe(400);
      expect(res.json().errors, url).toEqual({ "params.id": [message] });
      expect(res.json().message, url).toBe(`params.id: ${message}`);
    }
  });

  it("keeps the database mapping as a backstop: a NUL nested in free-form JSON is a 400 naming the field", async () => {
    // The web configuration is a free-form object the schemas do not walk; PostgreSQL's jsonb refuses \u0000.
    const webConfig = ops.find((o) => o.path === "/api/app/wingen-web-config/upsert")!;
    const saved = async () =>
      (await t.database.executeSql("select count(*)::int as n from web_configs", [])).rows[0];
    const before = await saved();
    const res = await call(webConfig, { payload: JSON.stringify({ config: { note: "a\u0000b" } }) });
    expect(expectProblem(res, "NUL nested in the web configuration")).toBe(400);
    expect(res.json().errors).toEqual({ "body.config.note": ["Remove the NUL character (\\u0000)"] });
    expect(await saved()).toEqual(before);
  });

  it("answers 400 with a message for malformed query strings", async () => {
    const queries: [string, string[]][] = [
      ["/api/app/lookup-list", ["includeInactive=maybe", "includeInactive[]=1"]],
      ["/api/app/lookup-list/roles", ["selector=bogus", "selector=", `selector=${"x".repeat(5000)}`]],
      [
        "/api/app/address-suggestions",
        ["query=", "query=ab&limit=-1", "query=ab&limit=abc", "limit=1e9&query=x"],
      ],
      ["/api/platform/mailbox", ["limit=-5", "limit=abc", "limit=99999999999"]],
    ];
    for (const [url, list] of queries) {
      for (const q of list) {
        const op = ops.find((o) => o.path === url)!;
        expect(op, url).toBeTruthy();
        const res = await call(op, { url: `${url}?${q}` });
        expectNoServerError(res, `${url}?${q}`);
      }
    }
  });
});
