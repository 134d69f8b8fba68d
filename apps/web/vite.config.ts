import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress";

// Vendor code is split by how often it changes and who needs it first: React and the router, Mantine
// and TanStack Query load with the first page, each in its own cacheable file; forms (zod and
// @mantine/form) come with the first screen that has a form; charts only with the screens that use
// them (every screen is a lazy route).
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
  { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
  { name: "charts", test: /node_modules[\\/](recharts|d3-[^\\/]+|@mantine[\\/]charts)[\\/]/, priority: 30 },
  {
    name: "forms",
    test: /node_modules[\\/](zod|@mantine[\\/]form|klona|fast-deep-equal)[\\/]/,
    priority: 25,
  },
  {
    name: "mantine",
    test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll[^\\/]*|react-number-format|clsx)[\\/]/,
    priority: 20,
  },
  { name: "vendor", test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react(), precompress()],
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
        // Vite 8 (Rolldown) form of manualChunks.
        codeSplitting: {
          groups: VENDOR_GROUPS.map((g) => ({ ...g, minSize: 0 })),
        },
      },
    },
  },
});
