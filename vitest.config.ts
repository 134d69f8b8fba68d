import { defineConfig } from "vitest/config";

// The README's test command: unit and API tests of every workspace (browser journeys run separately in e2e).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contracts",
          include: ["packages/contracts/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Migrates and seeds once per run; each file copies the result (docs/decisions/0017).
          globalSetup: ["apps/server/test/db-template.setup.ts"],
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
