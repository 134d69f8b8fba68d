import type { Logger } from "pino";
import type { TokenCache } from "../../integrations/destination";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { DeliveriesRepository } from "./deliveries.repository";
import type { DeliverySender } from "./deliveries.sender";

/** The most CRM records read back per organization per run (the oldest-read first; the next run goes on). */
export const READBACK_BATCH = 500;

/**
 * The CRM read-back (docs/decisions/0039): for every organization with the CRM on, what became of the records it
 * was sent (a booking accepted, a job run, sold, not sold, no show, cancelled; invoiced revenue), written to the
 * delivery (outcome) and the lead (revenue, first contacted). Records whose outcome is final are not read again.
 * The CRM is read outside any transaction; each organization's results are written in one.
 */
export function crmReadBack(d: {
  uow: UnitOfWork;
  repo: DeliveriesRepository;
  sender: DeliverySender;
  log: Pick<Logger, "info" | "warn">;
  fetch?: typeof fetch;
  tokens?: TokenCache;
}) {
  async function organization(organizationId: number): Promise<number> {
    const loaded = await d.sender.loadConfig(organizationId, "crm");
    if (!loaded.ok || !loaded.adapter.outcomes) return 0;
    const records = await d.repo.toReadBack(d.uow.read, organizationId, READBACK_BATCH);
    const readable = records.filter((r): r is typeof r & { externalId: string } => r.externalId !== null);
    if (readable.length === 0) return 0;
    const result = await loaded.adapter.outcomes(
      readable.map((r) => ({ externalId: r.externalId, externalIds: r.externalIds })),
      loaded.config,
      {
        fetch: d.fetch ?? fetch,
        now: () => new Date(),
        signal: AbortSignal.timeout(60_000),
        tokens: d.tokens,
      },
    );
    if (result.outcome !== "ok") {
      d.log.warn(
        { organizationId, error: result.error },
        "the CRM read-back failed; the next run tries again",
      );
      return 0;
    }
    const byId = new Map(result.value.map((o) => [o.externalId, o]));
    await d.uow.run(async (tx) => {
      for (const r of readable) {
        const o = byId.get(r.externalId);
        if (!o) continue;
        await d.repo.saveOutcome(tx, organizationId, {
          deliveryId: r.id,
          leadId: r.leadId,
          outcome: o.outcome,
          revenue: o.revenue,
          contactedAt: o.contactedAt ? new Date(o.contactedAt) : null,
          externalIds: {
            ...o.externalIds,
            ...(o.jobId ? { jobId: o.jobId } : {}),
            ...(o.jobNumber ? { jobNumber: o.jobNumber } : {}),
          },
        });
      }
      await d.repo.markRead(
        tx,
        organizationId,
        readable.filter((r) => !byId.has(r.externalId)).map((r) => r.id),
      );
    });
    return byId.size;
  }
  return {
    organization,
    async all(): Promise<number> {
      let total = 0;
      for (const organizationId of await d.repo.organizationsWithCrmDeliveries(d.uow.read)) {
        total += await organization(organizationId).catch((err) => {
          d.log.warn({ err, organizationId }, "the CRM read-back failed for an organization");
          return 0;
        });
      }
      return total;
    },
  };
}
