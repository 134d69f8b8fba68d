import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FREE_FORM_JSON_MAX_DEPTH } from "@fieldlead/contracts";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH, NOT_UTF8_MESSAGE, TOO_DEEP_MESSAGE } from "../src/platform/json-body";
import { type AuthHeaders, createTestApp, h, type TestApp } from "./harness";

/**
 * What the platform layer does to every request and answer (docs/decisions/0016): no API answer is cached,
 * a body nested too deeply or free-form JSON past its bounds is a 400 naming the field, and a body that is
 * not UTF-8 is a 400 instead of text full of replacement characters.
 */

let t: TestApp;
let admin: AuthHeaders;
beforeAll(async () => {
  // The web app's files on the same origin, to check that they keep their own caching.
  const web = mkdtempSync(join(tmpdir(), "fl-web-"));
  writeFileSync(join(web, "index.html"), "<!doctype html><title>FieldLead</title>");
  writeFileSync(join(web, "app.js"), "console.log(1)");
  t = await createTestApp({ config: { webDist: web } });
  admin = await t.login("admin@demo.local");
});
afterAll(() => t?.close());

const linkFrom = (text: string) => /\/reset-password\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? "";
/** An object `depth` levels deep, objects and arrays taking turns: `{a: [{a: [...]}]}`. */
const nested = (depth: number, leaf: unknown = 1): Record<string, unknown> => {
  let v = leaf;
  for (let i = depth - 1; i >= 0; i--) v = i % 2 === 0 ? { a: v } : [v];
  return v as Record<string, unknown>;
};
const count = async (sql: string, params: unknown[] = []) =>
  ((await t.database.executeSql(sql, params)).rows[0] as { n: number }).n;
const problem = (res: LightMyRequestResponse, status: number) => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  expect(res.json().message).toBeTruthy();
  return res.json() as { message: string; errors?: Record<string, string[]> };
};

describe("no caching of private answers", () => {
  it("sends Cache-Control: no-store with the sign-in, the reset-password answer and the signed-in user", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: "manager@demo.local", password: "demo1234" },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toBeTruthy();
    expect(login.headers["cache-control"]).toBe("no-store");

    const me = await t.app.inject({
      method: "GET",
      url: "/api/account/me",
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");

    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/account/forgot-password",
      payload: { email: "scheduler@demo.local" },
    });
    expect(forgot.headers["cache-control"]).toBe("no-store");
    await t.mailer.idle();
    const [mail] = await t.mailer.list(1);
    const linkId = linkFrom(mail.text);
    const validate = await t.app.inject({
      method: "GET",
      url: `/api/account/reset-password/${linkId}/validate`,
    });
    expect(validate.json().email).toBe("scheduler@demo.local");
    expect(validate.headers["cache-control"]).toBe("no-store");
    const reset = await t.app.inject({
      method: "PUT",
      url: "/api/account/reset-password",
      payload: { linkId, password: "new-password-1" },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().token).toBeTruthy();
    expect(reset.headers["cache-control"]).toBe("no-store");
  });

  it("sends it with every authenticated answer, refusals and unknown API paths included", async () => {
    const answers = [
      await t.app.inject({ method: "POST", url: "/api/store/search", headers: h(admin), payload: {} }),
      await t.app.inject({ method: "GET", url: "/api/app/lookup-list", headers: h(admin) }),
      await t.app.inject({ method: "GET", url: "/api/settings/leads", headers: h(admin) }),
      await t.app.inject({ method: "GET", url: "/API/Account/ME", headers: h(admin) }),
      await t.app.inject({ method: "GET", url: "/api/account/me" }),
      await t.app.inject({
        method: "GET",
        url: "/api/app/lookup-list",
        headers: h(admin, { currentorganizationid: "999999" }),
      }),
      await t.app.inject({ method: "GET", url: "/api/leads/nowhere", headers: h(admin) }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 403, 404]);
    for (const r of answers) expect(r.headers["cache-control"]).toBe("no-store");
  });

  it("replaces the capture icon's own caching (it was private, max-age=300)", async () => {
    const lg = (await t.login("lg@demo.local")).userId;
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await t.database.executeSql(
      "insert into user_capture_icons (user_id, content_type, content) values ($1, 'image/png', $2)",
      [lg, png],
    );
    const icon = await t.app.inject({
      method: "GET",
      url: `/api/users/${lg}/capture-icon`,
      headers: h(admin),
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the web app's files and the public API reference alone", async () => {
    const file = await t.app.inject({ method: "GET", url: "/app.js" });
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).not.toContain("no-store");
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"] ?? "").not.toContain("no-store");
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["cache-control"] ?? "").not.toContain("no-store");
  });
});

describe("deeply nested JSON", () => {
  const saveConfig = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/app/wingen-web-config/upsert",
      headers: h(admin, { "content-type": "application/json" }),
      payload: JSON.stringify(payload),
    });
  /** JSON text of `[[[...]]]` `depth` levels deep, built as text (JSON.stringify cannot write it). */
  const deepText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("answers a web configuration 5,000 levels deep with a 400 naming the field, and saves nothing", async () => {
    const before = await count("select count(*)::int as n from web_configs");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/wingen-web-config/upsert",
      headers: h(admin, { "content-type": "application/json" }),
      payload: `{"config":{"layout":${deepText(5000)}}}`,
    });
    const body = problem(res, 400);
    expect(body.errors).toEqual({ "body.config": [TOO_DEEP_MESSAGE] });
    expect(body.message).toBe(`body.config: ${TOO_DEEP_MESSAGE}`);
    expect(await count("select count(*)::int as n from web_configs")).toBe(before);
  });

  it("keeps free-form JSON to 32 levels and 64 KB, naming the field", async () => {
    const ok = await saveConfig({ config: nested(FREE_FORM_JSON_MAX_DEPTH) });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    expect(ok.json().wingenWebConfig).toEqual(nested(FREE_FORM_JSON_MAX_DEPTH));

    const deep = problem(await saveConfig({ config: nested(FREE_FORM_JSON_MAX_DEPTH + 1) }), 400);
    expect(deep.errors).toEqual({ "body.config": ["Nest at most 32 levels of objects and arrays"] });
    expect(deep.message).toBe("body.config: Nest at most 32 levels of objects and arrays");

    const big = problem(await saveConfig({ config: { note: "é".repeat(33_000) } }), 400);
    expect(big.errors).toEqual({ "body.config": ["Keep it under 64 KB of JSON"] });
    // What was saved before stays.
    const me = await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(admin) });
    expect(me.json().wingenWebConfig).toEqual(nested(FREE_FORM_JSON_MAX_DEPTH));
  });

  it("answers 400, never 500, for a deeply nested body on any route", async () => {
    const leadsBefore = await count("select count(*)::int as n from capture_entries");
    const cases: [string, string, AuthHeaders | null, string][] = [
      ["POST", "/api/account/login", null, `{"email":"a@b.c","password":${deepText(5000)}}`],
      ["POST", "/api/leads/internal/upsert", admin, `{"storeId":1,"extra":${deepText(5000)}}`],
      ["POST", "/api/store/search", admin, deepText(5000)],
      ["PUT", "/api/organizations/upsert/smart-circle", admin, `{"territories":${deepText(100_000)}}`],
      ["POST", "/api/settings/service-type/upsert", admin, `{"name":"x","a":${deepText(MAX_BODY_DEPTH)}}`],
    ];
    for (const [method, url, who, payload] of cases) {
      const res = await t.app.inject({
        method: method as "POST",
        url,
        headers: { ...(who ? h(who) : {}), "content-type": "application/json" },
        payload,
      });
      const body = problem(res, 400);
      expect(Object.values(body.errors ?? {}).flat(), url).toEqual([TOO_DEEP_MESSAGE]);
    }
    expect(await count("select count(*)::int as n from capture_entries")).toBe(leadsBefore);
    // A body exactly as deep as allowed reaches the route's own validation.
    const atLimit = await t.app.inject({
      method: "POST",
      url: "/api/settings/service-type/upsert",
      headers: h(admin, { "content-type": "application/json" }),
      payload: `{"name":${deepText(MAX_BODY_DEPTH - 1)}}`,
    });
    expect(problem(atLimit, 400).errors).toHaveProperty(["body.name"]);
  });
});

describe("request bodies that are not UTF-8", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
  const upsertType = (payload: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/settings/service-type/upsert",
      headers: h(admin, { "content-type": "application/json", ...headers }),
      payload,
    });

  it("refuses invalid UTF-8 inside a string with a 400, and stores nothing", async () => {
    const before = await count("select count(*)::int as n from service_types");
    // ED A0 80 is an encoded UTF-16 surrogate (not allowed in UTF-8); FF is never a UTF-8 byte.
    for (const payload of [
      bytes('{"name":"Bad', [0xed, 0xa0, 0x80, 0xff], ' type"}'),
      bytes('{"name":"Latin-1 caf', [0xe9], '"}'),
      bytes('{"name":"Cut ', [0xe2, 0x82], '"}'),
    ]) {
      const body = problem(await upsertType(payload), 400);
      expect(body.message).toBe(NOT_UTF8_MESSAGE);
      expect(body.message).toBe("The request body is not valid UTF-8 text.");
    }
    // Whatever charset the client claims: JSON is UTF-8.
    const latin1 = await upsertType(bytes('{"name":"caf', [0xe9], '"}'), {
      "content-type": "application/json; charset=iso-8859-1",
    });
    expect(problem(latin1, 400).message).toBe(NOT_UTF8_MESSAGE);
    expect(
      await count("select count(*)::int as n from service_types where name like '%' || chr(65533) || '%'"),
    ).toBe(0);
    expect(await count("select count(*)::int as n from service_types")).toBe(before);
  });

  it("keeps valid UTF-8 exactly as sent", async () => {
    const res = await upsertType(bytes('{"name":"Café Zoë 🏠 ', [0xe2, 0x82, 0xac], '"}'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe("Café Zoë 🏠 €");
  });
});
