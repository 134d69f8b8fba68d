import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allEndpoints } from "./api";
import { endpointCatalogue, extraEndpoints } from "./endpoints";

const tsv = readFileSync(join(import.meta.dirname, "../../../docs/api/endpoints.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => {
    const [group, method, path] = line.split("\t");
    return { group, method, path };
  });

describe("endpoint definitions", () => {
  it("the generated catalogue is the spec's file, call for call", () => {
    expect(endpointCatalogue.map((e) => `${e.method} ${e.path}`)).toEqual(
      tsv.map((e) => `${e.method} ${e.path}`),
    );
  });

  it("spell each call's name, method and path as the catalogue (or the documented extras) does", () => {
    const known = new Map([...endpointCatalogue, ...extraEndpoints].map((e) => [e.name as string, e]));
    for (const def of allEndpoints) {
      const entry = known.get(def.name);
      expect(entry, `${def.name} is neither in docs/api/endpoints.tsv nor in extraEndpoints`).toBeDefined();
      expect(`${def.method} ${def.path}`, def.name).toBe(`${entry?.method} ${entry?.path}`);
    }
  });

  it("define each call once", () => {
    const names = allEndpoints.map((d) => d.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const routes = allEndpoints.map((d) => `${d.method} ${d.path.toLowerCase().replace(/\{\w+\}/g, "{}")}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });

  it("define every documented extra (calls outside the spec's catalogue exist only if defined)", () => {
    const defined = new Set(allEndpoints.map((d) => d.name));
    expect(extraEndpoints.filter((e) => !defined.has(e.name)).map((e) => e.name)).toEqual([]);
  });

  it("declare a path parameter schema exactly when the path has placeholders", () => {
    for (const def of allEndpoints) {
      const placeholders = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const shape = (def.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), def.name).toEqual(placeholders);
    }
  });

  it("take a body only on calls that send one", () => {
    for (const def of allEndpoints) if (def.method === "GET") expect(def.body, def.name).toBeUndefined();
  });
});
