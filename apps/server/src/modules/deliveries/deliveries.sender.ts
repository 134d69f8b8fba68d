import { type ConsentDestination, DESTINATIONS, destinationName } from "@fieldlead/contracts";
import type { Logger } from "pino";
import type {
  AnyDestination,
  DeliveryFailure,
  DeliveryResult,
  DestinationConfig,
  TokenCache,
} from "../../integrations/destination";
import type { Registry } from "../../integrations/registry";
import { memoryTokenCache } from "../../integrations/servicetitan/index";
import type { Database } from "../../platform/db";
import { type OutboxSignal, outboxSignal } from "../../platform/outbox";
import type { SecretBox } from "../../platform/secrets";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { CrmRepository } from "../crm/index";
import type { Notices } from "../notifications/index";
import { type ClaimedDelivery, DELIVERY_CHANNEL, type DeliveriesRepository } from "./deliveries.repository";

/** Where the dead-delivery notice opens: the deliveries page, showing the dead ones. */
const DEAD_DELIVERIES_LINK = "/deliveries?states=dead";

/**
 * The delivery worker (docs/decisions/0039). It claims due deliveries (`FOR UPDATE SKIP LOCKED`, a lease, one
 * statement), reads each lead's state as it is now, asks the destination's adapter to make the destination hold
 * it, and records what came of it:
 * - sent: the destination's ids and what it was told; pending again at once if the lead changed meanwhile;
 * - retryable (down, slow, 429, 5xx): failing, due again after an exponential backoff with jitter (never sooner
 *   than the destination's `Retry-After`); dead once it has failed for `deadAfterMs`, with a notice to the
 *   organization's Admins (in the app and by email);
 * - permanent (the destination refused what we sent): dead at once, with the same notice.
 * One claim per delivery at a time, and a claim always sends the latest state: a cancel never overtakes its
 * booking, and a burst of changes is one send. A worker that dies mid-send leaves the row `sending` until its
 * lease runs out; the next claim then sends again, and the adapter (told the last try was unclear) looks for the
 * record before creating one.
 */

export type BackoffPolicy = {
  /** The first retry's ceiling; each next one doubles it. */
  baseMs: number;
  maxMs: number;
  /** Failing this long makes a delivery dead. */
  deadAfterMs: number;
};

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 10_000,
  maxMs: 15 * 60_000,
  deadAfterMs: 24 * 3_600_000,
};

/**
 * The wait before try `attempt + 1` ("equal jitter": half the ceiling, plus a random part of the other half, so
 * waits grow and a crowd of deliveries failing together does not come back together), never less than what the
 * destination asked for.
 */
export function retryDelayMs(
  attempt: number,
  policy: Pick<BackoffPolicy, "baseMs" | "maxMs">,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const backoff = Math.floor(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, policy.maxMs * 4));
}

/** What a destination's settings and credentials come to for its adapter, or why they cannot be used. */
export type LoadedConfig =
  | { ok: true; adapter: AnyDestination; config: DestinationConfig }
  | { ok: false; retry: boolean; error: string };

export type SenderDeps = {
  uow: UnitOfWork;
  repo: DeliveriesRepository;
  crm: CrmRepository;
  registry: Registry;
  secrets: SecretBox;
  /** The dead-delivery notice to the Admins (in the app and by email) goes through the notifications' port. */
  notices: Notices;
  publicUrl: string;
  log: Pick<Logger, "info" | "warn" | "error">;
  fetch?: typeof fetch;
  now?: () => Date;
  random?: () => number;
  backoff?: Partial<BackoffPolicy>;
  tokens?: TokenCache;
  /** One send's deadline (default 30 s). */
  sendTimeoutMs?: number;
};

export function vendorOf(destination: ConsentDestination): string {
  return DESTINATIONS.find((d) => d.id === destination)?.vendor ?? destination;
}

/** An adapter's settings check, in words: the first issues, by field. */
function settingsProblem(what: string, err: unknown): string {
  const issues = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  const detail = issues?.length
    ? issues
        .slice(0, 3)
        .map((i) => `${i.path.map(String).join(".") || what}: ${i.message}`)
        .join("; ")
    : err instanceof Error
      ? err.message
      : String(err);
  return `The ${what} are incomplete (${detail}). An Admin completes them in Settings > Destinations.`;
}

export function deliverySender(d: SenderDeps) {
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...d.backoff };
  const tokens = d.tokens ?? memoryTokenCache();
  const now = d.now ?? (() => new Date());

  /** The organization's settings of a destination, parsed by its adapter, with credentials opened (in memory). */
  async function loadConfig(organizationId: number, destination: ConsentDestination): Promise<LoadedConfig> {
    const name = destinationName(destination);
    const row = await d.repo.setting(d.uow.read, organizationId, destination);
    if (!row?.isEnabled)
      return {
        ok: false,
        retry: true,
        error: `${name} is turned off for this organization; the lead is sent once it is turned on again.`,
      };
    let adapter: AnyDestination;
    try {
      adapter = d.registry.destination(vendorOf(destination));
    } catch (err) {
      return { ok: false, retry: false, error: (err as Error).message };
    }
    let rawSettings: Record<string, unknown> = row.settings;
    let rawCredentials: unknown;
    if (destination === "crm") {
      const connection = await d.crm.connection(d.uow.read, organizationId);
      if (!connection)
        return {
          ok: false,
          retry: false,
          error: settingsProblem(`${name} settings`, new Error("no connection")),
        };
      const { clientSecret, ...conn } = connection;
      rawSettings = {
        apiUrl: conn.apiUrl,
        authUrl: conn.authUrl,
        tenantId: Number(conn.tenantId),
        clientId: conn.clientId,
        appKey: conn.appKey,
        ...row.settings,
      };
      rawCredentials = { clientSecret };
    } else {
      rawCredentials = row.credentials ? JSON.parse(d.secrets.open(row.credentials)) : {};
    }
    try {
      return {
        ok: true,
        adapter,
        config: {
          settings: adapter.schemas.settings.parse(rawSettings),
          credentials: adapter.schemas.credentials.parse(rawCredentials),
        },
      };
    } catch (err) {
      return { ok: false, retry: false, error: settingsProblem(`${name} settings`, err) };
    }
  }

  async function attempt(c: ClaimedDelivery): Promise<DeliveryResult> {
    const loaded = await loadConfig(c.organizationId, c.destination);
    if (!loaded.ok) return { outcome: loaded.retry ? "retryable" : "permanent", error: loaded.error };
    const payload = await d.repo.payload(d.uow.read, c, c.sendingVersion ?? c.wantedVersion);
    if (!payload) return { outcome: "permanent", error: "The lead no longer exists." };
    const signal = AbortSignal.timeout(d.sendTimeoutMs ?? 30_000);
    try {
      const result = await loaded.adapter.send(
        payload,
        { externalId: c.externalId, externalIds: c.externalIds, sent: c.sentState, unclear: c.unclear },
        loaded.config,
        { fetch: d.fetch ?? fetch, now, signal, tokens },
      );
      if (result.outcome === "delivered") {
        const a = payload.appointment;
        const sent = {
          appointmentId: a?.id ?? null,
          status: a?.status ?? null,
          start: a?.start ?? null,
          end: a?.end ?? null,
        };
        await d.uow.run((tx) =>
          d.repo.markSent(tx, c, {
            externalId: result.externalId,
            externalIds: { ...result.externalIds },
            sent,
          }),
        );
      }
      return result;
    } catch (err) {
      // An adapter must answer, not throw; if one does, it is a bug of ours: keep the delivery and retry.
      d.log.error({ err, deliveryId: c.id, destination: c.destination }, "a destination adapter threw");
      return { outcome: "retryable", error: "Sending failed unexpectedly; it will be tried again." };
    }
  }

  async function recordFailure(c: ClaimedDelivery, failure: DeliveryFailure): Promise<void> {
    const failingSince = c.failingSince ?? now();
    const retryInMs = retryDelayMs(
      c.attempts,
      policy,
      failure.outcome === "retryable" ? failure.retryAfterMs : undefined,
      d.random,
    );
    const dead =
      failure.outcome === "permanent" ||
      now().getTime() + retryInMs - failingSince.getTime() > policy.deadAfterMs;
    // No answer at all, a timeout or a server error: the destination may have made the record.
    const unclear =
      failure.outcome === "retryable" &&
      (failure.httpStatus === undefined || failure.httpStatus >= 500 || failure.httpStatus === 408);
    await d.uow.run(async (tx) => {
      const becameDead = await d.repo.markFailed(tx, c, {
        error: failure.error,
        httpStatus: failure.httpStatus ?? null,
        unclear,
        dead,
        retryInMs,
      });
      if (!becameDead) return;
      const admins = await d.repo.adminUserIds(tx, c.organizationId);
      const name = destinationName(c.destination);
      const title = `A lead could not be sent to ${name}`;
      const gone = `Lead ${c.leadId} could not be sent to ${name} and will not be tried again on its own.`;
      const answer = `The last answer: ${failure.error}`;
      const fix =
        "Fix the cause (the destination's settings, or the lead), then send it again from the deliveries page";
      await d.notices.notify(tx, {
        organizationId: c.organizationId,
        kind: "deadDelivery",
        userIds: admins,
        title,
        body: [gone, "", answer, "", `${fix}.`].join("\n"),
        link: DEAD_DELIVERIES_LINK,
        email: {
          subject: title,
          text: [gone, "", answer, "", `${fix}: ${d.publicUrl}${DEAD_DELIVERIES_LINK}`].join("\n"),
        },
      });
      d.log.warn(
        {
          deliveryId: c.id,
          organizationId: c.organizationId,
          destination: c.destination,
          admins: admins.length,
        },
        "a delivery is dead; the organization's Admins were told",
      );
    });
  }

  /** Sends one claimed delivery and records the result. */
  async function run(c: ClaimedDelivery): Promise<void> {
    const result = await attempt(c);
    if (result.outcome !== "delivered") await recordFailure(c, result);
  }

  /** Claims up to `limit` due deliveries (or these `ids`, when due). */
  const claim = (limit: number, ids?: readonly number[]) =>
    d.repo.claim(d.uow.read, { limit, leaseSeconds: 120, ids });

  return {
    loadConfig,
    claim,
    run,
    /** Claims up to `limit` due deliveries (or these `ids`, when due) and sends them concurrently; the number sent. */
    async sweep(limit: number, ids?: readonly number[]): Promise<number> {
      const claimed = await claim(limit, ids);
      await Promise.all(claimed.map(run));
      return claimed.length;
    },
  };
}

export type DeliverySender = ReturnType<typeof deliverySender>;

export type DeliveryWorker = {
  start: () => void;
  stop: () => Promise<void>;
  /** Sends until nothing is due (tests, benchmarks), `concurrency` at a time; the number sent. */
  drain: () => Promise<number>;
  signal: OutboxSignal;
};

/**
 * The loop: sweeps while there is due work (`concurrency` sends at once), then sleeps until nudged (a change
 * committed in this process; on PostgreSQL, a NOTIFY from another) or `pollMs` passes (failed deliveries come due
 * on their own).
 */
export function deliveryWorker(opts: {
  sender: DeliverySender;
  database: Pick<Database, "listen">;
  signal: OutboxSignal;
  log: Pick<Logger, "warn" | "error">;
  concurrency?: number;
  pollMs?: number;
}): DeliveryWorker {
  const concurrency = opts.concurrency ?? 10;
  const pollMs = opts.pollMs ?? 1_000;
  let running = false;
  let loop: Promise<void> | null = null;
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  const inFlight = new Set<Promise<void>>();
  /**
   * Keeps `concurrency` sends going: a slot that frees is filled at once (a batch does not wait for its slowest
   * send). With nothing due, it waits for a send to finish, or, with none in flight, for a nudge or `pollMs`
   * (`untilIdle`: it returns instead). Answers the number of deliveries sent.
   */
  async function pump(untilIdle: boolean): Promise<number> {
    let total = 0;
    while (untilIdle || running) {
      let claimed: Awaited<ReturnType<DeliverySender["claim"]>> = [];
      const free = concurrency - inFlight.size;
      if (free > 0) {
        try {
          claimed = await opts.sender.claim(free);
        } catch (err) {
          opts.log.error({ err }, "claiming deliveries failed");
        }
      }
      total += claimed.length;
      for (const c of claimed) {
        const sending: Promise<void> = opts.sender
          .run(c)
          .catch((err) => opts.log.error({ err, deliveryId: c.id }, "a delivery could not be recorded"))
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      if (!untilIdle && !running) break;
      if (inFlight.size >= concurrency || (claimed.length === 0 && inFlight.size > 0))
        await Promise.race(inFlight);
      else if (claimed.length === 0) {
        if (untilIdle) break;
        await opts.signal.wait(pollMs);
      }
    }
    await Promise.all(inFlight);
    return total;
  }
  return {
    signal: opts.signal,
    start() {
      if (running) return;
      running = true;
      loop = pump(false).then(() => undefined);
      unlisten = (
        opts.database.listen?.(DELIVERY_CHANNEL, () => opts.signal.nudge()) ?? Promise.resolve(null)
      ).catch((err) => {
        opts.log.warn({ err }, "cannot listen for delivery nudges; polling only");
        return null;
      });
    },
    async stop() {
      if (!running) return;
      running = false;
      opts.signal.nudge();
      await loop;
      await (await unlisten)?.();
    },
    drain: () => pump(true),
  };
}

export { outboxSignal as deliverySignal };
