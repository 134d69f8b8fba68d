import { can, type Who } from "@fieldlead/contracts";
import { describe, expect, it } from "vitest";
import { allMenuItems, canOpen, type MenuItem, menuFor, menuItemsFor } from "./menu";

const who = (roleId: number, subscriptionId: number): Who => ({ roleId, subscriptionId });
const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15];
const SUBSCRIPTION_IDS = [1, 2, 16];
const labels = (items: MenuItem[]) => items.map((i) => i.label);
const childLabels = (items: MenuItem[], label: string) =>
  labels(items.find((i) => i.label === label)?.children ?? []);

describe("menuFor", () => {
  it("shows the Super Admin every entry, Platform included, in the order of the domain's menu", () => {
    const menu = menuFor(who(1, 1));
    expect(labels(menu)).toEqual([
      "Dashboard",
      "Capture",
      "Leads",
      "Appointments",
      "Deliveries",
      "QR codes",
      "Labor",
      "Users",
      "Stores",
      "Charts",
      "Reports",
      "Notifications",
      "Support",
      "Settings",
      "Platform",
    ]);
    expect(childLabels(menu, "Platform")).toEqual(["Organizations", "Features", "Mailbox"]);
  });

  it("never shows Platform to anyone but the Super Admin", () => {
    for (const role of [2, 3, 4, 5, 6, 7, 8, 14, 15]) {
      for (const sub of [1, 2, 16]) expect(labels(menuFor(who(role, sub)))).not.toContain("Platform");
    }
  });

  it("gives an Admin the organization's areas, settings and Capture included", () => {
    const menu = labels(menuFor(who(2, 1)));
    expect(menu).toContain("Settings");
    expect(menu).toContain("Users");
    // Decision 0026: everyone who may capture (managers, schedulers, lead generators) sees Capture.
    expect(menu).toContain("Capture");
    expect(childLabels(menuFor(who(2, 1)), "Settings")).toEqual([
      "Organization",
      "Service types",
      "Business contacts",
      "Lead capture",
      "Destinations",
    ]);
  });

  it("keeps settings from a Manager", () => {
    expect(labels(menuFor(who(3, 1)))).not.toContain("Settings");
    expect(labels(menuFor(who(3, 1)))).toContain("Stores");
  });

  it("shows Settings to the Admin (and the Super Admin) only", () => {
    for (const role of ROLE_IDS) {
      for (const sub of SUBSCRIPTION_IDS) {
        const sees = role === 1 || (role === 2 && sub === 1);
        expect(labels(menuFor(who(role, sub))).includes("Settings"), `role ${role}, sub ${sub}`).toBe(sees);
      }
    }
  });

  it("shows Capture to everyone who may capture: managers, schedulers and lead generators", () => {
    for (const role of [1, 2, 3, 4, 5, 6, 7, 14, 15])
      expect(labels(menuFor(who(role, 1)))).toContain("Capture");
    expect(labels(menuFor(who(8, 1)))).not.toContain("Capture");
    for (const role of [2, 3]) expect(labels(menuFor(who(role, 16)))).not.toContain("Capture");
  });

  it("shows Stores to managers, field marketing managers, schedulers and analysts, never lead generators", () => {
    for (const role of [1, 2, 3, 4, 5, 6, 7, 8]) expect(labels(menuFor(who(role, 1)))).toContain("Stores");
    for (const role of [14, 15]) expect(labels(menuFor(who(role, 1)))).not.toContain("Stores");
    expect(labels(menuFor(who(2, 16)))).not.toContain("Stores");
  });

  it("gives a Field Marketing Manager the field areas, the calendar, Users and Stores, without settings", () => {
    const menu = menuFor(who(6, 1));
    expect(labels(menu)).toEqual([
      "Dashboard",
      "Capture",
      "Leads",
      "Appointments",
      "QR codes",
      "Labor",
      "Users",
      "Stores",
      "Charts",
      "Reports",
      "Notifications",
      "Support",
    ]);
    expect(childLabels(menu, "Labor")).toEqual([
      "History",
      "Time logs",
      "Missing punches",
      "Schedules",
      "Hours",
      "Activities",
    ]);
  });

  it("gives lead generators Capture, their leads, QR code and labor, not management areas", () => {
    const menu = menuFor(who(14, 1));
    expect(labels(menu)).toEqual(["Capture", "Leads", "QR codes", "Labor", "Support"]);
    expect(childLabels(menu, "Labor")).toEqual(["Time logs", "Schedules", "Activities"]);
    expect(labels(menuFor(who(15, 1)))).toEqual(labels(menu));
    expect(labels(menu)).not.toContain("Stores");
  });

  it("gives an Analyst dashboards, charts and reports, and leads, appointments, users and stores to read", () => {
    expect(labels(menuFor(who(8, 1)))).toEqual([
      "Dashboard",
      "Leads",
      "Appointments",
      "Labor",
      "Users",
      "Stores",
      "Charts",
      "Reports",
      "Support",
    ]);
  });

  it("gives a Scheduler capture, leads and appointments, without the set-up of types and windows", () => {
    const menu = menuFor(who(7, 1));
    expect(labels(menu)).toEqual([
      "Dashboard",
      "Capture",
      "Leads",
      "Appointments",
      "Deliveries",
      "Labor",
      "Users",
      "Stores",
      "Support",
    ]);
    expect(childLabels(menu, "Appointments")).toEqual(["Calendar", "Upcoming"]);
    expect(labels(menu)).not.toContain("Reports");
  });

  it("limits partner-program portal users to their program's leads, QR codes and reports, and support", () => {
    expect(labels(menuFor(who(2, 16)))).toEqual(["Leads", "QR codes", "Reports", "Support"]);
    expect(labels(menuFor(who(2, 2)))).toEqual(["Leads", "QR codes", "Reports", "Support"]);
    expect(labels(menuFor(who(3, 16)))).toEqual(["Leads", "QR codes", "Reports", "Support"]);
    expect(menuFor(who(14, 16))).toEqual([]);
  });

  it("shows an unknown role nothing", () => {
    expect(menuFor(who(99, 1))).toEqual([]);
  });

  it("puts the Smart Circle report under Reports for admins, managers and analysts, never portal users", () => {
    expect(childLabels(menuFor(who(2, 1)), "Reports")).toEqual(["Funnel reports", "Smart Circle users"]);
    expect(childLabels(menuFor(who(8, 1)), "Reports")).toEqual(["Funnel reports", "Smart Circle users"]);
    expect(childLabels(menuFor(who(4, 1)), "Reports")).toEqual(["Funnel reports"]);
    expect(childLabels(menuFor(who(2, 16)), "Reports")).toEqual(["Funnel reports"]);
    expect(canOpen("/reports/smart-circle-users", who(2, 16))).toBe(false);
    expect(canOpen("/reports/smart-circle-users", who(3, 1))).toBe(true);
    // Nor to schedulers and field marketing managers.
    expect(canOpen("/reports/smart-circle-users", who(7, 1))).toBe(false);
    expect(childLabels(menuFor(who(6, 1)), "Reports")).toEqual(["Funnel reports"]);
    expect(canOpen("/reports/smart-circle-users", who(6, 1))).toBe(false);
  });

  it("shows each user exactly the entries whose capability they have, a section only with a child left", () => {
    for (const role of [...ROLE_IDS, 99]) {
      for (const sub of SUBSCRIPTION_IDS) {
        const caller = who(role, sub);
        const mine = new Set(menuItemsFor(caller).map((i) => i.key));
        for (const item of allMenuItems()) {
          const parent = allMenuItems().find((p) => p.children?.some((c) => c.key === item.key));
          const expected =
            can(caller, item.capability) &&
            (!parent || can(caller, parent.capability)) &&
            (!item.children || item.children.some((c) => can(caller, c.capability)));
          expect(mine.has(item.key), `${item.key} for role ${role}, sub ${sub}`).toBe(expected);
        }
      }
    }
  });
});

describe("canOpen", () => {
  it("follows the most specific menu entry of a path", () => {
    expect(canOpen("/labor/time-logs", who(14, 1))).toBe(true);
    expect(canOpen("/labor/history", who(14, 1))).toBe(false);
    expect(canOpen("/platform/mailbox", who(2, 1))).toBe(false);
    expect(canOpen("/platform/mailbox", who(1, 1))).toBe(true);
    expect(canOpen("/leads/123", who(2, 16))).toBe(true);
    expect(canOpen("/dashboard", who(2, 16))).toBe(false);
  });

  it("opens the read-only areas of decision 0026, and nothing more", () => {
    expect(canOpen("/leads/123", who(8, 1))).toBe(true);
    expect(canOpen("/users", who(7, 1))).toBe(true);
    expect(canOpen("/users", who(8, 1))).toBe(true);
    expect(canOpen("/stores/12", who(6, 1))).toBe(true);
    expect(canOpen("/stores/12", who(7, 1))).toBe(true);
    expect(canOpen("/stores/12", who(8, 1))).toBe(true);
    expect(canOpen("/stores", who(14, 1))).toBe(false);
    expect(canOpen("/capture", who(7, 1))).toBe(true);
    expect(canOpen("/capture", who(8, 1))).toBe(false);
    expect(canOpen("/settings/service-types", who(3, 1))).toBe(false);
    expect(canOpen("/settings/service-types", who(2, 1))).toBe(true);
  });

  it("lets anyone open screens outside the menu", () => {
    expect(canOpen("/whats-new", who(14, 1))).toBe(true);
    expect(canOpen("/no-such-page", who(8, 1))).toBe(true);
  });
});
