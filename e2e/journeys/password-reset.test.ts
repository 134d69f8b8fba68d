import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn, snap, storedSession } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("password reset through the development mailbox", () => {
  it("asks for a link, reads it in Platform > Mailbox, sets a new password and signs in with it", async () => {
    const { context, page, errors } = await newPage(browser);

    // 1. The territory manager asks for a link from the sign-in screen (a person no other journey signs in as:
    //    the password changes here, and journeys run in no fixed order).
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByLabel("Email").fill("territory@demo.local");
    await snap(page, "10-forgot-password");
    await expectAccessible(page, "forgot password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    const neutral = page.getByRole("status");
    await neutral.waitFor();
    expect((await neutral.textContent())?.length).toBeGreaterThan(10);
    await snap(page, "11-forgot-password-sent");
    await expectAccessible(page, "reset link sent");

    // 2. The Super Admin reads the email in the mailbox.
    await signIn(page, "superadmin@demo.local");
    await page.waitForURL("**/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByText("Platform", { exact: true }).click();
    await nav.getByRole("link", { name: "Mailbox" }).click();
    await page.waitForURL("**/platform/mailbox");
    await page.getByRole("list", { name: "Messages" }).getByRole("button").first().waitFor();
    await expectAccessible(page, "mailbox");
    const item = page
      .getByRole("list", { name: "Messages" })
      .getByRole("button")
      .filter({ hasText: "territory@demo.local" })
      .first();
    await item.click();
    const link = page.getByTestId("message-text").locator('a[href^="/reset-password/"]').first();
    await link.waitFor();
    await snap(page, "12-mailbox");
    await expectAccessible(page, "mailbox message");

    // 3. The link opens the reset screen in the app.
    const resetPath = await link.getAttribute("href");
    await link.click();
    await page.waitForURL("**/reset-password/*");
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page, "choose a new password");
    await page.getByLabel("New password").fill("short");
    await page.getByLabel("Confirm the password").fill("different");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await page.getByText("Use at least 8 characters").waitFor();
    await page.getByText("The two passwords do not match").waitFor();
    await snap(page, "13-reset-password-errors");
    await expectAccessible(page, "new password with errors");

    await page.getByLabel("New password").fill("territory-new-pass-42");
    await page.getByLabel("Confirm the password").fill("territory-new-pass-42");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await page.waitForURL("**/dashboard");
    expect((await storedSession(page))?.roleId).toBe(5);

    // 4. The used link now explains itself.
    await page.goto(resetPath ?? "/reset-password/missing");
    await page.getByRole("heading", { name: "This link has already been used" }).waitFor();
    await snap(page, "14-reset-link-used");
    await expectAccessible(page, "reset link already used");

    // 5. Sign out, then the old password fails and the new one works.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, "territory@demo.local", "demo1234");
    await page.getByRole("alert").getByText("The email or password is incorrect.").waitFor();
    await expectAccessible(page, "sign-in refused");
    await signIn(page, "territory@demo.local", "territory-new-pass-42");
    await page.waitForURL("**/dashboard");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByText("territory@demo.local").waitFor();
    await page.getByText("Territory Manager", { exact: true }).waitFor();
    await snap(page, "15-territory-manager-signed-in");
    await expectAccessible(page, "the territory manager's landing with the account menu open", {
      otherWidth: false,
    });

    expect(errors).toEqual([]);
    await context.close();
  });
});
