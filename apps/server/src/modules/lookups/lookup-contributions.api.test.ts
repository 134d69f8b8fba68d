import { LARGE_LOOKUP_KEYS, LOOKUP_LIST_KEYS, type LookupList } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, h, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const lookup = async (a: AuthHeaders, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/app/lookup-list${query}`, headers: h(a) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LookupList;
};

describe("the lookup list as the modules contribute it", () => {
  it("has every key of the contract contributed exactly once, by the module that owns it", () => {
    const contributions = t.app.deps.services.lookups.contributions;
    const keys = contributions.flatMap((c) => c.keys);
    expect([...keys].sort()).toEqual([...LOOKUP_LIST_KEYS].sort());
    expect(new Set(keys).size).toBe(keys.length);
    const owner = (key: string) => contributions.find((c) => c.keys.includes(key as never))?.area;
    expect(LARGE_LOOKUP_KEYS.map(owner)).toEqual(["stores", "stores", "stores", "users"]);
    expect(
      ["parentOrganizations", "organizationTerritories", "allOrganizationTerritories"].map(owner),
    ).toEqual(["organizations", "organizations", "organizations"]);
    expect(owner("roles")).toBe("users");
    expect(["leadStatus", "timeZones", "serviceTypeField"].map(owner)).toEqual([
      "lookups",
      "lookups",
      "lookups",
    ]);
    // The programs' code lists come from the organization's destination settings (decision 0039).
    expect(
      ["hdsfiGroup", "hdsfiGroupForAppointmentTypes", "centahAdCode", "imeSubCategories"].map(owner),
    ).toEqual(["deliveries", "deliveries", "deliveries", "deliveries"]);
    expect(owner("scheduleAppointmentTypes")).toBe("appointment types");
  });

  it("leaves exactly the large lists empty when asked for the compact list", async () => {
    for (const email of ["admin@demo.local", "territory@demo.local", "lg@demo.local"]) {
      const a = await t.login(email);
      const full = await lookup(a);
      const compact = await lookup(a, "?compact=true");
      expect(Object.keys(compact)).toEqual(Object.keys(full));
      for (const key of LOOKUP_LIST_KEYS) {
        if ((LARGE_LOOKUP_KEYS as readonly string[]).includes(key)) {
          expect(full[key].length, `${email} ${key}`).toBeGreaterThan(0);
          expect(compact[key], `${email} ${key}`).toEqual([]);
        } else {
          expect(compact[key], `${email} ${key}`).toEqual(full[key]);
        }
      }
      // `false` is false, as is leaving it out.
      expect(await lookup(a, "?compact=false")).toEqual(full);
    }
  });

  it("reads includeInactive=false as false", async () => {
    const a = await t.login("admin@demo.local");
    const none = await lookup(a);
    const no = await lookup(a, "?includeInactive=false");
    const yes = await lookup(a, "?includeInactive=true");
    expect(no).toEqual(none);
    expect(no.leadGenerator.every((l) => l.isActive)).toBe(true);
    expect(yes.leadGenerator.some((l) => !l.isActive)).toBe(true);
  });

  it("refuses a flag that is not true or false", async () => {
    const a = await t.login("admin@demo.local");
    for (const q of ["compact=maybe", "includeInactive=yes please"]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/app/lookup-list?${encodeURI(q)}`,
        headers: h(a),
      });
      expect(res.statusCode, q).toBe(400);
    }
  });
});
