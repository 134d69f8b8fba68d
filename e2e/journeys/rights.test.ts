import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The side menu's entries once it shows (its first entry is the Dashboard for everyone but the field). */
async function menuLabels(page: import("playwright-core").Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Dashboard" }).waitFor();
  return (await nav.getByRole("link").allTextContents()).map((t) => t.trim());
}

// The rights decided in docs/decisions/0026, as the people concerned see them.
describe("read-only screens follow the rights model", () => {
  it("an analyst sees Leads, Users and Stores, and reads the stores without a way to change them", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, "analyst@demo.local");
    await page.waitForURL((url) => url.pathname !== "/login");
    const labels = await menuLabels(page);
    await expectAccessible(page, "the analyst's landing");
    for (const entry of ["Leads", "Users", "Stores"]) expect(labels).toContain(entry);
    expect(labels).not.toContain("Capture");
    expect(labels).not.toContain("Settings");

    await page.goto("/stores");
    await page.getByRole("table").getByText("Costco Wayne").waitFor();
    expect(await page.getByRole("button", { name: "New store" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Edit/ }).count()).toBe(0);
    await snap(page, "70-stores-read-only-analyst");
    await expectAccessible(page, "stores read by an analyst");
    expect(errors).toEqual([]);
  });

  it("a scheduler reads the users page on a phone, with no New user or invitation controls", async () => {
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, "scheduler@demo.local");
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto("/users");
    await page.getByText("lg@demo.local").first().waitFor();
    expect(await page.getByRole("button", { name: "New user" }).count()).toBe(0);
    expect(await page.getByRole("region", { name: /^Pending invitations/ }).count()).toBe(0);
    await snap(page, "71-users-read-only-scheduler-phone");
    await expectAccessible(page, "users read by a scheduler");
    expect(errors).toEqual([]);
  });
});
