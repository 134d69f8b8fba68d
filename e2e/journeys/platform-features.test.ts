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

describe("feature flags and What's new", () => {
  it("lets the Super Admin create, announce and delete a feature", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "superadmin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/platform/features");
    await page.getByRole("heading", { name: "Features" }).waitFor();
    await page.getByRole("table").waitFor();
    await snap(page, "30-features");
    await expectAccessible(page, "features");

    await page.getByRole("button", { name: "New feature" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.getByText("Enter a name").waitFor();
    await snap(page, "31-feature-form-errors");
    await expectAccessible(page, "new feature with errors");

    await dialog.getByLabel("Name").fill("Team leaderboard");
    await dialog
      .getByLabel("Description")
      .fill("Compare lead generators by leads, appointments set and revenue, week by week.");
    await dialog.getByLabel("Active").check();
    await dialog.getByRole("button", { name: "Create" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: "Team leaderboard" });
    await row.waitFor();
    expect(await row.getByText("Active").count()).toBe(1);
    await expectAccessible(page, "features with the new one and its notification", { otherWidth: false });

    await page.getByRole("link", { name: /What's new/ }).click();
    await page.waitForURL("**/whats-new");
    await page.getByRole("heading", { name: "Team leaderboard" }).waitFor();
    await snap(page, "32-whats-new");
    await expectAccessible(page, "what's new");

    await page.goto("/platform/features");
    await page.getByRole("button", { name: "Delete Team leaderboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).waitFor();
    await expectAccessible(page, "delete a feature");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("row").filter({ hasText: "Team leaderboard" }).waitFor({ state: "detached" });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the features list on a phone: the description moves under the name, Edit and Delete stay in reach", async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, "superadmin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/platform/features");
    await page.getByRole("table").waitFor();
    await page.getByRole("button", { name: "Edit Address suggestions" }).waitFor();
    const overflow = await page.evaluate(() => {
      const container = document.querySelector("table")?.parentElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        table: container ? container.scrollWidth - container.clientWidth : -1,
      };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
    expect(await page.getByRole("button", { name: "Delete Address suggestions" }).isVisible()).toBe(true);
    await snap(page, "33-features-390");
    await expectAccessible(page, "features on a phone", { otherWidth: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
