// Issue 11's measurements of the web app on a phone: Lighthouse performance scores (login and capture on mobile,
// login and leads on desktop) and the time until the capture form is usable on slow 4G with a 4x slower CPU,
// cold and on a repeat visit. Its own npm package (not a workspace): `npm ci --prefix bench/lighthouse` once,
// then `node bench/lighthouse/run.mjs [--runs N] [--web-dist DIR]` from the repository root. Prints a Markdown
// table for docs/benchmarks.md. Plain JavaScript: apps/server's typecheck includes bench/, and a .ts file here
// would need Lighthouse's types where CI never installs them. Chromium is Debian's (CHROME_PATH), never
// downloaded. README.md beside this file says what each number means.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const here = import.meta.dirname;
const repoRoot = resolve(here, "../..");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const DEMO_PASSWORD = "demo1234";
const SESSION_KEY = "login";

/** A wrong option: its message alone, without a stack. */
class UsageError extends Error {}

const USAGE = `Usage: node bench/lighthouse/run.mjs [options]

  --runs N          runs of each measurement (default 3); the medians are reported
  --web-dist DIR    serve this web build (WEB_DIST) instead of apps/web/dist (not rebuilt)
  --base-url URL    measure a server already running there (no build, no server started)
  --only LIST       some of: login,capture,leads,usable (default: all)
  --out DIR         also write the median run's Lighthouse report of each page there (JSON and HTML)
  --network KIND    the usable measurement's slow 4G: "applied" (default; 562.5 ms per request, as
                    Lighthouse's devtools throttling) or "rtt" (150 ms per request, 1.6 Mbit/s)
  --help            this text

Environment: CHROME_PATH (default /usr/bin/chromium).`;

/** The bench package's own dependencies, with a clear message when `npm ci --prefix bench/lighthouse` is missing. */
async function loadTools() {
  const require = createRequire(join(here, "package.json"));
  try {
    require.resolve("lighthouse/package.json");
    require.resolve("puppeteer-core/package.json");
  } catch {
    console.error(
      "The web benchmark's packages are not installed. Install them once (its own package, not a workspace):\n\n" +
        "  npm ci --prefix bench/lighthouse\n",
    );
    process.exit(2);
  }
  const lighthouse = await import("lighthouse");
  const constants = await import("lighthouse/core/config/constants.js");
  const { computeMedianRun } = await import("lighthouse/core/lib/median-run.js");
  const puppeteer = (await import("puppeteer-core")).default;
  const lhVersion = JSON.parse(readFileSync(require.resolve("lighthouse/package.json"), "utf8")).version;
  return {
    lighthouse: lighthouse.default,
    desktopConfig: lighthouse.desktopConfig,
    constants: constants.default ?? constants,
    computeMedianRun,
    puppeteer,
    lhVersion,
  };
}

// --- The server, as the browser journeys start it (e2e/support/global-setup.ts) -----------------------------

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitUntilUp(url, child, output, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before answering:\n${output()}`);
    try {
      // The API is up once a signed-in call answers 401 to a visitor without a token.
      const res = await fetch(`${url}/api/app/feature/updates`);
      if (res.status === 401) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Builds what changed (scripts/start.mjs --build-only) and starts the compiled server on a fresh database. */
async function startServer(webDist) {
  const env = { ...process.env, ...(webDist ? { WEB_DIST: webDist } : {}) };
  const build = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    cwd: repoRoot,
    stdio: ["ignore", process.stderr, process.stderr],
    env,
  });
  if (build.status !== 0) throw new Error("Building the web app or the server failed.");
  const dist = webDist ?? join(repoRoot, "apps/web/dist");
  if (!existsSync(join(dist, "index.html"))) throw new Error(`No web build at ${dist}.`);

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-lighthouse-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      SEED_DEMO: "auto",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((r) => child.once("exit", r));
      const signal = (sig) => {
        try {
          process.kill(-child.pid, sig);
        } catch {
          // Already gone.
        }
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(baseUrl, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

/** Signs in through the API: the answer is what the web app keeps in localStorage under "login". */
async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`Signing in as ${email} answered ${res.status}: ${await res.text()}`);
  return res.text();
}

// --- The browser -------------------------------------------------------------------------------------------

function launch(puppeteer) {
  return puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    defaultViewport: null,
    args: [
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

/**
 * Puts the session in localStorage before any script of the app's origin runs, as a sign-in on this phone left
 * it (the app reads it at start). Only when absent: the app may change it (a new web config).
 */
async function keepSession(page, origin, user) {
  await page.evaluateOnNewDocument(
    (o, key, value) => {
      if (location.origin === o && localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    origin,
    SESSION_KEY,
    user,
  );
}

// --- Lighthouse ----------------------------------------------------------------------------------------------

const METRICS = [
  ["FCP", "first-contentful-paint"],
  ["LCP", "largest-contentful-paint"],
  ["TBT", "total-blocking-time"],
  ["SI", "speed-index"],
  ["TTI", "interactive"],
];

/** One Lighthouse run (performance only) in a fresh browser: cold cache, no service worker. */
/**
 * One Lighthouse run; a run that Lighthouse itself reports as failed (its trace lost: NO_NAVSTART and the like, seen
 * about once in twenty runs on a loaded machine) is made again, up to twice, and said so on stderr.
 */
async function lighthouseRun(tools, target, baseUrl) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRunOnce(tools, target, baseUrl);
    } catch (err) {
      if (attempt >= 3 || !/Lighthouse failed/.test(String(err?.message))) throw err;
      console.error(`${String(err.message)}: running it again (${attempt + 1}/3)`);
    }
  }
}

async function lighthouseRunOnce(tools, target, baseUrl) {
  const browser = await launch(tools.puppeteer);
  try {
    const page = await browser.newPage();
    if (target.user) await keepSession(page, baseUrl, target.user);
    const flags = { logLevel: "error", output: "json", onlyCategories: ["performance"] };
    const config = target.formFactor === "desktop" ? tools.desktopConfig : undefined;
    const result = await tools.lighthouse(`${baseUrl}${target.path}`, flags, config, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${target.label}.`);
    if (lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${target.label}: ${lhr.runtimeError.message}`);
    // A session the app refused would measure the sign-in screen instead.
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== target.path)
      throw new Error(`${target.label}: the page ended on ${landed}, not ${target.path}.`);
    return lhr;
  } finally {
    await browser.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const secs = (v) => (v === undefined ? "–" : `${(v / 1000).toFixed(1)} s`);
const millis = (v) => (v === undefined ? "–" : `${Math.round(v).toLocaleString("en-US")} ms`);

/** The Lighthouse audits the median run fails that have savings to show, largest first (diagnostics group). */
function opportunities(lhr) {
  const refs = lhr.categories.performance.auditRefs.filter((r) => r.group === "diagnostics");
  const rows = [];
  for (const ref of refs) {
    const a = lhr.audits[ref.id];
    if (!a || a.score === null || a.score >= 0.9) continue;
    if (!["numeric", "binary", "metricSavings"].includes(a.scoreDisplayMode)) continue;
    const ms = a.details?.overallSavingsMs ?? 0;
    const bytes = a.details?.overallSavingsBytes ?? 0;
    const metricSavings = Object.entries(a.metricSavings ?? {}).filter(([, v]) => v > 0);
    const weight = ms + metricSavings.reduce((sum, [, v]) => sum + v, 0);
    if (weight === 0 && bytes === 0) continue;
    rows.push({ id: a.id, title: a.title, displayValue: a.displayValue, ms, bytes, metricSavings, weight });
  }
  return rows.sort((x, y) => y.weight - x.weight || y.bytes - x.bytes);
}

// --- Time to a usable capture form (DevTools throttling, measured in the page) -----------------------------

/**
 * Runs in the page before its own scripts: records `window.__usable`, the page's clock (ms since the navigation
 * started) at the first animation frame in which the capture form is usable:
 *   - a button named "Save lead" is rendered and visible (checkVisibility: displayed, not visibility:hidden, not
 *     transparent), neither disabled nor aria-disabled nor loading (data-loading);
 *   - the input labelled "Store" is rendered and enabled, and is not still looking up the chosen store's name:
 *     it shows a store (a non-empty value) or, with none to start with, its "Choose the store" placeholder
 *     (not "Loading…").
 * Also `window.__fcp`, the first contentful paint, for the blank screen issue 11 describes.
 */
function usableProbe() {
  const label = (el) => (el.labels?.[0]?.textContent ?? "").replace(/\*/g, "").trim();
  const check = () => {
    const button = Array.from(document.querySelectorAll("button")).find(
      (b) => b.textContent.trim() === "Save lead",
    );
    if (!button?.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    if (
      button.disabled ||
      button.getAttribute("aria-disabled") === "true" ||
      button.hasAttribute("data-loading")
    )
      return false;
    const store = Array.from(document.querySelectorAll("input")).find((i) => label(i) === "Store");
    if (!store || store.disabled || !store.checkVisibility()) return false;
    if (store.value === "" && store.placeholder === "Loading…") return false;
    window.__usableStore = store.value;
    return true;
  };
  let queued = false;
  const onFrame = () => {
    queued = false;
    if (window.__usable === undefined && check()) {
      window.__usable = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(onFrame);
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
}

/**
 * The network conditions of the usable measurement: Lighthouse's slow 4G (mobileSlow4G: 150 ms RTT, 1,638.4
 * kbit/s down, 750 up). Network.emulateNetworkConditions throttles each request, not packets, so by default it
 * gets the values Lighthouse applies with `--throttling-method=devtools` ("applied": 562.5 ms per request, i.e.
 * RTT x 3.75, and throughput x 0.9); `--network rtt` gives it the plain RTT and throughput instead.
 */
function networkConditions(tools, kind) {
  const t = tools.constants.throttling.mobileSlow4G;
  const applied = kind !== "rtt";
  const latency = applied ? t.requestLatencyMs : t.rttMs;
  const down = applied ? t.downloadThroughputKbps : t.throughputKbps;
  const up = applied ? t.uploadThroughputKbps : t.uploadThroughputKbps / 0.9;
  return {
    label: `${applied ? "Lighthouse's applied DevTools values" : "plain RTT and throughput"}: ${latency} ms per request, ${down.toLocaleString("en-US")} kbit/s down, ${Math.round(up)} kbit/s up`,
    cdp: {
      offline: false,
      latency,
      downloadThroughput: (down * 1024) / 8,
      uploadThroughput: (up * 1024) / 8,
    },
    cpu: t.cpuSlowdownMultiplier,
  };
}

/** Slow 4G and Lighthouse's 4x slower CPU (DevTools throttling), and Lighthouse's phone (screen, user agent). */
async function throttle(page, tools, network) {
  const screen = tools.constants.screenEmulationMetrics.mobile;
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", network.cdp);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: network.cpu });
  await page.setUserAgent(tools.constants.userAgents.mobile);
  await page.setViewport({
    width: screen.width,
    height: screen.height,
    deviceScaleFactor: screen.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  return cdp;
}

/** One visit of /capture on the throttled page: ms from navigation start to usable, and to the first paint. */
async function visitCapture(page, baseUrl) {
  await page.evaluateOnNewDocument(usableProbe);
  await page.goto(`${baseUrl}/capture`, { waitUntil: "domcontentloaded", timeout: 120_000 });
  await page.waitForFunction(() => window.__usable !== undefined, { timeout: 120_000, polling: 250 });
  const out = await page.evaluate(() => {
    // What the page fetched before it was usable (Resource Timing, same clock): where the time went.
    const before = performance.getEntriesByType("resource").filter((e) => e.startTime <= window.__usable);
    const scripts = before.filter((e) => new URL(e.name).pathname.endsWith(".js"));
    const api = before.filter((e) => new URL(e.name).pathname.startsWith("/api/"));
    const max = (xs) => (xs.length ? Math.max(...xs) : undefined);
    const min = (xs) => (xs.length ? Math.min(...xs) : undefined);
    return {
      usable: window.__usable,
      fcp: window.__fcp,
      store: window.__usableStore,
      path: location.pathname,
      requests: before.length + 1,
      scripts: scripts.length,
      scriptsFromNetwork: scripts.filter((e) => e.transferSize > 0).length,
      lastScriptEnd: max(scripts.map((e) => e.responseEnd)),
      apiStart: min(api.map((e) => e.startTime)),
      apiEnd: max(api.map((e) => e.responseEnd)),
    };
  });
  if (out.path !== "/capture") throw new Error(`The capture visit ended on ${out.path}.`);
  return out;
}

/**
 * A cold visit (new browser context: empty cache, no service worker), then, once the page is idle and any
 * service worker it registers is active, a repeat visit in a new tab of the same context.
 */
async function usableRun(tools, browser, baseUrl, user, network) {
  const context = await browser.createBrowserContext();
  try {
    const first = await context.newPage();
    await keepSession(first, baseUrl, user);
    await throttle(first, tools, network);
    const cold = await visitCapture(first, baseUrl);
    await first.waitForNetworkIdle({ idleTime: 1000, timeout: 120_000 }).catch(() => {});
    const sw = await first.evaluate(async () => {
      const reg = await navigator.serviceWorker?.getRegistration();
      if (!reg) return "none";
      const until = Date.now() + 60_000;
      while (!reg.active && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      return reg.active ? "active" : "not active after 60 s";
    });
    await first.close();

    const second = await context.newPage();
    await throttle(second, tools, network);
    const repeat = await visitCapture(second, baseUrl);
    await second.close();
    return { cold, repeat, sw };
  } finally {
    await context.close();
  }
}

// --- The run -------------------------------------------------------------------------------------------------

function describeTree() {
  const git = (...args) => spawnSync("git", args, { cwd: repoRoot, encoding: "utf8" }).stdout.trim();
  const head = git("rev-parse", "--short", "HEAD");
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  return `${head}${dirty ? " with uncommitted changes" : ""}`;
}

function chromiumVersion() {
  const r = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" });
  return (r.stdout ?? "").trim().split("\n").pop() || "unknown";
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: "string", default: "3" },
        "web-dist": { type: "string" },
        "base-url": { type: "string" },
        only: { type: "string" },
        out: { type: "string" },
        network: { type: "string", default: "applied" },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err.message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new UsageError("--runs takes a whole number of at least 1.");
  if (!["applied", "rtt"].includes(values.network)) throw new UsageError('--network is "applied" or "rtt".');
  const only = new Set((values.only ?? "login,capture,leads,usable").split(",").map((s) => s.trim()));
  const unknown = [...only].filter((k) => !["login", "capture", "leads", "usable"].includes(k));
  if (unknown.length)
    throw new UsageError(`--only knows login, capture, leads, usable; not ${unknown.join(", ")}.`);
  const tools = await loadTools();
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH).`);
  const out = values.out ? resolve(values.out) : null;
  if (out) mkdirSync(out, { recursive: true });

  const webDist = values["web-dist"] ? resolve(values["web-dist"]) : undefined;
  const server = values["base-url"]
    ? { baseUrl: values["base-url"].replace(/\/$/, ""), stop: async () => {} }
    : await startServer(webDist);
  const stopOnSignal = () => server.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);

  const loadBefore = loadavg();
  const started = new Date();
  try {
    const { baseUrl } = server;
    const lg = await signIn(baseUrl, "lg@demo.local");
    const manager = await signIn(baseUrl, "manager@demo.local");
    const targets = [
      { key: "login", label: "/login", path: "/login", formFactor: "mobile", who: "visitor" },
      { key: "login", label: "/login", path: "/login", formFactor: "desktop", who: "visitor" },
      {
        key: "capture",
        label: "/capture",
        path: "/capture",
        formFactor: "mobile",
        who: "lg@demo.local",
        user: lg,
      },
      {
        key: "leads",
        label: "/leads",
        path: "/leads",
        formFactor: "desktop",
        who: "manager@demo.local",
        user: manager,
      },
    ].filter((t) => only.has(t.key));

    const lhRows = [];
    for (const target of targets) {
      const lhrs = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await lighthouseRun(tools, target, baseUrl);
        const score = Math.round(lhr.categories.performance.score * 100);
        console.error(`${target.label} ${target.formFactor} run ${i + 1}/${runs}: ${score}`);
        lhrs.push(lhr);
      }
      const medianLhr = tools.computeMedianRun(lhrs);
      const row = {
        target,
        scores: lhrs.map((l) => Math.round(l.categories.performance.score * 100)),
        metrics: Object.fromEntries(
          METRICS.map(([name, id]) => [name, median(lhrs.map((l) => l.audits[id]?.numericValue))]),
        ),
        benchmarkIndex: median(lhrs.map((l) => l.environment.benchmarkIndex)),
        opportunities: opportunities(medianLhr),
        warnings: [...new Set(lhrs.flatMap((l) => l.runWarnings))],
      };
      lhRows.push(row);
      if (out) {
        const name = `${target.path.slice(1)}-${target.formFactor}`;
        writeFileSync(join(out, `${name}.json`), JSON.stringify(medianLhr));
        const { generateReport } = await import("lighthouse");
        writeFileSync(join(out, `${name}.html`), generateReport(medianLhr, "html"));
      }
    }

    let usable = null;
    const network = networkConditions(tools, values.network);
    if (only.has("usable")) {
      const browser = await launch(tools.puppeteer);
      try {
        const results = [];
        for (let i = 0; i < runs; i++) {
          const r = await usableRun(tools, browser, baseUrl, lg, network);
          console.error(
            `capture usable run ${i + 1}/${runs}: cold ${millis(r.cold.usable)}, repeat ${millis(r.repeat.usable)}` +
              ` (service worker: ${r.sw}, store shown: "${r.cold.store}")`,
          );
          results.push(r);
        }
        usable = results;
      } finally {
        await browser.close();
      }
    }

    const loadAfter = loadavg();
    console.log(
      report({
        tools,
        lhRows,
        usable,
        network,
        runs,
        started,
        loadBefore,
        loadAfter,
        webDist,
        baseUrl: values["base-url"],
      }),
    );
  } finally {
    await server.stop();
  }
}

function report({ tools, lhRows, usable, network, runs, started, loadBefore, loadAfter, webDist, baseUrl }) {
  const lines = [];
  const load = (l) => l.map((x) => x.toFixed(2)).join(", ");
  lines.push(
    `Measured ${started.toISOString().slice(0, 16).replace("T", " ")} UTC on ${describeTree()}` +
      `${webDist ? ` (web build ${webDist})` : ""}${baseUrl ? ` (server at ${baseUrl})` : ""}; ` +
      `${chromiumVersion()}, Lighthouse ${tools.lhVersion}, Node ${process.version}; ` +
      `load average ${load(loadBefore)} before, ${load(loadAfter)} after; ${runs} run(s) each, medians.`,
    "",
  );
  if (lhRows.length) {
    const bi = median(lhRows.map((r) => r.benchmarkIndex));
    lines.push(
      "| page | form factor | signed in as | performance (median; runs) | FCP | LCP | TBT | SI | TTI |",
      "|---|---|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const r of lhRows) {
      const m = r.metrics;
      lines.push(
        `| ${r.target.label} | ${r.target.formFactor} | ${r.target.who} | **${median(r.scores)}** (${r.scores.join(", ")}) | ` +
          `${secs(m.FCP)} | ${secs(m.LCP)} | ${millis(m.TBT)} | ${secs(m.SI)} | ${secs(m.TTI)} |`,
      );
    }
    lines.push(
      "",
      `Lighthouse's simulated throttling (mobile: slow 4G, 150 ms RTT, 1.6 Mbit/s, 4x CPU; desktop: 40 ms, ` +
        `10 Mbit/s, no CPU slowdown); Lighthouse's CPU benchmark index of this machine: ${bi ? Math.round(bi) : "–"}.`,
    );
  }
  if (usable) {
    const visits = [
      ["cold (empty cache, new context)", usable.map((r) => r.cold)],
      ["repeat (same context, new tab)", usable.map((r) => r.repeat)],
    ];
    const med = (xs, key) => median(xs.map((x) => x[key]));
    const range = (xs) =>
      `${millis(Math.min(...xs.map((x) => x.usable)))} to ${millis(Math.max(...xs.map((x) => x.usable)))}`;
    lines.push(
      "",
      `| /capture as lg@demo.local, slow 4G, 4x CPU | first paint | **usable** | usable, all runs | requests before usable (scripts, from the network) | last script loaded | API calls |`,
      "|---|---:|---:|---|---:|---:|---|",
    );
    for (const [label, xs] of visits) {
      lines.push(
        `| ${label} | ${millis(med(xs, "fcp"))} | **${millis(med(xs, "usable"))}** | ${range(xs)} | ` +
          `${med(xs, "requests")} (${med(xs, "scripts")}, ${med(xs, "scriptsFromNetwork")}) | ` +
          `${millis(med(xs, "lastScriptEnd"))} | ${millis(med(xs, "apiStart"))} to ${millis(med(xs, "apiEnd"))} |`,
      );
    }
    lines.push(
      "",
      `Medians of ${usable.length} run(s), ms from navigation start (the page's clock). DevTools throttling: ` +
        `Network.emulateNetworkConditions (${network.label}), Emulation.setCPUThrottlingRate ${network.cpu}, ` +
        `Lighthouse's 412x823 phone screen. Service worker after the cold visit: ` +
        `${[...new Set(usable.map((r) => r.sw))].join(", ")}; store shown when usable: ` +
        `${[...new Set(usable.map((r) => JSON.stringify(r.cold.store ?? "")))].join(", ")} (an empty field ` +
        `showing "Choose the store" when the user has no single store to start with).`,
    );
  }

  for (const r of lhRows) {
    if (!r.opportunities.length && !r.warnings.length) continue;
    lines.push("", `Lighthouse on ${r.target.label} (${r.target.formFactor}), median run:`);
    for (const o of r.opportunities.slice(0, 8)) {
      const saves = [
        o.ms ? `${millis(o.ms)}` : "",
        o.bytes ? `${Math.round(o.bytes / 1024)} KiB` : "",
        ...o.metricSavings.map(([k, v]) => `${k} ${millis(v)}`),
      ].filter(Boolean);
      lines.push(
        `- ${o.title}${o.displayValue ? ` (${o.displayValue})` : ""}${saves.length ? `: saves ${saves.join(", ")}` : ""}`,
      );
    }
    for (const w of r.warnings) lines.push(`- warning: ${w}`);
  }
  return lines.join("\n");
}

main().catch((err) => {
  console.error(
    err instanceof UsageError
      ? `${err.message}\n\n${USAGE}`
      : err instanceof Error
        ? (err.stack ?? err.message)
        : err,
  );
  process.exit(1);
});
