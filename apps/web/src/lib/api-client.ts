import { type EndpointDef, type EndpointInput, type EndpointResponse, fillPath } from "@fieldlead/contracts";
import type { DefinitionOf, Route } from "@fieldlead/contracts/routes";
import { ApiError, NETWORK_ERROR_MESSAGE, parseProblem } from "./api-error";
import { session } from "./session";

export { ApiError } from "./api-error";

type QueryValue = string | number | boolean | null | undefined;
export type ApiQuery = Record<string, QueryValue | readonly QueryValue[]>;
type RawInput = { params?: Record<string, unknown>; query?: unknown; body?: unknown; headers?: unknown };
/** What `call` takes: the endpoint's params, query and body (each checked against its schema at compile time). */
export type CallInput<E extends EndpointDef> = EndpointInput<E> & { signal?: AbortSignal };
/** Calls that take nothing need no input; the others do. */
type InputArgs<E extends EndpointDef> =
  Record<never, never> extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export const LOGIN_PATH = "/login";
export const NEXT_PARAM = "next";

/** Where to go after signing in: only paths of this app, never another site. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  if (next === LOGIN_PATH || next.startsWith(`${LOGIN_PATH}?`)) return null;
  return next;
}

export function loginPathReturningTo(path: string): string {
  const next = safeNextPath(path);
  return next && next !== "/" ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(next)}` : LOGIN_PATH;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The app hands in the router's navigate so a lost session does not reload the page. */
export function setApiNavigator(fn: Navigate) {
  navigate = fn;
}

/** A call's 401: the session ended; sign in again and come back here (also used by `upload.ts`). */
export function onUnauthorized() {
  session.clear();
  const { pathname, search, hash } = window.location;
  if (pathname === LOGIN_PATH) return;
  navigate(loginPathReturningTo(`${pathname}${search}${hash}`));
}

export function buildUrl(endpoint: Route, params?: Record<string, unknown>, query?: unknown): string {
  const path = fillPath(endpoint, params);
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query as ApiQuery)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) qs.append(key, String(v));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

/** The headers every call sends (docs/spec/product-spec.md, §7 The calls it makes). */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, application/problem+json",
    Offset: String(new Date().getTimezoneOffset()),
  };
  const user = session.get();
  if (user) {
    headers.Authorization = `Bearer ${user.token}`;
    headers.CurrentOrganizationId = String(user.currentOrganizationId);
  }
  return headers;
}

async function send(
  endpoint: Route,
  opts: RawInput & { signal?: AbortSignal },
  accept?: string,
): Promise<Response> {
  const method = endpoint.method;
  const headers = apiHeaders();
  if (accept) headers.Accept = accept;
  // Headers the call itself defines (an Idempotency-Key); undefined values are left out.
  for (const [key, value] of Object.entries((opts.headers ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) headers[key] = String(value);
  }
  // The server refuses a JSON content type with an empty body, so every call but GET and HEAD carries one.
  const hasBody = method !== "GET";
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, opts.params, opts.query), {
      method,
      headers,
      body: hasBody ? JSON.stringify(opts.body ?? {}) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE, title: "Network error" });
  }
  if (!response.ok) {
    // A public call's 401 is its own answer (a wrong password at sign-in), not a session that ended.
    if (response.status === 401 && endpoint.auth !== "public") onUnauthorized();
    throw parseProblem(response.status, await readBody(response), response.statusText);
  }
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls an endpoint of `@fieldlead/contracts` (docs/decisions/0025): the input is checked against its schemas at
 * compile time and the answer has its response type. Errors are ApiError.
 */
export async function call<R extends Route>(
  endpoint: R,
  ...[input]: InputArgs<DefinitionOf<R>>
): Promise<EndpointResponse<DefinitionOf<R>>> {
  const response = await send(endpoint, (input ?? {}) as RawInput);
  if (response.status === 204) return undefined as EndpointResponse<DefinitionOf<R>>;
  return (await readBody(response)) as EndpointResponse<DefinitionOf<R>>;
}

// Built from a string so the pattern holds no raw control characters.
const CONTROL_CHARACTERS = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(31)}]`, "g");

/**
 * "Report.XLSX" -> "Report.xlsx": downloads keep their name with the extension lower-cased
 * (docs/spec/product-spec.md, §9 Business constants and limits).
 */
export function normalizeDownloadName(name: string, fallback = "download"): string {
  const base = name.replace(/[\\/]/g, "_").replace(CONTROL_CHARACTERS, "").trim() || fallback;
  const dot = base.lastIndexOf(".");
  if (dot <= 0 || dot === base.length - 1) return base;
  return base.slice(0, dot) + base.slice(dot).toLowerCase();
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` preferred over `filename`). */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const value = star[1].trim().replace(/^"(.*)"$/, "$1");
    const encoded = value.replace(/^[\w-]*'[\w-]*'/, "");
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, "$1") : plain[1]).trim();
}

/** Downloads a file from an endpoint with the usual headers and saves it under its own name. */
export async function downloadFile<R extends Route & { download: true }>(
  endpoint: R,
  opts: CallInput<DefinitionOf<R>> & { fallbackName?: string },
): Promise<string> {
  const response = await send(endpoint, opts as RawInput, "*/*");
  const blob = await response.blob();
  const filename = normalizeDownloadName(
    filenameFromContentDisposition(response.headers.get("content-disposition")) ??
      opts.fallbackName ??
      "download",
  );
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    a.rel = "noopener";
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return filename;
}
