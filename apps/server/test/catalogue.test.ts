import { readFileSync } from "node:fs";
import { join } from "node:path";
import { allEndpoints, endpoint, routerPath } from "@fieldlead/contracts";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiRouteGuard, route } from "../src/platform/routes";
import { createTestApp, type TestApp } from "./harness";

/**
 * Holds the server to the endpoint definitions (docs/decisions/0025): it serves every defined call at its method
 * and path, and nothing else under /api. Which catalogue calls are still to come is printed, not kept as a list.
 */
const catalogue = readFileSync(join(import.meta.dirname, "../../../docs/api/endpoints.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => {
    const [group, method, path] = l.split("\t");
    return { group, method, path };
  });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe("API catalogue", () => {
  it("has the spec's 152 calls", () => {
    expect(catalogue).toHaveLength(152);
  });

  it("serves every defined call at its method and path", () => {
    for (const def of allEndpoints) {
      expect(
        findRoute(def.method, def.path.replace(/\{[^}]+\}/g, "1")),
        `${def.method} ${def.path}`,
      ).toBeTruthy();
      const served = t.app.apiRoutes.find((r) => r.method === def.method && r.url === routerPath(def.path));
      expect(served?.endpoint, `${def.method} ${def.path}`).toBe(def.name);
    }
  });

  it("serves nothing under /api that no definition names", () => {
    const defined = new Set(allEndpoints.map((d) => `${d.method} ${routerPath(d.path)}`.toLowerCase()));
    const served = t.app.apiRoutes.filter(
      (r) => r.url.toLowerCase().startsWith("/api/") && !r.url.startsWith("/api/docs"),
    );
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((r) => !defined.has(`${r.method} ${r.url}`.toLowerCase()))).toEqual([]);
    const still = catalogue.filter(
      (e) =>
        !allEndpoints.some((d) => d.method === e.method && d.path.toLowerCase() === e.path.toLowerCase()),
    );
    const byGroup = new Map<string, number>();
    for (const m of still) byGroup.set(m.group, (byGroup.get(m.group) ?? 0) + 1);
    console.log(
      `API catalogue: ${catalogue.length - still.length} of ${catalogue.length} calls defined and served; still to come: ` +
        ([...byGroup].map(([g, n]) => `${g} ${n}`).join(", ") || "none"),
    );
    // Every call of the catalogue is served (issue #10): a call taken away shows here by name.
    expect(still.map((m) => `${m.method} ${m.path}`)).toEqual([]);
  });

  it("refuses, at start-up, a route added under /api without a definition", async () => {
    const app = Fastify();
    app.addHook("onRoute", apiRouteGuard());
    expect(() => app.get("/api/leads/by-hand", async () => ({}))).toThrow(
      /not served from an endpoint definition/,
    );
    const defined = endpoint({
      name: "leads.byIdRestore",
      method: "POST",
      path: "/api/leads/{id}/restore",
      auth: "tenant",
      params: z.object({ id: z.coerce.number() }),
      response: z.object({}),
    });
    expect(() => route(app, defined, async () => ({}))).not.toThrow();
    await app.close();
  });

  function findRoute(method: string, url: string) {
    // find-my-way's lookup through the router: a concrete URL with ids filled in.
    return (
      t.app as unknown as {
        findRoute: (o: { method: string; url: string }) => unknown;
      }
    ).findRoute({ method, url });
  }
});
