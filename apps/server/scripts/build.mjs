// Compiles the server for `node` (docs/decisions/0020-process-model.md): one ES module per entry point in dist/,
// the npm packages left as imports (PGlite and pg-boss load files of their own), the workspace's TypeScript
// (contracts) bundled in, and the SQL migrations copied beside the code.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const workspace = Object.keys(pkg.dependencies).filter((name) => name.startsWith("@fieldlead/"));

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: "src/main.ts",
    worker: "src/worker-main.ts",
    backup: "src/backup-main.ts",
    restore: "src/restore-main.ts",
  },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "packages-stay-imports",
      setup(b) {
        // Bare imports are npm packages, loaded from node_modules at run time; the workspace's own are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (workspace.some((w) => args.path === w || args.path.startsWith(`${w}/`))) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
cpSync(join(root, "src/db/migrations"), join(dist, "migrations"), { recursive: true });
