import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { newPage, PHONE, signIn, snap } from "./browser";

/** Picks `option` in a Mantine select found by its label. */
export async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * A phone number no other journey uses (the duplicate check would stop the capture otherwise), and a valid US one:
 * its exchange starts with 5 (an exchange starting with 0 or 1 is refused).
 */
export const uniquePhone = () => `2015${String(Date.now()).slice(-6)}`;

/**
 * The lead generator's way to a booking, on a phone: capture a water-heater lead at Costco Wayne, then "Book an
 * appointment" into the first free window of "In-home consultation". `beforeBook` runs with the window chosen (a
 * journey's screenshot or accessibility check of the panel). Answers the chosen window's id.
 */
export async function captureAndBookOnPhone(
  browser: Browser,
  lead: { firstName: string; lastName: string },
  beforeBook?: (page: Page) => Promise<void>,
): Promise<{ windowId: string }> {
  const lg = await newPage(browser, PHONE);
  await signIn(lg.page, "lg@demo.local");
  await lg.page.waitForURL("**/capture");
  await lg.page.getByRole("button", { name: "Save lead" }).waitFor();
  const store = lg.page.getByRole("combobox", { name: /^Store/ });
  if (!(await store.inputValue())) await choose(lg.page, /^Store/, "Costco Wayne");
  await choose(lg.page, /^Service type/, "Water heaters");
  await lg.page.getByRole("radio", { name: "Tankless" }).check();
  await lg.page.getByLabel(/^First name/).fill(lead.firstName);
  await lg.page.getByLabel(/^Last name/).fill(lead.lastName);
  await lg.page.getByLabel("Mobile phone").fill(uniquePhone());
  await lg.page.getByRole("button", { name: "Save lead" }).click();
  await lg.page
    .getByRole("button", { name: "Book an appointment" })
    .click()
    .catch(async (err) => {
      await snap(lg.page, "zz-booking-not-offered");
      throw err;
    });
  const booking = lg.page.getByRole("dialog");
  await choose(lg.page, /^Appointment type/, "In-home consultation");
  const first = booking.getByRole("radio").first();
  await first.waitFor();
  const windowId = (await first.getAttribute("value")) ?? "";
  await first.check();
  await beforeBook?.(lg.page);
  await booking.getByRole("button", { name: "Book the appointment" }).click();
  await lg.page
    .getByRole("status")
    .filter({ hasText: /^Booked: In-home consultation/ })
    .waitFor();
  expect(lg.errors).toEqual([]);
  await lg.context.close();
  return { windowId };
}
