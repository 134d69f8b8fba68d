import {
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  routerPath,
} from "@fieldlead/contracts";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preValidationHookHandler,
} from "fastify";
import type { Limit } from "./rate-limits";

/** A request of one endpoint, its params, query and body typed from the endpoint's schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

type Answer<E extends EndpointDef> = EndpointResult<E> | FastifyReply;

export type EndpointHandler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Answer<E> | Promise<Answer<E>>;

export type RouteExtras = {
  /** More words for the API reference than the catalogue's one line. */
  description?: string;
  rateLimit?: Limit;
  preValidation?: preValidationHookHandler;
  onRequest?: onRequestHookHandler;
  /** `false`: the answer is sent as it is, never compressed (a file download keeps its Content-Length). */
  compress?: false;
};

/**
 * Serves one endpoint (docs/decisions/0025): method, path, auth mode and schemas all come from its definition in
 * `@fieldlead/contracts`, so the server cannot answer at a path, or with a shape, that the web does not call.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const schema: FastifySchema & Record<string, unknown> = {
    response: { [endpoint.status ?? 200]: endpoint.response },
  };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.headers) schema.headers = endpoint.headers;
  if (extras.description ?? endpoint.summary) schema.description = extras.description ?? endpoint.summary;
  if (endpoint.auth === "public") schema.security = [];
  app.route({
    method: endpoint.method,
    url: routerPath(endpoint.path),
    schema,
    config: {
      auth: endpoint.auth,
      endpoint: endpoint.name,
      ...(extras.rateLimit && { rateLimit: extras.rateLimit }),
    },
    ...(extras.preValidation && { preValidation: extras.preValidation }),
    ...(extras.onRequest && { onRequest: extras.onRequest }),
    ...(extras.compress === false && { compress: false as const }),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}

/** A module's routes: a function that serves its endpoints on the app (modules/index.ts lists them). */
export type Routes = (app: FastifyInstance) => void;

export type ServedRoute = { method: string; url: string; endpoint: string | undefined };

/**
 * An `onRoute` hook: every route under /api must come from an endpoint definition (`route`), so one added by hand
 * is refused when the server starts. What is served is recorded in `served` (the catalogue test reads it).
 */
export function apiRouteGuard(served: ServedRoute[] = []) {
  return (options: { method: string | string[]; url: string; config?: unknown }) => {
    const url = options.url.toLowerCase();
    if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return;
    const endpoint = (options.config as { endpoint?: string } | undefined)?.endpoint;
    if (!endpoint) {
      throw new Error(
        `${String(options.method)} ${options.url} is not served from an endpoint definition (platform/routes.ts).`,
      );
    }
    for (const method of [options.method].flat()) {
      if (method !== "HEAD") served.push({ method, url: options.url, endpoint });
    }
  };
}
