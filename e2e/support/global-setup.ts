import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

const repoRoot = resolve(import.meta.dirname, "../..");
// E2E_WEB_DIST serves a web build from elsewhere (parallel work builds into its own folder).
const webDist = process.env.E2E_WEB_DIST
  ? resolve(process.env.E2E_WEB_DIST)
  : join(repoRoot, "apps/web/dist");
const webIndex = join(webDist, "index.html");
export const screenshotDir = join(repoRoot, "e2e/screenshots");

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The ServiceTitan simulator the demo's CRM destination points at (its switches: POST /__simulator/switches). */
    crmSimulatorUrl: string;
    /** The retailer's and programs' simulator. */
    partnerSimulatorUrl: string;
  }
}

function freePort(): Promise<number> {
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

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 120_000) {
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

export default async function setup(project: TestProject) {
  // The compiled server (and the web app unless E2E_WEB_DIST serves another build), rebuilt only when their
  // sources changed since the last build (scripts/start.mjs): a no-op after `npm run build`.
  const build = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    cwd: repoRoot,
    stdio: "inherit",
    // A production build whatever the test runner's NODE_ENV ("test" would build React's development files, and the
    // shopper's page would go over its budget).
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: webDist } : {}),
    },
  });
  if (build.status !== 0) throw new Error("Building the web app or the server failed.");
  if (!existsSync(webIndex)) throw new Error(`No web build at ${webIndex}.`);
  mkdirSync(screenshotDir, { recursive: true });

  const port = await freePort();
  // The demo organization's CRM is the ServiceTitan simulator, served beside the product as `npm start` does.
  const crmPort = await freePort();
  const partnerPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "fieldlead-e2e-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  // The server as production runs it: compiled, started by node.
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      SEED_DEMO: "auto",
      WEB_DIST: webDist,
      SERVICETITAN_SIMULATOR: "on",
      SERVICETITAN_SIMULATOR_PORT: String(crmPort),
      PARTNER_SIMULATOR_PORT: String(partnerPort),
      // A failing delivery is tried again within seconds (the journeys watch one recover).
      DELIVERY_RETRY_BASE_SECONDS: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  try {
    await waitUntilUp(baseUrl, child, () => log);
  } catch (err) {
    stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("crmSimulatorUrl", `http://127.0.0.1:${crmPort}`);
  project.provide("partnerSimulatorUrl", `http://127.0.0.1:${partnerPort}`);

  return async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Stops the server (its process group), by its process id. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once("exit", r));
  const signal = (sig: NodeJS.Signals) => {
    try {
      if (process.platform === "win32") child.kill(sig);
      else process.kill(-(child.pid as number), sig);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
