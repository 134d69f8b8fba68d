import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import {
  fieldErrorsOf,
  PARTNER_KINDS,
  PARTNER_LEAD_BODIES,
  PARTNER_PATHS,
  type PartnerKind,
  type PartnerLeadBody,
} from "./schemas";
import { PARTNER_HEADERS, SIGNATURE_REFUSALS, verifySignature } from "./signature";

/**
 * A stand-in for the three partner destinations (the protocol of docs/integrations/<kind>.openapi.yaml), for the
 * demo and the tests: one node:http server, one mount per partner (`/retailer`, `/retailer-program`,
 * `/second-partner`), each with its own secret, records and switches, as three separate partners would be.
 *
 * Each mount checks what a careful receiver checks: the signature and its timestamp (401), the body against the
 * schema we send it with (400 with field messages), the key in the path against the body's. It keeps ONE record per
 * key, the highest version, and counts per key what a worker's retries and races look like from the partner's side:
 * the versions received, `duplicates` (the version it holds, again) and `outOfOrder` (a lower one, answered 409).
 *
 * Switches per mount, in code (`sim.set(kind, {...})`) or over HTTP (`POST /__simulator/{mount}/switches` with the
 * same JSON; `GET` to read them):
 * - `down`: every connection is dropped without an answer (a crashed host);
 * - `slow`: every answer waits this many milliseconds first;
 * - `fail`: every call answers 500;
 * - `failEvery`: every Nth call (counted from when it is set) answers 500;
 * - `throttle`: every call answers 429 with `Retry-After: retryAfterSeconds` (no header when null);
 * - `rateLimit`: the next N calls answer 429 the same way;
 * - `reset: true` (HTTP) or `sim.reset(kind)`: all off.
 * `GET /__simulator/{mount}/records` lists the records, `GET .../records/{key}` one with its body,
 * `DELETE .../records` forgets them and the counts.
 */

export type PartnerSimulatorSwitches = {
  down: boolean;
  slow: number;
  fail: boolean;
  failEvery: number;
  throttle: boolean;
  rateLimit: number;
  retryAfterSeconds: number | null;
};

export type PartnerSimRecord = {
  key: string;
  /** The partner's id for it (what the adapter keeps as the external id). */
  id: string;
  version: number;
  status: PartnerLeadBody["status"];
  appointmentStart: string | null;
  /** Every version that arrived for the key, in order, duplicates and late ones included. */
  receivedVersions: number[];
  duplicates: number;
  outOfOrder: number;
  updatedAt: string;
};

export type PartnerSimCall = {
  method: string;
  path: string;
  status: number | null;
  key: string | null;
  /** The request body exactly as received (tests look for what must never be in it). */
  body: string;
};

export type PartnerSimStats = {
  /** Calls to the partner's API (not the simulator's own paths), answered or dropped. */
  total: number;
  /** Answered calls by HTTP status. */
  byStatus: Record<number, number>;
  /** Connections dropped without an answer (`down`). */
  dropped: number;
};

export type PartnerSimulator = {
  /** `http://host:port`, the server's root. */
  baseUrl: string;
  port: number;
  /** The endpoint to put in a partner's settings (`{baseUrl}/{mount}`). */
  url(kind: PartnerKind): string;
  secrets: Readonly<Record<PartnerKind, string>>;
  switches(kind: PartnerKind): PartnerSimulatorSwitches;
  set(kind: PartnerKind, switches: Partial<PartnerSimulatorSwitches>): PartnerSimulatorSwitches;
  /** All switches off (one partner, or all). */
  reset(kind?: PartnerKind): void;
  records(kind: PartnerKind): PartnerSimRecord[];
  /** One record with the body of its highest version, or null. */
  record(kind: PartnerKind, key: string): (PartnerSimRecord & { body: PartnerLeadBody }) | null;
  stats(kind: PartnerKind): PartnerSimStats;
  /** The last calls (at most 200), oldest first. */
  calls(kind: PartnerKind): PartnerSimCall[];
  /** Forgets the records, the counts and the calls (one partner, or all); the switches stay. */
  clear(kind?: PartnerKind): void;
  close(): Promise<void>;
};

export type PartnerSimulatorOptions = {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
  secrets?: Partial<Record<PartnerKind, string>>;
  /** Who each partner takes us for, as `GET /v1/ping` answers. */
  vendors?: Partial<Record<PartnerKind, string>>;
  now?: () => Date;
};

/** The demo's shared secrets (at least 16 characters, as the credentials schema requires). */
export const PARTNER_SIMULATOR_SECRETS: Readonly<Record<PartnerKind, string>> = {
  retailer: "sim-retailer-secret-0001",
  retailerProgram: "sim-retailer-program-secret-0001",
  secondPartner: "sim-second-partner-secret-0001",
};

/** Who each simulated partner takes us for (the retailer: our vendor number). */
export const PARTNER_SIMULATOR_VENDORS: Readonly<Record<PartnerKind, string>> = {
  retailer: "1234",
  retailerProgram: "FieldLead",
  secondPartner: "FieldLead",
};

/** The path each partner is mounted at. */
export const PARTNER_MOUNTS: Readonly<Record<PartnerKind, string>> = {
  retailer: "retailer",
  retailerProgram: "retailer-program",
  secondPartner: "second-partner",
};

/** The prefix of each partner's record ids, so an id tells whose it is. */
const ID_PREFIX: Record<PartnerKind, string> = { retailer: "RT", retailerProgram: "RP", secondPartner: "SP" };

const OFF: PartnerSimulatorSwitches = {
  down: false,
  slow: 0,
  fail: false,
  failEvery: 0,
  throttle: false,
  rateLimit: 0,
  retryAfterSeconds: 1,
};
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_CALLS = 200;

type StoredRecord = PartnerSimRecord & { body: PartnerLeadBody };

type Mount = {
  kind: PartnerKind;
  secret: string;
  vendor: string;
  switches: PartnerSimulatorSwitches;
  /** Calls since `failEvery` was last set. */
  sinceFailEvery: number;
  records: Map<string, StoredRecord>;
  nextId: number;
  stats: PartnerSimStats;
  calls: PartnerSimCall[];
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": status >= 400 ? "application/problem+json" : "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function problem(
  res: ServerResponse,
  status: number,
  title: string,
  more: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  send(res, status, { type: "about:blank", title, status, ...more }, headers);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("The body is larger than 1 MB.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : (v ?? null);
};

const publicRecord = ({ body: _body, ...record }: StoredRecord): PartnerSimRecord => ({
  ...record,
  receivedVersions: [...record.receivedVersions],
});

export async function startPartnerSimulator(
  options: PartnerSimulatorOptions = {},
): Promise<PartnerSimulator> {
  const now = options.now ?? (() => new Date());
  const mounts = new Map<PartnerKind, Mount>();
  for (const kind of PARTNER_KINDS)
    mounts.set(kind, {
      kind,
      secret: options.secrets?.[kind] ?? PARTNER_SIMULATOR_SECRETS[kind],
      vendor: options.vendors?.[kind] ?? PARTNER_SIMULATOR_VENDORS[kind],
      switches: { ...OFF },
      sinceFailEvery: 0,
      records: new Map(),
      nextId: 1,
      stats: { total: 0, byStatus: {}, dropped: 0 },
      calls: [],
    });
  const byMount = new Map([...mounts.values()].map((m) => [PARTNER_MOUNTS[m.kind], m]));
  const mount = (kind: PartnerKind) => mounts.get(kind)!;

  function set(m: Mount, next: Partial<PartnerSimulatorSwitches>): PartnerSimulatorSwitches {
    if (next.failEvery !== undefined) m.sinceFailEvery = 0;
    m.switches = { ...m.switches, ...next };
    return { ...m.switches };
  }

  function clear(m: Mount) {
    m.records.clear();
    m.nextId = 1;
    m.stats = { total: 0, byStatus: {}, dropped: 0 };
    m.calls = [];
    m.sinceFailEvery = 0;
  }

  /** The switches from JSON, as `sim.set` takes them; unknown or ill-typed fields are refused, not ignored. */
  function parseSwitches(body: Record<string, unknown>): Partial<PartnerSimulatorSwitches> | string {
    const next: Partial<PartnerSimulatorSwitches> = {};
    for (const [k, v] of Object.entries(body)) {
      if (k === "reset") continue;
      if (k === "down" || k === "fail" || k === "throttle") {
        if (typeof v !== "boolean") return `${k} is true or false.`;
        next[k] = v;
      } else if (k === "slow" || k === "failEvery" || k === "rateLimit") {
        if (typeof v !== "number" || !Number.isInteger(v) || v < 0) return `${k} is a whole number from 0.`;
        next[k] = v;
      } else if (k === "retryAfterSeconds") {
        if (v !== null && (typeof v !== "number" || !Number.isInteger(v) || v < 0))
          return "retryAfterSeconds is a whole number from 0, or null.";
        next.retryAfterSeconds = v as number | null;
      } else return `Unknown switch "${k}".`;
    }
    return next;
  }

  async function admin(req: IncomingMessage, res: ServerResponse, m: Mount, rest: string) {
    if (rest === "/switches") {
      if (req.method === "GET") return send(res, 200, { switches: m.switches, stats: m.stats });
      if (req.method !== "POST") return problem(res, 405, "GET or POST.");
      let body: Record<string, unknown>;
      try {
        const parsed = JSON.parse((await readBody(req)) || "{}");
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
        body = parsed;
      } catch {
        return problem(
          res,
          400,
          "The switches are a JSON object: {down, slow, fail, failEvery, throttle, rateLimit, retryAfterSeconds, reset}.",
        );
      }
      const next = parseSwitches(body);
      if (typeof next === "string") return problem(res, 400, next);
      if (body.reset === true) set(m, { ...OFF });
      return send(res, 200, { switches: set(m, next) });
    }
    if (rest === "/records") {
      if (req.method === "GET") return send(res, 200, [...m.records.values()].map(publicRecord));
      if (req.method === "DELETE") {
        clear(m);
        return send(res, 200, { cleared: true });
      }
      return problem(res, 405, "GET or DELETE.");
    }
    const one = /^\/records\/([^/]+)$/.exec(rest);
    if (one && req.method === "GET") {
      const record = m.records.get(decodeURIComponent(one[1]));
      return record
        ? send(res, 200, { ...publicRecord(record), body: record.body })
        : problem(res, 404, "No record has this key.");
    }
    return problem(res, 404, "Not a simulator path.");
  }

  /** `PUT /v1/leads/{key}`: one record per key, the highest version wins. */
  function putLead(res: ServerResponse, m: Mount, key: string, idempotencyKey: string | null, raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return problem(res, 400, "The body is not JSON.");
    }
    const parsed = (PARTNER_LEAD_BODIES[m.kind] as z.ZodType<PartnerLeadBody>).safeParse(json);
    if (!parsed.success)
      return problem(res, 400, "The lead is not valid.", { errors: fieldErrorsOf(parsed.error) });
    const body = parsed.data;
    // The signature covers the body, not the path: the key in both must agree, or a signed body could be
    // replayed onto another record.
    if (body.key !== key)
      return problem(res, 400, "The lead is not valid.", {
        errors: { key: ["The key in the path and in the body differ."] },
      });
    if (idempotencyKey !== null && idempotencyKey !== key)
      return problem(res, 400, "The lead is not valid.", {
        errors: {
          [PARTNER_HEADERS.idempotencyKey]: ["The Idempotency-Key header and the path's key differ."],
        },
      });
    const at = now().toISOString();
    const held = m.records.get(key);
    if (!held) {
      const record: StoredRecord = {
        key,
        id: `${ID_PREFIX[m.kind]}-${String(m.nextId++).padStart(6, "0")}`,
        version: body.version,
        status: body.status,
        appointmentStart: body.appointment?.start ?? null,
        receivedVersions: [body.version],
        duplicates: 0,
        outOfOrder: 0,
        updatedAt: at,
        body,
      };
      m.records.set(key, record);
      return send(res, 201, { id: record.id, version: record.version });
    }
    held.receivedVersions.push(body.version);
    if (body.version < held.version) {
      held.outOfOrder++;
      return problem(res, 409, "A newer version of this lead is already held.", {
        id: held.id,
        currentVersion: held.version,
      });
    }
    if (body.version === held.version) held.duplicates++;
    else
      Object.assign(held, {
        version: body.version,
        status: body.status,
        appointmentStart: body.appointment?.start ?? null,
        updatedAt: at,
        body,
      });
    return send(res, 200, { id: held.id, version: held.version });
  }

  async function api(req: IncomingMessage, res: ServerResponse, m: Mount, rest: string) {
    const leadMatch = /^\/v1\/leads\/([^/]+)$/.exec(rest);
    const key = leadMatch ? decodeURIComponent(leadMatch[1]) : null;
    const call: PartnerSimCall = { method: req.method ?? "", path: rest, status: null, key, body: "" };
    m.calls.push(call);
    if (m.calls.length > MAX_CALLS) m.calls.shift();
    m.stats.total++;
    if (m.switches.down) {
      m.stats.dropped++;
      req.socket.destroy();
      return;
    }
    res.on("finish", () => {
      call.status = res.statusCode;
      m.stats.byStatus[res.statusCode] = (m.stats.byStatus[res.statusCode] ?? 0) + 1;
    });
    const raw = await readBody(req);
    call.body = raw;
    const s = m.switches;
    if (s.slow > 0) await new Promise((r) => setTimeout(r, s.slow));
    if (res.destroyed) return;
    if (s.fail) return problem(res, 500, "Internal server error (simulated).");
    if (s.failEvery > 0 && ++m.sinceFailEvery % s.failEvery === 0)
      return problem(res, 500, `Internal server error (simulated, every ${s.failEvery} calls).`);
    if (s.throttle || s.rateLimit > 0) {
      if (!s.throttle) s.rateLimit--;
      const headers: Record<string, string> =
        s.retryAfterSeconds === null ? {} : { "retry-after": String(s.retryAfterSeconds) };
      return problem(res, 429, "Too many requests (simulated).", {}, headers);
    }
    const check = verifySignature({
      secret: m.secret,
      timestamp: header(req, PARTNER_HEADERS.timestamp),
      signature: header(req, PARTNER_HEADERS.signature),
      body: raw,
      now: now(),
    });
    if (!check.ok) return problem(res, 401, SIGNATURE_REFUSALS[check.reason], { reason: check.reason });
    if (rest === PARTNER_PATHS.ping)
      return req.method === "GET"
        ? send(res, 200, { ok: true, vendor: m.vendor })
        : problem(res, 405, "GET only.");
    if (key !== null)
      return req.method === "PUT"
        ? putLead(res, m, key, header(req, PARTNER_HEADERS.idempotencyKey), raw)
        : problem(res, 405, "PUT only.");
    return problem(res, 404, "Not found.");
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    const adminMatch = /^\/__simulator\/([a-z-]+)(\/.*)$/.exec(url.pathname);
    const apiMatch = /^\/([a-z-]+)(\/.*)$/.exec(url.pathname);
    const handled = adminMatch
      ? (() => {
          const m = byMount.get(adminMatch[1]);
          return m ? admin(req, res, m, adminMatch[2]) : null;
        })()
      : apiMatch
        ? (() => {
            const m = byMount.get(apiMatch[1]);
            return m ? api(req, res, m, apiMatch[2]) : null;
          })()
        : null;
    if (!handled)
      return problem(
        res,
        404,
        "Not found: the partners are at /retailer, /retailer-program and /second-partner.",
      );
    handled.catch((err) => {
      if (!res.headersSent && !res.destroyed)
        problem(res, 400, err instanceof Error ? err.message : "Bad request.");
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const baseUrl = `http://${host}:${address.port}`;

  return {
    baseUrl,
    port: address.port,
    url: (kind) => `${baseUrl}/${PARTNER_MOUNTS[kind]}`,
    secrets: Object.fromEntries(PARTNER_KINDS.map((k) => [k, mount(k).secret])) as Record<
      PartnerKind,
      string
    >,
    switches: (kind) => ({ ...mount(kind).switches }),
    set: (kind, next) => set(mount(kind), next),
    reset: (kind) => {
      for (const k of kind ? [kind] : PARTNER_KINDS) set(mount(k), { ...OFF });
    },
    records: (kind) => [...mount(kind).records.values()].map(publicRecord),
    record: (kind, key) => {
      const r = mount(kind).records.get(key);
      return r ? { ...publicRecord(r), body: r.body } : null;
    },
    stats: (kind) => {
      const s = mount(kind).stats;
      return { total: s.total, byStatus: { ...s.byStatus }, dropped: s.dropped };
    },
    calls: (kind) => mount(kind).calls.map((c) => ({ ...c })),
    clear: (kind) => {
      for (const k of kind ? [kind] : PARTNER_KINDS) clear(mount(k));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
