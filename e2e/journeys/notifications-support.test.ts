import type { Browser, Page } from "playwright-core";
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

/** The bell's unread count as its accessible name says it ("Notifications, 3 unread"; 0 when it says nothing). */
async function unreadOf(page: Page): Promise<number> {
  const bell = page
    .getByRole("banner")
    .getByRole("link", { name: /^Notifications/ })
    .or(page.getByRole("banner").getByRole("button", { name: /^Notifications/ }));
  await bell.first().waitFor();
  const name = (await bell.first().getAttribute("aria-label")) ?? "";
  return Number(/, (\d+) unread/.exec(name)?.[1] ?? 0);
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).first().click();
  await page.keyboard.press("Escape");
}

/**
 * Notifications and support (issue #16, docs/decisions/0041-notifications-and-support.md): a manager sends a
 * notification to a territory and a lead generator there sees the bell's count change without reloading, and reads
 * it; an Admin uploads a PDF and a lead generator downloads it with its name kept, the extension in lower case.
 */
describe("Notifications and support", () => {
  it("a manager sends to a territory; a lead generator's bell counts it without a reload, and they read it", async () => {
    const lg = await newPage(browser, PHONE);
    await signIn(lg.page, "lg@demo.local");
    await lg.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const before = await unreadOf(lg.page);

    const manager = await newPage(browser, DESKTOP);
    await signIn(manager.page, "manager@demo.local");
    await manager.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await workIn(manager.page, "Summit Home East");
    await manager.page.goto("/notifications");
    await manager.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    const title = `Costco promotion ${Date.now().toString(36)}`;
    await manager.page.getByRole("textbox", { name: "Title" }).fill(title);
    await manager.page
      .getByRole("textbox", { name: "Message" })
      .fill("New promotion at all Costco stores this weekend: 10% off installs.");
    await choose(manager.page, "Territories", "North Jersey");
    // The count comes from the server before anything is sent.
    await manager.page.getByText(/^Reaches \d[\d,]* (person|people)/).waitFor();
    await snap(manager.page, "notifications-01-send-1280");
    await expectAccessible(manager.page, "the send form with its audience");
    await manager.page.getByRole("button", { name: "Send", exact: true }).click();
    const confirm = manager.page.getByRole("dialog", { name: /^Send to \d[\d,]* (person|people)\?$/ });
    await confirm.getByRole("button", { name: "Send", exact: true }).click();
    await manager.page
      .getByTestId("send-progress")
      .filter({ hasText: /^Sent to \d/ })
      .waitFor({ timeout: 30_000 });

    // The lead generator's phone has not reloaded: the bell counts the new one.
    await expect.poll(() => unreadOf(lg.page), { timeout: 30_000 }).toBe(before + 1);
    await snap(lg.page, "notifications-02-bell-390");
    await lg.page
      .getByRole("banner")
      .getByRole("link", { name: /^Notifications/ })
      .click();
    await lg.page.waitForURL("**/inbox");
    await lg.page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    const item = lg.page
      .getByRole("button", { name: new RegExp(title) })
      .or(lg.page.getByRole("link", { name: new RegExp(title) }));
    await item.first().waitFor();
    await snap(lg.page, "notifications-03-inbox-390");
    await expectAccessible(lg.page, "the inbox");
    await item.first().click();
    await expect.poll(() => unreadOf(lg.page), { timeout: 15_000 }).toBe(before);

    // The sender sees its reach and that it was read.
    await manager.page.getByRole("tab", { name: "Sent" }).click();
    const sent = manager.page.getByRole("table", { name: "Sent notifications" });
    const row = sent.getByRole("row", { name: new RegExp(title) });
    await expect
      .poll(async () => (await row.textContent()) ?? "", { timeout: 15_000 })
      .toMatch(/1 of \d+ read/);
    await snap(manager.page, "notifications-04-sent-1280");
    await expectAccessible(manager.page, "the sent list");
    expect(lg.errors).toEqual([]);
    expect(manager.errors).toEqual([]);
    await lg.context.close();
    await manager.context.close();
  });

  it("an Admin uploads a PDF and a lead generator downloads it with its name kept", async () => {
    const admin = await newPage(browser, DESKTOP);
    await signIn(admin.page, "admin@demo.local");
    await admin.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await workIn(admin.page, "Summit Home East");
    await admin.page.goto("/support/documents");
    await admin.page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
    const title = `Store script ${Date.now().toString(36)}`;
    await admin.page.getByRole("button", { name: "Upload document" }).first().click();
    const dialog = admin.page.getByRole("dialog", { name: "Upload document" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(title);
    await dialog.getByRole("textbox", { name: "Description" }).fill("What to say at the door.");
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    await dialog.locator('input[type="file"]').setInputFiles({
      name: "Store Script.PDF",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await dialog.getByText("Store Script.PDF").first().waitFor();
    await snap(admin.page, "support-01-upload-1280");
    await expectAccessible(admin.page, "the upload form");
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await dialog.waitFor({ state: "detached", timeout: 30_000 });
    await admin.page.getByRole("table", { name: "Service-provider documents" }).getByText(title).waitFor();
    await snap(admin.page, "support-02-documents-1280");
    await expectAccessible(admin.page, "the documents");
    // The preview opens in place, a dialog named by the document; its close button gives the focus back. (Escape
    // closes it too, unless the focus is inside the browser's PDF viewer: keys pressed there never reach the page.)
    const previewButton = admin.page.getByRole("button", { name: `Preview ${title}` });
    await previewButton.click();
    const preview = admin.page.getByRole("dialog", { name: title });
    await preview.locator(`iframe[title="Preview of ${title}"]`).waitFor();
    await expectAccessible(admin.page, "the document's preview");
    await preview.getByRole("button", { name: "Close the preview" }).click();
    await preview.waitFor({ state: "detached" });
    await expect.poll(() => previewButton.evaluate((el) => el === document.activeElement)).toBe(true);

    const lg = await newPage(browser, PHONE);
    await signIn(lg.page, "lg@demo.local");
    await lg.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await lg.page.goto("/support/documents");
    await lg.page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
    // A lead generator reads; they cannot upload.
    await lg.page.getByRole("link", { name: `Download ${title}` }).waitFor();
    expect(await lg.page.getByRole("button", { name: "Upload document" }).count()).toBe(0);
    await snap(lg.page, "support-03-documents-390");
    await expectAccessible(lg.page, "the documents on a phone");
    const [download] = await Promise.all([
      lg.page.waitForEvent("download"),
      lg.page.getByRole("link", { name: `Download ${title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Store Script.pdf");
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    expect((await readFile(path)).subarray(0, 5).toString()).toBe("%PDF-");

    await lg.page.goto("/support/tutorials");
    await lg.page.getByRole("heading", { name: "Tutorials", level: 1 }).waitFor();
    await snap(lg.page, "support-04-tutorials-390");
    await expectAccessible(lg.page, "the tutorials");
    expect(admin.errors).toEqual([]);
    expect(lg.errors).toEqual([]);
    await admin.context.close();
    await lg.context.close();
  });
});
