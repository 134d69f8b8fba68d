import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * How long a browser keeps a file of the web app: the build's files under `assets/` have their content's hash in
 * their name, so they never change (a year, immutable); everything else (`index.html`, which names them, the icons)
 * is checked with the server on every visit (`no-cache`: kept, but revalidated), so a release is seen at once.
 */
export function webCacheControl(pathInDist: string): string {
  return /^assets[\\/]/.test(pathInDist) ? "public, max-age=31536000, immutable" : "no-cache";
}
const defaultWebDist = resolve(here, "../../web/dist");

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : { level: config.logLevel, redact: ["req.headers.authorization"] },
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
  registerErrorHandling(app, { serveApp });

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
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: "same-origin" },
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
      setHeaders: (reply, path) => reply.header("cache-control", webCacheControl(relative(webDist, path))),
    });
    app.get("/", { schema: { hide: true } }, (_req, reply) => reply.sendFile("index.html"));
  }

  const built = app as unknown as App;
  return built;
}
