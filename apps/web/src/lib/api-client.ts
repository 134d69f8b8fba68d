import { ApiError, NETWORK_ERROR_MESSAGE, parseProblem } from "./api-error";
import { type ApiEndpointName, endpointPath, getEndpoint, type PathParams } from "./endpoints";
import { session } from "./session";

export { ApiError } from "./api-error";

type QueryValue = string | number | boolean | null | undefined;
export type ApiQuery = Record<string, QueryValue | readonly QueryValue[]>;
export type ApiOptions = {
  params?: PathParams;
  query?: ApiQuery;
  body?: unknown;
  signal?: AbortSignal;
};

/** The sign-in calls answer 401 for a wrong password; that must not end a session or redirect. */
const NO_REDIRECT_ON_401 = new Set<string>(["account.login", "account.invitationLinksByTokenAccept"]);

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

function onUnauthorized() {
  session.clear();
  const { pathname, search, hash } = window.location;
  if (pathname === LOGIN_PATH) return;
  navigate(loginPathReturningTo(`${pathname}${search}${hash}`));
}

export function buildUrl(name: ApiEndpointName, params?: PathParams, query?: ApiQuery): string {
  const path = endpointPath(name, params);
  if (!query) return path;
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
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

async function send(name: ApiEndpointName, opts: ApiOptions, accept?: string): Promise<Response> {
  const endpoint = getEndpoint(name);
  const method = endpoint.method.toUpperCase();
  const headers = apiHeaders();
  if (accept) headers.Accept = accept;
  // The server refuses a JSON content type with an empty body, so every call but GET and HEAD carries one.
  const hasBody = method !== "GET" && method !== "HEAD";
  let response: Response;
  try {
    response = await fetch(buildUrl(name, opts.params, opts.query), {
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
    if (response.status === 401 && !NO_REDIRECT_ON_401.has(name)) onUnauthorized();
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

/** Calls a named endpoint of the registry and answers its JSON; errors are ApiError. */
export async function api<T = unknown>(name: ApiEndpointName, opts: ApiOptions = {}): Promise<T> {
  const response = await send(name, opts);
  if (response.status === 204) return undefined as T;
  return (await readBody(response)) as T;
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

/** Downloads a file from a named endpoint with the usual headers and saves it under its own name. */
export async function downloadFile(
  name: ApiEndpointName,
  opts: ApiOptions & { fallbackName?: string } = {},
): Promise<string> {
  const response = await send(name, opts, "*/*");
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
