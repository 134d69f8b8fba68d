import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("features", () => {
  it("lets only a Super Admin create, update and delete; everyone sees the active ones", async () => {
    const sa = await t.login("superadmin@demo.local");
    const admin = await t.login("admin@demo.local");
    const denied = await t.app.inject({
      method: "POST",
      url: "/api/app/feature/upsert",
      headers: h(admin),
      payload: { name: "X" },
    });
    expect(denied.statusCode).toBe(403);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/app/feature/upsert",
      headers: h(sa),
      payload: { name: "Bulk invite", description: "Invite many", isActive: false },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    let list = (
      await t.app.inject({ method: "GET", url: "/api/app/feature/updates", headers: h(admin) })
    ).json();
    expect(list.features.some((f: { id: number }) => f.id === id)).toBe(true);
    expect(list.activeFeatures.some((f: { id: number }) => f.id === id)).toBe(false);
    await t.app.inject({
      method: "POST",
      url: "/api/app/feature/upsert",
      headers: h(sa),
      payload: { id, name: "Bulk invite", isActive: true },
    });
    list = (await t.app.inject({ method: "GET", url: "/api/app/feature/updates", headers: h(admin) })).json();
    expect(list.activeFeatures.some((f: { id: number }) => f.id === id)).toBe(true);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/app/feature/${id}/delete`, headers: h(admin) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/app/feature/${id}/delete`, headers: h(sa) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/app/feature/${id}/delete`, headers: h(sa) }))
        .statusCode,
    ).toBe(404);
  });

  it("rejects an empty name with the field named", async () => {
    const sa = await t.login("superadmin@demo.local");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/feature/upsert",
      headers: h(sa),
      payload: { name: "  " },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["body.name"][0]).toBe("Enter a name");
  });
});

describe("mailbox", () => {
  it("is for the Super Admin only", async () => {
    const admin = await t.login("admin@demo.local");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/platform/mailbox", headers: h(admin) })).statusCode,
    ).toBe(403);
    const sa = await t.login("superadmin@demo.local");
    const res = await t.app.inject({ method: "GET", url: "/api/platform/mailbox", headers: h(sa) });
    expect(res.statusCode).toBe(200);
    expect(res.json().transport).toBe("mailbox");
  });
});
