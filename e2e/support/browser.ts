import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";

export const DEMO_PASSWORD = "demo1234";
const screenshotDir = join(import.meta.dirname, "../screenshots");

export const baseUrl = () => inject("baseUrl");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser profile (no storage) with the app's address as base URL. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale: "en-US",
    timezoneId: "America/New_York",
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  // A script error or a failed asset is a failed journey even when the screen looks right.
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 4\d\d/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return { context, page, errors };
}

/** Saves a full-page screenshot under e2e/screenshots/<name>.png once animations have settled. */
export async function snap(page: Page, name: string) {
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, animations: "disabled" });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Resolves once the element is out of the window (a collapsed side menu slides off to the left). */
export async function expectOffscreen(page: Page, selector: string, offscreen: boolean) {
  await page.waitForFunction(
    ([sel, want]) => {
      const el = document.querySelector(sel as string);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.right <= 0 === want;
    },
    [selector, offscreen] as const,
    { timeout: 5_000 },
  );
}

export function storedSession(page: Page): Promise<{
  currentOrganizationId: number;
  roleId: number;
  wingenWebConfig: Record<string, unknown> | null;
} | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("login") ?? "null"));
}

let axeScript: string | undefined;
const axeSource = () =>
  (axeScript ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));

/** The axe rule sets checked: WCAG 2.0 and 2.1 A and AA, and 2.2 AA (its target-size rule: 24 px targets). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/**
 * Serious and critical accessibility violations of the page as it is (or of the element `within` selects)
 * (axe-core, WCAG 2.2 A/AA rules), each as "rule (nodes): first targets": an empty list passes.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  // A table refreshing in the background is drawn faded (aria-busy), and a drawer or menu still sliding in is
  // half transparent: check the settled screen people read (endless animations such as spinners aside).
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(100);
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses injected script tags.
  await page.evaluate(axeSource());
  return page.evaluate(
    async ([selector, tags]) => {
      type Node = { target: string[]; any: { message: string }[] };
      type Violation = { id: string; impact: string | null; nodes: Node[] };
      // Where the rule says why, the reason too: "3.28: #fa5252 on #ffffff", "16px by 16px".
      const why = (n: Node) => {
        const message = n.any[0]?.message ?? "";
        const contrast = /contrast of ([\d.]+) \(foreground color: (\S+), background color: (\S+),/.exec(
          message,
        );
        const size = /\d+px by \d+px|diameter of [\d.]+px/.exec(message);
        const detail = contrast ? `${contrast[1]}: ${contrast[2]} on ${contrast[3]}` : size?.[0];
        return detail ? `${n.target.join(" ")} [${detail}]` : n.target.join(" ");
      };
      const axe = (
        window as unknown as {
          axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
        }
      ).axe;
      const context = selector ? (document.querySelector(selector) ?? document) : document;
      const r = await axe.run(context, { runOnly: { type: "tag", values: tags } });
      return r.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map(why).join(", ")}`);
    },
    [within, AXE_TAGS] as const,
  );
}

/** How an element draws its focus (outline style and width in px): reach it by keyboard first. */
export function focusRing(locator: Locator): Promise<{ style: string; width: number }> {
  return locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) || 0 };
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Fails on any serious or critical axe violation of the screen as it is (drawers, menus and notifications
 * included), at the window's width and, unless `otherWidth` is false, at the other of 390 and 1280 px (the
 * window is put back afterwards).
 */
export async function expectAccessible(
  page: Page,
  label: string,
  { within, otherWidth = true }: { within?: string; otherWidth?: boolean } = {},
) {
  const size = page.viewportSize() ?? DESKTOP;
  const found = (await axeViolations(page, within)).map((v) => `${size.width} px: ${v}`);
  if (otherWidth) {
    const other = size.width >= 768 ? PHONE : DESKTOP;
    await page.setViewportSize(other);
    found.push(...(await axeViolations(page, within)).map((v) => `${other.width} px: ${v}`));
    await page.setViewportSize(size);
  }
  expect(found, `axe on ${label}`).toEqual([]);
}

/**
 * Makes `organization` the signed-in person's current one (it is kept between sign-ins, and another journey may have
 * switched it).
 */
export async function workIn(page: Page, organization: string) {
  const switcher = page
    .getByRole("textbox", { name: "Organization" })
    .or(page.getByLabel("Organization"))
    .first();
  await switcher.waitFor();
  // Someone with one organization sees its name, not a switcher.
  if ((await switcher.evaluate((el) => el.tagName)) !== "INPUT") {
    expect(await switcher.textContent()).toContain(organization);
    return;
  }
  if ((await switcher.inputValue()) === organization) return;
  await switcher.click();
  await page.getByRole("option", { name: organization }).click();
  await expect.poll(() => switcher.inputValue()).toBe(organization);
}
