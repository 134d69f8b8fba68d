import { defineConfig } from "vitest/config";

// Browser journeys: one server (started by the global setup), one Chromium per file, files one at a time.
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["journeys/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    retry: 0,
  },
});
