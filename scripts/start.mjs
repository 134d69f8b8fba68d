// `npm start` and `npm run worker` (docs/decisions/0020-process-model.md). Rebuilds the web app and the compiled
// server only when their sources changed since the last build (a content hash kept beside each build), then runs
// the compiled server in this very process: npm starts node directly, so a SIGTERM sent to `npm start` reaches
// the server, which stops cleanly. Nothing runs through tsx or a second Node process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..");
// What to run: the server (default), `worker`, `backup` or `restore` (apps/server/src/*-main.ts, compiled).
const ENTRIES = ["main", "worker", "backup", "restore"];
const role = ENTRIES.includes(process.argv[2]) ? process.argv[2] : "main";
const buildOnly = process.argv.includes("--build-only");

/** A hash of the files' paths and contents: unchanged sources, unchanged hash. */
function fingerprint(paths) {
  const hash = createHash("sha256");
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === "node_modules" || name === "dist") continue;
        visit(join(path, name));
      }
      return;
    }
    hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
  };
  for (const p of paths) visit(join(root, p));
  return hash.digest("hex");
}

/** Runs `command` when the stamp in `stampFile` differs from the sources' fingerprint, then records it. */
function buildIfChanged(label, sources, stampFile, command) {
  const stamp = join(root, stampFile);
  const want = fingerprint(sources);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === want) return;
  console.log(`Building ${label} (its sources changed since the last build)...`);
  const started = Date.now();
  const r = spawnSync(command[0], command.slice(1), { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`Building ${label} failed.`);
    process.exit(r.status ?? 1);
  }
  writeFileSync(stamp, want);
  console.log(`Built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const shared = ["packages/contracts/src", "packages/contracts/package.json", "package-lock.json"];
// WEB_DIST serves a web build from elsewhere: this one is not needed.
if (role === "main" && !process.env.WEB_DIST) {
  buildIfChanged(
    "the web app",
    [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/q.html",
      "apps/web/shells",
      "apps/web/vite.config.ts",
      "apps/web/chunks.ts",
      "apps/web/pwa.ts",
      "apps/web/route-preloads.ts",
      "apps/web/shell-first.ts",
      "apps/web/precompress.ts",
      "apps/web/package.json",
      ...shared,
    ],
    "apps/web/dist/.sources",
    ["npm", "run", "build", "-w", "apps/web"],
  );
}
buildIfChanged(
  "the server",
  ["apps/server/src", "apps/server/scripts", "apps/server/package.json", ...shared],
  "apps/server/dist/.sources",
  [process.execPath, "apps/server/scripts/build.mjs"],
);
// The server serves the ServiceTitan simulator beside the product for the demo, never in production (decision 0036).
if (role === "main" && process.env.NODE_ENV !== "production") process.env.SERVICETITAN_SIMULATOR ??= "on";
if (!buildOnly) await import(pathToFileURL(join(root, `apps/server/dist/${role}.js`)).href);
