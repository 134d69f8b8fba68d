import { hasUnpairedSurrogate, MAX_INT_ID } from "@fieldlead/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { dataExceptionMessage } from "./db-errors";
import { AppError } from "./errors";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

function problem(status: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    type: status >= 500 ? "about:blank" : `https://httpstatuses.io/${status}`,
    title: TITLES[status] ?? "Error",
    status,
    message,
    ...extra,
  };
}

const FIELD_LABEL = (path: PropertyKey[]) => path.map(String).join(".") || "body";

/** The body fields holding a value the database refused (a number past 32 bits, text it cannot store). */
function offendingFields(body: unknown, code: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const walk = (v: unknown, path: string[]) => {
    if (path.length > 8) return;
    if (typeof v === "number" && code === "22003" && Math.abs(v) > MAX_INT_ID)
      errors[`body.${FIELD_LABEL(path)}`] = [`Use a number up to ${MAX_INT_ID}`];
    else if (typeof v === "string" && code !== "22003" && v.includes("\u0000"))
      errors[`body.${FIELD_LABEL(path)}`] = ["Remove the NUL character (\\u0000)"];
    else if (typeof v === "string" && code !== "22003" && hasUnpairedSurrogate(v))
      errors[`body.${FIELD_LABEL(path)}`] = ["Remove the broken character (an unpaired UTF-16 surrogate)"];
    else if (v && typeof v === "object")
      for (const [k, child] of Object.entries(v).slice(0, 1000)) walk(child, [...path, k]);
  };
  walk(body, []);
  return errors;
}

/** Every error becomes RFC 7807 problem JSON with a readable `message`; a 5xx never shows internals. */
export function registerErrorHandling(
  app: FastifyInstance,
  opts: { serveApp: boolean; pageFor?: (pathname: string) => string | null },
) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const requestId = request.id;
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .type("application/problem+json")
        .send(problem(err.status, err.message, { code: err.code, errors: err.errors, requestId }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        // The part's own path (`body.title`), or the part itself for an error about the whole of it; a field
        // named `body` is `body.body`.
        const path = v.instancePath.split("/").filter(Boolean);
        const key = `${err.validationContext ?? "body"}${path.length === 0 ? "" : `.${FIELD_LABEL(path)}`}`;
        errors[key] = [...(errors[key] ?? []), v.message ?? "is invalid"];
      }
      const first = Object.entries(errors)[0];
      const message = first ? `${first[0]}: ${first[1][0]}` : "The request is not valid.";
      return reply
        .status(400)
        .type("application/problem+json")
        .send(problem(400, message, { code: "validation", errors, requestId }));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, "response did not match its schema");
      return reply
        .status(500)
        .type("application/problem+json")
        .send(problem(500, "Something went wrong on our side.", { requestId }));
    }
    // A value the schemas let through but the database cannot hold is the client's mistake, not a 500.
    const data = dataExceptionMessage(err);
    if (data) {
      // Logged, so that a server-side slip of the same class (a bad value built in code) stays visible.
      request.log.warn({ err }, "the database refused a value of the request");
      const errors = offendingFields(request.body, data.code);
      const first = Object.entries(errors)[0];
      return reply
        .status(400)
        .type("application/problem+json")
        .send(
          problem(400, first ? `${first[0]}: ${first[1][0]}` : data.message, {
            code: "validation",
            errors,
            requestId,
          }),
        );
    }
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .type("application/problem+json")
        .send(
          problem(500, "Something went wrong on our side. Try again; if it keeps happening, tell support.", {
            requestId,
          }),
        );
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
    let message = err.message;
    if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      message = "Send the body as JSON (Content-Type: application/json).";
    if (err.code === "FST_ERR_CTP_EMPTY_JSON_BODY")
      message = "The request body is empty; send a JSON object.";
    if (err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError)
      message = "The request body is not valid JSON.";
    return reply
      .status(status)
      .type("application/problem+json")
      .send(problem(status, message, { code: err.code, requestId }));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    // Client-side routes fall back to the web app; unknown /api paths stay 404 JSON.
    if (
      opts.serveApp &&
      request.method === "GET" &&
      !url.startsWith("/api") &&
      !/\.\w{1,5}(\?|$)/.test(url)
    ) {
      // The screens a day starts on get the page with their scripts preloaded (web-page.ts).
      const page = opts.pageFor?.(request.url.split("?")[0]);
      if (page) return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
      return reply.type("text/html").sendFile("index.html");
    }
    const message = url.startsWith("/api")
      ? `There is no API call ${request.method} ${request.url.split("?")[0]}.`
      : "Not found.";
    return reply
      .status(404)
      .type("application/problem+json")
      .send(problem(404, message, { requestId: request.id }));
  });
}
