import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureAndBookOnPhone, choose } from "../support/booking";
import { expectAccessible, launchBrowser, newPage, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Appointments end to end (docs/decisions/0033, 0034, 0035): an Admin sets up a type with a weekly template and
 * generates its windows; a lead generator captures a lead on a phone and books it into a window; a scheduler moves
 * it from the lead; the calendar shows the booking in its window.
 */
describe("appointments", () => {
  it("an Admin creates a type, gives it a weekly window and generates its windows", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, "admin@demo.local");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const name = `Roof inspection ${Date.now() % 100_000}`;

    await page.goto("/appointments/types");
    await page.getByRole("link", { name: "New type" }).waitFor();
    await page.getByRole("cell", { name: "In-home consultation" }).first().waitFor();
    await expectAccessible(page, "appointment types");
    await page.getByRole("link", { name: "New type" }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole("button", { name: "Create type" }).click();
    await page.waitForURL(/\/appointments\/types\/\d+$/);
    await expectAccessible(page, "appointment type editor");
    await snap(page, "73-appointment-type");

    await page.goto("/appointments/windows");
    await choose(page, /^Appointment type/, name);
    // A new type has no weekly windows yet: add Tuesday 09:00 to 11:00 with two places.
    await page
      .getByRole("button", { name: /^Add a window/ })
      .first()
      .click();
    const form = page.getByRole("dialog", { name: "Add a window" });
    await choose(page, /^Day/, "Tuesday");
    await form.getByLabel(/^Starts/).fill("09:00");
    await form.getByLabel(/^Ends/).fill("11:00");
    await form.getByLabel(/^Places/).fill("2");
    await form.getByRole("button", { name: "Add window" }).click();
    const grid = page.getByLabel("Weekly template");
    await grid.getByText("2 places").first().waitFor();
    await expectAccessible(page, "weekly template");

    await page.getByRole("button", { name: "Generate windows" }).click();
    const result = page.getByText(/^Created \d+ windows?, \d+ already there/);
    await result.waitFor();
    expect(Number(/^Created (\d+)/.exec((await result.textContent()) ?? "")?.[1])).toBeGreaterThan(0);
    await snap(page, "74-appointment-windows-generated");
    expect(errors).toEqual([]);
  });

  it("a lead generator books on a phone, a scheduler moves it, and the calendar shows it", async () => {
    // The lead generator, on a phone: capture, then "Book an appointment".
    const firstName = `Bo${Date.now() % 100_000}`;
    const { windowId: chosen } = await captureAndBookOnPhone(
      browser,
      { firstName, lastName: "Booker" },
      async (page) => {
        await snap(page, "75-booking-panel-390");
        await expectAccessible(page, "booking panel", { otherWidth: false });
      },
    );

    // The scheduler, at a desk: the lead's drawer shows the appointment; move it to another window.
    const sch = await newPage(browser);
    await signIn(sch.page, "scheduler@demo.local");
    await sch.page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await sch.page.goto("/leads");
    await sch.page.getByLabel("Search").fill(firstName);
    // Once the search is in the address (as the lead-drawer journey waits): a lead opened while the typed search is
    // still to be written to the address is closed again by that write (a known race of the leads list).
    await expect.poll(() => new URL(sch.page.url()).searchParams.get("q")).toBe(firstName);
    await expect.poll(() => sch.page.getByRole("button", { name: /^Open lead / }).count()).toBe(1);
    await sch.page.getByRole("button", { name: new RegExp(`^Open lead ${firstName} Booker`) }).click();
    const drawer = sch.page.getByRole("dialog");
    // The lead first, then its appointments (a call of their own).
    await drawer
      .getByRole("heading", { name: new RegExp(`${firstName} Booker`) })
      .first()
      .waitFor();
    await drawer
      .getByText("In-home consultation")
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async (err) => {
        await snap(sch.page, "zz-drawer-without-appointment");
        throw err;
      });
    await drawer.getByRole("button", { name: "Move" }).click();
    const move = sch.page.getByRole("dialog", { name: "Move the appointment" });
    const other = move.locator(`input[type=radio]:not([value="${chosen}"])`).first();
    await other.waitFor();
    const target = (await other.getAttribute("value")) ?? "";
    await other.check();
    await move.getByLabel("Reason for the move").fill("The shopper asked for another day");
    await move.getByRole("button", { name: "Move the appointment" }).click();
    await drawer
      .getByText(/^Moved to /)
      .first()
      .waitFor();
    await snap(sch.page, "76-lead-appointment-moved");
    await expectAccessible(sch.page, "lead drawer with its appointment");

    // The calendar's window holds the booking.
    const bookings = await sch.page.evaluate(async (windowId) => {
      const login = JSON.parse(localStorage.getItem("login") ?? "null");
      const res = await fetch(`/api/appointments/scheduled-appointments/${windowId}/appointments`, {
        headers: {
          Authorization: `Bearer ${login.token}`,
          CurrentOrganizationId: String(login.currentOrganizationId),
        },
      });
      return (await res.json()) as unknown;
    }, target);
    expect(JSON.stringify(bookings)).toContain(firstName);
    await sch.page.goto("/appointments/calendar");
    await sch.page
      .getByRole("button", { name: /booked, (Full|\d+ left|Empty)\. Open its bookings/ })
      .first()
      .waitFor();

    // The upcoming list has it, with its filters and exports.
    await sch.page.goto("/appointments/upcoming");
    await sch.page.getByText(`${firstName} Booker`).first().waitFor();
    await snap(sch.page, "77-upcoming-appointments");
    await expectAccessible(sch.page, "upcoming appointments");
    expect(sch.errors).toEqual([]);
  });
});
