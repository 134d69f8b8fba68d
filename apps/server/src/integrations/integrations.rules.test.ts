import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The rule of registry.ts: adapters never import the database. Every .ts file under src/integrations (tests
 * included) is read for what it imports (static, type-only, re-exports, dynamic `import()`, `require`, as
 * TypeScript reads them; comments and strings do not count), and so is every file of ours it reaches through
 * relative imports: an adapter cannot reach drizzle through a module's repository either.
 */

const INTEGRATIONS = import.meta.dirname;
const SRC = resolve(INTEGRATIONS, "..");

/** Packages that talk to the database. */
const FORBIDDEN_PACKAGES = ["drizzle-orm", "pg", "pg-boss", "postgres", "@electric-sql/pglite"];
/** Our files that hold the database: its schema and tools, its handle, its transactions. */
const FORBIDDEN_FILES = [/^db\//, /^platform\/db(\.ts)?$/, /^platform\/unit-of-work(\.ts)?$/];

const forbiddenPackage = (spec: string) =>
  FORBIDDEN_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));

/** A relative import as the file it names, or null when it names none of ours (a missing file is an error). */
function resolveRelative(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, join(base, "index.ts"), base.replace(/\.js$/, ".ts")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const ourPath = (file: string) => relative(SRC, file).split(sep).join("/");

/** What one source imports, by specifier. */
const importsOf = (source: string) =>
  ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);

/** The database imports of one file given as text (`name` is where it would sit under src/). */
function violationsOf(name: string, source: string): string[] {
  return importsOf(source).flatMap((spec) => {
    if (forbiddenPackage(spec)) return [`${name} imports "${spec}"`];
    if (!spec.startsWith(".")) return [];
    const target = relative(SRC, resolve(SRC, dirname(name), spec))
      .split(sep)
      .join("/");
    return FORBIDDEN_FILES.some((re) => re.test(target)) ? [`${name} imports "${spec}" (${target})`] : [];
  });
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsFiles(path);
    return e.isFile() && e.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every database import reachable from `roots`, each with the chain of imports that leads to it. */
function reachableViolations(roots: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const name = ourPath(file);
    const source = readFileSync(file, "utf8");
    for (const v of violationsOf(name, source)) out.push([...chain, v].join(" -> "));
    for (const spec of importsOf(source)) {
      if (!spec.startsWith(".")) continue;
      const target = resolveRelative(file, spec);
      if (!target) {
        out.push([...chain, `${name} imports "${spec}", which is no file`].join(" -> "));
        continue;
      }
      if (target.startsWith(SRC)) visit(target, [...chain, name]);
    }
  };
  for (const root of roots) visit(root, []);
  return out;
}

describe("integrations never import the database", () => {
  const files = tsFiles(INTEGRATIONS);

  it("finds the adapters to check", () => {
    const names = files.map(ourPath);
    expect(names).toEqual(
      expect.arrayContaining([
        "integrations/destination.ts",
        "integrations/registry.ts",
        "integrations/address/offline.ts",
      ]),
    );
  });

  it("imports nothing of the database in any file under src/integrations, nor in anything they reach", () => {
    const found = reachableViolations(files);
    expect(
      found,
      `integrations must receive data as arguments or through a port:\n${found.join("\n")}`,
    ).toEqual([]);
  });

  it("would catch each kind of database import (the check itself works)", () => {
    const bad = [
      'import { eq } from "drizzle-orm";',
      'import { pgTable } from "drizzle-orm/pg-core";',
      'import pg from "pg";',
      'import { PGlite } from "@electric-sql/pglite";',
      'import type { Tx } from "../../platform/db";',
      'export { unitOfWork } from "../../platform/unit-of-work";',
      'import { stores } from "../../db/schema/index";',
      'const m = await import("drizzle-orm");',
    ];
    for (const line of bad) expect(violationsOf("integrations/x/adapter.ts", line), line).toHaveLength(1);
    const fine = [
      'import type { AddressDetails } from "@fieldlead/contracts";',
      'import zipcodes from "zipcodes";',
      'import type { AddressProvider } from "./address-provider";',
      '// import { eq } from "drizzle-orm";',
      'const note = "drizzle-orm";',
    ];
    for (const line of fine) expect(violationsOf("integrations/x/adapter.ts", line), line).toEqual([]);
  });
});
