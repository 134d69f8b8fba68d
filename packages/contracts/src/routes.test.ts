import { describe, expect, it } from "vitest";
import { API } from "./api";
import type { EndpointDef } from "./endpoint";
import { ROUTES } from "./routes/all";

describe("routes (the web's schema-free copy of the endpoints)", () => {
  it("has one route per definition, with the definition's name, method, path, auth and download flag", () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(API).sort());
    for (const [area, defs] of Object.entries(API) as [keyof typeof API, Record<string, EndpointDef>][]) {
      const routes = ROUTES[area] as Record<string, unknown>;
      expect(Object.keys(routes).sort(), `${area}: run npm run gen:routes`).toEqual(Object.keys(defs).sort());
      for (const [key, def] of Object.entries(defs)) {
        expect(routes[key], `${area}.${key}: run npm run gen:routes`).toEqual({
          name: def.name,
          method: def.method,
          path: def.path,
          auth: def.auth,
          ...(def.download ? { download: true } : {}),
        });
      }
    }
  });
});
