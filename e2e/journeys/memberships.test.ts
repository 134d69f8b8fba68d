import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn, snap, storedSession } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const notice = (page: Page, text: string | RegExp) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text }).first();

/** Fills the new-user drawer and sends the invitation. */
async function invite(page: Page, first: string, last: string, email: string, check = false) {
  await page.getByRole("button", { name: "New user", exact: true }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByRole("form", { name: "New user" }).waitFor();
  if (check) await expectAccessible(page, "new user drawer");
  await drawer.getByRole("textbox", { name: "First name" }).fill(first);
  await drawer.getByRole("textbox", { name: "Last name" }).fill(last);
  await drawer.getByRole("textbox", { name: /^Email/ }).fill(email);
  await drawer.getByRole("combobox", { name: /^Role/ }).click();
  await page.getByRole("option", { name: "Lead Generator", exact: true }).click();
  await drawer.getByRole("button", { name: "Send invitation" }).click();
  await notice(page, "Invitation sent").waitFor();
  await drawer.waitFor({ state: "hidden" });
  if (check) await expectAccessible(page, "invitation sent, with its notification", { otherWidth: false });
}

describe("joining another organization is the person's choice", () => {
  it("a person of another organization accepts after sign-in; a new email declines from the link", async () => {
    const declineEmail = `not.me.${Date.now().toString(36)}@example.com`;

    // 1. The Admin of BrightPath Solar invites a Summit Home East lead generator lead by email, and a stranger.
    const solar = await newPage(browser);
    await signIn(solar.page, "solar.admin@demo.local");
    await solar.page.waitForURL((url) => url.pathname !== "/login");
    await solar.page.goto("/users");
    await invite(solar.page, "Typed", "Name", "lglead@demo.local", true);
    await invite(solar.page, "Some", "Stranger", declineEmail);
    const pending = solar.page.getByRole("region", { name: /^Pending invitations/ });
    await pending.getByText("lglead@demo.local").waitFor();
    await pending.getByText(declineEmail).waitFor();
    // Only what was typed: not the person's real name.
    await pending.getByText(/As Typed Name/).waitFor();
    expect(await solar.page.getByText(/Lena/).count()).toBe(0);
    await snap(solar.page, "60-pending-invitations-other-org");
    // The whole users page: the table, its status badges and the pending-invitations panel, with a row under the
    // pointer (its hover background is where links once fell under AA).
    await solar.page.locator("tbody tr").nth(3).hover();
    await expectAccessible(solar.page, "users with pending invitations");

    // 2. The person signs in to their own organization and sees the invitation above the page.
    const person = await newPage(browser, { width: 390, height: 844 });
    await signIn(person.page, "lglead@demo.local");
    await person.page.waitForURL((url) => url.pathname !== "/login");
    const homeOrg = (await storedSession(person.page))?.currentOrganizationId;
    const banner = person.page.getByRole("region", { name: "Invitations" });
    await banner.getByText(/Sol Rivera invited you to join BrightPath Solar as Lead Generator/).waitFor();
    await snap(person.page, "61-invitation-banner-phone");
    await expectAccessible(person.page, "invitation banner");
    await banner.getByRole("button", { name: "Accept the invitation to BrightPath Solar" }).click();
    await notice(person.page, "You joined BrightPath Solar").waitFor();
    await expectAccessible(person.page, "joined, with its notification", { otherWidth: false });
    const joined = await storedSession(person.page);
    expect(joined?.currentOrganizationId).not.toBe(homeOrg);
    await banner.waitFor({ state: "hidden" });
    expect(person.errors).toEqual([]);
    await person.context.close();

    // 3. The stranger opens the emailed link (read here in the development mailbox) and declines.
    const sa = await newPage(browser);
    await signIn(sa.page, "superadmin@demo.local");
    await sa.page.waitForURL((url) => url.pathname !== "/login");
    await sa.page.goto("/platform/mailbox");
    await sa.page
      .getByRole("list", { name: "Messages" })
      .getByRole("button")
      .filter({ hasText: declineEmail })
      .first()
      .click();
    const link = sa.page.getByTestId("message-text").locator('a[href*="/invitations/"]').first();
    const href = (await link.getAttribute("href")) ?? "";
    await sa.context.close();

    const stranger = await newPage(browser);
    await stranger.page.goto(new URL(href, "http://x").pathname);
    await stranger.page.getByRole("heading", { name: "Join BrightPath Solar" }).waitFor();
    await snap(stranger.page, "62-invitation-link");
    await expectAccessible(stranger.page, "invitation link");
    await stranger.page.getByRole("button", { name: "Decline" }).click();
    await stranger.page.getByRole("heading", { name: "Invitation declined" }).waitFor();
    await expectAccessible(stranger.page, "invitation declined");
    // The link is spent.
    await stranger.page.goto(new URL(href, "http://x").pathname);
    await stranger.page.getByRole("heading", { name: "This invitation is no longer open" }).waitFor();
    await expectAccessible(stranger.page, "invitation no longer open");
    expect(stranger.errors).toEqual([]);
    await stranger.context.close();

    // 4. Solar now sees the person who accepted as a member with their own name; nothing is pending.
    await solar.page.reload();
    const table = solar.page.getByRole("table", { name: "Users" });
    await table.getByRole("row").filter({ hasText: "lglead@demo.local" }).waitFor();
    expect(await solar.page.getByRole("region", { name: /^Pending invitations/ }).count()).toBe(0);
    expect(solar.errors).toEqual([]);
    await solar.context.close();
  });
});
