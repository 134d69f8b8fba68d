import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { buildServices, registerModules, type Services } from "./modules/index";
import { authPlugin } from "./platform/auth/auth.plugin";
import { sessionRepository } from "./platform/auth/session.repository";
import type { Config } from "./platform/config";
import type { Database } from "./platform/db";
import { registerErrorHandling } from "./platform/error-handler";
import { registerJsonBodyParser } from "./platform/json-body";
import type { Mailer } from "./platform/mail";
import { registerNoStore } from "./platform/no-store";
import { openapiOptions } from "./platform/openapi";
import { createPlatform, type Platform } from "./platform/platform";
import { apiRouteGuard, type ServedRoute } from "./platform/routes";
import { webPages } from "./platform/web-page";

/** Without `platform` and `services` the app builds its own (tests); server.ts shares them with the worker. */
export type AppDeps = { config: Config; database: Database; platform?: Platform; services?: Services };
export type ResolvedDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  platform: Platform;
  services: Services;
};
export type App = FastifyInstance & {
  deps: ResolvedDeps;
  /** Every route served under /api, each with the endpoint it serves (platform/routes.ts). */
  apiRoutes: readonly ServedRoute[];
};

const here = dirname(fileURLToPath(import.meta.url));

const isHashedAsset = (pathInDist: string) => /^assets[\\/]/.test(pathInDist);

/**
 * How long a browser keeps a file of the web app: the build's files under `assets/` have their content's hash in
 * their name, so they never change (a year, immutable); everything else (`index.html`, which names them, the icons)
 * is checked with the server on every visit (`no-cache`: kept, but revalidated), so a release is seen at once.
 */
export function webCacheControl(pathInDist: string): string {
  return isHashedAsset(pathInDist) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Headers that only mean something on a document (its content security policy, framing, opener and the like)
 * or on a file that is revalidated (`etag`, `last-modified`): a hashed asset is a script, a style sheet or an
 * image fetched once and kept, so they are left off it. They cost about 600 bytes a file, sent uncompressed, and the
 * capture screen loads some 60 files (docs/decisions/0029). `X-Content-Type-Options`, the resource and referrer
 * policies and HSTS stay.
 */
const NOT_ON_ASSETS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-frame-options",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "etag",
  "last-modified",
];

/** The headers of a file of the web app: its caching, and no document-only headers on a hashed asset. */
export function setWebHeaders(
  reply: { header(name: string, value: string): unknown; removeHeader(name: string): unknown },
  pathInDist: string,
): void {
  reply.header("cache-control", webCacheControl(pathInDist));
  if (isHashedAsset(pathInDist)) for (const name of NOT_ON_ASSETS) reply.removeHeader(name);
}
const defaultWebDist = resolve(here, "../../web/dist");

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            redact: ["req.headers.authorization"],
            ...(config.logDestination && { stream: config.logDestination }),
          },
    trustProxy: config.trustProxy,
    // Path values longer than the default 100 characters reach the route, whose schema answers with our own
    // 400 problem (Fastify would answer a bare 414).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 2048 },
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  // JSON bodies: UTF-8 only, bounded depth, an empty body counts as none (platform/json-body.ts).
  registerJsonBodyParser(app);
  // A call that takes a JSON object answers as if `{}` was sent when there is no body (a search with no filters).
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined && request.method !== "GET" && request.routeOptions.schema?.body) {
      request.body = {};
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const webDist = config.webDist ? resolve(config.webDist) : defaultWebDist;
  const serveApp = existsSync(join(webDist, "index.html"));
  registerErrorHandling(app, { serveApp, pageFor: serveApp ? webPages(webDist) : undefined });

  const platform = deps.platform ?? createPlatform(config, database);
  const services = deps.services ?? buildServices(platform);
  const full: ResolvedDeps = { config, database, mailer: platform.mailer, platform, services };
  app.decorate("deps", full);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // No cache keeps an API answer (tokens, people, an organization's rows): platform/no-store.ts.
  registerNoStore(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects style tags; the Swagger UI uses inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        // The service worker and the web app manifest (docs/decisions/0030).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Tutorials play YouTube and Vimeo links in their players (modules/support, decision 0041).
        frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  // Answers of 1 kB or more (JSON, CSV downloads) are compressed as the client accepts: brotli at quality 4 and
  // gzip at level 6, fast enough per request (the web app's own files are compressed once, at build time, and
  // sent as they are). The lookup list a signed-in screen reads first is 50 kB of JSON; about 6 kB compressed.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, { global: false });

  // The OpenAPI document: operation ids, summaries, tags and error answers are added centrally (platform/openapi.ts).
  await app.register(swagger, openapiOptions());
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  await app.register(authPlugin, {
    sessions: sessionRepository(),
    uow: platform.uow,
    sessionHours: config.sessionHours,
  });
  // Every API route comes from an endpoint's definition (platform/routes.ts): a route added by hand under /api is
  // refused when the server starts, so the server cannot serve a call the contracts do not define.
  const apiRoutes: ServedRoute[] = [];
  app.addHook("onRoute", apiRouteGuard(apiRoutes));
  app.decorate("apiRoutes", apiRoutes);
  await app.register(async (api) => registerModules(api as unknown as App, services, config));

  if (serveApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy of each text file (apps/web/vite.config.ts): sent as the browser
      // accepts, with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => setWebHeaders(reply, relative(webDist, path)),
    });
    app.get("/", { schema: { hide: true } }, (_req, reply) => reply.sendFile("index.html"));
  }

  const built = app as unknown as App;
  return built;
}
