import { describe, expect, it } from "vitest";
import { canOpen, landingPathFor, type MenuItem, menuFor } from "./menu";

const labels = (items: MenuItem[]) => items.map((i) => i.label);
const childLabels = (items: MenuItem[], label: string) =>
  labels(items.find((i) => i.label === label)?.children ?? []);

describe("menuFor", () => {
  it("shows the Super Admin every entry, Platform included, in the order of the domain's menu", () => {
    const menu = menuFor(1, 1);
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
      "Settings",
      "Platform",
    ]);
    expect(childLabels(menu, "Platform")).toEqual(["Organizations", "Features", "Mailbox"]);
  });

  it("never shows Platform to anyone but the Super Admin", () => {
    for (const role of [2, 3, 4, 5, 6, 7, 8, 14, 15]) {
      for (const sub of [1, 2, 16]) expect(labels(menuFor(role, sub))).not.toContain("Platform");
    }
  });

  it("gives an Admin the organization's areas, settings included, but not Capture", () => {
    const menu = labels(menuFor(2, 1));
    expect(menu).toContain("Settings");
    expect(menu).toContain("Users");
    expect(menu).not.toContain("Capture");
    expect(childLabels(menuFor(2, 1), "Settings")).toEqual([
      "Organization",
      "Service types",
      "Business contacts",
      "Lead capture",
      "Destinations",
    ]);
  });

  it("keeps settings from a Manager", () => {
    expect(labels(menuFor(3, 1))).not.toContain("Settings");
    expect(labels(menuFor(3, 1))).toContain("Stores");
  });

  it("gives lead generators Capture, their leads, QR code and labor, not management areas", () => {
    const menu = menuFor(14, 1);
    expect(labels(menu)).toEqual(["Capture", "Leads", "QR codes", "Labor", "Support"]);
    expect(childLabels(menu, "Labor")).toEqual(["Time logs", "Schedules", "Activities"]);
    expect(labels(menuFor(15, 1))).toEqual(labels(menu));
  });

  it("gives an Analyst read-only dashboards, charts and reports", () => {
    expect(labels(menuFor(8, 1))).toEqual(["Dashboard", "Charts", "Reports", "Support"]);
  });

  it("gives a Scheduler leads and appointments, without the appointment type set-up", () => {
    const menu = menuFor(7, 1);
    expect(labels(menu)).toEqual(["Dashboard", "Leads", "Appointments", "Support"]);
    expect(childLabels(menu, "Appointments")).toEqual(["Windows", "Calendar"]);
  });

  it("limits partner-program portal users to their program's leads, QR codes and reports", () => {
    expect(labels(menuFor(2, 16))).toEqual(["Leads", "QR codes", "Reports"]);
    expect(labels(menuFor(2, 2))).toEqual(["Leads", "QR codes", "Reports"]);
    expect(labels(menuFor(3, 16))).toEqual(["Leads", "QR codes", "Reports"]);
    expect(menuFor(14, 16)).toEqual([]);
  });

  it("shows an unknown role nothing", () => {
    expect(menuFor(99, 1)).toEqual([]);
  });

  it("puts the Smart Circle report under Reports for admins, managers and analysts, never portal users", () => {
    expect(childLabels(menuFor(2, 1), "Reports")).toEqual(["Funnel", "Smart Circle users"]);
    expect(childLabels(menuFor(8, 1), "Reports")).toEqual(["Funnel", "Smart Circle users"]);
    expect(childLabels(menuFor(4, 1), "Reports")).toEqual(["Funnel"]);
    expect(childLabels(menuFor(2, 16), "Reports")).toEqual(["Funnel"]);
    expect(canOpen("/reports/smart-circle-users", 2, 16)).toBe(false);
    expect(canOpen("/reports/smart-circle-users", 3, 1)).toBe(true);
  });
});

describe("canOpen", () => {
  it("follows the most specific menu entry of a path", () => {
    expect(canOpen("/labor/time-logs", 14, 1)).toBe(true);
    expect(canOpen("/labor/history", 14, 1)).toBe(false);
    expect(canOpen("/platform/mailbox", 2, 1)).toBe(false);
    expect(canOpen("/platform/mailbox", 1, 1)).toBe(true);
    expect(canOpen("/leads/123", 2, 16)).toBe(true);
    expect(canOpen("/dashboard", 2, 16)).toBe(false);
  });

  it("lets anyone open screens outside the menu", () => {
    expect(canOpen("/whats-new", 14, 1)).toBe(true);
    expect(canOpen("/no-such-page", 8, 1)).toBe(true);
  });
});

describe("landingPathFor", () => {
  it("lands lead generators on Capture, program users on Leads and everyone else on the Dashboard", () => {
    expect(landingPathFor({ roleId: 14, subscriptionId: 1 })).toBe("/capture");
    expect(landingPathFor({ roleId: 15, subscriptionId: 1 })).toBe("/capture");
    expect(landingPathFor({ roleId: 2, subscriptionId: 16 })).toBe("/leads");
    expect(landingPathFor({ roleId: 2, subscriptionId: 2 })).toBe("/leads");
    for (const roleId of [1, 2, 3, 4, 5, 6, 7, 8])
      expect(landingPathFor({ roleId, subscriptionId: 1 })).toBe("/dashboard");
  });
});
