import { createHash } from "node:crypto";
import type { z } from "zod";
import {
  type DeliveryFailure,
  failureFromStatus,
  failureFromThrown,
  permanent,
  type ReadResult,
  type RetryableFailure,
  retryable,
  type TokenCache,
} from "../destination";
import {
  type StBusinessUnit,
  type StCampaign,
  type StCapacityRequest,
  type StCapacityResponse,
  type StJobType,
  type StTechnician,
  stBusinessUnit,
  stCampaign,
  stCapacityResponse,
  stJobType,
  stPage,
  stProblem,
  stTechnician,
  stTokenResponse,
} from "./schemas";

/**
 * The HTTP client of ServiceTitan's public API (docs/integrations/servicetitan.md; decision 0036). It receives the
 * connection (URLs, tenant, credentials) and its environment (`fetch`, the clock, a token cache) as arguments and
 * never touches our database. Every read answers a `ReadResult`: the value, or the failure translated into
 * `retryable` (down, slow, 429, 5xx) or `permanent` (refused credentials, a 4xx, an answer of the wrong shape).
 *
 * - Tokens: OAuth2 client credentials, `POST {authUrl}/connect/token` form-encoded. A token is cached per connection
 *   (authUrl, client id and secret) and renewed shortly before `expires_in` runs out, and once when a call answers 401.
 *   Concurrent calls that find no token wait for one fetch.
 * - Every call sends `Authorization: Bearer <token>` and `ST-App-Key`.
 * - Lists are read to the end: `page` from 1, `pageSize`, until `hasMore` is false (bounded by `maxPages`).
 * - Retries: 408, 425, 429, 5xx and no answer at all are tried again up to `maxAttempts` times, waiting what
 *   `Retry-After` says when present (up to `maxRetryAfterMs`; longer and the call gives up at once, saying when),
 *   otherwise exponential backoff with full jitter. Each attempt has its own timeout; the caller's signal bounds
 *   the whole call. (Deliveries call with `maxAttempts: 1`: the worker retries them with its own backoff.)
 * - Failures never carry the client secret or a token: every message is scrubbed of both before it leaves.
 *
 * `serviceTitanTransport` is the shared part (tokens, one call, paging); `serviceTitanClient` is the read-only
 * client of the lookups and capacity, `serviceTitanRecords` (records.ts) the bookings, jobs and invoices.
 */

/** Where and as whom to call one tenant. */
export type ServiceTitanConnection = {
  apiUrl: string;
  authUrl: string;
  tenantId: number;
  clientId: string;
  clientSecret: string;
  appKey: string;
};

export type RetryPolicy = {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The first backoff's ceiling; each next one doubles it (full jitter: a random wait up to the ceiling). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call fails (retryable, with `retryAfterMs`). */
  maxRetryAfterMs: number;
};

export type ServiceTitanClientOptions = {
  /** Per attempt (ServiceTitan may take up to 100 s; reads here are small). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  pageSize?: number;
  /** A list longer than this many pages is refused rather than read forever. */
  maxPages?: number;
  /** A token is renewed this long before it expires (at most half its life). */
  tokenMarginMs?: number;
};

/** What one call may narrow: an overall signal, its own attempt timeout and retries. */
export type CallOptions = { signal?: AbortSignal; timeoutMs?: number; retry?: Partial<RetryPolicy> };

export type ServiceTitanEnv = {
  fetch?: typeof fetch;
  now?: () => Date;
  tokens?: TokenCache;
  /** Waits `ms` (tests may stand in); rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 <= x < 1, for the backoff's jitter. */
  random?: () => number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};
const DEFAULTS = { timeoutMs: 20_000, pageSize: 200, maxPages: 500, tokenMarginMs: 60_000 };

/** A failure on its way out of the client's internals (the public methods answer it as a `ReadResult`). */
export class ServiceTitanFailure extends Error {
  constructor(readonly failure: DeliveryFailure) {
    super(failure.error);
    this.name = "ServiceTitanFailure";
  }
}

/** A token cache in this process's memory (tokens are short-lived and cheap to fetch again after a restart). */
export function memoryTokenCache(): TokenCache {
  const tokens = new Map<string, { token: string; expiresAt: Date }>();
  return {
    get: async (key) => tokens.get(key) ?? null,
    set: async (key, value) => {
      tokens.set(key, value);
    },
  };
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The wait before attempt `attempt + 1` when the answer did not say: full jitter over an exponential ceiling. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

export type ServiceTitanClient = {
  technicians(o?: CallOptions): Promise<ReadResult<StTechnician[]>>;
  businessUnits(o?: CallOptions): Promise<ReadResult<StBusinessUnit[]>>;
  jobTypes(o?: CallOptions): Promise<ReadResult<StJobType[]>>;
  campaigns(o?: CallOptions): Promise<ReadResult<StCampaign[]>>;
  capacity(request: StCapacityRequest, o?: CallOptions): Promise<ReadResult<StCapacityResponse>>;
};

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The vendor's words for an error answer: its problem title and field messages, when it sent them. */
function describeError(
  status: number,
  text: string,
): { error: string; fieldErrors?: Record<string, string[]> } {
  let title: string | null = null;
  let fieldErrors: Record<string, string[]> | undefined;
  try {
    const parsed = stProblem.safeParse(JSON.parse(text));
    if (parsed.success) {
      title = parsed.data.title ?? null;
      fieldErrors = parsed.data.errors ?? undefined;
    }
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const what =
    status === 401
      ? "ServiceTitan refused the access token"
      : status === 403
        ? "ServiceTitan refused the app key or the tenant"
        : status === 429
          ? "ServiceTitan is limiting the rate of calls"
          : status >= 500
            ? "ServiceTitan failed"
            : "ServiceTitan refused the request";
  return {
    error: `${what} (HTTP ${status}${title ? `: ${title}` : ""}).${inWords(fieldErrors)}`,
    fieldErrors,
  };
}

/** The vendor's field messages as a person reads them: ` name: is required; start: is in the past.` */
function inWords(fieldErrors: Record<string, string[]> | undefined): string {
  if (!fieldErrors) return "";
  const lines = Object.entries(fieldErrors)
    .filter(([, messages]) => messages.length)
    .map(([field, messages]) => `${field}: ${messages.map((m) => m.replace(/\.\s*$/, "")).join(", ")}`);
  return lines.length ? ` ${lines.join("; ")}.` : "";
}

/** Where a zod issue list points, for an answer of the wrong shape. */
const shapeError = (what: string, error: z.ZodError) =>
  permanent(
    `ServiceTitan's answer to ${what} has an unexpected shape (${error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
      .join("; ")}).`,
  );

/** What a call of the API may carry: a query, a JSON body. */
export type RequestInput = { query?: Record<string, string>; body?: unknown };

/** The shared part of every ServiceTitan client: tokens, one call of the API, lists read page after page. */
export type ServiceTitanTransport = {
  readonly connection: ServiceTitanConnection;
  /** `/{module}/v2/tenant/{tenantId}/{resource}`. */
  tenantPath(module: string, resource: string): string;
  /** A token valid for a while yet (cached, or fetched once for every caller waiting). Throws `ServiceTitanFailure`. */
  token(call: CallOptions, renew?: boolean): Promise<string>;
  /**
   * One call, retried as the policy says, renewing the token once on a 401, its answer parsed with `schema` (an
   * empty answer is `undefined`). Throws `ServiceTitanFailure`.
   */
  request<S extends z.ZodType>(
    what: string,
    method: "GET" | "POST" | "PATCH",
    path: string,
    schema: S,
    input: RequestInput,
    call: CallOptions,
  ): Promise<z.output<S>>;
  /** Every item of a list, page after page, with `query` besides the paging (its `pageSize` wins). */
  list<T extends z.ZodType>(
    what: string,
    path: string,
    item: T,
    query: Record<string, string>,
    call: CallOptions,
  ): Promise<z.output<T>[]>;
};

/**
 * Token fetches in flight, per cache and key: every client of one connection that shares a cache (the destination
 * makes a client per send) waits for one fetch rather than each making its own.
 */
const inFlightTokens = new WeakMap<TokenCache, Map<string, Promise<string>>>();

export function serviceTitanTransport(
  connection: ServiceTitanConnection,
  env: ServiceTitanEnv = {},
  options: ServiceTitanClientOptions = {},
): ServiceTitanTransport {
  const doFetch = env.fetch ?? fetch;
  const now = env.now ?? (() => new Date());
  const tokens = env.tokens ?? memoryTokenCache();
  const sleep = env.sleep ?? abortableSleep;
  const random = env.random ?? Math.random;
  const o = { ...DEFAULTS, ...options };
  const basePolicy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const apiBase = `${trimSlash(connection.apiUrl)}`;
  const tokenUrl = `${trimSlash(connection.authUrl)}/connect/token`;
  // Per tenant and client id, and per secret: a changed secret is a new connection (its token is fetched with the
  // new secret). The secret itself never goes into the key, only a hash of it.
  const secretHash = createHash("sha256").update(connection.clientSecret).digest("hex").slice(0, 16);
  const tokenKey = `servicetitan|${trimSlash(connection.authUrl)}|${connection.tenantId}|${connection.clientId}|${secretHash}`;
  let pending = inFlightTokens.get(tokens);
  if (!pending) {
    pending = new Map();
    inFlightTokens.set(tokens, pending);
  }
  const pendingTokens = pending;
  /** Tokens this client has held, to scrub from any message (a proxy echoing a header must not leak one). */
  const seenTokens = new Set<string>();

  /** A failure's words without the secret or a token in them. */
  function scrub(failure: DeliveryFailure): DeliveryFailure {
    const secrets = [connection.clientSecret, ...seenTokens].filter((s) => s.length >= 4);
    const clean = (text: string) => secrets.reduce((t, s) => t.split(s).join("[redacted]"), text);
    if (!secrets.some((s) => JSON.stringify(failure).includes(s))) return failure;
    const out = { ...failure, error: clean(failure.error) };
    if (out.outcome === "permanent" && out.fieldErrors)
      out.fieldErrors = Object.fromEntries(
        Object.entries(out.fieldErrors).map(([k, v]) => [clean(k), v.map(clean)]),
      );
    return out;
  }
  const fail = (failure: DeliveryFailure) => new ServiceTitanFailure(scrub(failure));

  /** One HTTP exchange with its own timeout: the answer's status, headers and text, or a failure thrown. */
  async function exchange(
    url: string,
    init: RequestInit,
    call: CallOptions,
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const timeout = AbortSignal.timeout(call.timeoutMs ?? o.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    try {
      const res = await doFetch(url, { ...init, signal });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text };
    } catch (err) {
      // The caller's own deadline or cancellation: no answer in time, whatever the attempt was doing.
      if (call.signal?.aborted) throw fail(retryable("ServiceTitan did not answer in time."));
      const failure = failureFromThrown(err);
      throw fail({ ...failure, error: failure.error.replace("The destination", "ServiceTitan") });
    }
  }

  /**
   * Runs `attempt` until it answers, a failure is permanent, or the attempts run out; waits between tries as
   * the answer says (`Retry-After`) or with backoff. `attempt` throws `ServiceTitanFailure`.
   */
  async function withRetries<T>(call: CallOptions, attempt: () => Promise<T>): Promise<T> {
    const policy: RetryPolicy = { ...basePolicy, ...call.retry };
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (err) {
        if (!(err instanceof ServiceTitanFailure) || err.failure.outcome === "permanent") throw err;
        if (n >= policy.maxAttempts || call.signal?.aborted) throw err;
        const failure: RetryableFailure = err.failure;
        const wait = failure.retryAfterMs ?? backoffDelay(n, policy, random);
        if (wait > policy.maxRetryAfterMs) throw err;
        try {
          await sleep(wait, call.signal);
        } catch {
          throw fail(retryable("ServiceTitan did not answer in time."));
        }
      }
    }
  }

  async function fetchToken(call: CallOptions): Promise<string> {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: connection.clientId,
      client_secret: connection.clientSecret,
    });
    // One exchange: the call that needs the token retries it (a token fetch inside an attempt).
    const res = await exchange(
      tokenUrl,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: body.toString(),
      },
      call,
    );
    if (res.status === 400 || res.status === 401)
      throw fail(
        permanent("ServiceTitan refused the client id or secret: check the organization's CRM connection.", {
          httpStatus: res.status,
        }),
      );
    if (res.status < 200 || res.status >= 300) {
      const { error } = describeError(res.status, res.text);
      throw fail(
        failureFromStatus(res.status, `Getting an access token: ${error}`, {
          retryAfter: res.headers.get("retry-after"),
          now: now(),
        }),
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      throw fail(permanent("ServiceTitan's token answer is not JSON."));
    }
    const parsed = stTokenResponse.safeParse(json);
    if (!parsed.success) throw fail(shapeError("the token request", parsed.error));
    seenTokens.add(parsed.data.access_token);
    const lifeMs = parsed.data.expires_in * 1000;
    const margin = Math.min(o.tokenMarginMs, lifeMs / 2);
    await tokens.set(tokenKey, {
      token: parsed.data.access_token,
      expiresAt: new Date(now().getTime() + lifeMs - margin),
    });
    return parsed.data.access_token;
  }

  /** A token valid for a while yet: the cached one, or one fetch shared by every caller waiting for it. */
  async function token(call: CallOptions, renew = false): Promise<string> {
    if (!renew) {
      const cached = await tokens.get(tokenKey);
      if (cached && cached.expiresAt.getTime() > now().getTime()) {
        seenTokens.add(cached.token);
        return cached.token;
      }
    }
    let fetching = pendingTokens.get(tokenKey);
    if (!fetching) {
      fetching = fetchToken(call).finally(() => {
        pendingTokens.delete(tokenKey);
      });
      pendingTokens.set(tokenKey, fetching);
    }
    return fetching;
  }

  async function request<S extends z.ZodType>(
    what: string,
    method: "GET" | "POST" | "PATCH",
    path: string,
    schema: S,
    input: RequestInput,
    call: CallOptions,
  ): Promise<z.output<S>> {
    const qs = input.query ? `?${new URLSearchParams(input.query).toString()}` : "";
    const url = `${apiBase}${path}${qs}`;
    let renewed = false;
    const text = await withRetries(call, async () => {
      for (;;) {
        const bearer = await token(call, false);
        const r = await exchange(
          url,
          {
            method,
            headers: {
              authorization: `Bearer ${bearer}`,
              "st-app-key": connection.appKey,
              accept: "application/json",
              ...(input.body === undefined ? {} : { "content-type": "application/json" }),
            },
            body: input.body === undefined ? undefined : JSON.stringify(input.body),
          },
          call,
        );
        if (r.status >= 200 && r.status < 300) return r.text;
        if (r.status === 401 && !renewed) {
          // The token was revoked or expired early: fetch a new one, once.
          renewed = true;
          await token(call, true);
          continue;
        }
        const { error, fieldErrors } = describeError(r.status, r.text);
        throw fail(
          failureFromStatus(r.status, error, {
            retryAfter: r.headers.get("retry-after"),
            now: now(),
            fieldErrors,
          }),
        );
      }
    });
    let json: unknown;
    try {
      // Some actions (a dismiss, a cancel) may answer nothing at all.
      json = text.trim() === "" ? undefined : JSON.parse(text);
    } catch {
      throw fail(permanent(`ServiceTitan's answer to ${what} is not JSON.`));
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw fail(shapeError(what, parsed.error));
    return parsed.data;
  }

  const tenantPath = (module: string, resource: string) =>
    `/${module}/v2/tenant/${encodeURIComponent(String(connection.tenantId))}/${resource}`;

  async function list<T extends z.ZodType>(
    what: string,
    path: string,
    item: T,
    query: Record<string, string>,
    call: CallOptions,
  ): Promise<z.output<T>[]> {
    const out: z.output<T>[] = [];
    const schema = stPage(item);
    for (let page = 1; ; page++) {
      if (page > o.maxPages) throw fail(permanent(`ServiceTitan's ${what} run past ${o.maxPages} pages.`));
      const answer = await request(
        what,
        "GET",
        path,
        schema,
        { query: { pageSize: String(o.pageSize), ...query, page: String(page) } },
        call,
      );
      out.push(...(answer.data as z.output<T>[]));
      if (!answer.hasMore) return out;
    }
  }

  return { connection, tenantPath, token, request, list };
}

/** A call's value as a `ReadResult`: the value, or the failure it threw. */
export async function readResult<T>(fn: () => Promise<T>): Promise<ReadResult<T>> {
  try {
    return { outcome: "ok", value: await fn() };
  } catch (err) {
    if (err instanceof ServiceTitanFailure) return err.failure;
    throw err;
  }
}

export function serviceTitanClient(
  connection: ServiceTitanConnection,
  env: ServiceTitanEnv = {},
  options: ServiceTitanClientOptions = {},
): ServiceTitanClient {
  const t = serviceTitanTransport(connection, env, options);
  /** Every item of a lookup list, inactive ones included (`active=Any`). */
  const lookup = <T extends z.ZodType>(
    what: string,
    module: string,
    resource: string,
    item: T,
    call: CallOptions,
  ) => readResult(() => t.list(what, t.tenantPath(module, resource), item, { active: "Any" }, call));

  return {
    technicians: (call = {}) => lookup("the technicians", "settings", "technicians", stTechnician, call),
    businessUnits: (call = {}) =>
      lookup("the business units", "settings", "business-units", stBusinessUnit, call),
    jobTypes: (call = {}) => lookup("the job types", "jpm", "job-types", stJobType, call),
    campaigns: (call = {}) => lookup("the campaigns", "marketing", "campaigns", stCampaign, call),
    capacity: (body, call = {}) =>
      readResult(() =>
        t.request(
          "the capacity",
          "POST",
          t.tenantPath("dispatch", "capacity"),
          stCapacityResponse,
          { body },
          call,
        ),
      ),
  };
}
