import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, launchBrowser, newPage, PHONE, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Labor (issue #15, docs/decisions/0040-labor.md): a lead generator punches in and out on a phone; a manager fixes a
 * missing punch and reads its audit trail; a manager plans a shift in the week grid and exports the week.
 */
describe("Labor", () => {
  it("a lead generator punches in, logs an approach and punches out on a phone", async () => {
    const { context, page, errors } = await newPage(browser, PHONE);
    await signIn(page, "lg@demo.local");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/labor/time-logs");
    await page.getByRole("heading", { name: "My time", level: 1 }).waitFor();
    // The store comes from today's schedule; the location is asked for and not waited on past a few seconds.
    await page.getByRole("button", { name: "Punch in", exact: true }).click();
    await page.getByRole("button", { name: "Punch out", exact: true }).waitFor();
    await page.getByText(/^Punched in at /).waitFor();
    await snap(page, "labor-01-punched-in-390");
    await expectAccessible(page, "the punch screen, punched in");

    // While on the clock, one tap counts an approach.
    await page.getByRole("button", { name: "+1 Approach" }).click();
    await expect.poll(() => page.getByText(/^1 approach/).count()).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Punch out", exact: true }).click();
    await page.getByRole("button", { name: "Punch in", exact: true }).waitFor();
    // The shift is in "My week", closed.
    const week = page
      .getByRole("region", { name: /My week/ })
      .or(page.locator("section", { hasText: "My week" }));
    await expect.poll(() => week.first().getByText("Closed", { exact: false }).count()).toBeGreaterThan(0);
    await snap(page, "labor-02-punched-out-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a manager corrects a missing punch and reads the correction in its audit trail", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, "manager@demo.local");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/labor/missing-punches");
    await page.getByRole("heading", { name: "Missing punches", level: 1 }).waitFor();
    const table = page.getByRole("table", { name: "Missing punches" });
    // The demo has Liam Lee's shift with no punch out, flagged by the sweep.
    const correct = table.getByRole("button", { name: /^Correct Liam Lee, / });
    await correct.waitFor();
    const label = (await correct.getAttribute("aria-label")) ?? "";
    const workDate = /(\d{4}-\d{2}-\d{2})/.exec(label)?.[1] ?? "";
    expect(workDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await snap(page, "labor-10-missing-punches-1280");
    await expectAccessible(page, "missing punches");

    await correct.click();
    const form = page.getByRole("form", { name: /^Correct the time log of Liam Lee/ });
    await form.waitFor();
    await form.getByLabel("End").fill("17:30");
    // A correction needs a reason: the audit trail keeps it.
    await form.getByRole("button", { name: "Save correction" }).click();
    await form.getByText(/Say why/).waitFor();
    await form.getByRole("textbox", { name: /^Reason/ }).fill("Called the store: left at 5:30");
    await form.getByRole("button", { name: "Save correction" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(() => table.getByRole("button", { name: /^Correct Liam Lee, / }).count()).toBe(0);

    // Labor history: the day's row, the person's logs, the log's audit trail with the correction and its reason.
    await page.goto(`/labor/history?range=custom&startDate=${workDate}&endDate=${workDate}&search=Liam`);
    await page.getByRole("heading", { name: "Labor history", level: 1 }).waitFor();
    await page
      .getByRole("button", { name: /^Time logs of Liam Lee/ })
      .first()
      .click();
    const drawer = page.getByRole("dialog").filter({ hasText: "Liam Lee" });
    await drawer
      .getByRole("button", { name: /^History of / })
      .first()
      .click();
    const trail = page.getByRole("list", { name: "Audit trail" }).or(page.getByLabel("Audit trail"));
    await trail.first().getByText("Corrected").first().waitFor();
    await trail
      .first()
      .getByText(/Called the store: left at 5:30/)
      .waitFor();
    await snap(page, "labor-11-audit-trail-1280");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a manager plans a shift in the week grid and exports the week", async () => {
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signIn(page, "manager@demo.local");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto("/labor/schedules");
    await page.getByRole("heading", { name: "Schedules", level: 1 }).waitFor();
    // Next week: Saturday is free for everyone in the demo.
    await page.getByRole("button", { name: "Next week" }).click();
    // The grid keeps showing this week until next week's answer arrives: wait for it, so the cell is next week's.
    await expect.poll(() => page.getByRole("heading", { name: /\(this week\)/ }).count()).toBe(0);
    const add = page.getByRole("button", { name: /^Add a shift for Ava Garcia on Saturday/ });
    await add.waitFor();
    await add.click();
    const form = page.getByRole("form", { name: "Add a shift" });
    await form.waitFor();
    // The store starts as the person's own; pick it in the form (the filters have a Store too).
    await form.getByRole("combobox", { name: /^Store/ }).click();
    await page.getByRole("option", { name: "Costco Wayne", exact: true }).click();
    await form.getByLabel("Starts").fill("10:00");
    await form.getByLabel("Ends").fill("16:00");
    await form.getByRole("button", { name: "Add shift" }).click();
    await form.waitFor({ state: "detached" });
    await page
      .getByRole("button", { name: /^Costco Wayne 10:00.16:00/ })
      .first()
      .waitFor();
    await snap(page, "labor-20-week-grid-1280");
    await expectAccessible(page, "the week grid");

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: /Excel/ }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("every Labor screen passes axe at 390 and 1280 px, for a manager and a lead generator", async () => {
    const screens: [string, string, string][] = [
      ["manager@demo.local", "/labor/history", "Labor history"],
      ["manager@demo.local", "/labor/hours", "Hours"],
      ["manager@demo.local", "/labor/hours?tab=postings", "Hours"],
      ["manager@demo.local", "/labor/activities", "Activities"],
      ["manager@demo.local", "/labor/activities?tab=recent", "Activities"],
      ["manager@demo.local", "/labor/activities?tab=none", "Activities"],
      ["lg@demo.local", "/labor/schedules", "Schedules"],
      ["lg@demo.local", "/labor/activities", "Activities"],
      ["admin@demo.local", "/settings/organization", "Organization"],
    ];
    for (const [email, path, heading] of screens) {
      const { context, page, errors } = await newPage(browser, email.startsWith("lg") ? PHONE : DESKTOP);
      await signIn(page, email);
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      await page.goto(path);
      await page.getByRole("heading", { name: heading, level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const name = `${email.split("@")[0]}${path.replace(/[/?=]/g, "-")}`;
      await snap(page, `labor-30-${name}`);
      await expectAccessible(page, `${path} as ${email}`);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });
});
