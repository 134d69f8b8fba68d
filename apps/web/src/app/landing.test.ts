import type { Who } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { landingPathFor } from "./landing";
import { canOpen } from "./menu";
import { BUILT_PATHS } from "./router";

const who = (roleId: number, subscriptionId: number): Who => ({ roleId, subscriptionId });
const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15];
const SUBSCRIPTION_IDS = [1, 2, 16];

describe("landingPathFor", () => {
  it("lands lead generators on Capture, and managers, schedulers, analysts and the Super Admin on the Dashboard", () => {
    for (const roleId of [14, 15]) expect(landingPathFor(who(roleId, 1))).toBe("/capture");
    for (const roleId of [1, 2, 3, 4, 5, 6, 7, 8]) expect(landingPathFor(who(roleId, 1))).toBe("/dashboard");
  });

  it("lands program users on their program's leads", () => {
    for (const subscriptionId of [2, 16])
      for (const roleId of [2, 3]) expect(landingPathFor(who(roleId, subscriptionId))).toBe("/leads");
  });

  it("never lands anyone on a 'coming soon' page or a screen they may not open", () => {
    for (const roleId of ROLE_IDS)
      for (const subscriptionId of SUBSCRIPTION_IDS) {
        const path = landingPathFor(who(roleId, subscriptionId));
        expect(BUILT_PATHS.has(path), `${roleId}/${subscriptionId} → ${path}`).toBe(true);
        expect(canOpen(path, who(roleId, subscriptionId)), `${roleId}/${subscriptionId} → ${path}`).toBe(
          true,
        );
      }
  });

  it("lands managers on Leads, the Dashboard's stand-in, where the Dashboard is not built", () => {
    const withoutDashboard = new Set([...BUILT_PATHS].filter((p) => p !== "/dashboard"));
    expect(landingPathFor(who(3, 1), withoutDashboard)).toBe("/leads");
    expect(landingPathFor(who(14, 1), withoutDashboard)).toBe("/capture");
  });

  it("falls back on the first built entry of the menu, then on What's new", () => {
    // Without Leads, a manager lands on the next screen of their menu that exists.
    expect(landingPathFor(who(3, 1), new Set(["/users", "/stores"]))).toBe("/users");
    expect(landingPathFor(who(3, 1), new Set())).toBe("/whats-new");
  });
});
