import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { codeSplittingGroups } from "./chunks";
import { precompress } from "./precompress";
import { pwa } from "./pwa";
import { routePreloads, routeShells } from "./route-preloads";
import { shellFirst } from "./shell-first";

export default defineConfig({
  plugins: [
    react(),
    shellFirst(),
    // The capture screen (with the frame it is drawn in) is where a lead generator's day starts.
    routePreloads({
      "/capture": ["src/app/layout/app-layout.tsx", "src/features/capture/pages/capture-page.tsx"],
    }),
    // ... and its shell, drawn with the page (the first paint is the capture screen's header).
    routeShells({ "/capture": "./shells/capture.html" }),
    precompress(),
    pwa(),
    publicPage(),
  ],
  server: {
    proxy: { "/api": { target: "http://127.0.0.1:3000", changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Two pages: the app (index.html) and the public page a shopper opens from a QR code (q.html, served for every
      // address under /q/): its own small bundle, which shares only React with the app (chunks.ts).
      input: {
        index: fileURLToPath(new URL("./index.html", import.meta.url)),
        q: fileURLToPath(new URL("./q.html", import.meta.url)),
      },
      output: {
        // Vite 8 (Rolldown) form of manualChunks: which code shares a file (chunks.ts).
        codeSplitting: { groups: codeSplittingGroups() },
      },
    },
  },
});

/** What a first visit to the shopper's page may load (issue #13): JavaScript, gzip. */
const PUBLIC_PAGE_BUDGET = 100 * 1024;
/** The only files of the build it may load: its own, React's and the bundler's runtime helpers. */
const PUBLIC_PAGE_CHUNKS = new Set(["q", "react", "rolldown-runtime"]);

/**
 * The shopper's page of a QR code (q.html, src/public-booking): the build fails when its first visit would load a
 * file of the admin app (one shared module can bring a whole group of the app with it, chunks.ts) or more than its
 * budget. The page is not the installable app: the manifest link vite-plugin-pwa adds to every page is dropped.
 * `vite` (dev) answers every address under /q/ with it, as the server does.
 */
function publicPage(): Plugin {
  return {
    name: "fieldlead-public-page",
    // After vite-plugin-pwa's own post step, which writes the manifest link.
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) =>
        ctx.filename.endsWith("q.html") ? html.replace(/\s*<link rel="manifest"[^>]*>/, "") : html,
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/q(\/|\?|$)/.test(req.url)) req.url = "/q.html";
        next();
      });
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === "chunk")
          .map((c) => [c.fileName, c]),
      );
      const entry = [...chunks.values()].find((c) => c.isEntry && c.name === "q");
      if (!entry) return;
      const loaded = new Set<string>();
      const visit = (file: string) => {
        if (loaded.has(file)) return;
        loaded.add(file);
        for (const next of chunks.get(file)?.imports ?? []) visit(next);
      };
      visit(entry.fileName);
      let total = 0;
      for (const file of loaded) {
        const chunk = chunks.get(file);
        if (!chunk) continue;
        if (!PUBLIC_PAGE_CHUNKS.has(chunk.name))
          this.error(
            `q.html would load ${file}, a file of the admin app: keep src/public-booking to itself.`,
          );
        total += gzipSync(chunk.code, { level: 9 }).length;
      }
      if (total > PUBLIC_PAGE_BUDGET)
        this.error(
          `q.html would load ${(total / 1024).toFixed(1)} kB of JavaScript (gzip), over its 100 kB.`,
        );
    },
  };
}
