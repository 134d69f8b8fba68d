import { describe, expect, it } from "vitest";
import { capturesLeads, LEAD_READER_ROLE_IDS, ROLE, SUBSCRIPTION } from "./roles";

describe("capturesLeads", () => {
  const as = (roleId: number, subscriptionId: number = SUBSCRIPTION.full, isPlatformAdmin = false) =>
    capturesLeads({ roleId, subscriptionId, isPlatformAdmin });

  it("is every role that changes leads, on the full product", () => {
    const capturing = LEAD_READER_ROLE_IDS.filter((r) => as(r));
    expect(capturing).toEqual(LEAD_READER_ROLE_IDS.filter((r) => r !== ROLE.analyst));
    expect(as(ROLE.analyst)).toBe(false);
    expect(as(99)).toBe(false);
  });

  it("is nobody in the program portals, except the platform operator", () => {
    for (const sub of [SUBSCRIPTION.retailerProgram, SUBSCRIPTION.secondPartner]) {
      expect(as(ROLE.admin, sub)).toBe(false);
      expect(as(ROLE.leadGenerator, sub)).toBe(false);
      expect(as(ROLE.admin, sub, true)).toBe(true);
    }
  });
});
