import type { UnitOfWork } from "../../platform/unit-of-work";
import type { CrmCapacity, CrmCapacityAnswer } from "../appointments/index";
import type { CrmClients } from "./crm.clients";

// The port is the appointments module's (modules/appointments/crm-capacity.ts, decision 0033); this module
// implements it.
export type { CrmCapacity, CrmCapacityAnswer } from "../appointments/index";

export type CrmCapacityDeps = {
  uow: UnitOfWork;
  clients: CrmClients;
  /** The whole question, token included, or `unavailable` (default 1.5 s). */
  timeoutMs?: number;
  /** How long an answer is reused for the same organization and question (default 60 s). */
  cacheMs?: number;
  /** How long `unavailable` is reused, so a CRM that is down is not waited for on every page (default 15 s). */
  unavailableCacheMs?: number;
  now?: () => Date;
};

/** Slots overlapping the edges of the range are asked for too: the CRM answers slots wholly inside it. */
const EDGE_MS = 12 * 3_600_000;
const MAX_ENTRIES = 500;

type Interval = { start: number; end: number; open: boolean };

export function crmCapacity(deps: CrmCapacityDeps): CrmCapacity {
  const timeoutMs = deps.timeoutMs ?? 1_500;
  const cacheMs = deps.cacheMs ?? 60_000;
  const unavailableCacheMs = deps.unavailableCacheMs ?? 15_000;
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, { expiresAt: number; answer: Promise<CrmCapacityAnswer> }>();

  function remember(key: string, answer: Promise<CrmCapacityAnswer>) {
    const at = now().getTime();
    for (const [k, v] of cache) if (v.expiresAt <= at) cache.delete(k);
    while (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    const entry = { expiresAt: at + cacheMs, answer };
    cache.set(key, entry);
    // A failure is kept for less time than an answer.
    answer.then((a) => {
      if (a.status !== "checked")
        entry.expiresAt = Math.min(entry.expiresAt, now().getTime() + unavailableCacheMs);
    });
  }

  return {
    async check(input) {
      try {
        const crm = await deps.clients.forOrganization(deps.uow.read, input.organizationId);
        if (!crm) return { status: "notConnected" };
        const businessUnitIds = [...new Set(input.businessUnitIds)].sort((a, b) => a - b);
        const key = JSON.stringify([
          input.organizationId,
          crm.connection.apiUrl,
          crm.connection.tenantId,
          input.from.getTime(),
          input.to.getTime(),
          businessUnitIds,
          input.jobTypeId,
        ]);
        const kept = cache.get(key);
        if (kept && kept.expiresAt > now().getTime()) return await kept.answer;

        const answer = (async (): Promise<CrmCapacityAnswer> => {
          const result = await crm.client.capacity(
            {
              startsOnOrAfter: new Date(input.from.getTime() - EDGE_MS).toISOString(),
              endsOnOrBefore: new Date(input.to.getTime() + EDGE_MS).toISOString(),
              businessUnitIds: businessUnitIds.length ? businessUnitIds : undefined,
              jobTypeId: input.jobTypeId ?? undefined,
              skillBasedAvailability: false,
            },
            // One quick retry at most (a 429 that asks for half a second or less), all within the deadline.
            {
              signal: AbortSignal.timeout(timeoutMs),
              timeoutMs,
              retry: { maxAttempts: 2, maxRetryAfterMs: 500 },
            },
          );
          if (result.outcome !== "ok") return { status: "unavailable", reason: result.error };
          const slots: Interval[] = result.value.availabilities.map((a) => ({
            start: Date.parse(a.startUtc),
            end: Date.parse(a.endUtc),
            open: a.openAvailability > 0 || a.isAvailable,
          }));
          return {
            status: "checked",
            takes: (w) => {
              const s = w.startsAt.getTime();
              const e = w.endsAt.getTime();
              return slots.some((slot) => slot.open && slot.start < e && slot.end > s);
            },
          };
        })().catch(
          (err): CrmCapacityAnswer => ({
            status: "unavailable",
            reason: `The CRM's capacity could not be read (${err instanceof Error ? err.message : String(err)}).`,
          }),
        );
        remember(key, answer);
        return await answer;
      } catch (err) {
        // Reading the connection failed (the database, or called inside a transaction): never break availability.
        return {
          status: "unavailable",
          reason: `The CRM connection could not be read (${err instanceof Error ? err.message : String(err)}).`,
        };
      }
    },
  };
}
