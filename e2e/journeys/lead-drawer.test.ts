import { join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, DESKTOP, launchBrowser, newPage, PHONE, signIn, snap } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Found = { id: number; firstName: string; lastName: string; phone: string; email: string };

/** An internal lead of the demo data with a phone and an email, asked of the API as the signed-in person. */
async function leadWithPhoneAndEmail(page: Page): Promise<Found> {
  return page.evaluate(async () => {
    const login = JSON.parse(localStorage.getItem("login") ?? "null");
    const res = await fetch("/api/leads/internal/search", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${login.token}`,
        CurrentOrganizationId: String(login.currentOrganizationId),
      },
      body: JSON.stringify({ pageSize: 100 }),
    });
    const page = (await res.json()) as { items: (Found & { phone: string | null; email: string | null })[] };
    const lead = page.items.find((l) => l.phone && l.email);
    if (!lead) throw new Error("no demo lead with a phone and an email");
    return lead as Found;
  });
}

const formatPhone = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;

/** Serious and critical axe violations of the screen at 1280 and at 390 px (the window is put back). */
async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const size = page.viewportSize() ?? DESKTOP;
  const found: string[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    found.push(...(await axeViolations(page)).map((v) => `${viewport.width} px: ${v}`));
  }
  await page.setViewportSize(size);
  return found;
}

/**
 * What the window shows: at 390 px the list under the drawer is taller than the window, and a full-page shot would
 * print it below the drawer.
 */
async function snapView(page: Page, name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({
    path: join(import.meta.dirname, "../screenshots", `${name}.png`),
    animations: "disabled",
  });
}

const entries = (drawer: Locator) => drawer.getByTestId("history-entry");

describe("the lead drawer works a lead", () => {
  it("a manager calls or emails from the drawer and keeps a note in the lead's history", async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page, "manager@demo.local");
    // Signed in: the app leaves the sign-in screen for the manager's landing page.
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    const lead = await leadWithPhoneAndEmail(page);
    const name = `${lead.firstName} ${lead.lastName}`;

    await page.goto("/leads");
    await page.getByRole("heading", { name: "Leads" }).waitFor();
    await page
      .getByRole("button", { name: /^Open lead / })
      .first()
      .waitFor();
    // Found by the email: the search is in the address once the list has it.
    await page.getByLabel("Search").fill(lead.email);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(lead.email);
    await expect.poll(() => page.getByRole("button", { name: /^Open lead / }).count()).toBe(1);
    await page.getByRole("button", { name: `Open lead ${name}` }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("heading", { name: new RegExp(`^${name}`) }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("lead")).toBe(String(lead.id));

    // Tap to call, tap to email: the stored digits and address, each link named for what it does.
    const call = drawer.getByRole("link", { name: `Call ${formatPhone(lead.phone)}` });
    expect(await call.getAttribute("href")).toBe(`tel:+1${lead.phone}`);
    const email = drawer.getByRole("link", { name: `Email ${lead.email}` });
    expect(await email.getAttribute("href")).toBe(`mailto:${lead.email}`);

    // Edit first; Delete apart, in its own group at the end.
    const work = drawer.getByRole("group", { name: "Work this lead" });
    expect((await work.getByRole("button").allTextContents())[0]).toBe("Edit");
    await drawer
      .getByRole("group", { name: "Delete this lead" })
      .getByRole("button", { name: "Delete" })
      .waitFor();
    expect(await work.getByRole("button", { name: "Delete" }).count()).toBe(0);

    // A note, added from the keyboard: type it, Tab to "Add note", Enter.
    const text = `Called at ${new Date().toISOString().slice(11, 16)} UTC, no answer. Try after 5 pm.`;
    const box = drawer.getByRole("textbox", { name: "Add a note" });
    await box.fill(text);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add note");
    await page.keyboard.press("Enter");
    await expect.poll(() => entries(drawer).first().textContent()).toContain(text);
    const top = (await entries(drawer).first().textContent()) ?? "";
    expect(top).toMatch(/^Note/);
    expect(top).toContain("Morgan Manager · ");
    expect(await box.inputValue()).toBe("");

    await entries(drawer).first().scrollIntoViewIfNeeded();
    await snap(page, "80-lead-drawer-note");
    expect(await violationsAtBothWidths(page), "axe on the lead drawer with a note").toEqual([]);

    // After a reload the drawer opens again from the address, the note on top of the history, kept by the server.
    await page.reload();
    await drawer.getByRole("heading", { name: new RegExp(`^${name}`) }).waitFor();
    await expect.poll(() => entries(drawer).first().textContent()).toContain(text);
    expect(await entries(drawer).first().textContent()).toContain("Morgan Manager · ");
    expect(await entries(drawer).filter({ hasText: text }).count()).toBe(1);

    // The same drawer on a phone.
    await page.setViewportSize(PHONE);
    await drawer.getByRole("link", { name: `Call ${formatPhone(lead.phone)}` }).scrollIntoViewIfNeeded();
    await snapView(page, "81-lead-drawer-390");
    await entries(drawer).first().scrollIntoViewIfNeeded();
    await snapView(page, "82-lead-drawer-note-390");
    expect(await violationsAtBothWidths(page), "axe on the lead drawer after a reload").toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
