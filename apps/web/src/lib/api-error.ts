/** An RFC 7807 problem from the API (or a network failure, status 0) with a readable message. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly title: string;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  /** Field errors by field name, as the server sent them (`body.` etc. prefixes removed). */
  readonly errors: Record<string, string[]>;
  /** What else the problem carried beside the standard fields (a lost booking's `nextWindows`). */
  readonly details: Record<string, unknown>;

  constructor(init: {
    status: number;
    message: string;
    title?: string;
    code?: string;
    requestId?: string;
    errors?: Record<string, string[]>;
    details?: Record<string, unknown>;
  }) {
    super(init.message);
    this.status = init.status;
    this.title = init.title ?? "Error";
    this.code = init.code;
    this.requestId = init.requestId;
    this.errors = init.errors ?? {};
    this.details = init.details ?? {};
  }

  /** The first message for a field, for showing beside it. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }

  /** One message per field, the shape Mantine's form.setErrors takes. */
  formErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(this.errors)) if (v[0]) out[k] = v[0];
    return out;
  }
}

export const NETWORK_ERROR_MESSAGE = "Could not reach the server. Check your connection and try again.";

const FIELD_PREFIX = /^(body|querystring|query|params|headers)\.?/;
/** The problem fields every answer may carry; the others are the problem's own details. */
const STANDARD = new Set([
  "type",
  "title",
  "status",
  "detail",
  "instance",
  "message",
  "code",
  "requestId",
  "errors",
]);

function normalizeErrors(raw: unknown): Record<string, string[]> {
  if (!raw || typeof raw !== "object") return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (m): m is string => typeof m === "string",
    );
    if (messages.length === 0) continue;
    const field = key.replace(FIELD_PREFIX, "") || key;
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}

/** Turns an error response into an ApiError, whatever its body (problem JSON, other JSON, text, nothing). */
export function parseProblem(status: number, body: unknown, statusText = ""): ApiError {
  const fallback =
    status >= 500
      ? "Something went wrong on our side. Try again in a moment."
      : `The request failed (${status}${statusText ? ` ${statusText}` : ""}).`;
  if (body && typeof body === "object") {
    const p = body as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);
    return new ApiError({
      status: typeof p.status === "number" ? p.status : status,
      message: text(p.message) ?? text(p.detail) ?? text(p.title) ?? fallback,
      title: text(p.title),
      code: text(p.code),
      requestId: text(p.requestId),
      errors: normalizeErrors(p.errors),
      details: Object.fromEntries(Object.entries(p).filter(([k]) => !STANDARD.has(k))),
    });
  }
  const text = typeof body === "string" && body.trim() && body.length < 300 ? body.trim() : undefined;
  return new ApiError({ status, message: text ?? fallback });
}

/** A message for any thrown value, for notifications and alerts. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return "Something went wrong. Try again.";
}
