import { describe, expect, it } from "vitest";
import { flattenMenu, MENU, menuEntriesFor } from "./menu";
import {
  assignableRoleIds,
  CAPABILITIES,
  can,
  capabilitiesOf,
  ROLE,
  ROLES,
  rowScopeOf,
  SUBSCRIPTION,
} from "./permissions";

const full = (roleId: number) => ({ roleId, subscriptionId: SUBSCRIPTION.full });
const PORTALS = [SUBSCRIPTION.retailerProgram, SUBSCRIPTION.secondPartner];

describe("capabilities", () => {
  it("gives the Super Admin every one, in every subscription", () => {
    for (const subscriptionId of [SUBSCRIPTION.full, ...PORTALS]) {
      expect(capabilitiesOf({ roleId: ROLE.superAdmin, subscriptionId }).size).toBe(CAPABILITIES.length);
    }
  });

  it("lets whoever changes leads on the full product capture them, and nobody in the program portals", () => {
    for (const { id } of ROLES) {
      if (id === ROLE.superAdmin) continue;
      expect(can(full(id), "leads.capture"), `role ${id}`).toBe(can(full(id), "leads.edit"));
      for (const subscriptionId of PORTALS)
        expect(can({ roleId: id, subscriptionId }, "leads.capture")).toBe(false);
    }
    expect(can(full(99), "leads.capture")).toBe(false);
  });

  it("decides the drifts of decision 0026: analysts read leads, schedulers do not read the Smart Circle report, schedulers and analysts read the users page", () => {
    expect(can(full(ROLE.analyst), "leads.read")).toBe(true);
    expect(can(full(ROLE.analyst), "leads.edit")).toBe(false);
    expect(can(full(ROLE.scheduler), "reports.smartCircle")).toBe(false);
    for (const roleId of [ROLE.scheduler, ROLE.analyst]) {
      expect(can(full(roleId), "users.read")).toBe(true);
      expect(can(full(roleId), "users.edit")).toBe(false);
    }
  });

  it("keeps the program portals to their program's leads, QR codes and reports, and the support documents", () => {
    for (const subscriptionId of PORTALS) {
      const admin = capabilitiesOf({ roleId: ROLE.admin, subscriptionId });
      expect([...admin].sort()).toEqual(
        [
          "leads.read",
          "leads.edit",
          "leads.reject",
          "leads.delete",
          "leads.restore",
          "qrCodes.read",
          "reports.read",
          "support.read",
        ].sort(),
      );
    }
  });
});

describe("row scope", () => {
  const scope = (roleId: number, subscriptionId: number = SUBSCRIPTION.full) =>
    rowScopeOf({ roleId, subscriptionId, userId: 7, territoryIds: [3, 4] });

  it("reaches the organization, the membership's territories, or the caller's own rows", () => {
    for (const r of [ROLE.superAdmin, ROLE.admin, ROLE.manager, ROLE.scheduler, ROLE.analyst])
      expect(scope(r).reach).toBe("organization");
    for (const r of [
      ROLE.regionalManager,
      ROLE.territoryManager,
      ROLE.fieldMarketingManager,
      ROLE.leadGeneratorLead,
    ])
      expect(scope(r)).toMatchObject({ reach: "territories", territoryIds: [3, 4] });
    expect(scope(ROLE.leadGenerator)).toMatchObject({ reach: "self", userId: 7, territoryIds: [] });
  });

  it("narrows a portal to its program; the Super Admin to none", () => {
    expect(scope(ROLE.admin, SUBSCRIPTION.retailerProgram).program).toBe("retailerProgram");
    expect(scope(ROLE.admin, SUBSCRIPTION.secondPartner).program).toBe("secondPartner");
    expect(scope(ROLE.superAdmin, SUBSCRIPTION.retailerProgram).program).toBeNull();
    expect(scope(ROLE.admin).program).toBeNull();
  });
});

describe("roles a caller may give", () => {
  it("never above their own; territory-level managers only the lead-generator roles", () => {
    expect(assignableRoleIds(full(ROLE.admin))).not.toContain(ROLE.superAdmin);
    expect(assignableRoleIds(full(ROLE.manager)).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 14, 15]);
    expect(assignableRoleIds(full(ROLE.manager))).not.toContain(ROLE.admin);
    for (const r of [ROLE.regionalManager, ROLE.territoryManager, ROLE.fieldMarketingManager])
      expect(assignableRoleIds(full(r))).toEqual([ROLE.leadGenerator, ROLE.leadGeneratorLead]);
    for (const r of [ROLE.scheduler, ROLE.analyst, ROLE.leadGenerator, ROLE.leadGeneratorLead])
      expect(assignableRoleIds(full(r))).toEqual([]);
    expect(assignableRoleIds(full(ROLE.admin), "partner")).toEqual([ROLE.admin, ROLE.manager]);
  });
});

describe("the menu", () => {
  it("names a capability for every entry, and a child never opens to someone its section hides", () => {
    for (const section of MENU)
      for (const child of section.children ?? [])
        for (const { id } of ROLES)
          for (const subscriptionId of [SUBSCRIPTION.full, ...PORTALS]) {
            const who = { roleId: id, subscriptionId };
            if (can(who, child.capability))
              expect(can(who, section.capability), `${child.key} for ${id}`).toBe(true);
          }
    expect(flattenMenu().every((e) => CAPABILITIES.includes(e.capability))).toBe(true);
  });

  it("shows a lead generator the field's entries, and a portal Admin its program's", () => {
    expect(menuEntriesFor(full(ROLE.leadGenerator)).map((e) => e.key)).toEqual([
      "capture",
      "leads",
      "qr-codes",
      "labor",
      "support",
    ]);
    expect(
      menuEntriesFor({ roleId: ROLE.admin, subscriptionId: SUBSCRIPTION.retailerProgram }).map((e) => e.key),
    ).toEqual(["leads", "qr-codes", "reports", "support"]);
  });
});
