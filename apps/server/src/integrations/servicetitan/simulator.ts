import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, dayOfWeek, formatDate, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { z } from "zod";
import type { StAvailability, StCapacityResponse } from "./schemas";
import { ST_BOOKING_STATUSES, ST_JOB_STATUSES, stCapacityRequest } from "./schemas";
import {
  SIMULATOR_BOOKING_PROVIDER_ID,
  SIMULATOR_CREDENTIALS,
  type SimulatedTenant,
  simulatedTenant,
} from "./simulator-data";
import {
  errorsByField,
  problemBody,
  type SimulatedProgress,
  type SimulatedRecordStore,
  type SimulatedRecords,
  simulatedRecordStore,
} from "./simulator-records";

/**
 * A stand-in for ServiceTitan (decision 0036): the same paths and shapes as docs/integrations/servicetitan.md
 * (the token endpoint, the four lists with paging, capacity, and the records: bookings, customers, locations, jobs
 * and appointments, invoices), for the demo and the tests, on a port of its own.
 * Capacity is computed from the simulated technicians' working hours (weekdays 08:00-18:00 in the tenant's zone,
 * two-hour slots), with some of them booked, the same way every time for the same date. The records live in memory
 * (simulator-records.ts): counted by external key, each with its operations, moved on by hand (`progress`) or by
 * themselves (`autoProgress`, what `npm start` wants for a demo with outcomes and revenue).
 *
 * Switches, in code (`sim.set({...})`) or over HTTP (`POST /__simulator/switches` with the same JSON):
 * - `fail`: every call answers 500 (a problem body);
 * - `slow`: every answer waits this many milliseconds first;
 * - `rateLimit`: the next N API calls answer 429, with `Retry-After: retryAfterSeconds` (no header when null);
 * - `down`: every connection is dropped without an answer (as a crashed host would);
 * - `failEvery`: every Nth API call answers 500 (0: off; the token endpoint is not counted; counting starts again
 *   when the switch is set);
 * - `throttle`: while on, every API call answers 429 with `Retry-After: retryAfterSeconds`;
 * - `dropAfterWrite`: the next N write calls (POST and PATCH but capacity) are carried out, then their connection
 *   is destroyed without an answer: the caller cannot tell whether the write happened (an "unclear" failure);
 * - `reset: true` (HTTP) or `sim.reset()`: all off.
 * `GET /__simulator/switches` answers the switches and what was called.
 *
 * Records over HTTP: `GET /__simulator/records` (what `sim.records()` answers), `DELETE /__simulator/records`
 * (forgets them), `POST /__simulator/progress` with `{id, bookingStatus?, jobStatus?, invoiceTotal?, noShow?}`.
 */

export type SimulatorSwitches = {
  fail: boolean;
  slow: number;
  rateLimit: number;
  retryAfterSeconds: number | null;
  down: boolean;
  /** Every Nth API call answers 500; 0 is off. */
  failEvery: number;
  /** Every API call answers 429 while on. */
  throttle: boolean;
  /** The next N write calls are carried out and then left without an answer. */
  dropAfterWrite: number;
};

/** One API call answered; `status` 0 when the simulator dropped it without an answer (`dropAfterWrite`). */
export type SimulatorCall = { method: string; path: string; status: number; appKey: string | null };

export type ServiceTitanSimulator = {
  /** `http://host:port`: both the API's and the token endpoint's base URL. */
  url: string;
  port: number;
  /** The simulated tenant's lists, which tests may change between calls. */
  data: SimulatedTenant;
  credentials: { tenantId: number; clientId: string; clientSecret: string; appKey: string };
  switches(): SimulatorSwitches;
  set(switches: Partial<SimulatorSwitches>): SimulatorSwitches;
  reset(): void;
  /** Tokens issued, and the API calls answered (oldest first). */
  stats(): { tokenRequests: number; calls: SimulatorCall[] };
  clearStats(): void;
  /** Forgets every issued token: the next call with one answers 401. */
  revokeTokens(): void;
  /** The bookings, jobs (with appointments, invoices, operations), customers, and the counts by external key. */
  records(): SimulatedRecords;
  /** Forgets every record (the tenant's lists stay). */
  clearRecords(): void;
  /**
   * Moves a booking or a job on (a booking id with job parts converts it into a job first when needed); answers
   * both as they are then. Throws for an id the simulator does not hold.
   */
  progress(id: number, progress: SimulatedProgress): ReturnType<SimulatedRecordStore["progress"]>;
  close(): Promise<void>;
};

export type SimulatorOptions = {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  credentials?: Partial<ServiceTitanSimulator["credentials"]>;
  /** Seconds a token lasts (ServiceTitan's: about 900). */
  tokenTtlSeconds?: number;
  data?: SimulatedTenant;
  now?: () => Date;
  /**
   * Records move on by themselves as time passes (bookings accepted then converted, jobs run and completed or
   * cancelled, invoices made), deterministically from each id; off by default (tests move them with `progress`).
   */
  autoProgress?: boolean;
  /** The booking providers the tenant knows (default: `SIMULATOR_BOOKING_PROVIDER_ID`). */
  bookingProviderIds?: number[];
};

const OFF: SimulatorSwitches = {
  fail: false,
  slow: 0,
  rateLimit: 0,
  retryAfterSeconds: 1,
  down: false,
  failEvery: 0,
  throttle: false,
  dropAfterWrite: 0,
};
/** A request wider than this many days is refused, as a real capacity call is bounded. */
const MAX_CAPACITY_DAYS = 62;
const MAX_BODY_BYTES = 1024 * 1024;

const LISTS: Record<
  string,
  { module: string; key: "technicians" | "businessUnits" | "jobTypes" | "campaigns" }
> = {
  technicians: { module: "settings", key: "technicians" },
  "business-units": { module: "settings", key: "businessUnits" },
  "job-types": { module: "jpm", key: "jobTypes" },
  campaigns: { module: "marketing", key: "campaigns" },
};

/** FNV-1a: a small stable hash, so the same date always has the same bookings. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Is this technician already booked in this slot? About 40% are, and about one slot in six is full. */
export function simulatedBooked(localDate: string, slot: number, technicianId: number): boolean {
  if (hash(`${localDate}|${slot}`) % 6 === 0) return true;
  return hash(`${localDate}|${slot}|${technicianId}`) % 10 < 4;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The simulated capacity between two instants for some business units (all active ones when none). */
export function simulatedCapacity(
  tenant: SimulatedTenant,
  input: { from: Date; to: Date; businessUnitIds: number[]; now: Date },
): StCapacityResponse {
  const activeUnits = tenant.businessUnits.filter((u) => u.active).map((u) => u.id);
  const units = input.businessUnitIds.length
    ? input.businessUnitIds.filter((id) => activeUnits.includes(id))
    : activeUnits;
  const technicians = tenant.technicians.filter(
    (t) => t.active && t.businessUnitId != null && units.includes(t.businessUnitId),
  );
  const { startHour, endHour, slotHours, weekdays } = tenant.workday;
  const availabilities: StAvailability[] = [];
  const last = formatDate(input.to, tenant.timeZone);
  for (let date = formatDate(input.from, tenant.timeZone); date <= last; date = addDays(date, 1)) {
    if (!weekdays.includes(dayOfWeek(date))) continue;
    for (let h = startHour, slot = 0; h + slotHours <= endHour; h += slotHours, slot++) {
      const start = `${date}T${pad(h)}:00:00`;
      const end = `${date}T${pad(h + slotHours)}:00:00`;
      const startUtc = zonedDateTimeToUtc(date, `${pad(h)}:00`, tenant.timeZone);
      const endUtc = zonedDateTimeToUtc(date, `${pad(h + slotHours)}:00`, tenant.timeZone);
      if (startUtc < input.from || endUtc > input.to) continue;
      const techs = technicians.map((t) => ({
        id: t.id,
        name: t.name,
        status: simulatedBooked(date, slot, t.id) ? ("Unavailable" as const) : ("Available" as const),
        hasRequiredSkills: true,
      }));
      const total = techs.length * slotHours;
      const open = techs.filter((t) => t.status === "Available").length * slotHours;
      availabilities.push({
        start,
        end,
        startUtc: startUtc.toISOString(),
        endUtc: endUtc.toISOString(),
        businessUnitIds: units,
        totalAvailability: total,
        openAvailability: open,
        isAvailable: open > 0,
        isExceedingIdealBookingPercentage: total > 0 && (total - open) / total > 0.8,
        technicians: techs,
      });
    }
  }
  return { timeStamp: input.now.toISOString(), availabilities };
}

function problem(res: ServerResponse, status: number, title: string, errors?: Record<string, string[]>) {
  send(res, status, problemBody(status, title, errors));
}

/** Answers that are to be dropped (`dropAfterWrite`): what to do instead of answering. */
const dropInstead = new WeakMap<ServerResponse, () => void>();

/** The body of `POST /__simulator/progress`. */
const simulatedProgressBody = z.object({
  id: z.number().int().positive(),
  bookingStatus: z.enum(ST_BOOKING_STATUSES).optional(),
  jobStatus: z.enum(ST_JOB_STATUSES).optional(),
  invoiceTotal: z.number().nonnegative().optional(),
  noShow: z.boolean().optional(),
});

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const drop = dropInstead.get(res);
  if (drop) {
    // The work is done; the caller never hears of it.
    drop();
    res.socket?.destroy();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": status >= 400 ? "application/problem+json" : "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function startServiceTitanSimulator(
  options: SimulatorOptions = {},
): Promise<ServiceTitanSimulator> {
  const data = options.data ?? simulatedTenant();
  const credentials = { ...SIMULATOR_CREDENTIALS, tenantId: data.tenantId, ...options.credentials };
  const ttl = options.tokenTtlSeconds ?? 900;
  const now = options.now ?? (() => new Date());
  let switches: SimulatorSwitches = { ...OFF };
  const tokens = new Map<string, number>();
  let tokenRequests = 0;
  const calls: SimulatorCall[] = [];
  /** API calls since `failEvery` was last set. */
  let counted = 0;
  const store = simulatedRecordStore({
    data,
    now,
    autoProgress: options.autoProgress ?? false,
    bookingProviderIds: options.bookingProviderIds ?? [SIMULATOR_BOOKING_PROVIDER_ID],
  });

  function set(next: Partial<SimulatorSwitches>): SimulatorSwitches {
    if (next.failEvery !== undefined) counted = 0;
    switches = { ...switches, ...next };
    return { ...switches };
  }

  async function admin(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET") return send(res, 200, { switches, tokenRequests, calls: calls.length });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return problem(
        res,
        400,
        "The switches are JSON: {fail, slow, rateLimit, retryAfterSeconds, down, reset}",
      );
    }
    if (body.reset === true) switches = { ...OFF };
    const next: Partial<SimulatorSwitches> = {};
    if (typeof body.fail === "boolean") next.fail = body.fail;
    if (typeof body.down === "boolean") next.down = body.down;
    if (typeof body.slow === "number" && body.slow >= 0) next.slow = body.slow;
    if (typeof body.rateLimit === "number" && body.rateLimit >= 0)
      next.rateLimit = Math.floor(body.rateLimit);
    if (body.retryAfterSeconds === null || typeof body.retryAfterSeconds === "number")
      next.retryAfterSeconds = body.retryAfterSeconds as number | null;
    if (typeof body.failEvery === "number" && body.failEvery >= 0)
      next.failEvery = Math.floor(body.failEvery);
    if (typeof body.throttle === "boolean") next.throttle = body.throttle;
    if (typeof body.dropAfterWrite === "number" && body.dropAfterWrite >= 0)
      next.dropAfterWrite = Math.floor(body.dropAfterWrite);
    return send(res, 200, { switches: set(next) });
  }

  /** `GET` (the records), `DELETE` (forget them) `/__simulator/records`. */
  async function adminRecords(req: IncomingMessage, res: ServerResponse) {
    if (req.method === "GET") return send(res, 200, store.records());
    if (req.method === "DELETE") {
      store.clear();
      return send(res, 200, { cleared: true });
    }
    return problem(res, 405, "GET or DELETE the records.");
  }

  /** `POST /__simulator/progress {id, bookingStatus?, jobStatus?, invoiceTotal?, noShow?}`. */
  async function adminProgress(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== "POST")
      return problem(res, 405, "POST {id, bookingStatus?, jobStatus?, invoiceTotal?, noShow?}.");
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return problem(
        res,
        400,
        "The progress is JSON: {id, bookingStatus?, jobStatus?, invoiceTotal?, noShow?}",
      );
    }
    const parsed = simulatedProgressBody.safeParse(body);
    if (!parsed.success)
      return problem(res, 400, "One or more validation errors occurred.", errorsByField(parsed.error.issues));
    const { id, ...progress } = parsed.data;
    try {
      return send(res, 200, store.progress(id, progress));
    } catch (err) {
      return problem(res, 404, err instanceof Error ? err.message : "Not found.");
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const type = req.headers["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded"))
      return send(res, 400, { error: "invalid_request", error_description: "Send the form url-encoded." });
    const form = new URLSearchParams(await readBody(req));
    if (form.get("grant_type") !== "client_credentials")
      return send(res, 400, { error: "unsupported_grant_type" });
    if (
      form.get("client_id") !== credentials.clientId ||
      form.get("client_secret") !== credentials.clientSecret
    )
      return send(res, 400, { error: "invalid_client" });
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, now().getTime() + ttl * 1000);
    send(res, 200, { access_token: accessToken, expires_in: ttl, token_type: "Bearer", scope: "" });
  }

  function listAnswer(res: ServerResponse, url: URL, items: { id: number; active: boolean }[]) {
    const q = url.searchParams;
    const errors: Record<string, string[]> = {};
    const page = q.has("page") ? Number(q.get("page")) : 1;
    const pageSize = q.has("pageSize") ? Number(q.get("pageSize")) : 50;
    if (!Number.isInteger(page) || page < 1) errors.page = ["The page is a whole number from 1."];
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 5000)
      errors.pageSize = ["The page size is a whole number from 1 to 5000."];
    const active = (q.get("active") ?? "True").toLowerCase();
    if (!["true", "any", "false"].includes(active)) errors.active = ["Use True, Any or False."];
    const ids = q.get("ids")?.split(",").filter(Boolean).map(Number) ?? null;
    if (ids && (ids.length > 50 || ids.some((id) => !Number.isInteger(id))))
      errors.ids = ["Up to 50 ids, separated by commas."];
    if (Object.keys(errors).length)
      return problem(res, 400, "One or more validation errors occurred.", errors);
    const filtered = items.filter(
      (i) => (active === "any" || i.active === (active === "true")) && (ids === null || ids.includes(i.id)),
    );
    const slice = filtered.slice((page - 1) * pageSize, page * pageSize);
    send(res, 200, {
      page,
      pageSize,
      hasMore: page * pageSize < filtered.length,
      totalCount: q.get("includeTotal")?.toLowerCase() === "true" ? filtered.length : null,
      data: slice,
    });
  }

  async function capacity(req: IncomingMessage, res: ServerResponse) {
    let json: unknown;
    try {
      json = JSON.parse(await readBody(req));
    } catch {
      return problem(res, 400, "The request body is not valid JSON.");
    }
    const parsed = stCapacityRequest.safeParse(json);
    if (!parsed.success) {
      return problem(res, 400, "One or more validation errors occurred.", errorsByField(parsed.error.issues));
    }
    const from = new Date(parsed.data.startsOnOrAfter);
    const to = new Date(parsed.data.endsOnOrBefore);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from)
      return problem(res, 400, "One or more validation errors occurred.", {
        endsOnOrBefore: ["Give two instants, the end after the start."],
      });
    if (to.getTime() - from.getTime() > MAX_CAPACITY_DAYS * 86_400_000)
      return problem(res, 400, "One or more validation errors occurred.", {
        endsOnOrBefore: [`Ask for at most ${MAX_CAPACITY_DAYS} days.`],
      });
    let units = parsed.data.businessUnitIds ?? [];
    if (parsed.data.jobTypeId != null) {
      const jobType = data.jobTypes.find((j) => j.id === parsed.data.jobTypeId);
      if (!jobType) return problem(res, 404, `Job type ${parsed.data.jobTypeId} was not found.`);
      const ofType = jobType.businessUnitIds ?? [];
      units = units.length ? units.filter((u) => ofType.includes(u)) : ofType;
      if (!units.length) return send(res, 200, { timeStamp: now().toISOString(), availabilities: [] });
    }
    send(res, 200, simulatedCapacity(data, { from, to, businessUnitIds: units, now: now() }));
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    const appKey = (req.headers["st-app-key"] as string | undefined) ?? null;
    const record = (status: number) =>
      calls.push({ method: req.method ?? "", path: url.pathname, status, appKey });
    res.on("finish", () => record(res.statusCode));
    counted++;
    if (switches.throttle) {
      const headers: Record<string, string> =
        switches.retryAfterSeconds === null ? {} : { "retry-after": String(switches.retryAfterSeconds) };
      return send(res, 429, problemBody(429, "Too Many Requests"), headers);
    }
    if (switches.rateLimit > 0) {
      switches.rateLimit--;
      const headers: Record<string, string> =
        switches.retryAfterSeconds === null ? {} : { "retry-after": String(switches.retryAfterSeconds) };
      return send(
        res,
        429,
        {
          type: "https://httpstatuses.io/429",
          title: "Too Many Requests",
          status: 429,
          traceId: "",
          errors: {},
        },
        headers,
      );
    }
    if (switches.failEvery > 0 && counted % switches.failEvery === 0)
      return problem(res, 500, "Internal server error (simulated, failEvery).");
    // A bare token is accepted too, as some clients send it.
    const auth = req.headers.authorization ?? "";
    const bearer = auth.replace(/^Bearer\s+/i, "").trim();
    const expires = tokens.get(bearer);
    if (!bearer || expires === undefined || expires <= now().getTime())
      return problem(res, 401, "The access token is missing, unknown or expired.");
    if (appKey !== credentials.appKey)
      return problem(res, 403, "The ST-App-Key header is missing or not this app's.");
    const m = /^\/([a-z]+)\/v2\/tenant\/([^/]+)\/([a-z0-9/-]+)$/.exec(url.pathname);
    if (!m) return problem(res, 404, "Not found.");
    const [, module, tenant, resource] = m;
    if (String(credentials.tenantId) !== tenant) return problem(res, 404, `Tenant ${tenant} was not found.`);
    const list = LISTS[resource];
    if (list && module === list.module && req.method === "GET") return listAnswer(res, url, data[list.key]);
    if (module === "dispatch" && resource === "capacity" && req.method === "POST") return capacity(req, res);
    const method = req.method ?? "GET";
    const writes = method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE";
    if (writes && switches.dropAfterWrite > 0) {
      switches.dropAfterWrite--;
      dropInstead.set(res, () => record(0));
    }
    let json: unknown;
    let badJson = false;
    if (writes) {
      const text = await readBody(req);
      try {
        json = text.trim() === "" ? undefined : JSON.parse(text);
      } catch {
        badJson = true;
      }
    }
    const answer = store.handle(method, module, resource, url.searchParams, json, badJson);
    if (answer) return send(res, answer.status, answer.body);
    return problem(res, 404, "Not found.");
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    if (url.pathname === "/__simulator/switches") {
      admin(req, res).catch(() => problem(res, 500, "The simulator failed."));
      return;
    }
    if (url.pathname === "/__simulator/records") {
      adminRecords(req, res).catch(() => problem(res, 500, "The simulator failed."));
      return;
    }
    if (url.pathname === "/__simulator/progress") {
      adminProgress(req, res).catch(() => problem(res, 500, "The simulator failed."));
      return;
    }
    if (switches.down) {
      req.socket.destroy();
      return;
    }
    const handle = async () => {
      if (url.pathname === "/connect/token") tokenRequests++;
      if (switches.slow > 0) await new Promise((r) => setTimeout(r, switches.slow));
      if (res.destroyed) return;
      if (switches.fail) return problem(res, 500, "Internal server error (simulated).");
      if (url.pathname === "/connect/token" && req.method === "POST") return token(req, res);
      return api(req, res, url);
    };
    handle().catch((err) => {
      if (!res.headersSent) problem(res, 400, err instanceof Error ? err.message : "Bad request.");
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3101, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    data,
    credentials,
    switches: () => ({ ...switches }),
    set,
    reset: () => {
      switches = { ...OFF };
    },
    stats: () => ({ tokenRequests, calls: [...calls] }),
    clearStats: () => {
      tokenRequests = 0;
      calls.length = 0;
    },
    revokeTokens: () => tokens.clear(),
    records: () => store.records(),
    clearRecords: () => store.clear(),
    progress: (id, progress) => store.progress(id, progress),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
