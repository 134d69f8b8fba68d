import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("addresses", () => {
  it("suggests US cities and ZIP codes offline and gives their details", async () => {
    const a = await t.login("admin@demo.local");
    const byZip = (
      await t.app.inject({ method: "GET", url: "/api/app/address-suggestions?query=10001", headers: h(a) })
    ).json();
    expect(byZip[0]).toMatchObject({ id: "zip:10001", source: "zip" });
    const d = (
      await t.app.inject({ method: "GET", url: `/api/app/address-details/${byZip[0].id}`, headers: h(a) })
    ).json();
    expect(d).toMatchObject({ city: "New York", state: "NY", zip: "10001", timeZone: "America/New_York" });
    const street = (
      await t.app.inject({
        method: "GET",
        url: `/api/app/address-suggestions?query=${encodeURIComponent("12 Main St, Springfield, I")}`,
        headers: h(a),
      })
    ).json();
    expect(street.some((s: { label: string }) => /^12 Main St, Springfield, IL/.test(s.label))).toBe(true);
    const det = (
      await t.app.inject({
        method: "GET",
        url: `/api/app/address-details/${encodeURIComponent(street[0].id)}`,
        headers: h(a),
      })
    ).json();
    expect(det.address).toBe("12 Main St");
  });

  it("suggests the organization's own addresses, never another organization's", async () => {
    const east = await t.login("manager@demo.local");
    const mine = (
      await t.app.inject({
        method: "GET",
        url: "/api/app/address-suggestions?query=Route%2023",
        headers: h(east),
      })
    ).json();
    expect(mine.some((s: { source: string }) => s.source === "organization")).toBe(true);
    const westAdmin = await t.login("partner@demo.local");
    const theirs = (
      await t.app.inject({
        method: "GET",
        url: "/api/app/address-suggestions?query=Route%2023",
        headers: h(westAdmin),
      })
    ).json();
    expect(theirs.some((s: { source: string }) => s.source === "organization")).toBe(false);
    const storeId = mine.find((s: { source: string }) => s.source === "organization").id;
    const cross = await t.app.inject({
      method: "GET",
      url: `/api/app/address-details/${storeId}`,
      headers: h(westAdmin),
    });
    expect(cross.statusCode).toBe(404);
  });

  it("asks for a query", async () => {
    const a = await t.login("admin@demo.local");
    const res = await t.app.inject({
      method: "GET",
      url: "/api/app/address-suggestions?query=",
      headers: h(a),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Type part of an address/);
  });
});
