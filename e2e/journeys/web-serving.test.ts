import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, signIn } from "../support/browser";

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
    }
    const loginBytes = scripts.reduce((n, s) => n + s.bytes, 0);
    console.log(
      `JavaScript on the wire for /login (cold): ${kB(loginBytes)} in ${scripts.length} files (brotli)`,
    );

    // Signing in and opening the capture screen: what the lead generator's phone downloads on a first visit.
    net.reset();
    await signIn(page, "lg@demo.local");
    // A lead generator lands on the capture screen.
    await page.waitForURL("**/capture");
    await page.getByRole("button", { name: "Save lead" }).waitFor();
    await page.waitForLoadState("networkidle");
    const captureScripts = scriptsOf(net.loaded()).filter((s) => !s.fromCache);
    const captureBytes = captureScripts.reduce((n, s) => n + s.bytes, 0);
    console.log(
      `JavaScript on the wire for sign-in then /capture, beyond /login's: ${kB(captureBytes)} in ${captureScripts.length} files; with /login's: ${kB(loginBytes + captureBytes)}`,
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
});
