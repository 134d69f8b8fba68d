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

describe("signing in with a wrong password", () => {
  it("says clearly that the email or password is incorrect and stays on the sign-in screen", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "analyst@demo.local", "not-the-password");

    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("The email or password is incorrect.");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await storedSession(page)).toBeNull();
    expect(await page.getByLabel(/^Password/).inputValue()).toBe("");
    await snap(page, "20-wrong-password");
    await expectAccessible(page, "wrong password");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("explains a reset link that does not exist", async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto("/reset-password/NoSuchLink123");
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
    await snap(page, "21-reset-link-unknown");
    await expectAccessible(page, "unknown reset link");
    expect(errors).toEqual([]);
    await context.close();
  });
});
