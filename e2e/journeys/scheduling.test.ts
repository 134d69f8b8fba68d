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

/**
 * Scheduling (docs/decisions/0035-windows-and-time.md): a manager reads the weekly template, generates the next
 * weeks (already there from the demo seed), and opens the calendar; on a phone the calendar opens on the day
 * view without sideways scrolling.
 */
describe("windows and the calendar", () => {
  it("a manager reads the template, generates windows and sees the week's windows with what is booked", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, "manager@demo.local");
    await page
      .waitForURL((url) => url.pathname === "/dashboard")
      .catch(async (err) => {
        await snap(page, "zz-manager-landing");
        throw new Error(`${(err as Error).message} (at ${page.url()})`);
      });
    await page.goto("/appointments/windows");
    // Summit Home East's weeks start on Monday.
    const grid = page.getByLabel("Weekly template");
    await grid.getByRole("region", { name: "Monday" }).waitFor();
    expect(
      await grid.getByRole("region").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))),
    ).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(await grid.getByText("3 places").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Generate windows" }).click();
    await page.getByText(/^Created \d+ windows?, \d+ already there/).waitFor();
    await snap(page, "70-appointment-windows");
    await expectAccessible(page, "appointment windows");

    await page.goto("/appointments/calendar");
    await page
      .getByRole("button", { name: /booked, (Full|\d+ left|Empty)\. Open its bookings/ })
      .first()
      .waitFor();
    expect(await page.getByRole("region").count()).toBe(7);
    await page
      .getByRole("button", { name: /booked, (Full|\d+ left|Empty)\. Open its bookings/ })
      .first()
      .click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Close window|Reopen window/ })
      .waitFor();
    await snap(page, "71-appointment-calendar");
    await expectAccessible(page, "appointment calendar", { otherWidth: false });
    expect(errors).toEqual([]);
  });

  it("on a phone the calendar opens on the day view and nothing scrolls sideways", async () => {
    const { page, errors } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, "scheduler@demo.local");
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto("/appointments/calendar");
    await page.getByRole("button", { name: "Next day" }).waitFor();
    expect(await page.getByRole("radio", { name: "Day" }).isChecked()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "72-appointment-calendar-phone");
    expect(errors).toEqual([]);
  });
});
