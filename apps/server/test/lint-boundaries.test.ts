import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The module boundaries are lint rules (biome.json, `overrides`; docs/decisions/0023-module-boundaries.md). This
 * proves them the way a person would meet them: a file with the wrong import, at the place where the rule
 * applies, makes `biome lint` fail and name the rule; the right import passes. The probe files live inside the
 * repository (the rules are per folder) and are removed whatever happens.
 *
 * What Biome cannot express, a cycle between two modules (each may import the other's index), is checked below
 * from the modules' imports.
 */

const ROOT = resolve(import.meta.dirname, "../../..");
const BIOME = join(ROOT, "node_modules/.bin/biome");
const RULE = "lint/style/noRestrictedImports";

/** Folders created for the probes (removed with everything in them). */
const PROBE_DIRS = ["apps/server/src/modules/__lint_probe__", "apps/web/src/features/__lint_probe__"];
/** Single probe files outside those folders. */
const PROBE_FILES = ["apps/server/src/integrations/__lint_probe__.ts"];

const PROBES = {
  deepModuleImport: {
    path: "apps/server/src/modules/__lint_probe__/probe.ts",
    text: 'import type { LeadsRepository } from "../leads/leads.repository";\nexport type Probe = LeadsRepository;\n',
  },
  databaseInIntegrations: {
    path: "apps/server/src/integrations/__lint_probe__.ts",
    text: 'import { sql } from "drizzle-orm";\nexport const probe = sql;\n',
  },
  crossFeature: {
    path: "apps/web/src/features/__lint_probe__/probe.ts",
    text: 'import { userKeys } from "../users/api/search-users";\nexport const probe = userKeys;\n',
  },
  // Where feature files really sit: features/<feature>/{api,components,pages}/.
  crossFeatureNested: {
    path: "apps/web/src/features/__lint_probe__/components/probe.ts",
    text: 'import { userKeys } from "../../users/api/search-users";\nexport const probe = userKeys;\n',
  },
  // The right way round: another module's index, the platform, shared web code.
  fineModuleImport: {
    path: "apps/server/src/modules/__lint_probe__/fine.ts",
    text: [
      'import type { LeadsRepository } from "../leads/index";',
      'import { forbidden } from "../../platform/errors";',
      "export type Probe = LeadsRepository;",
      "export const probe = forbidden;",
      "",
    ].join("\n"),
  },
  fineFeatureImport: {
    path: "apps/web/src/features/__lint_probe__/components/fine.ts",
    text: 'import { api } from "../../../lib/api-client";\nexport const probe = api;\n',
  },
} as const;

function removeProbes() {
  for (const d of PROBE_DIRS) rmSync(join(ROOT, d), { recursive: true, force: true });
  for (const f of PROBE_FILES) rmSync(join(ROOT, f), { force: true });
}

function lint(...paths: string[]) {
  const r = spawnSync(BIOME, ["lint", "--max-diagnostics=50", "--colors=off", ...paths], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

describe("lint enforces the module boundaries", () => {
  beforeAll(() => {
    removeProbes(); // a run that was killed may have left some behind
    for (const p of Object.values(PROBES)) {
      mkdirSync(dirname(join(ROOT, p.path)), { recursive: true });
      writeFileSync(join(ROOT, p.path), p.text);
    }
  });
  afterAll(removeProbes);

  const failsWithTheRule = (probe: keyof typeof PROBES, message: RegExp) => {
    try {
      const { status, output } = lint(PROBES[probe].path);
      expect(status, output).not.toBe(0);
      expect(output).toContain(RULE);
      expect(output).toContain(PROBES[probe].path);
      expect(output).toMatch(message);
    } finally {
      rmSync(join(ROOT, PROBES[probe].path), { force: true });
    }
  };

  it("fails on a deep import between server modules", () => {
    failsWithTheRule("deepModuleImport", /only through its index/);
  });

  it("fails on a database import in integrations/", () => {
    failsWithTheRule("databaseInIntegrations", /integrations\/ never imports the database/);
  });

  it("fails on a web feature importing another feature", () => {
    failsWithTheRule("crossFeature", /never imports another feature/);
    failsWithTheRule("crossFeatureNested", /never imports another feature/);
  });

  it("passes the same imports made the right way", () => {
    try {
      const { status, output } = lint(PROBES.fineModuleImport.path, PROBES.fineFeatureImport.path);
      expect(status, output).toBe(0);
      expect(output).not.toContain(RULE);
    } finally {
      removeProbes();
    }
  });
});

// --- What lint cannot express: no cycle between server modules --------------------------------------------------

const MODULES = join(ROOT, "apps/server/src/modules");

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.isFile() && e.name.endsWith(".ts") ? [path] : [];
  });
}

/** The module a path lies in (`leads` for modules/leads/x.ts), or null outside the modules. */
function moduleOf(path: string): string | null {
  const rel = relative(MODULES, path).split(sep);
  return rel.length > 1 && rel[0] !== ".." ? rel[0] : null;
}

/**
 * Which module imports which, from the modules' own files: type-only imports count (a cycle of types is still
 * two modules that cannot be understood apart), tests do not (they may use another module's test support).
 */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of tsFiles(MODULES)) {
    const from = moduleOf(file);
    if (!from || /\.test(-support)?\.ts$/.test(file)) continue;
    const deps = graph.get(from) ?? new Set<string>();
    graph.set(from, deps);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const to = moduleOf(resolve(dirname(file), fileName));
      if (to && to !== from) deps.add(to);
    }
  }
  return graph;
}

/** Every cycle, each as `a -> b -> a`, found by depth-first search. */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      found.add([...path.slice(at), node].join(" -> "));
      return;
    }
    for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
  };
  for (const node of graph.keys()) visit(node, []);
  return [...found];
}

describe("server modules depend on each other without a cycle", () => {
  it("finds the modules and what they import", () => {
    const graph = moduleGraph();
    expect([...graph.keys()]).toEqual(
      expect.arrayContaining([
        "account",
        "admin",
        "leads",
        "lookups",
        "reports",
        "settings",
        "stores",
        "users",
      ]),
    );
    for (const m of graph.keys()) expect(statSync(join(MODULES, m, "index.ts")).isFile(), m).toBe(true);
    // The two cycles this rule broke stay broken: leads reads settings, not the other way round.
    expect([...(graph.get("leads") ?? [])]).toContain("settings");
    expect([...(graph.get("settings") ?? [])]).not.toContain("leads");
    // The lookup list is assembled from what the areas contribute, handed over by modules/index.ts: the lookups
    // module imports no other module (docs/decisions/0027-modules-by-domain.md), while the areas import it.
    expect([...(graph.get("lookups") ?? [])]).toEqual([]);
    expect([...(graph.get("stores") ?? [])]).toContain("lookups");
  });

  it("has no cycle", () => {
    const graph = moduleGraph();
    const cycles = cyclesOf(graph);
    const edges = [...graph].map(([m, deps]) => `${m} -> ${[...deps].join(", ") || "(none)"}`).join("\n");
    expect(
      cycles,
      `move what two modules share to the one that owns it, packages/contracts or platform/:\n${edges}`,
    ).toEqual([]);
  });

  it("would see a cycle (the check itself works)", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cyclesOf(graph)).toContain("a -> b -> c -> a");
    expect(cyclesOf(new Map([["a", new Set(["b"])]]))).toEqual([]);
  });
});
