import type { Plugin } from "vite";

/**
 * Writes `route-preloads.json` beside index.html: for the screens named here, the script files their code needs
 * beyond what index.html already preloads. The server names them in `<link rel="modulepreload">` tags of the page
 * it sends for that address (apps/server/src/platform/web-page.ts), so a cold visit to /capture fetches the
 * screen's code with the page instead of after the first script has run and the router has matched the address
 * (docs/decisions/0029). Only the screens a day starts on are listed; the others load as they did.
 */
export function routePreloads(screens: Record<string, readonly string[]>): Plugin {
  return {
    name: "fieldlead-route-preloads",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const preloads: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(screens)) {
        const roots = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, "/").endsWith(m));
          if (!chunk) throw new Error(`route-preloads: no chunk has ${m} as its module (${path}).`);
          return chunk.fileName;
        });
        preloads[path] = [...closure(roots)].filter((f) => !entry.has(f)).sort();
      }
      this.emitFile({
        type: "asset",
        fileName: "route-preloads.json",
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}

/**
 * Writes `route-shells.json` beside index.html: for the screens named here, the app shell the server puts in the
 * page it sends for that address instead of index.html's generic one (between its `<!--boot-->` markers): the frame's
 * header and the screen's title and description as the app draws them, so that on a slow phone the first paint is
 * the screen itself (docs/decisions/0029). Each shell is an HTML file of `apps/web/shells/`, styled by index.html.
 */
export function routeShells(shells: Record<string, string>): Plugin {
  return {
    name: "fieldlead-route-shells",
    apply: "build",
    async generateBundle() {
      const { readFile } = await import("node:fs/promises");
      const out: Record<string, string> = {};
      for (const [path, file] of Object.entries(shells)) {
        const html = await readFile(new URL(file, import.meta.url), "utf8");
        out[path] = html.replace(/\s*\n\s*/g, " ").trim();
      }
      this.emitFile({ type: "asset", fileName: "route-shells.json", source: JSON.stringify(out, null, 2) });
    },
  };
}
