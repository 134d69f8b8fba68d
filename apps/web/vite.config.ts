import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { codeSplittingGroups } from "./chunks";
import { precompress } from "./precompress";
import { pwa } from "./pwa";
import { shellFirst } from "./shell-first";

export default defineConfig({
  plugins: [react(), shellFirst(), precompress(), pwa()],
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
