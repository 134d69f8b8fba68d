import { endpointCatalogue, extraEndpoints, MAX_INT_ID } from "@fieldlead/contracts";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MORE_ERROR_ANSWERS, operationIdOf, PROBLEM_REF, UPLOAD_CALLS } from "../src/platform/openapi";
import { createTestApp, h, type TestApp } from "./harness";

/**
 * The OpenAPI document (`GET /api/docs/json`) tells the truth: it passes an OpenAPI linter (Redocly's
 * recommended rules) without errors, names and describes every operation, documents the error answers with
 * the one `Problem` schema that real error answers match, and shows the rules the server enforces.
 */

type Schema = {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  description?: string;
};
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

let t: TestApp;
let doc: Document;
let source: string;
const ops: { key: string; method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  // Real rate limits, so that a 429 can be seen.
  t = await createTestApp({ config: { rateLimitScale: 1 } });
  const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      ops.push({ key: `${method.toUpperCase()} ${path}`, method, path, op });
});
afterAll(() => t?.close());

const op = (key: string) => {
  const found = ops.find((o) => o.key === key);
  if (!found) throw new Error(`no operation ${key} in the document`);
  return found.op;
};
const deref = (s: Schema): Schema =>
  s.$ref ? doc.components.schemas[s.$ref.replace("#/components/schemas/", "")] : s;
const bodyOf = (key: string) => deref(op(key).requestBody!.content["application/json"].schema);

/** The value's violations of `schema` (the subset of OpenAPI 3.0 schemas the document uses). */
function violations(value: unknown, schema: Schema, at = "$"): string[] {
  const s = deref(schema);
  if (value === null) return s.nullable || s.anyOf?.some((b) => deref(b).nullable) ? [] : [`${at} is null`];
  if (s.anyOf) {
    return s.anyOf.some((b) => violations(value, b, at).length === 0) ? [] : [`${at} matches no branch`];
  }
  const out: string[] = [];
  const type = Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (s.type && s.type !== type && !(s.type === "number" && type === "integer"))
    return [`${at} is ${type}, not ${s.type}`];
  if (s.enum && !s.enum.includes(value)) out.push(`${at} = ${JSON.stringify(value)} is not one of ${s.enum}`);
  if (typeof value === "string" && s.pattern && !new RegExp(s.pattern).test(value))
    out.push(`${at} does not match ${s.pattern}`);
  if (typeof value === "number" && s.minimum !== undefined && value < s.minimum) out.push(`${at} < min`);
  if (typeof value === "number" && s.maximum !== undefined && value > s.maximum) out.push(`${at} > max`);
  if (Array.isArray(value) && s.items) {
    for (const [i, v] of value.entries()) out.push(...violations(v, s.items, `${at}[${i}]`));
  }
  if (type === "object") {
    const obj = value as Record<string, unknown>;
    for (const name of s.required ?? []) if (!(name in obj)) out.push(`${at}.${name} is missing`);
    for (const [name, v] of Object.entries(obj)) {
      const p = s.properties?.[name];
      if (p) out.push(...violations(v, p, `${at}.${name}`));
      else if (s.additionalProperties === false) out.push(`${at}.${name} is not in the schema`);
      else if (typeof s.additionalProperties === "object")
        out.push(...violations(v, s.additionalProperties, `${at}.${name}`));
    }
  }
  return out;
}

/** A problem answer: its content type, and a body the document's `Problem` schema allows, naming no other field. */
function expectDocumentedProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  const problem = doc.components.schemas.Problem;
  expect(violations(res.json(), { ...problem, additionalProperties: false })).toEqual([]);
}

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source, absoluteRef: "/api/docs/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error");
    const warnings = problems.filter((p) => p.severity === "warn");
    const byRule = new Map<string, number>();
    for (const w of warnings) byRule.set(w.ruleId, (byRule.get(w.ruleId) ?? 0) + 1);
    // The count goes in the README; no-ambiguous-paths comes from the spec's own paths (`/users/{id}/...`
    // beside `/users/trade/{id}`), info-license from a product without a published licence.
    console.log(
      `OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings (${[...byRule]
        .map(([rule, n]) => `${rule} ${n}`)
        .join(", ")})`,
    );
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it("names every operation: a unique camelCase operationId from method and path, a tag, a summary", () => {
    expect(ops.length).toBeGreaterThanOrEqual(60);
    const catalogue = new Map(
      [...endpointCatalogue, ...extraEndpoints].map((e) => [`${e.method} ${e.path}`.toLowerCase(), e]),
    );
    const ids = new Set<string>();
    for (const { key, method, path, op } of ops) {
      expect(op.operationId, key).toBe(operationIdOf(method, path));
      expect(op.operationId, key).toMatch(/^(get|post|put|delete|patch)[A-Z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId!), `${key}: operationId ${op.operationId} is used twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.tags?.length, key).toBe(1);
      // The summary is the catalogue's description; a call outside the spec's catalogue has its own.
      const entry = catalogue.get(key.toLowerCase());
      if (entry) {
        expect(op.summary, key).toBe(entry.meaning);
        expect(op.tags, key).toEqual([entry.group]);
      } else expect(op.summary?.length ?? 0, `${key} has no summary`).toBeGreaterThan(3);
    }
    expect(op("GET /api/users/{id}").operationId).toBe("getUsersById");
    expect(op("DELETE /api/app/feature/{id}/delete").operationId).toBe("deleteAppFeatureByIdDelete");
    expect(op("POST /api/store/search").summary).toBe(
      endpointCatalogue.find((e) => e.path === "/api/store/search")!.meaning,
    );
  });

  it("documents the error answers, each with the one Problem schema", () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.required).toEqual(["type", "title", "status", "message"]);
    expect(Object.keys(problem.properties ?? {})).toEqual(
      expect.arrayContaining(["type", "title", "status", "message", "code", "errors", "requestId"]),
    );
    for (const key of Object.keys(MORE_ERROR_ANSWERS))
      expect(
        ops.map((o) => o.key),
        key,
      ).toContain(key);
    for (const { key, op } of ops) {
      const statuses = Object.keys(op.responses);
      const errors = statuses.filter((s) => s.startsWith("4"));
      expect(
        statuses.some((s) => s.startsWith("2")),
        key,
      ).toBe(true);
      for (const s of errors) {
        expect(op.responses[s].content, `${key} ${s}`).toEqual({
          "application/problem+json": { schema: { $ref: PROBLEM_REF } },
        });
      }
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const takesInput = Boolean(op.requestBody || op.parameters?.some((p) => p.in === "path"));
      if (takesInput || !isPublic) expect(errors, key).toContain("400");
      if (!isPublic) expect(errors, key).toContain("401");
      else if (!MORE_ERROR_ANSWERS[key]?.add?.includes(401)) expect(errors, key).not.toContain("401");
      if (isPublic && !MORE_ERROR_ANSWERS[key]?.add?.includes(403)) expect(errors, key).not.toContain("403");
    }
    // Rate limited: the public account calls.
    expect(Object.keys(op("POST /api/account/login").responses)).toEqual(["200", "400", "401", "403", "429"]);
    expect(Object.keys(op("GET /api/account/reset-password/{linkId}/validate").responses)).toEqual([
      "200",
      "400",
      "429",
    ]);
    // A tenant call with a path id: every 4xx the auth layer and the service give.
    expect(Object.keys(op("GET /api/users/{id}").responses)).toEqual(["200", "400", "401", "403", "404"]);
    expect(Object.keys(op("POST /api/store/upsert").responses)).toContain("409");
    expect(Object.keys(op("GET /api/account/me").responses)).toEqual(["200", "400", "401"]);
  });

  it("shows the uploads as a form with a file, or JSON with the fields only, and their 413 and 415", () => {
    for (const key of Object.keys(UPLOAD_CALLS)) {
      const upload = op(key);
      const content = upload.requestBody?.content ?? {};
      expect(Object.keys(content).sort(), key).toEqual(["application/json", "multipart/form-data"]);
      const form = deref(content["multipart/form-data"].schema);
      const json = deref(content["application/json"].schema);
      expect(form.properties?.file, key).toMatchObject({ type: "string", format: "binary" });
      expect(Object.keys(form.properties ?? {}), key).toEqual(
        expect.arrayContaining(Object.keys(json.properties ?? {})),
      );
      expect(json.properties?.file, key).toBeUndefined();
      expect(Object.keys(upload.responses), key).toEqual(expect.arrayContaining(["404", "413", "415"]));
    }
  });

  it("describes what real error answers look like", async () => {
    const admin = await t.login("admin@demo.local");
    expectDocumentedProblem(await t.app.inject({ method: "GET", url: "/api/account/me" }), 401);
    expectDocumentedProblem(
      await t.app.inject({ method: "GET", url: "/api/users/99999999999", headers: h(admin) }),
      400,
    );
    expectDocumentedProblem(
      await t.app.inject({ method: "GET", url: "/api/store/2147483000", headers: h(admin) }),
      404,
    );
    expectDocumentedProblem(
      await t.app.inject({
        method: "GET",
        url: "/api/users/1",
        headers: h(admin, { currentorganizationid: "999999" }),
      }),
      403,
    );
    expectDocumentedProblem(await t.app.inject({ method: "GET", url: "/api/no-such-call" }), 404);
    // 10 reset calls a minute per address; the 11th is refused by the rate limit.
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: "POST",
        url: "/api/account/forgot-password",
        payload: { email: "nobody@demo.local" },
        remoteAddress: "10.99.0.1",
      });
    }
    expectDocumentedProblem(last!, 429);
  });

  it("shows the rules the server enforces in the request schemas", () => {
    const id = { type: "integer", minimum: 1, maximum: MAX_INT_ID };
    const user = bodyOf("POST /api/users/upsert").properties!;
    expect(user.id).toMatchObject(id);
    expect(user.territoryIds.items).toMatchObject(id);
    expect(user.email).toMatchObject({ type: "string", format: "email" });
    expect(user.phone).toMatchObject({ type: "string", pattern: "^\\d+$", minLength: 10, maxLength: 15 });
    expect(user.timeZone.pattern).toBeTruthy();

    const store = bodyOf("POST /api/store/upsert").properties!;
    expect(store.state).toMatchObject({ type: "string", pattern: "^[A-Za-z]{2}$" });
    expect(store.state.description).toContain("NJ");
    expect(store.zip.pattern).toBe("^\\d{5}$");
    expect(new RegExp(store.timeZone.pattern!).test("America/New_York")).toBe(true);
    for (const bad of ["+05:00", "EST", "New York"])
      expect(new RegExp(store.timeZone.pattern!).test(bad), bad).toBe(false);
    expect(store.latitude).toMatchObject({ minimum: -90, maximum: 90 });
    expect(bodyOf("POST /api/store/search").properties!.states.items).toMatchObject({
      pattern: "^[A-Za-z]{2}$",
    });

    const search = bodyOf("POST /api/leads/internal/search").properties!;
    expect(search.startDate).toMatchObject({
      type: "string",
      format: "date",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    });
    expect(search.endDate).toMatchObject({ format: "date" });
    expect(search.storeIds.items).toMatchObject(id);
    expect(search.dateRange).toMatchObject({ type: "integer", minimum: 1, maximum: 10 });

    const lead = bodyOf("POST /api/leads/internal/upsert").properties!;
    expect(new RegExp(lead.phone.pattern!).test("(201) 555-0142")).toBe(true);
    expect(new RegExp(lead.phone.pattern!).test("555-0142")).toBe(false);
    expect(new RegExp(lead.email.pattern!).test("mia@example.com")).toBe(true);
    expect(new RegExp(lead.email.pattern!).test("mia@example")).toBe(false);

    for (const { key, op } of ops) {
      for (const p of op.parameters ?? []) {
        // An address suggestion's id is text (`zip:07470`); every other `{id}` is a row's.
        if (p.in !== "path" || !/^(id|orgId)$/.test(p.name) || key.includes("address-details")) continue;
        // `minimum: 0, exclusiveMinimum: true` (zod's .positive()) says the same as `minimum: 1`.
        const least = (p.schema.minimum ?? 0) + (p.schema.exclusiveMinimum ? 1 : 0);
        expect(p.schema.type, `${key} ${p.name}`).toBe("integer");
        expect(least, `${key} ${p.name}`).toBe(1);
        expect(p.schema.maximum, `${key} ${p.name}`).toBeGreaterThanOrEqual(MAX_INT_ID);
      }
    }
  });

  it("answers the reset-link check with values its documented schema allows", async () => {
    const schema = op("GET /api/account/reset-password/{linkId}/validate").responses["200"].content![
      "application/json"
    ].schema;
    const validate = async (linkId: string) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/account/reset-password/${linkId}/validate`,
        remoteAddress: "10.99.0.2",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(violations(res.json(), { ...schema, additionalProperties: false })).toEqual([]);
      return res.json();
    };
    const askLink = async (email: string) => {
      await t.app.inject({
        method: "POST",
        url: "/api/account/forgot-password",
        payload: { email },
        remoteAddress: "10.99.0.3",
      });
      await t.mailer.idle();
      const [mail] = await t.mailer.list(1);
      return /\/reset-password\/([A-Za-z0-9]+)/.exec(mail.text)?.[1] ?? "";
    };

    expect(await validate("no-such-link")).toEqual({
      valid: false,
      reason: "unknown",
      email: null,
      purpose: null,
    });
    const linkId = await askLink("analyst@demo.local");
    expect(await validate(linkId)).toEqual({
      valid: true,
      reason: "ok",
      email: "analyst@demo.local",
      purpose: "reset",
    });
    const reset = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "a-new-password-1" },
      remoteAddress: "10.99.0.4",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await validate(linkId)).toMatchObject({ valid: false, reason: "used", email: null });
    const old = await askLink("scheduler@demo.local");
    await t.database.executeSql(
      "update password_links set expires_at = now() - interval '1 minute' where used_at is null",
      [],
    );
    expect(await validate(old)).toMatchObject({ valid: false, reason: "expired", email: null });
  });
});
