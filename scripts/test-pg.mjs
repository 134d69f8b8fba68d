// Runs the server's database tests against a PostgreSQL server (TEST_DATABASE_URL, default the local one).
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const r = spawnSync("npx", ["vitest", "run", "--project", "server", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
