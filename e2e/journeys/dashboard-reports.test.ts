import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  newPage,
  PHONE,
  signIn,
  snap,
  workIn,
} from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The dashboard, the charts and the reports (docs/decisions/0042): a manager lands on the dashboard, reads the
 * panels and a lead generator's time logs, runs a report sorted on the server and downloads it; the charts draw
 * with their tables; a lead generator has none of it.
 */
describe("Dashboard, charts and reports", () => {
  it("a manager lands on the dashboard, reads the panels, and opens a lead generator's time logs", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, "manager@demo.local");
    await page.waitForURL("**/dashboard");
    await workIn(page, "Summit Home East");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const panels = page.getByRole("region", { name: /^Totals, / });
    await panels.getByText("Leads", { exact: true }).first().waitFor();
    // The demo has leads this month: the panel shows a number and how it compares with the period before.
    await page.getByText(/vs \d/).first().waitFor();
    await page.getByRole("table").first().getByText("Costco Wayne").waitFor();
    await snap(page, "90-dashboard");
    await expectAccessible(page, "the dashboard");

    await page.getByRole("tab", { name: "Lead generators" }).click();
    const open = page.getByRole("button", { name: /^Time logs of / }).first();
    await open.waitFor();
    const who = ((await open.getAttribute("aria-label")) ?? "").replace("Time logs of ", "");
    await open.click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText(who).first().waitFor();
    await snap(page, "91-dashboard-time-logs");
    await page.keyboard.press("Escape");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a manager runs the lead generator analysis, sorts it on the server and downloads it as CSV", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, "manager@demo.local");
    await page.waitForURL("**/dashboard");
    await workIn(page, "Summit Home East");
    await page.goto("/reports/funnel");
    await page.getByRole("heading", { level: 1, name: "Funnel reports" }).waitFor();
    await expectAccessible(page, "the report catalogue");
    await page.getByRole("link", { name: /Lead generator analysis/ }).click();
    await page.getByRole("heading", { level: 1, name: "Lead generator analysis" }).waitFor();
    const table = page.getByRole("table").first();
    await table.getByText("Total", { exact: true }).waitFor();
    expect(await page.title()).toContain("Lead generator analysis");

    // Sorted by revenue on the server: the request carries the sort, and the address keeps it.
    const sorted = page.waitForRequest(
      (r) =>
        r.url().endsWith("/api/reports/lg-ag-analysis") &&
        (r.postData() ?? "").includes('"sortBy":"revenue"'),
    );
    await page.getByRole("button", { name: "Sort by Revenue", exact: true }).click();
    await sorted;
    await page.waitForURL(/sortBy=revenue/);
    await snap(page, "92-report-lg-analysis");
    await expectAccessible(page, "a funnel report");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync((await file.path()) as string, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split("\n")[0]).toContain("Lead generator");
    expect(text).toContain("Appointment rate (%)");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the charts draw each card with a table to read instead, on a phone too", async () => {
    // The analyst works in two organizations: picked on a wide screen (the switcher is in the phone's menu).
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, "analyst@demo.local");
    await page.waitForURL("**/dashboard");
    await workIn(page, "Summit Home East");
    await page.setViewportSize(PHONE);
    await page.goto("/charts");
    await page.getByRole("heading", { level: 1, name: "Charts" }).waitFor();
    for (const title of [
      "Lead count over time",
      "Lead count summary",
      "Lead generators by day of week",
      "Lead generators by hour of day",
    ])
      await page.getByRole("heading", { level: 2, name: title }).waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, "93-charts-phone");
    await expectAccessible(page, "the charts");
    await page
      .locator("label")
      .filter({ hasText: /^Table$/ })
      .first()
      .click();
    await page.getByRole("table").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a lead generator lands on Capture and is kept out of the dashboard and the reports", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    const login = await page.evaluate(() => JSON.parse(localStorage.getItem("login") ?? "{}"));
    const res = await page.request.get("/api/dashboard/panels/0", {
      headers: {
        Authorization: `Bearer ${login.token}`,
        CurrentOrganizationId: String(login.currentOrganizationId),
      },
    });
    expect(res.status()).toBe(403);
    // The menu has neither, and the address answers the no-access page.
    await page.goto("/reports/funnel");
    await page.getByRole("heading", { level: 1 }).filter({ hasNotText: "Funnel reports" }).first().waitFor();
    await context.close();
  });
});
