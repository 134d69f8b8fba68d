// vitest globalSetup of the "server" project (vitest.config.ts): builds the test database templates once per run,
// in vitest's main process before any test file starts, and tells the files where they are (docs/decisions/0017).
import type { TestProject } from "vitest/node";
import { ensurePgliteTemplates, ensurePostgresTemplates, type Templates } from "./db-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** Dump files (PGlite) or template database names (PostgreSQL), by kind. */
    dbTemplates: Templates;
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const url = process.env.TEST_DATABASE_URL;
  const { templates, built } = url ? await ensurePostgresTemplates(url) : await ensurePgliteTemplates();
  project.provide("dbTemplates", templates);
  const ms = Math.round(performance.now() - started);
  console.log(
    `test database templates (${url ? "PostgreSQL" : "PGlite"}) ${built ? "built" : "reused"} in ${ms} ms`,
  );
}
