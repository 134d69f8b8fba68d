import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The shopper's page of a QR code: every address under /q/ (`qrPagePath`, packages/contracts/src/qr-codes.ts). */
const PUBLIC_PAGE_PATH = /^\/q(\/|$)/i;

/**
 * The page the server sends for an address of the web app. Under /q/, the shopper's page of a QR code (`q.html`, a
 * page of its own with its own small bundle, never the admin app): for any address there, since telling an unknown
 * code is the page's business (it asks `qr-details`, whose 404 it shows kindly). For the addresses the build lists
 * in `route-preloads.json` (apps/web/route-preloads.ts), index.html with a `<link rel="modulepreload">` for each
 * script that screen's code needs beyond what the page already preloads, so the browser fetches them with the page
 * (docs/decisions/0029), and with that screen's own app shell when the build has one (`route-shells.json`); `null`
 * for the others, which get index.html as it is.
 */
export function webPages(webDist: string): (pathname: string) => string | null {
  const publicFile = join(webDist, "q.html");
  const publicPage = existsSync(publicFile) ? readFileSync(publicFile, "utf8") : null;
  const appPage = appPages(webDist);
  return (pathname) =>
    publicPage !== null && PUBLIC_PAGE_PATH.test(pathname) ? publicPage : appPage(pathname);
}

function appPages(webDist: string): (pathname: string) => string | null {
  const listFile = join(webDist, "route-preloads.json");
  const shellFile = join(webDist, "route-shells.json");
  const indexFile = join(webDist, "index.html");
  if (!existsSync(listFile) || !existsSync(indexFile)) return () => null;
  const index = readFileSync(indexFile, "utf8");
  const lists = JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string[]>;
  // A screen's own app shell (apps/web/route-preloads.ts, `routeShells`) in place of index.html's generic one.
  const shells = existsSync(shellFile)
    ? (JSON.parse(readFileSync(shellFile, "utf8")) as Record<string, string>)
    : {};
  const pages = new Map<string, string>();
  for (const [path, files] of Object.entries(lists)) {
    const links = files
      .map((f) => `<link rel="modulepreload" crossorigin href="/${encodeURI(f)}">`)
      .join("\n    ");
    let page = index.replace("</head>", `  ${links}\n  </head>`);
    const shell = shells[path];
    if (shell)
      page = page.replace(/<!--boot-->[\s\S]*?<!--\/boot-->/, () => `<!--boot-->${shell}<!--/boot-->`);
    pages.set(path.toLowerCase(), page);
  }
  return (pathname) => pages.get(pathname.toLowerCase().replace(/\/+$/, "") || "/") ?? null;
}
