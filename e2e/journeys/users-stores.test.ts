import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAccessible,
  expectOffscreen,
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

/** Picks an option of a Mantine select or autocomplete by its label. */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A screenshot of the window as it is (a drawer or an open list), without waiting for the network. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({
    path: join(import.meta.dirname, "../screenshots", `${name}.png`),
    animations: "disabled",
  });
}

/** A notification's text once it shows. */
const notice = (page: Page, text: string | RegExp) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text }).first();

describe("users and stores", () => {
  it("an admin invites a new user, who accepts from the email with a name and password and lands signed in", async () => {
    const stamp = Date.now().toString(36);
    const email = `jordan.rivera.${stamp}@example.com`;
    const admin = await newPage(browser);
    const page = admin.page;

    // 1. The admin finds Users in the menu and sees the people of the organization.
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    const orgId = (await storedSession(page))?.currentOrganizationId;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await page.waitForURL("**/users");
    const table = page.getByRole("table", { name: "Users" });
    await table.getByRole("button", { name: "Morgan Manager", exact: true }).waitFor();
    expect(await page.getByText(/^1–\d+ of \d+$/).count()).toBe(1);
    await snap(page, "50-users-table");
    await expectAccessible(page, "users");

    // Searching narrows the list on the server.
    await page.getByRole("searchbox", { name: "Search" }).fill("morgan");
    await page.getByText("1–1 of 1").waitFor();
    await page.getByRole("button", { name: "Clear the search" }).click();
    await table.getByRole("button", { name: "Alex Admin", exact: true }).waitFor();

    // 2. A new user, with an invitation; the drawer checks the fields first.
    await page.getByRole("button", { name: "New user", exact: true }).click();
    const drawer = page.getByRole("dialog");
    const form = drawer.getByRole("form", { name: "New user" });
    await form.waitFor();
    // The first field has the focus: typing goes straight into it.
    await page.keyboard.type("Jordan");
    expect(await drawer.getByRole("textbox", { name: "First name" }).inputValue()).toBe("Jordan");
    // The drawer checks the fields before calling the server.
    await drawer.getByRole("button", { name: "Send invitation" }).click();
    await drawer.getByText("Enter a last name").waitFor();
    await drawer.getByText("Choose a role").waitFor();
    await expectAccessible(page, "new user with errors");

    await drawer.getByRole("textbox", { name: "Last name" }).fill("Rivera");
    await drawer.getByRole("textbox", { name: /^Email/ }).fill(email);
    await drawer.getByRole("textbox", { name: /^Phone/ }).pressSequentially("(201) 555-0199");
    expect(await drawer.getByRole("textbox", { name: /^Phone/ }).inputValue()).toBe("2015550199");
    await choose(page, /^Role/, "Manager");
    await drawer.getByRole("combobox", { name: "Territories" }).click();
    await page.getByRole("option", { name: "North Jersey" }).click();
    await expectAccessible(page, "new user, territories open", { otherWidth: false });
    await page.keyboard.press("Escape");
    await drawer.getByRole("textbox", { name: /^Email/ }).click();
    await shot(page, "51-user-drawer");

    // Enter in a field submits the form.
    await page.keyboard.press("Enter");
    await notice(page, "Invitation sent").waitFor();
    await drawer.waitFor({ state: "hidden" });
    // Until they accept, they are a pending invitation (what was typed), not a member.
    const pending = page.getByRole("region", { name: /^Pending invitations/ });
    await pending.getByText(email).waitFor();
    await pending.getByText(/As Jordan Rivera · North Jersey/).waitFor();
    expect(await table.getByRole("row").filter({ hasText: email }).count()).toBe(0);
    await snap(page, "52-pending-invitations");
    await expectAccessible(page, "users with a pending invitation");

    // Inviting the same email again is refused beside the email field.
    await page.getByRole("button", { name: "New user", exact: true }).click();
    await drawer.getByRole("textbox", { name: "First name" }).fill("Jordan");
    await drawer.getByRole("textbox", { name: "Last name" }).fill("Again");
    await drawer.getByRole("textbox", { name: /^Email/ }).fill(email);
    await choose(page, /^Role/, "Manager");
    await drawer.getByRole("button", { name: "Send invitation" }).click();
    await drawer.getByText(/already has a pending invitation/).waitFor();
    expect(await drawer.getByRole("textbox", { name: /^Email/ }).getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, "new user refused by the server");
    // Escape closes the drawer.
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    // 3. The Super Admin reads the invitation in Platform > Mailbox.
    const sa = await newPage(browser);
    await signIn(sa.page, "superadmin@demo.local");
    await sa.page.waitForURL("**/dashboard");
    const nav = sa.page.getByRole("navigation", { name: "Main" });
    await nav.getByText("Platform", { exact: true }).click();
    await nav.getByRole("link", { name: "Mailbox" }).click();
    await sa.page.waitForURL("**/platform/mailbox");
    await sa.page
      .getByRole("list", { name: "Messages" })
      .getByRole("button")
      .filter({ hasText: email })
      .first()
      .click();
    await sa.page
      .getByTestId("message-text")
      .getByText(/invited you to join/)
      .waitFor();
    const link = sa.page.getByTestId("message-text").locator('a[href*="/invitations/"]').first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/invitations\/[A-Za-z0-9]+$/);
    await sa.context.close();

    // 4. The new user opens the link, keeps the typed name, chooses a password and lands signed in, in the
    // inviting organization.
    const invited = await newPage(browser, { width: 390, height: 844 });
    await invited.page.goto(new URL(href ?? "", "http://x").pathname);
    await invited.page.getByRole("heading", { name: "Join Summit Home East" }).waitFor();
    expect(await invited.page.getByLabel("First name").inputValue()).toBe("Jordan");
    await invited.page.getByLabel("New password").fill("jordan-pass-2026");
    await invited.page.getByLabel("Confirm the password").fill("jordan-pass-2026");
    await snap(invited.page, "53-invitation-new-account-phone");
    await expectAccessible(invited.page, "invitation for a new account");
    await invited.page.getByRole("button", { name: "Accept and join" }).click();
    await invited.page.waitForURL("**/dashboard");
    const signedIn = await storedSession(invited.page);
    expect(signedIn?.roleId).toBe(3);
    expect(signedIn?.currentOrganizationId).toBe(orgId);

    // 5. Back in Users, the admin sees them active, and no longer pending.
    await page.reload();
    const activeRow = table.getByRole("row").filter({ hasText: email });
    await activeRow.getByRole("cell", { name: "Active", exact: true }).waitFor();
    await expectAccessible(page, "users with the new member", { otherWidth: false });
    expect(
      await page
        .getByRole("region", { name: /^Pending invitations/ })
        .getByText(email)
        .count(),
    ).toBe(0);

    expect(admin.errors).toEqual([]);
    expect(sa.errors).toEqual([]);
    expect(invited.errors).toEqual([]);
    await invited.context.close();
    await admin.context.close();
  });

  it("an admin edits a store, choosing an address suggestion, and saves it", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/stores");
    const table = page.getByRole("table", { name: "Stores" });
    await table.getByRole("link", { name: "Costco Wayne" }).waitFor();

    await page.getByRole("button", { name: "Edit Costco Wayne" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("form", { name: "Edit Costco Wayne" }).waitFor();
    const address = drawer.getByRole("combobox", { name: "Street address" });
    await address.fill("");
    await address.pressSequentially("Totowa", { delay: 40 });
    const option = page.getByRole("option", { name: "Totowa, NJ 07511" });
    await option.waitFor();
    await shot(page, "52-store-form-suggestions");
    await expectAccessible(page, "store drawer with address suggestions", { otherWidth: false });
    await option.click();

    // A city suggestion fills the city, state and ZIP code and keeps the street.
    await drawer.getByText(/Filled from “Totowa, NJ 07511”/).waitFor();
    expect(await drawer.getByRole("textbox", { name: "City" }).inputValue()).toBe("Totowa");
    expect(await drawer.getByRole("textbox", { name: "ZIP code" }).inputValue()).toBe("07511");
    expect(await address.inputValue()).toBe("149 Route 23");
    await expectAccessible(page, "store drawer filled from a suggestion");
    await drawer.getByRole("button", { name: "Save" }).click();
    await notice(page, "Costco Wayne was saved.").waitFor();
    await expectAccessible(page, "store saved, with its notification", { otherWidth: false });
    await drawer.waitFor({ state: "hidden" });
    await table.getByText("149 Route 23 · Totowa, NJ").waitFor();

    // The store's own page shows it.
    await table.getByRole("link", { name: "Costco Wayne" }).click();
    await page.waitForURL(/\/stores\/\d+$/);
    await page.getByRole("heading", { name: "Costco Wayne" }).waitFor();
    await page.getByText("Totowa, NJ 07511").waitFor();
    await snap(page, "53-store-detail");
    await expectAccessible(page, "store");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a Super Admin sees the organizations tree and the Smart Circle report", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "superadmin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/platform/organizations");
    const tree = page.getByRole("list", { name: "Organizations", exact: true });
    await tree.getByText("Summit Home Group").waitFor();
    await tree.getByText("Summit Home East").waitFor();
    await snap(page, "54-organizations-tree");
    await expectAccessible(page, "organizations");

    await page.getByRole("button", { name: "Edit Summit Home West" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText("Territories", { exact: true }).waitFor();
    await drawer.getByRole("button", { name: "Add territory" }).click();
    await page.keyboard.type(`Inland Empire ${Date.now().toString(36)}`);
    await shot(page, "55-organization-drawer");
    await expectAccessible(page, "organization drawer");
    await drawer.getByRole("button", { name: "Save" }).click();
    await notice(page, "Summit Home West was saved.").waitFor();
    await tree.getByText(/Los Angeles · weeks start Sunday · 4 territories/).waitFor();

    await page.goto("/reports/smart-circle-users");
    await page
      .getByRole("table", { name: "Smart Circle users" })
      .getByRole("cell", { name: /^BrightPath Solar/ })
      .first()
      .waitFor();
    await snap(page, "56-smart-circle-users");
    // The report with its export buttons passes axe at 1280 and 390 px.
    await expectAccessible(page, "Smart Circle users");
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, "56-smart-circle-users-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^smart-circle-users-\d{4}-\d{2}-\d{2}\.csv$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the users list in a 1000 px window, with the side menu open", async () => {
    const { context, page, errors } = await newPage(browser, { width: 1000, height: 800 });
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/users");
    const table = page.getByRole("table", { name: "Users" });
    await table.getByRole("button", { name: "Alex Admin", exact: true }).waitFor();
    await table.getByRole("button", { name: /^Last sign-in/ }).waitFor();
    // Neither the page nor the table's own container scrolls sideways.
    const overflow = await table.evaluate((el) => {
      const scroller = el.parentElement?.parentElement as HTMLElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        table: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(overflow).toEqual({ page: 0, table: 0 });
    await snap(page, "58-users-1000");
    await expectAccessible(page, "users at 1000 px", { otherWidth: false });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the stores list in 1000 and 1200 px windows, with the side menu open", async () => {
    const { context, page, errors } = await newPage(browser, { width: 1000, height: 800 });
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/stores");
    const table = page.getByRole("table", { name: "Stores" });
    await table.getByRole("link", { name: "Costco Wayne" }).waitFor();
    await expectOffscreen(page, '[data-testid="side-menu"]', false);

    for (const width of [1000, 1200]) {
      await page.setViewportSize({ width, height: 800 });
      // From lg (1200 px) the number has its own column; below, it shows under the name.
      if (width < 1200) await table.getByText("#1101", { exact: true }).waitFor();
      else await table.getByRole("button", { name: /^Number/ }).waitFor();
      await table.getByRole("button", { name: /^Territory/ }).waitFor();
      await table.getByRole("button", { name: "Edit Costco Wayne" }).waitFor();
      // Neither the page nor the table's own container scrolls sideways.
      const overflow = await table.evaluate((el) => {
        const scroller = el.parentElement?.parentElement as HTMLElement;
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          table: scroller.scrollWidth - scroller.clientWidth,
        };
      });
      expect(overflow, `at ${width} px`).toEqual({ page: 0, table: 0 });
      await snap(page, `59-stores-${width}`);
      if (width === 1000) await expectAccessible(page, "stores at 1000 px", { otherWidth: false });
    }

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the users list on a 360 px phone", async () => {
    const { context, page, errors } = await newPage(browser, { width: 360, height: 740 });
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/users");
    await page
      .getByRole("table", { name: "Users" })
      .getByRole("button", { name: "Alex Admin", exact: true })
      .waitFor();
    // The filters fold under one button; the list stays in view and nothing scrolls sideways.
    expect(await page.getByRole("button", { name: /Filters/ }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, "57-users-360");
    await expectAccessible(page, "users at 360 px", { otherWidth: false });

    expect(errors).toEqual([]);
    await context.close();
  });
});
