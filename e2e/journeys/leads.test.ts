import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = "2015550199";

/** A screenshot of what the window shows (a drawer or a warning scrolled into view), not the whole page. */
async function snapView(page: Page, name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({
    path: join(import.meta.dirname, "../screenshots", `${name}.png`),
    animations: "disabled",
  });
}

/** Waits until the notifications have closed, so they do not hide what a screenshot is about. */
async function notificationsGone(page: Page) {
  await expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 10_000 }).toBe(0);
}

/** Picks an option of a Mantine Select (or MultiSelect) by its label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("leads: capture, find, work and keep every lead", () => {
  it("an Admin sets up a service type with a question and its answers", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "admin@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/settings/service-types");
    await page.getByRole("heading", { name: "Service types" }).waitFor();
    await page.getByTestId("question-row").first().waitFor();
    await snap(page, "40-settings-service-types");
    await expectAccessible(page, "service types");

    await page.getByRole("button", { name: "New service type" }).click();
    const typeDialog = page.getByRole("dialog");
    await typeDialog.getByLabel("Name").fill("Roofing");
    await typeDialog.getByLabel("Description").fill("Roof replacement and repairs.");
    await expectAccessible(page, "new service type");
    await typeDialog.getByRole("button", { name: "Create" }).click();
    await typeDialog.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Questions of Roofing" }).waitFor();
    await page.getByText("No questions yet").waitFor();

    await page.getByRole("button", { name: "Add question" }).first().click();
    const questionDialog = page.getByRole("dialog");
    await questionDialog.getByLabel("Question").fill("How old is the roof?");
    await choose(page, /^Data type/, "Single choice");
    // Only the field types that can hold a single choice are offered.
    await page.getByRole("combobox", { name: /^Field type/ }).click();
    const fieldOptions = await page.getByRole("option").allTextContents();
    expect(fieldOptions).toEqual(["Dropdown", "Radio buttons"]);
    await expectAccessible(page, "new question, its field types open", { otherWidth: false });
    await page.getByRole("option", { name: "Radio buttons" }).click();
    await questionDialog.getByLabel("Required").check();
    await questionDialog.getByRole("button", { name: "Add question" }).click();
    await questionDialog.waitFor({ state: "hidden" });

    const newAnswer = page.getByRole("textbox", { name: "New answer for How old is the roof?" });
    for (const answer of ["Under 10 years", "10 to 20 years", "Over 20 years"]) {
      await newAnswer.fill(answer);
      await newAnswer.press("Enter");
      await page.getByText(answer, { exact: true }).waitFor();
      await expect.poll(() => newAnswer.inputValue()).toBe("");
    }
    await notificationsGone(page);
    await snap(page, "41-settings-questions");
    await expectAccessible(page, "a service type's questions and answers");

    // Who hears about the new leads: a business contact of the organization.
    await page.getByRole("link", { name: "Business contacts" }).click();
    await page.getByRole("heading", { name: "Business contacts" }).waitFor();
    await page.getByText("No business contacts for Summit Home East").waitFor();
    await page.getByRole("button", { name: "Add contact" }).click();
    await page.getByLabel(/^Name/).fill("Riley Dispatch");
    await page.getByLabel(/^Email/).fill("riley@");
    await page.getByRole("button", { name: "Save contacts" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    await expectAccessible(page, "business contacts with an error");
    await page.getByLabel(/^Email/).fill("riley.dispatch@summit-home.example");
    await page.getByLabel("Phone").fill("2015550123");
    await page.getByText("Rejected leads", { exact: true }).click();
    expect(await page.getByRole("checkbox", { name: "Rejected leads" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Save contacts" }).click();
    await page.getByText("The contacts of Summit Home East were saved.").waitFor();
    await expectAccessible(page, "business contacts saved, with its notification", { otherWidth: false });
    await notificationsGone(page);
    await snap(page, "47-settings-business-contacts");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a lead generator captures leads on a phone, warned of a duplicate before saving", async () => {
    const { context, page, errors } = await newPage(browser, { width: 360, height: 740 });
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    await page.getByRole("heading", { name: "Capture a lead" }).waitFor();
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await snap(page, "42-capture-empty-360");

    // Nothing fits in 360 px but the page itself: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The form as a shopper and a lead generator read it, with its searched store picker.
    await expectAccessible(page, "capture");

    await choose(page, /^Store/, "Costco Wayne");
    await choose(page, /^Service type/, "Roofing");
    await page.getByLabel(/^First name/).fill("Dana");
    await page.getByLabel(/^Last name/).fill("Whitfield");
    await page.getByLabel("Mobile phone").fill(PHONE);
    await page.getByRole("button", { name: "Save lead" }).click();
    // The required question is checked before anything is sent.
    await page.getByText("Answer this question").waitFor();
    await expectAccessible(page, "capture with an unanswered question");
    await page.getByRole("radio", { name: "Over 20 years" }).check();
    await page.getByLabel("Email").fill("dana.whitfield@example.com");
    await page.getByRole("checkbox", { name: /Summit Home East may contact me/ }).check();
    await page.getByRole("button", { name: "Save lead" }).click();
    await page.getByTestId("capture-success").waitFor();
    expect(await page.getByText("Dana Whitfield").count()).toBe(1);
    await expectAccessible(page, "lead captured");

    // The next shopper of the household gives the same phone number.
    await page.getByRole("button", { name: "Capture another" }).click();
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    // The store and the service type stay from the previous capture.
    expect(await page.getByRole("combobox", { name: /^Store/ }).inputValue()).toBe("Costco Wayne");
    await page.getByRole("radio", { name: "10 to 20 years" }).check();
    await page.getByLabel(/^First name/).fill("Sam");
    await page.getByLabel(/^Last name/).fill("Whitfield");
    await page.getByLabel("Mobile phone").fill(PHONE);
    await page.getByRole("button", { name: "Save lead" }).click();
    const warning = page.getByTestId("duplicate-warning");
    await warning.waitFor();
    expect(await warning.textContent()).toContain("same phone number");
    await warning.scrollIntoViewIfNeeded();
    await snapView(page, "43-capture-duplicate-360");
    await expectAccessible(page, "duplicate warning");

    await warning.getByRole("button", { name: "Save anyway" }).click();
    await page.getByTestId("capture-success").waitFor();
    await page.getByText(/as a duplicate/).waitFor();
    await snap(page, "44-capture-saved-360");
    await expectAccessible(page, "lead saved as a duplicate");

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a manager finds the lead by the shopper's name, edits it and sees the change in its history", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "manager@demo.local");
    await page.waitForURL("**/dashboard");
    await page.goto("/leads");
    await page.getByRole("heading", { name: "Leads" }).waitFor();
    await page.getByRole("tab", { name: "Internal" }).waitFor();

    await page.getByLabel("Search").fill("Dana Whitfield");
    const row = page.getByRole("row").filter({ hasText: "Dana Whitfield" });
    await row.waitFor();
    await expect.poll(() => page.getByRole("row").count()).toBe(2); // the header and Dana's lead
    expect(page.url()).toContain("q=Dana+Whitfield");
    await snap(page, "45-leads-filtered");
    // The list with its filters and export buttons passes axe at 1280 and 390 px.
    await expectAccessible(page, "leads found");
    await page.setViewportSize({ width: 390, height: 844 });
    await row.waitFor();
    await snap(page, "45-leads-filtered-390");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The whole search downloads as CSV, its file name ending in a lower-case extension.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^internal-leads-\d{4}-\d{2}-\d{2}\.csv$/);

    await page.getByRole("button", { name: "Open lead Dana Whitfield" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("heading", { name: /^Dana Whitfield/ }).waitFor();
    await drawer.getByText("Over 20 years").waitFor();
    await drawer.getByText(/I agree that Summit Home East may call or text me/).waitFor();
    await expectAccessible(page, "lead drawer");

    await drawer.getByRole("button", { name: "Edit" }).click();
    await drawer.getByLabel("Street address").fill("12 Orchard Lane");
    await drawer.getByRole("radio", { name: "10 to 20 years" }).check();
    await expectAccessible(page, "lead drawer editing");
    await drawer.getByRole("button", { name: "Save changes" }).click();
    const edited = drawer.getByTestId("history-entry").filter({ hasText: "Edited" });
    await edited.waitFor();
    expect(await edited.textContent()).toContain("Morgan Manager");
    expect(await edited.textContent()).toMatch(/Address:\s*\(empty\)\s*→\s*12 Orchard Lane/);
    expect(await edited.textContent()).toMatch(/How old is the roof\?:\s*Over 20 years\s*→\s*10 to 20 years/);

    // Only the statuses the transition table allows from New are offered.
    await drawer.getByRole("combobox", { name: "Change status" }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual([
      "Contacted",
      "Appointment Set",
      "Sent",
      "Cancelled",
    ]);
    await page.getByRole("option", { name: "Contacted" }).click();
    const status = drawer.getByTestId("history-entry").filter({ hasText: "Status changed" });
    await status.waitFor();
    expect(await status.textContent()).toMatch(/Status:\s*New\s*→\s*Contacted/);
    // Rejected with a reason, then restored: both stay in the story.
    await drawer.getByRole("button", { name: "Reject" }).click();
    const reject = page.getByRole("dialog", { name: "Reject lead" });
    await reject.getByRole("button", { name: "Reject lead" }).click();
    await reject.getByText("Choose why the lead is rejected").waitFor();
    await expectAccessible(page, "reject a lead with an error");
    await choose(page, /^Reason/, "Duplicate");
    await reject.getByRole("button", { name: "Reject lead" }).click();
    await reject.waitFor({ state: "hidden" });
    const rejected = drawer.getByTestId("history-entry").filter({ hasText: "Rejected" }).first();
    await rejected.waitFor();
    expect(await rejected.textContent()).toMatch(/Reason:\s*\(empty\)\s*→\s*Duplicate/);
    await drawer.getByRole("button", { name: "Restore" }).click();
    await drawer.getByTestId("history-entry").filter({ hasText: "Restored from Rejected" }).waitFor();
    await drawer.getByRole("combobox", { name: "Change status" }).waitFor();

    await notificationsGone(page);
    await drawer.getByRole("heading", { name: /^History/ }).scrollIntoViewIfNeeded();
    await snapView(page, "46-lead-drawer-history");
    await expectAccessible(page, "lead drawer history");

    expect(errors).toEqual([]);
    await context.close();
  });
});
