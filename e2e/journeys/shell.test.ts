import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  expectOffscreen,
  focusRing,
  launchBrowser,
  newPage,
  signIn,
  snap,
  storedSession,
} from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the signed-in shell", () => {
  it("signs an admin in on the Dashboard, switches organization, folds the side menu away and back, and signs out", async () => {
    const { context, page, errors } = await newPage(browser);

    await page.goto("/");
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await snap(page, "01-login");
    await expectAccessible(page, "sign-in");
    // Keyboard focus shows: tabbing from the password field reaches a control drawn with a 2 px focus ring.
    await page.getByLabel(/^Password/).click();
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    expect(await focused.evaluate((el) => el.tagName)).toMatch(/^(A|BUTTON)$/);
    expect(await focusRing(focused)).toMatchObject({ style: "solid", width: 2 });

    // An admin lands on the Dashboard (decision 0031); every area of the menu is built.
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Dashboard", exact: true }).waitFor();
    expect(await nav.getByRole("link", { name: "Leads", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "QR codes", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("button", { name: "Labor", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("button", { name: "Support", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Charts", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("button", { name: "Settings", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByText("Soon", { exact: true }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Users" }).isVisible()).toBe(true);
    expect(await nav.getByText("Platform").count()).toBe(0);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const switcher = page
      .getByRole("textbox", { name: "Organization" })
      .or(page.getByLabel("Organization"))
      .first();
    expect(await switcher.inputValue()).toBe("Summit Home East");
    await snap(page, "02-shell-landing");
    await expectAccessible(page, "the admin's landing");
    // A section of the menu opens from the keyboard and says whether it is open.
    const settings = nav.getByRole("button", { name: "Settings", exact: true });
    expect(await settings.getAttribute("aria-expanded")).toBe("false");
    await settings.focus();
    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Service types" }).waitFor();
    expect(await settings.getAttribute("aria-expanded")).toBe("true");
    expect(await focusRing(settings)).toMatchObject({ style: "solid", width: 2 });
    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Service types" }).waitFor({ state: "hidden" });

    // Switch to the other organization.
    const eastId = (await storedSession(page))?.currentOrganizationId;
    await switcher.click();
    await page.getByRole("option", { name: "Summit Home West" }).waitFor();
    await expectAccessible(page, "organization switcher open", { otherWidth: false });
    await page.getByRole("option", { name: "Summit Home West" }).click();
    const toast = page.locator(".mantine-Notification-root").filter({ hasText: "You are now working in" });
    await toast.waitFor();
    await expectAccessible(page, "organization switched, with its notification", { otherWidth: false });
    // The notification shows clear of the header and its menus (at the bottom of the window).
    const header = await page.locator("header").boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await switcher.inputValue()).toBe("Summit Home West");
    const afterSwitch = await storedSession(page);
    expect(afterSwitch?.currentOrganizationId).not.toBe(eastId);
    await snap(page, "03-switched-organization");

    // Close the side menu; it stays closed after a reload, and the choice reached the server.
    const toggle = page.getByTestId("side-menu-toggle");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const saved = page.waitForResponse(
      (r) => r.url().includes("/api/app/wingen-web-config/upsert") && r.ok(),
    );
    await toggle.click();
    await saved;
    await expectOffscreen(page, "[data-testid=side-menu]", true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect((await storedSession(page))?.wingenWebConfig).toMatchObject({ sideMenuOpen: false });
    // The notification closed by itself meanwhile (after 5 s).
    await toast.waitFor({ state: "detached", timeout: 10_000 });
    await snap(page, "04-side-menu-closed");
    await expectAccessible(page, "side menu closed", { otherWidth: false });

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await expectOffscreen(page, "[data-testid=side-menu]", true);
    expect(await page.getByTestId("side-menu").getAttribute("inert")).not.toBeNull();

    await page.getByTestId("side-menu-toggle").click();
    await expectOffscreen(page, "[data-testid=side-menu]", false);
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await page.getByTestId("side-menu").getAttribute("inert")).toBeNull();

    // The organization chosen is still the current one after the reload.
    expect(await page.getByLabel("Organization").first().inputValue()).toBe("Summit Home West");

    // Sign out from the user menu.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByText("admin@demo.local").waitFor();
    await snap(page, "05-user-menu");
    await expectAccessible(page, "account menu open", { otherWidth: false });
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(await storedSession(page)).toBeNull();

    // Signed out means signed out: a screen of the app asks to sign in again.
    await page.goto("/platform/features");
    await page.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("next") === "/platform/features",
    );

    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a 360 px wide phone, with the menu behind the burger", async () => {
    const { context, page, errors } = await newPage(browser, { width: 360, height: 740 });
    await page.goto("/login");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await snap(page, "06-login-360");
    await expectAccessible(page, "sign-in at 360 px", { otherWidth: false });
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await expectOffscreen(page, "[data-testid=side-menu]", true);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await snap(page, "06-shell-360");
    await expectAccessible(page, "the admin's landing at 360 px", { otherWidth: false });

    await page.getByRole("button", { name: "Open the side menu" }).click();
    await expectOffscreen(page, "[data-testid=side-menu]", false);
    await snap(page, "07-shell-360-menu-open");
    await expectAccessible(page, "side menu open on a phone", { otherWidth: false });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stores" }).click();
    await page.waitForURL("**/stores");
    await expectOffscreen(page, "[data-testid=side-menu]", true);
    await page.getByRole("heading", { level: 1, name: "Stores" }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a tidy page for an address that does not exist", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "manager@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await snap(page, "08-not-found");
    await expectAccessible(page, "page not found");
    // A manager may not open the platform screens.
    await page.goto("/platform/mailbox");
    await page.getByText("This area is not available to you").waitFor();
    await expectAccessible(page, "no access");
    expect(errors).toEqual([]);
    await context.close();
  });
});
