import type {
  AvailableWindows,
  FreeWindow,
  QrDetails,
  QrEntryRequest,
  QrEntryResponse,
} from "@fieldlead/contracts";

/**
 * The three public calls of the shopper's page (packages/contracts/src/qr-codes.ts). No sign-in: no Authorization
 * or CurrentOrganizationId header. Nothing here may come from src/lib (the admin app's api-client brings its
 * session, router and offline code): this page has its own small bundle (q.html, apps/web/vite.config.ts).
 */

/**
 * The paths of `qrCodesApi.details`, `.available` and `.entry` in the zod-free route table
 * (`@fieldlead/contracts/routes`), written out: importing the table brings its `route()` helper, which the build
 * keeps in the admin app's first file, and the page would load that file (48 kB) with it. api.test.ts holds these
 * to the table.
 */
export const QR_PATHS = {
  details: "/api/QRCodes/qr-details/{userUid}/{hdsfiGroup}",
  available: "/api/QRCodes/available-appointments/{userUid}",
  entry: "/api/QRCodes/{userUid}/qr-entry",
} as const;

/** An answer that was not a success, as the server's `application/problem+json` says it; status 0: no answer. */
export type Problem = {
  status: number;
  message: string;
  code?: string;
  /** By field, as the server names them: `body.firstName`, `body.answers.0.value`... */
  errors: Record<string, string[]>;
  /** A 409 `window_taken`: the next free windows of the type. */
  nextWindows?: FreeWindow[];
};

export const isProblem = (e: unknown): e is Problem =>
  typeof e === "object" && e !== null && "status" in e && "errors" in e;

/**
 * `{param}` placeholders filled with URI-encoded values. The contracts' own `fillPath` lives in endpoint.ts, which
 * is zod-free but only exported by the package's index (every schema): a copy of its five lines is cheaper.
 */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key] ?? "")));
}

async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { Accept: "application/json, application/problem+json", ...init.headers },
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw { status: 0, message: "", errors: {} } satisfies Problem;
  }
  const text = await res.text().catch(() => "");
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.ok) return body as T;
  const b = (typeof body === "object" && body !== null ? body : {}) as Partial<Problem>;
  throw {
    status: res.status,
    message: typeof b.message === "string" ? b.message : res.statusText,
    code: typeof b.code === "string" ? b.code : undefined,
    errors: b.errors && typeof b.errors === "object" ? b.errors : {},
    nextWindows: Array.isArray(b.nextWindows) ? b.nextWindows : undefined,
  } satisfies Problem;
}

export function getDetails(userUid: string, group: number, signal?: AbortSignal) {
  return request<QrDetails>(fillPath(QR_PATHS.details, { userUid, hdsfiGroup: group }), { signal });
}

export function getWindows(userUid: string, appointmentTypeId: number, group: number, signal?: AbortSignal) {
  const path = fillPath(QR_PATHS.available, { userUid });
  const query = new URLSearchParams({ appointmentTypeId: String(appointmentTypeId), group: String(group) });
  return request<AvailableWindows>(`${path}?${query}`, { signal });
}

export function postEntry(userUid: string, idempotencyKey: string, body: QrEntryRequest) {
  return request<QrEntryResponse>(fillPath(QR_PATHS.entry, { userUid }), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
}

/** A new Idempotency-Key: a UUID (crypto.randomUUID needs a secure page; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The code in the page's address: `/q/{userUid}/{group}` (qrPagePath); null when it cannot be a code. */
export function codeFromPath(pathname: string): { userUid: string; group: number } | null {
  const m = /^\/q\/([^/]+)(?:\/([^/]*))?\/*$/i.exec(pathname);
  if (!m) return null;
  let userUid: string;
  try {
    userUid = decodeURIComponent(m[1]);
  } catch {
    return null;
  }
  const group = m[2] ? m[2] : "0";
  // QR_USER_UID_PATTERN and the group's digits (packages/contracts/src/qr-codes.ts).
  if (!/^[A-Za-z0-9]{4,64}$/.test(userUid) || !/^\d{1,7}$/.test(group)) return null;
  return { userUid, group: Number(group) };
}
