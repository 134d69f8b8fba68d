import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "./harness";

let t: TestApp;
beforeAll(async () => {
  // Real limits (scale 1): 20 sign-ins and 10 reset calls a minute per address.
  t = await createTestApp({ config: { rateLimitScale: 1 } });
});
afterAll(() => t?.close());

describe("platform", () => {
  it("answers problems with the request id that the response header carries", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/account/me" });
    expect(res.statusCode).toBe(401);
    expect(res.json().requestId).toBe(res.headers["x-request-id"]);
  });

  it("sends security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/account/me" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("serves the OpenAPI document generated from the zod schemas, without signing in", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/account/login"].post.requestBody).toBeTruthy();
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("never answers 500 for a body of the wrong shape", async () => {
    const a = await t.app.inject({ method: "POST", url: "/api/account/login", payload: [1, 2, 3] });
    expect(a.statusCode).toBe(400);
    const b = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(b.statusCode).toBe(400);
    expect(b.json().message).toBeTruthy();
  });

  it("throttles sign-in attempts from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await t.app.inject({
        method: "POST",
        url: "/api/account/login",
        remoteAddress: "10.9.8.7",
        payload: { email: `nobody${i}@demo.local`, password: "wrong-password" },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      remoteAddress: "10.9.8.8",
      payload: { email: "admin@demo.local", password: "demo1234" },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("web app on the same origin", () => {
  let w: TestApp;
  beforeAll(async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "fl-web-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>FieldLead</title>");
    writeFileSync(join(dir, "app.js"), "console.log(1)");
    w = await createTestApp({ seed: false, config: { webDist: dir } });
  });
  afterAll(() => w?.close());

  it("serves the app, its files, and client-side routes from index.html", async () => {
    expect((await w.app.inject({ method: "GET", url: "/" })).body).toContain("<title>FieldLead</title>");
    expect((await w.app.inject({ method: "GET", url: "/app.js" })).body).toContain("console.log");
    const route = await w.app.inject({ method: "GET", url: "/reset-password/abc123" });
    expect(route.statusCode).toBe(200);
    expect(route.headers["content-type"]).toContain("text/html");
  });

  it("keeps unknown API paths and missing files as 404", async () => {
    const api = await w.app.inject({ method: "GET", url: "/api/leads/nowhere" });
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toContain("application/problem+json");
    expect((await w.app.inject({ method: "GET", url: "/missing.js" })).statusCode).toBe(404);
  });
});

describe("JSON bodies", () => {
  it("answers a search sent with no body as one with no filters", async () => {
    const a = await t.login("admin@demo.local");
    const res = await t.app.inject({ method: "POST", url: "/api/store/search", headers: h(a) });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });

  it("treats an empty JSON body as none, and refuses prototype pollution", async () => {
    const a = await t.login("superadmin@demo.local");
    const out = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { authorization: a.authorization, "content-type": "application/json" },
      payload: "",
    });
    expect(out.statusCode).toBe(200);
    const evil = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(evil.statusCode).toBe(400);
  });
});
