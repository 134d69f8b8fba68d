import type { ChunkingContext, ModuleInfo } from "rolldown";

/**
 * Which code shares a file in the build (docs/decisions/0029).
 *
 * The server speaks HTTP/1.1, so a browser fetches six files at a time and waits a round trip for each wave: on a
 * slow phone network (Lighthouse's slow 4G: 562.5 ms a request) the capture screen's 80 small files took ten
 * seconds to arrive although they weighed 240 kB. So the first screens' code is put in few files, by who needs it:
 *
 * - `react`, `app-libs` (the router and TanStack Query): every screen; they change rarely, so they are cached
 *   apart. React has a file without the router: the shopper's page of a QR code (q.html) loads it, and nothing
 *   else of the app (in one file with TanStack Query, the router costs the app no extra file);
 * - `charts`: only the screens that draw one;
 * - `ui-first`: the libraries and shared code the first file's screens (sign-in, the error page) use;
 * - `offline`: the outbox of captures kept on the phone and its storage, which the first file loads on every
 *   screen once the page is up (sign-in included) and the capture screen uses too (decision 0030);
 * - `ui-app`: what the signed-in frame (app-layout) and the capture screen use beyond these (every signed-in
 *   screen has the frame; capture is where lead generators start their day). The side menu is not in it: it loads
 *   when it is first seen (on a phone, once opened).
 *
 * A screen's own code, and what only later screens use, is split by the bundler along the lazy routes, so each of
 * those still loads only what it needs. Only the app's entry (index.html) counts as "first": the shopper's page of a
 * QR code (q.html) is an entry too, and shares nothing with the app but React (vite.config.ts checks it).
 * Measured and rejected: one group for all the UI libraries (/login 211 kB),
 * the same shared by three screens or more (/login 185 kB), rolldown's `entriesAware` groups (/login 192-277 kB).
 */
export function codeSplittingGroups() {
  return [
    // With Vite's modulepreload polyfill, which every page runs first: left to the bundler, it went to the app's
    // entry file, and the shopper's page loaded that file for it.
    {
      name: "react",
      test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]modulepreload-polyfill/,
      priority: 40,
    },
    // The router and TanStack Query: every screen of the app, none of the shopper's page.
    { name: "app-libs", test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 30 },
    // The charting libraries alone, not what they import: a group takes its modules' dependencies with it by
    // default, and this one took the parts of @mantine/core (and clsx) that @mantine/charts uses, so the first file
    // loaded the charts' 110 kB to get them. Those stay in the UI groups below, where the first screens need them.
    {
      name: "charts",
      test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|@mantine[\\/]charts)[\\/]/,
      priority: 30,
      includeDependenciesRecursively: false,
    },
    {
      name: (id: string, ctx: ChunkingContext) => (familyOf(id, ctx) === "first" ? "ui-first" : null),
      priority: 20,
    },
    {
      name: "offline",
      test: /[\\/]src[\\/]lib[\\/]offline[\\/]|node_modules[\\/]idb-keyval[\\/]/,
      priority: 15,
    },
    {
      name: (id: string, ctx: ChunkingContext) => (familyOf(id, ctx) === "app" ? "ui-app" : null),
      priority: 10,
    },
  ].map((g) => ({ ...g, minSize: 0 }));
}

const APP_SCREENS =
  /[\\/]src[\\/](app[\\/]layout[\\/]app-layout|features[\\/]capture[\\/]pages[\\/]capture-page)\.tsx$/;
/** A screen's own code stays with it; only libraries, contracts and shared components and helpers are grouped. */
const SCREEN_CODE =
  /[\\/]apps[\\/]web[\\/]src[\\/](features|app)[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/;

/** The app's entry: its page, or the script the page names. */
const APP_ENTRY = /[\\/]apps[\\/]web[\\/](index\.html|src[\\/]main\.tsx)$/;

type Family = "first" | "app" | null;
const families = new Map<string, Family>();
const barrels = new Map<string, boolean>();
const importedNames = new Map<string, Set<string> | "all">();

/** The name a module of a package is imported by: `@mantine/core`, `@fieldlead/contracts`... */
function packageOf(id: string): string | null {
  const inModules = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (inModules) return inModules[1].replace(/\\/g, "/");
  return /[\\/]packages[\\/]contracts[\\/]/.test(id) ? "@fieldlead/contracts" : null;
}

/**
 * The family of a module: which first screens reach it by static imports, walking its importers up to the entry
 * (`first`) or to the frame or the capture screen (`app`), and stopping at modules loaded lazily (other screens).
 */
function familyOf(id: string, ctx: ChunkingContext): Family {
  if (SCREEN_CODE.test(id) || id.includes("\0")) return null;
  const known = families.get(id);
  if (known !== undefined) return known;
  families.set(id, null); // while this one is worked out (an import cycle meets it again)
  let family: Family = null;
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length && family !== "first") {
    const current = queue.pop() as string;
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry && APP_ENTRY.test(current)) family = "first";
    else if (APP_SCREENS.test(current)) family = "app";
    else if (current !== id && info.dynamicImporters.length) continue;
    for (const importer of realImporters(info, ctx)) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  families.set(id, family);
  return family;
}

/**
 * The modules that use this one. An importer that only re-exports (a package's index) is looked through: of the
 * modules importing it, only those that import one of this module's names count (otherwise every Mantine component
 * would seem to be used wherever one of them is).
 */
function realImporters(info: ModuleInfo, ctx: ChunkingContext): string[] {
  const found = new Set<string>();
  // A module exporting only a default is re-exported under its file's name (`IconBuildingStore.mjs`).
  const names = [...info.exports, /([^\\/]+?)\.[cm]?[jt]sx?$/.exec(info.id)?.[1] ?? ""];
  const visit = (importer: string, through: Set<string>, pkg: string | null) => {
    const inf = ctx.getModuleInfo(importer);
    if (!inf) return;
    if (!isBarrel(inf)) {
      if (through.size === 0 || importsOneOf(inf, names, pkg)) found.add(importer);
      return;
    }
    if (through.has(importer)) return;
    through.add(importer);
    for (const next of inf.importers) visit(next, through, packageOf(importer));
  };
  for (const importer of info.importers) visit(importer, new Set(), null);
  return [...found];
}

function isBarrel(info: ModuleInfo): boolean {
  let known = barrels.get(info.id);
  if (known === undefined) {
    const code = (info.code ?? "x")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "")
      .replace(/(import|export)\s[^;]*?from\s*["'][^"']+["'];?/g, "")
      .replace(/export\s*\{[^}]*\};?/g, "");
    known = code.trim() === "";
    barrels.set(info.id, known);
  }
  return known;
}

/** Whether the module imports one of these names from the package (its index). */
function importsOneOf(info: ModuleInfo, names: readonly string[], pkg: string | null): boolean {
  const cacheKey = `${info.id}|${pkg}`;
  let imported = importedNames.get(cacheKey);
  if (imported === undefined) {
    const code = info.code ?? "";
    const from = pkg ? `["']${pkg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']` : `["'][^"']+["']`;
    if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*${from}`).test(code)) imported = "all";
    else {
      imported = new Set<string>();
      for (const m of code.matchAll(
        new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*${from}`, "g"),
      ))
        for (const part of m[1].split(",")) {
          const name = part
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0];
          if (name) imported.add(name);
        }
    }
    importedNames.set(cacheKey, imported);
  }
  return imported === "all" || names.some((n) => imported.has(n));
}
