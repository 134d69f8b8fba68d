import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DEMO_PASSWORD, launchBrowser, newPage, signIn } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Loaded = {
  url: string;
  type: string;
  status: number;
  headers: Record<string, string>;
  /** Bytes on the wire (headers and compressed body); 0 when the browser's cache answered. */
  bytes: number;
  /** The body as sent (compressed): its `content-length`. */
  body: number;
  fromCache: boolean;
};

/** Records what the page loads, as Chromium's network layer sees it (DevTools protocol). */
async function recordNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, Loaded>();
  cdp.on("Network.responseReceived", (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    byId.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      status: e.response.status,
      headers,
      bytes: 0,
      body: Number(headers["content-length"] ?? 0),
      fromCache: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
    });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = byId.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return {
    loaded: () => [...byId.values()],
    reset: () => byId.clear(),
  };
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const sum = (loaded: Loaded[], key: "bytes" | "body") => loaded.reduce((n, r) => n + r[key], 0);
/** How a script list reads in the log: compressed bodies, then with the response headers. */
const weigh = (scripts: Loaded[]) =>
  `${kB(sum(scripts, "body"))} compressed (${kB(sum(scripts, "bytes"))} with headers) in ${scripts.length} files` +
  // E2E_LIST_SCRIPTS=1 lists them, largest first.
  (process.env.E2E_LIST_SCRIPTS
    ? `\n${[...scripts]
        .sort((a, b) => b.body - a.body)
        .map((s) => `  ${kB(s.body).padStart(9)}  ${new URL(s.url).pathname}`)
        .join("\n")}`
    : "");
/** Issue 11's budget for the JavaScript of a cold visit to /login, compressed. */
const LOGIN_BUDGET = 150 * 1024;
/**
 * Issue 11's budget for the capture screen's cold visit, compressed (a lead generator's phone, signed in). It weighs
 * 198 kB (docs/benchmarks.md, "The web app on the wire"): what a change adds to the capture screen's first load
 * comes out of the 2 kB left, or loads later (decision 0029).
 */
const CAPTURE_GUARD = 200 * 1024;
/** Issue 13's budget for the shopper's page of a QR code, a first visit on a phone: JavaScript, gzip. */
const PUBLIC_PAGE_BUDGET = 100 * 1024;
const scriptsOf = (loaded: Loaded[]) =>
  loaded.filter((r) => r.type === "Script" && r.url.includes("/assets/"));

describe("the web app as it is served", () => {
  it("sends compressed scripts cached for good and a page that is always revalidated; a repeat visit loads no script", async () => {
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    const net = await recordNetwork(page);

    await page.goto("/login");
    await page.getByLabel("Email").waitFor();
    await page.waitForLoadState("networkidle");
    const cold = net.loaded();
    const doc = cold.find((r) => r.type === "Document");
    expect(doc?.headers["cache-control"]).toBe("no-cache");
    const scripts = scriptsOf(cold);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      // Files under 1 kB are sent as they are (the build does not compress them: the headers would cost more).
      if (Number(s.headers["content-length"]) >= 1024 || s.headers["content-encoding"]) {
        expect(s.headers["content-encoding"], s.url).toBe("br");
      }
      expect(s.headers["cache-control"], s.url).toBe("public, max-age=31536000, immutable");
      // A script carries no document-only headers (decision 0029), but is never sniffed as another type.
      expect(s.headers["x-content-type-options"], s.url).toBe("nosniff");
      expect(s.headers["content-security-policy"], s.url).toBeUndefined();
      expect(s.headers["x-frame-options"], s.url).toBeUndefined();
    }
    // The page itself keeps them.
    expect(doc?.headers["content-security-policy"]).toContain("script-src 'self'");
    console.log(`JavaScript on the wire for /login (cold): ${weigh(scripts)}`);
    expect(sum(scripts, "body")).toBeLessThan(LOGIN_BUDGET);

    // Signing in and opening the capture screen: what the lead generator's phone downloads on a first visit.
    net.reset();
    await signIn(page, "lg@demo.local");
    // A lead generator lands on the capture screen.
    await page.waitForURL("**/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await page.waitForLoadState("networkidle");
    // Only what came over the network (a script already in the memory cache reports no bytes). The service worker
    // fetched the app's files once /login had loaded (decision 0030), so this is what it had not kept yet.
    const captureScripts = scriptsOf(net.loaded()).filter((s) => !s.fromCache && s.bytes > 0);
    console.log(
      `JavaScript from the network for sign-in then /capture, beyond /login's: ${weigh(captureScripts)}`,
    );

    // A repeat visit: the page is asked again (no-cache), the hashed scripts come from the browser's cache.
    net.reset();
    await page.goto("/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await page.waitForLoadState("networkidle");
    const again = scriptsOf(net.loaded());
    const fetched = again.filter((s) => !s.fromCache && s.bytes > 0).map((s) => s.url);
    expect(fetched).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends /capture with its own app shell, the screen's header before any script runs", async () => {
    const capture = await (await fetch(`${baseUrl()}/capture`)).text();
    expect(capture).toMatch(/<!--boot--><div class="shell-page">.*Capture a lead.*<!--\/boot-->/s);
    const other = await (await fetch(`${baseUrl()}/leads`)).text();
    expect(other).not.toContain('<div class="shell-page">');
    expect(other).toContain("<!--boot-->");
  });

  it("opens the capture screen of a signed-in lead generator, cache empty, no heavier than it was", async () => {
    const res = await fetch(`${baseUrl()}/api/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "lg@demo.local", password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const signedIn = await res.text();
    const { context, page, errors } = await newPage(browser, { width: 390, height: 844 });
    // The session a sign-in on this phone left behind; the browser's cache is empty.
    await context.addInitScript((user) => localStorage.setItem("login", user), signedIn);
    const net = await recordNetwork(page);
    await page.goto("/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await page.waitForLoadState("networkidle");
    const scripts = scriptsOf(net.loaded());
    console.log(`JavaScript on the wire for /capture (cold, signed in): ${weigh(scripts)}`);
    expect(sum(scripts, "body")).toBeLessThan(CAPTURE_GUARD);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends the shopper's page of a QR code, not the app, with under 100 kB of JavaScript (gzip) on a first visit", async () => {
    const login = await fetch(`${baseUrl()}/api/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "manager@demo.local", password: DEMO_PASSWORD }),
    });
    const manager = (await login.json()) as { token: string; currentOrganizationId: number };
    const codes = (await (
      await fetch(`${baseUrl()}/api/QRCodes/search`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          Authorization: `Bearer ${manager.token}`,
          CurrentOrganizationId: String(manager.currentOrganizationId),
        },
        body: JSON.stringify({ isActive: true }),
      })
    ).json()) as { items: { userUid: string; group: number; isLive: boolean }[] };
    const code = codes.items.find((c) => c.group === 0 && c.isLive);
    expect(code, "a live demo code of group 0").toBeDefined();
    const path = `/q/${code?.userUid}/0`;

    // Any address under /q/ is the shopper's page (q.html), revalidated like the app's page; never the app.
    const res = await fetch(`${baseUrl()}${path}`);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toMatch(/src="\/assets\/q-[^"]+\.js"/);
    expect(html).not.toContain("<!--boot-->");

    const { context, page, errors } = await newPage(browser, { width: 360, height: 740 });
    const net = await recordNetwork(page);
    await page.goto(path);
    await page.getByRole("heading", { name: "Your details" }).waitFor();
    await page.waitForLoadState("networkidle");
    const scripts = scriptsOf(net.loaded());
    // Its own file and React's, nothing of the app (its entry, the router, Mantine, the query cache...).
    for (const s of scripts)
      expect(new URL(s.url).pathname, s.url).toMatch(/^\/assets\/(q|react|rolldown-runtime)-/);
    // As gzip: each file asked again for gzip only (the browser took brotli); a file under 1 kB is sent as it is.
    let gzip = 0;
    for (const s of scripts) {
      const r = await fetch(s.url, { headers: { "accept-encoding": "gzip" } });
      gzip += Number(r.headers.get("content-length") ?? (await r.arrayBuffer()).byteLength);
    }
    console.log(`JavaScript on the wire for ${path} (cold, phone): ${weigh(scripts)}; ${kB(gzip)} as gzip`);
    expect(gzip).toBeLessThan(PUBLIC_PAGE_BUDGET);
    expect(errors).toEqual([]);
    await context.close();
  });
});
