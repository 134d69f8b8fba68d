import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("web configuration", () => {
  it("saves the caller's web configuration and returns it in the logged-in user", async () => {
    const a = await t.login("manager@demo.local");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/wingen-web-config/upsert",
      headers: h(a),
      payload: { config: { sideMenuOpen: false } },
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(a) })).json();
    expect(me.wingenWebConfig).toEqual({ sideMenuOpen: false });
    const other = await t.login("admin@demo.local");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: h(other) })).json()
        .wingenWebConfig,
    ).toBeNull();
    const big = await t.app.inject({
      method: "POST",
      url: "/api/app/wingen-web-config/upsert",
      headers: h(a),
      payload: { config: { x: "y".repeat(70_000) } },
    });
    expect(big.statusCode).toBe(400);
  });
});
