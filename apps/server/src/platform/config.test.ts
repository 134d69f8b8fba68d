import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has working defaults", () => {
    const c = loadConfig({ INIT_CWD: "/srv/app" });
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe("/srv/app/data");
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.databaseUrl).toBeUndefined();
  });

  it("resolves a relative DATA_DIR from where npm was run, and keeps an absolute one", () => {
    expect(loadConfig({ INIT_CWD: "/srv/app", DATA_DIR: "store" }).dataDir).toBe("/srv/app/store");
    expect(loadConfig({ INIT_CWD: "/srv/app", DATA_DIR: "/var/lib/fl" }).dataDir).toBe("/var/lib/fl");
  });

  it("stops with a message naming each bad value", () => {
    const bad = () => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", PUBLIC_URL: "not a url" });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL must start with postgres://");
      expect(message).toContain("PUBLIC_URL must be an absolute URL");
    }
  });
});
