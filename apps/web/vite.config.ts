import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
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
      output: {
        // Vite 8 (Rolldown) form of manualChunks: which code shares a file (chunks.ts).
        codeSplitting: { groups: codeSplittingGroups() },
      },
    },
  },
});
