import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

// Running the product as people do (`npm start`, `npm run worker`, ...) in a child process: the process model's
// tests (process.test.ts) and the durability test that kills the server (qr-durability.test.ts).

const repoRoot = resolve(import.meta.dirname, "../../..");

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Environment for a child: ours without the test runner's database and mail settings, plus `extra`. */
function childEnv(extra: Record<string, string>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      v === undefined ||
      ["DATABASE_URL", "SMTP_URL", "TEST_DATABASE_URL", "NODE_ENV", "VITEST"].includes(k)
    )
      continue;
    if (k.startsWith("VITEST_")) continue;
    env[k] = v;
  }
  return { ...env, LOG_LEVEL: "warn", ...extra };
}

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `npm run <script>` in its own process group, so that every process it starts can be found. */
export function npmRun(script: string, env: Record<string, string>, args: string[] = []): Run {
  let output = "";
  const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const keep = (c: Buffer) => {
    output += c.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, output: () => output, exited };
}

/** True while any process of the group `pgid` is alive. */
export function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
