import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, PHONE, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The staff's side of QR codes (issue #13, docs/decisions/0037): a manager finds the team's codes, shows one and
 * prints it; a lead generator shows their own code full screen on their phone, for a shopper to scan.
 */
describe("QR codes", () => {
  it("a manager finds a lead generator's code, shows it and prints the sheet", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "manager@demo.local");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/qr-codes");
    await page.getByRole("heading", { name: "QR codes", level: 1 }).waitFor();
    // The demo gives every lead generator a code of no group at one of their stores.
    const row = page.getByRole("row", { name: /Luis Generator/ });
    await row.waitFor();
    await expect.poll(() => row.getByText("Active").count()).toBeGreaterThan(0);
    await snap(page, "qr-10-codes-list-1280");
    await expectAccessible(page, "QR codes list");

    await row.getByRole("button", { name: /^Show code/ }).click();
    const dialog = page.getByRole("dialog", { name: /QR code of Luis Generator/ });
    const image = dialog.getByRole("img", { name: /\/q\/[A-Za-z0-9]+\/0$/ });
    await image.waitFor();
    // The image is the code of the server's address for the page, and the link beside it says the same.
    const link = ((await image.getAttribute("aria-label")) ?? "").replace(
      /^QR code of Luis Generator for /,
      "",
    );
    expect(link).toMatch(/^https?:\/\/[^/]+\/q\/[A-Za-z0-9]+\/0$/);
    expect(await dialog.getByRole("textbox", { name: "Link" }).inputValue()).toBe(link);
    await snap(page, "qr-11-show-code-1280");
    await expectAccessible(page, "a code shown");

    // Printing one code: a PDF, named with a lower-case extension.
    const [one] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Print this code" }).click(),
    ]);
    expect(one.suggestedFilename()).toMatch(/\.pdf$/);
    await dialog.getByRole("button", { name: "Close" }).click();

    // The sheet of every code the filters select, and the CSV of their links.
    const [sheet] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Print (PDF)" }).click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/\.pdf$/);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("a lead generator shows their own code full screen on a phone", async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    await page.goto("/qr-codes");
    await page.getByRole("link", { name: "Show my code" }).click();
    await page.waitForURL("**/qr-codes/mine");
    const image = page.getByRole("img", { name: /^QR code for https?:\/\/.+\/q\/[A-Za-z0-9]+\/0$/ });
    await image.waitFor();
    await page.getByText("Scan to book your appointment").waitFor();
    // As large as the phone allows: most of its width.
    const box = await image.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(PHONE.width * 0.7);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "qr-12-my-code-390");
    await expectAccessible(page, "my code, full screen");

    await page.getByRole("button", { name: "Done" }).click();
    await page.getByRole("link", { name: "Show my code" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
