import { brotliDecompressSync, gunzipSync } from "node:zlib";
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

  it("compresses an answer of 1 kB or more as the client accepts, and leaves small ones and other clients alone", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const size = plain.rawPayload.length;
    expect(size).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(size / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(plain.json());

    const gz = await t.app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(plain.json());

    // A problem answer is far under 1 kB: sent as it is.
    const small = await t.app.inject({
      method: "GET",
      url: "/api/account/me",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(small.statusCode).toBe(401);
    expect(small.headers["content-encoding"]).toBeUndefined();
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
    const { mkdirSync, mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { brotliCompressSync, gzipSync } = await import("node:zlib");
    const dir = mkdtempSync(join(tmpdir(), "fl-web-"));
    writeFileSync(
      join(dir, "index.html"),
      '<!doctype html><head><title>FieldLead</title></head><body><div id="boot"><!--boot--><p>Loading</p><!--/boot--></div></body>',
    );
    // The build's list of a screen's scripts, and its own app shell (apps/web/route-preloads.ts).
    writeFileSync(
      join(dir, "route-preloads.json"),
      JSON.stringify({ "/capture": ["assets/main-AbC123.js"] }),
    );
    writeFileSync(
      join(dir, "route-shells.json"),
      JSON.stringify({ "/capture": '<div class="shell-page">Capture a lead</div>' }),
    );
    writeFileSync(join(dir, "app.js"), "console.log(1)");
    // A hashed asset and the compressed copies the build writes beside it (apps/web/precompress.ts).
    mkdirSync(join(dir, "assets"));
    const code = `export const big = ${JSON.stringify("x".repeat(4000))};`;
    writeFileSync(join(dir, "assets/main-AbC123.js"), code);
    writeFileSync(join(dir, "assets/main-AbC123.js.br"), brotliCompressSync(code));
    writeFileSync(join(dir, "assets/main-AbC123.js.gz"), gzipSync(code));
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

  it("names a listed screen's scripts in the page it sends for that address, and only there", async () => {
    for (const url of ["/capture", "/Capture/", "/capture?store=2"]) {
      const page = await w.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toContain("text/html");
      expect(page.headers["cache-control"], url).toBe("no-cache");
      expect(page.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/main-AbC123.js">\n  </head>',
      );
      // The screen's own shell in place of the generic one.
      expect(page.body, url).toContain(
        '<div id="boot"><!--boot--><div class="shell-page">Capture a lead</div><!--/boot--></div>',
      );
    }
    for (const url of ["/leads", "/"]) {
      const page = await w.app.inject({ method: "GET", url });
      expect(page.body, url).toContain("<title>FieldLead</title>");
      expect(page.body, url).not.toContain("modulepreload");
      expect(page.body, url).toContain("<!--boot--><p>Loading</p><!--/boot-->");
    }
  });

  it("sends the build's compressed copies as the browser accepts, hashed assets cached for good, the page revalidated", async () => {
    const get = (url: string, encoding?: string) =>
      w.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });
    const br = await get("/assets/main-AbC123.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await get("/assets/main-AbC123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/main-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("export const big");
    for (const url of ["/", "/reset-password/abc123"]) {
      const page = await get(url, "br");
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
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
