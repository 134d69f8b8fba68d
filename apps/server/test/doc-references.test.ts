import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every document a comment or a doc cites must be in the repository, so that a clone can follow it: the spec
 * and the domain notes live under docs/ (docs/spec/product-spec.md, docs/domain.md), not beside the repository.
 */
const ROOT = join(import.meta.dirname, "../../..");
const SCANNED_DIRS = ["apps", "packages", "e2e", "scripts", "docs"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "data", "test-results", "screenshots"]);
const SCANNED_FILE = /\.(ts|tsx|mjs|md)$/;
const DOC_PATH = /docs\/[A-Za-z0-9_\-/.]+\.(md|tsv)/g;
// Written with escapes so that this file does not match itself.
const OUTSIDE_REPO = /\.\.\/shared|\/work\/shared/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || SKIPPED_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walk(path);
    return entry.isFile() && SCANNED_FILE.test(entry.name) ? [path] : [];
  });
}

const files = [join(ROOT, "README.md"), ...SCANNED_DIRS.flatMap((d) => walk(join(ROOT, d)))];

/** Each line of each scanned file, with its repository-relative `file:line` for messages. */
const lines = files.flatMap((file) => {
  const name = relative(ROOT, file).split(sep).join("/");
  return readFileSync(file, "utf8")
    .split("\n")
    .map((text, i) => ({ where: `${name}:${i + 1}`, text }));
});

/** Exact-case existence: on a case-blind disk a path cited in the wrong case would otherwise pass. */
function existsInRepo(path: string): boolean {
  let dir = ROOT;
  for (const part of path.split("/")) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return false;
    }
    if (!names.includes(part)) return false;
    dir = join(dir, part);
  }
  return true;
}

describe("references to documents", () => {
  it("scans the sources and the docs", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => relative(ROOT, f).split(sep).join("/"))).toContain("docs/spec/product-spec.md");
  });

  it("cites only docs/ paths that exist in the repository", () => {
    const missing = lines.flatMap(({ where, text }) =>
      [...text.matchAll(DOC_PATH)]
        .map((m) => m[0])
        .filter((p) => !existsInRepo(p))
        .map((p) => `${where}: ${p}`),
    );
    expect(missing, `cited documents missing from the repository:\n${missing.join("\n")}`).toEqual([]);
  });

  it("points nowhere outside the repository", () => {
    const outside = lines
      .filter(({ text }) => OUTSIDE_REPO.test(text))
      .map(({ where, text }) => `${where}: ${text.trim()}`);
    expect(outside, `paths outside the repository:\n${outside.join("\n")}`).toEqual([]);
  });

  it("docs/architecture.md names only files and folders that exist", () => {
    const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    // Paths in backticks or at the start of a layout line: `apps/...`, `packages/...`, `docs/...` and so on.
    const named = [
      ...[...doc.matchAll(/`((?:apps|packages|docs|e2e|bench|scripts)\/[^`\s]*)`/g)].map((m) => m[1]),
      ...[...doc.matchAll(/^((?:apps|packages|docs|e2e|bench|scripts)\/\S*)/gm)].map((m) => m[1]),
    ];
    // Placeholders such as `<area>` name a pattern, not a file.
    const concrete = named.filter((p) => !p.includes("<")).map((p) => p.replace(/\/$/, ""));
    expect(concrete.length).toBeGreaterThan(40);
    const missing = [...new Set(concrete)].filter((p) => !existsInRepo(p));
    expect(missing, `named in docs/architecture.md but missing:\n${missing.join("\n")}`).toEqual([]);
  });
});
