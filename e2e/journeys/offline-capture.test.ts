import { join } from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
  snap,
  storedSession,
} from "../support/browser";

/**
 * Capture that survives no signal (docs/decisions/0030): the installed app opens the capture screen with the
 * network cut, keeps the lead on the phone, and sends it once the network is back; a submission sent again and
 * again under its Idempotency-Key makes one lead.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP_SIZE = { width: 1280, height: 800 };
const UPSERT = "/api/leads/internal/upsert";

/** A screenshot of what the window shows (the save bar where the phone shows it), not the whole page. */
async function snapView(page: Page, name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({
    path: join(import.meta.dirname, "../screenshots", `${name}.png`),
    animations: "disabled",
  });
}

/** A valid US number not used before: its exchange starts with 2-9 (a 0 or 1 there is no phone number at all). */
const uniquePhone = () => {
  const now = Date.now();
  return `201${2 + (Math.floor(now / 1e6) % 8)}${String(now).slice(-6)}`;
};

/** Picks an option of a select by its label (the store picker searches the server, the others are local). */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The leads the server has with this phone, asked as the signed-in lead generator (from outside the browser). */
async function leadsWithPhone(page: Page, phone: string): Promise<{ id: number; firstName: string }[]> {
  const login = await page.evaluate(() => JSON.parse(localStorage.getItem("login") ?? "null"));
  const res = await fetch(`${baseUrl()}/api/leads/internal/search`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${login.token}`,
      currentorganizationid: String(login.currentOrganizationId),
    },
    body: JSON.stringify({ text: phone }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: number; firstName: string }[] }).items;
}

/** Signs a demo user in through the API (outside the browser) and calls with their token. */
/** Calls the API as this person, in this organization (else the one their sign-in answers with). */
async function apiAs(email: string, organizationId?: number) {
  const res = await fetch(`${baseUrl()}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const user = (await res.json()) as { token: string; currentOrganizationId: number };
  return (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${user.token}`,
        currentorganizationid: String(organizationId ?? user.currentOrganizationId),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Resolves once a service worker controls the page (the app's files are then kept on the phone). */
async function installed(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The first visit installs the worker; from the next load on, it answers the page.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Resolves once the capture screen's three lists are kept on the phone. */
async function listsKept(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("fieldlead-offline");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("kv")) return resolve(false);
          const keys = db.transaction("kv").objectStore("kv").getAllKeys();
          keys.onsuccess = () =>
            resolve(keys.result.filter((k) => String(k).startsWith("kept:")).length >= 3);
          keys.onerror = () => resolve(false);
        };
      }),
    undefined,
    { timeout: 15_000 },
  );
}

async function fillShopper(page: Page, firstName: string, phone: string) {
  await choose(page, /^Service type/, "Water heaters");
  await page.getByRole("radio", { name: "Tankless" }).check();
  await page.getByLabel(/^First name/).fill(firstName);
  await page.getByLabel(/^Last name/).fill("Offline");
  await page.getByLabel("Mobile phone").fill(phone);
  await page.getByRole("checkbox", { name: /^Summit Home East may contact me/ }).check();
}

describe("capture with no signal", () => {
  it("serves the service worker and the manifest as an installable app needs them", async () => {
    const page = await fetch(`${baseUrl()}/capture`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    // The worker is checked with the server at every start, so a release reaches phones at once.
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const app = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(app).toMatchObject({ name: "FieldLead", start_url: "/", display: "standalone" });
    expect(app.icons.map((i) => i.sizes)).toEqual(["any", "192x192", "512x512", "512x512"]);
    for (const icon of ["/pwa-192x192.png", "/pwa-512x512.png", "/maskable-512x512.png"]) {
      expect((await fetch(`${baseUrl()}${icon}`)).headers.get("content-type"), icon).toBe("image/png");
    }
    expect(await page.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });

  it("captures a lead with the network cut, sends it when the network is back: one lead on the server", async () => {
    const { context, page, errors } = await newPage(browser, PHONE_SIZE);
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await installed(page);
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await listsKept(page);

    // The signal goes: the app itself opens from the phone.
    await context.setOffline(true);
    await page.reload();
    // The form, from the lists kept on the phone, under a banner that says so and how old they are.
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    const banner = page.getByTestId("offline-banner");
    expect(await banner.textContent()).toContain(
      "Leads are kept on this phone and sent when the signal returns.",
    );
    expect(await banner.textContent()).toMatch(/as saved on this phone \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // The save button stays on screen, at the bottom, wherever the form is scrolled to.
    for (const y of [0, 700]) {
      await page.evaluate((top) => window.scrollTo({ top }), y);
      const bar = await page.getByTestId("save-bar").boundingBox();
      expect(bar && Math.round(bar.y + bar.height), `scrolled to ${y}`).toBe(PHONE_SIZE.height);
    }
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await snapView(page, "offline-01-capture-offline-390");
    await expectAccessible(page, "capture, offline");

    // A missing store: its message sits above the field, and the list that opens never covers it.
    await page.getByRole("button", { name: "Save lead" }).click();
    const storeError = page.getByTestId("store-error");
    await storeError.waitFor();
    const picker = page.getByRole("combobox", { name: /^Store/ });
    const list = page.locator(`[id="${await picker.getAttribute("aria-controls")}"]`);
    await list.waitFor();
    const [messageBox, pickerBox, listBox] = await Promise.all([
      storeError.boundingBox(),
      picker.boundingBox(),
      list.boundingBox(),
    ]);
    expect(messageBox && pickerBox && messageBox.y + messageBox.height <= pickerBox.y).toBe(true);
    expect(listBox && messageBox && listBox.y >= messageBox.y + messageBox.height).toBe(true);
    // The lead generator's own stores come first, from the list kept on the phone.
    expect(await page.locator(".mantine-Combobox-groupLabel").allTextContents()).toEqual([
      "My stores",
      "Other stores",
    ]);
    await snapView(page, "offline-02-store-missing-390");
    await page.getByRole("option", { name: "Costco Wayne", exact: true }).click();

    const phone = uniquePhone();
    await fillShopper(page, "Nadia", phone);
    const sent: Request[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(UPSERT)) sent.push(r);
    });
    await page.getByRole("button", { name: "Save lead" }).click();
    const kept = page.getByTestId("capture-kept");
    await kept.waitFor();
    expect(await kept.textContent()).toContain("Saved on this phone");
    expect(await kept.textContent()).toContain("Nadia Offline");
    expect(sent).toHaveLength(0);
    await snap(page, "offline-03-saved-on-phone-390");
    await expectAccessible(page, "saved on this phone");

    await page.getByTestId("outbox-button").click();
    const drawer = page.getByRole("dialog", { name: "Leads on this phone" });
    await drawer.waitFor();
    await drawer.getByText("Waiting for a signal.").waitFor();
    await snap(page, "offline-04-waiting-390");
    await expectAccessible(page, "leads waiting on the phone");
    expect(await leadsWithPhone(page, phone)).toEqual([]);

    // The signal returns: the lead is sent by itself, once.
    await context.setOffline(false);
    await drawer.getByRole("link", { name: /^lead #\d+$/ }).waitFor({ timeout: 20_000 });
    await drawer.getByText("Nothing is waiting.").waitFor();
    const leads = await leadsWithPhone(page, phone);
    expect(leads).toHaveLength(1);
    expect(leads[0].firstName).toBe("Nadia");
    expect(await drawer.getByRole("link", { name: /^lead #\d+$/ }).textContent()).toBe(
      `lead #${leads[0].id}`,
    );
    expect(sent.map((r) => r.headers()["idempotency-key"])).toHaveLength(1);
    await snap(page, "offline-05-sent-390");
    await page.setViewportSize(DESKTOP_SIZE);
    await snap(page, "offline-06-sent-1280");
    await expectAccessible(page, "sent from the phone");
    await page.keyboard.press("Escape");
    await expect.poll(() => kept.textContent()).toContain(`Sent as lead #${leads[0].id}`);
    await snap(page, "offline-07-saved-then-sent-1280");
    // The next step after a save: the lead itself, on the leads screen.
    await kept.getByRole("link", { name: "View the lead" }).click();
    await page.waitForURL(`**/leads?lead=${leads[0].id}*`);
    await page.getByRole("dialog").getByText("Nadia", { exact: false }).first().waitFor();

    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });

  it("sends the same submission again, twice, after its answers were lost: one lead on the server", async () => {
    // Requests are intercepted below: the service worker is left out so that every call reaches the route.
    const context: BrowserContext = await browser.newContext({
      baseURL: baseUrl(),
      viewport: PHONE_SIZE,
      locale: "en-US",
      timezoneId: "America/New_York",
      serviceWorkers: "block",
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(`page error: ${err.message}`));
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();

    // The server gets the first two saves and makes the lead, but their answers never come back (a weak signal).
    const saves: { key: string | undefined; body: string | null }[] = [];
    await page.route(`**${UPSERT}`, async (route) => {
      const request = route.request();
      if (JSON.parse(request.postData() ?? "{}").checkOnly) return route.continue();
      saves.push({ key: request.headers()["idempotency-key"], body: request.postData() });
      if (saves.length <= 2) {
        await route.fetch();
        return route.abort("internetdisconnected");
      }
      return route.continue();
    });

    await choose(page, /^Store/, "Costco Wayne");
    const phone = uniquePhone();
    await fillShopper(page, "Rhea", phone);
    await page.getByRole("button", { name: "Save lead" }).click();
    await page.getByText("Could not reach the server. Check your connection and try again.").waitFor();
    await snap(page, "offline-08-answer-lost-390");
    await expectAccessible(page, "a save whose answer was lost");
    expect(await leadsWithPhone(page, phone)).toHaveLength(1);

    // Tried again from the form. The lost save did arrive, so the duplicate check finds its lead; saving anyway
    // sends the same request under the same key.
    await page.getByRole("button", { name: "Save lead" }).click();
    const warning = page.getByTestId("duplicate-warning");
    await warning.waitFor();
    await warning.getByRole("button", { name: "Save anyway" }).click();
    await expect.poll(() => saves.length).toBe(2);
    await page.getByRole("button", { name: "Keep it on this phone and send later" }).waitFor();
    // Then handed to the phone, which sends it once more and gets the first save's lead back.
    await page.getByRole("button", { name: "Keep it on this phone and send later" }).click();
    await page.getByTestId("capture-kept").waitFor();
    await expect
      .poll(() => page.getByTestId("capture-kept-status").textContent())
      .toMatch(/Sent as lead #\d+/);

    expect(saves).toHaveLength(3);
    expect(new Set(saves.map((s) => s.key)).size).toBe(1);
    expect(saves[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(saves.map((s) => s.body)).size).toBe(1);
    const leads = await leadsWithPhone(page, phone);
    expect(leads).toHaveLength(1);
    expect(await page.getByTestId("capture-kept-status").textContent()).toContain(`lead #${leads[0].id}`);
    await snap(page, "offline-09-sent-once-390");

    expect(errors).toEqual([]);
    await context.close();
  });
  it("asks about a lead whose consent text changed while it waited, and sends it without that consent", async () => {
    const { context, page, errors } = await newPage(browser, PHONE_SIZE);
    await signIn(page, "lg@demo.local");
    await page.waitForURL("**/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await context.setOffline(true);
    await page.getByTestId("offline-banner").waitFor();
    await choose(page, /^Store/, "Costco Wayne");
    const phone = uniquePhone();
    await fillShopper(page, "Tomas", phone);
    await page.getByRole("button", { name: "Save lead" }).click();
    await page.getByTestId("capture-kept").waitFor();

    // Meanwhile an Admin rewrites the text the shopper agreed to, in the lead generator's organization (the admin's
    // own current one may be another: the shell journey switches it).
    const admin = await apiAs("admin@demo.local", (await storedSession(page))?.currentOrganizationId);
    const before = (await (await admin("GET", "/api/settings/leads")).json()) as {
      disclosureTemplates: { crm: string };
    };
    const changed = await admin("PUT", "/api/settings/leads", {
      disclosures: {
        crm: "I agree that {organization} and its installers may call or text me about my project.",
      },
    });
    expect(changed.status).toBe(200);
    try {
      await context.setOffline(false);
      const button = page.getByTestId("outbox-button");
      await expect.poll(() => button.textContent(), { timeout: 20_000 }).toBe("To check (1)");
      // Refused, so not on the server.
      expect(await leadsWithPhone(page, phone)).toEqual([]);
      await button.click();
      const drawer = page.getByRole("dialog", { name: "Leads on this phone" });
      await drawer.getByText(/changed while this lead waited on the phone/).waitFor();
      await snap(page, "offline-10-consent-changed-390");
      await expectAccessible(page, "a kept lead whose consent text changed");

      await drawer.getByRole("button", { name: "Send without that consent" }).click();
      await drawer.getByRole("link", { name: /^lead #\d+$/ }).waitFor({ timeout: 20_000 });
      const leads = await leadsWithPhone(page, phone);
      expect(leads).toHaveLength(1);
      // The lead is saved without the consent the shopper gave to the earlier text.
      const detail = await admin("GET", `/api/leads/${leads[0].id}/internal`);
      expect(detail.status).toBe(200);
      expect(((await detail.json()) as { consents: unknown[] }).consents).toEqual([]);
      await snap(page, "offline-11-sent-without-consent-390");
    } finally {
      await admin("PUT", "/api/settings/leads", { disclosures: { crm: before.disclosureTemplates.crm } });
    }

    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
    await context.close();
  });
});
