import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from "@fastify/swagger";
import { endpointCatalogue, extraEndpoints, problemSchema } from "@fieldlead/contracts";
import type { RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthMode } from "./auth/auth.plugin";

/**
 * The OpenAPI document (`GET /api/docs/json`), made truthful in one place rather than in every route file:
 * each operation gets a stable `operationId`, its catalogue group as tag, its catalogue description as
 * summary, the headers the auth layer reads, and the error answers it can give, all referring to one
 * `Problem` schema (what `error-handler.ts` writes).
 */

type Json = Record<string, unknown>;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/** `/api/users/:id` → `/api/users/{id}`, as the document writes paths. */
export const documentPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${documentPath(path)}`;
/** Paths are matched without regard to case (docs/decisions/0004), and parameter names do not matter. */
const matchKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${documentPath(path)
    .toLowerCase()
    .replace(/\{\w+\}/g, "{}")}`;

const catalogue = new Map(
  [...endpointCatalogue, ...extraEndpoints].map((e) => [matchKey(e.method, e.path), e] as const),
);

/** The catalogue entry of a call (`docs/api/endpoints.tsv`, or `extraEndpoints` for the calls outside it). */
export function catalogueEntryOf(method: string, path: string) {
  return catalogue.get(matchKey(method, path));
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * A stable operationId from the method and the path: `GET /api/users/{id}/capture-icon` →
 * `getUsersByIdCaptureIcon`. The path is unique per method, so is the id (checked when the document is built).
 */
export function operationIdOf(method: string, path: string): string {
  const words = documentPath(path)
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ["By", param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean)
    .map(capitalize);
  return method.toLowerCase() + words.join("");
}

export const PROBLEM_REF = "#/components/schemas/Problem";

const ERROR_ANSWERS: Record<ErrorStatus, string> = {
  400: "The request is not valid: `message` says why, `errors` names each refused field (`body.email`, `params.id`...).",
  401: "Not signed in: the `Authorization: Bearer` token is missing, unknown or its session has ended.",
  403: "Not allowed: the caller is not a member of the organization in `CurrentOrganizationId`, or their role may not do this.",
  404: "Not found: no such item in the caller's organization and scope (another organization's ids answer 404 too).",
  409: "Conflicts with the data as it is (a name or email already used, something still in use); `message` says what to do instead.",
  413: "The uploaded file is larger than the call takes: `message` says the limit.",
  415: "The uploaded file is not a kind the call takes, judged by its content (a renamed program, a name that says another kind): `message` says what it is and what is allowed.",
  429: "Too many requests: wait before trying again (`message` says how long when it is known).",
};

/**
 * The calls that take a file (docs/decisions/0041): `multipart/form-data` with the body's fields and a `file` part,
 * or JSON with the fields only (an `id` of another organization answers 404). Keyed `METHOD /path`; the value
 * describes the file part.
 */
export const UPLOAD_CALLS: Record<string, string> = {
  "POST /api/support/documents/service-provider/upsert":
    "The document: a PDF, an image (PNG, JPEG, GIF, WebP), an Office file (DOCX, XLSX, PPTX) or a text or CSV file, at most 25 MB, checked by its content. Required to add a document.",
  "POST /api/support/documents/wingen/upsert":
    "The document, as for the service-provider upsert. Required to add a document.",
  "POST /api/support/tutorial/upsert":
    "The video: MP4, WebM or QuickTime, at most 200 MB, checked by its content; or send `videoUrl` instead.",
};

/** An upload call's request body: the JSON fields, or the same fields and the file as a form. */
function uploadBody(body: Json, file: string): Json {
  const properties = (body.properties as Json | undefined) ?? {};
  return {
    content: {
      "application/json": { schema: body },
      "multipart/form-data": {
        schema: {
          ...body,
          properties: { ...properties, file: { type: "string", format: "binary", description: file } },
        },
      },
    },
  };
}

/**
 * Answers a call gives beyond what its auth mode, inputs and rate limit imply (found in its service).
 * Keyed `METHOD /path` as the document writes it; the OpenAPI test checks that every key is a real call.
 */
export const MORE_ERROR_ANSWERS: Record<string, { add?: ErrorStatus[]; drop?: ErrorStatus[] }> = {
  // Public, yet a wrong password is a 401 and a deactivated account a 403.
  "POST /api/account/login": { add: [401, 403] },
  "PUT /api/account/invitation-links/{token}/accept": { add: [401, 403, 409] },
  // Switching to an organization one does not belong to is a 403, never a 404 (docs/decisions/0003).
  "PUT /api/account/{orgId}/update-organization": { add: [403], drop: [404] },
  "PUT /api/organizations/upsert/smart-circle": { add: [409] },
  "POST /api/store/upsert": { add: [409] },
  "POST /api/users/upsert": { add: [409] },
  "POST /api/users/hd/upsert": { add: [409] },
  "PUT /api/users/{id}/invite": { add: [429] },
  "PUT /api/users/invitations/{id}/resend": { add: [429] },
  "POST /api/users/trade/{id}/upsert": { add: [409] },
  "POST /api/settings/service-type/upsert": { add: [409] },
  "DELETE /api/settings/service-type/{id}": { add: [409] },
  "POST /api/settings/service-type/question/upsert": { add: [409] },
  "DELETE /api/settings/service-type/question/{id}": { add: [409] },
  "DELETE /api/settings/question/response/{id}": { add: [409] },
  "POST /api/leads/internal/upsert": { add: [409] },
  "PUT /api/leads/external/update": { add: [409] },
  "POST /api/leads/{id}/restore": { add: [409] },
  ...Object.fromEntries(
    Object.keys(UPLOAD_CALLS).map((key) => [key, { add: [404, 413, 415] as ErrorStatus[] }]),
  ),
};

/** A body that names one row by id (`id`, `storeId`...) answers 404 when the row is not the caller's. */
function namesARow(body: unknown): boolean {
  const properties = (body as Json | undefined)?.properties as Record<string, Json> | undefined;
  return Object.entries(properties ?? {}).some(
    ([name, s]) => /^(id|\w+Id)$/.test(name) && JSON.stringify(s).includes('"integer"'),
  );
}

/**
 * The error answers of a call: 400 when it takes input or reads the auth headers, 401 and 403 unless it is
 * public (a session-only call has no organization to refuse), 404 when it names a row, 429 when it is rate
 * limited, then {@link MORE_ERROR_ANSWERS}.
 */
export function errorStatusesOf(
  key: string,
  auth: AuthMode,
  schema: Json,
  rateLimited: boolean,
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const takesInput = Boolean(schema.body || schema.params || schema.querystring);
  if (takesInput || auth !== "public") statuses.add(400);
  if (auth !== "public") statuses.add(401);
  if (auth === "tenant") statuses.add(403);
  if (auth !== "public" && (schema.params || namesARow(schema.body))) statuses.add(404);
  if (rateLimited) statuses.add(429);
  for (const s of MORE_ERROR_ANSWERS[key]?.add ?? []) statuses.add(s);
  for (const s of MORE_ERROR_ANSWERS[key]?.drop ?? []) statuses.delete(s);
  return [...statuses].sort((a, b) => a - b);
}

const problemResponse = (status: ErrorStatus, auth: AuthMode) => ({
  description:
    status !== 400 || auth === "public"
      ? ERROR_ANSWERS[status]
      : `${ERROR_ANSWERS[400]} A malformed ${auth === "tenant" ? "`Offset` or `CurrentOrganizationId`" : "`Offset`"} header is refused too.`,
  content: { "application/problem+json": { schema: { $ref: PROBLEM_REF } } },
});

/** The headers the auth layer reads on every call that is not public (platform/auth/auth.plugin.ts). */
function authHeaders(auth: AuthMode): Json {
  const properties: Record<string, Json> = {
    Offset: {
      type: "string",
      pattern: "^[+-]?\\d{1,4}$",
      description:
        "The caller's clock as JavaScript's getTimezoneOffset() gives it: minutes, UTC minus local (300 in New York in winter), from -840 to 840. Missing means UTC.",
      example: "300",
    },
  };
  if (auth === "tenant") {
    properties.CurrentOrganizationId = {
      type: "string",
      pattern: "^\\d{1,9}$",
      description:
        "The organization the call acts in; the caller must be a member (403 otherwise). Missing means the session's current organization.",
      example: "12",
    };
  }
  return { type: "object", properties };
}

/**
 * OpenAPI 3.0 has no `null` type, so a nullable union of several types comes out as `anyOf` beside
 * `nullable: true` with no `type`, which 3.0 tools do not read. The same values are written with
 * `nullable: true` on each typed branch.
 */
export function nullableOnBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableOnBranches);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableOnBranches(v);
  const anyOf = out.anyOf as Json[] | undefined;
  if (out.nullable === true && out.type === undefined && Array.isArray(anyOf) && anyOf.every((b) => b.type)) {
    delete out.nullable;
    out.anyOf = anyOf.map((b) => ({ ...b, nullable: true }));
  }
  return out;
}

/** The per-route transform: zod schemas to JSON Schema (fastify-type-provider-zod), then the additions above. */
export function createOpenapiTransform(): SwaggerTransform {
  const operationIds = new Map<string, string>();
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
      schema: Json | undefined;
      url: string;
    };
    if (schema?.hide) return { schema, url };
    const route = input.route as RouteOptions;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
    const key = routeKey(method, url);
    const out: Json = { ...(nullableOnBranches(schema ?? {}) as Json) };

    const operationId = operationIdOf(method, url);
    const taken = operationIds.get(operationId);
    if (taken && taken !== key) throw new Error(`operationId ${operationId} of ${key} is also ${taken}'s`);
    operationIds.set(operationId, key);
    out.operationId = operationId;

    const entry = catalogueEntryOf(method, url);
    if (entry) {
      out.summary = entry.meaning;
      out.tags = [entry.group];
    }

    const auth: AuthMode = route.config?.auth ?? "tenant";
    if (auth !== "public" && !out.headers) out.headers = authHeaders(auth);
    const response = { ...((out.response as Json | undefined) ?? {}) };
    const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    for (const status of errorStatusesOf(key, auth, out, rateLimited)) {
      response[status] ??= problemResponse(status, auth);
    }
    // A call that answers something other than JSON (an image) declares no response schema: say what it is.
    if (!Object.keys(response).some((status) => status.startsWith("2"))) {
      response[200] = { description: (out.description as string | undefined) ?? "Success", type: "null" };
    }
    out.response = response;
    // After the error answers, which read the JSON body's fields.
    const upload = UPLOAD_CALLS[key];
    if (upload && out.body) out.body = uploadBody(out.body as Json, upload);
    return { schema: out, url };
  };
}

/** The registration options of @fastify/swagger: the document's frame, the `Problem` component, the transform. */
export function openapiOptions(): FastifyDynamicSwaggerOptions {
  const problem = z.toJSONSchema(problemSchema, { target: "openapi-3.0", io: "input" }) as Json;
  delete problem.$schema;
  return {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "FieldLead API",
        version: "1.0.0",
        description:
          "Every call but the public ones sends `Authorization: Bearer <token>`, `CurrentOrganizationId` and `Offset` (minutes, as getTimezoneOffset()). Errors are RFC 7807 problem JSON (`application/problem+json`) with a readable `message` and, for refused fields, `errors` keyed by field.",
      },
      servers: [{ url: "/", description: "This server" }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        schemas: { Problem: problem as never },
      },
      security: [{ bearer: [] }],
    },
    transform: createOpenapiTransform(),
  };
}
