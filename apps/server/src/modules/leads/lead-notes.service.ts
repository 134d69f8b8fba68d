import type { LeadHistoryEntry } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { notFound } from "../../platform/errors";
import { once } from "../../platform/idempotency";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { toHistoryEntry } from "./leads.mapper";
import { inLeadScope, leadScope, requireLeadEditor } from "./leads.policy";
import type { LeadsRepository } from "./leads.repository";

type Deps = { uow: UnitOfWork; repo: LeadsRepository };

/**
 * Notes on a lead (docs/decisions/0032): each is an append-only `note` entry of the lead's history (who, when,
 * `after.text`); the lead itself does not change. Whoever may edit the lead may add one.
 */
export function leadNotes(d: Deps) {
  return {
    /**
     * Adds a note and answers its history entry. With an `Idempotency-Key`, a repeat of the same note (same lead,
     * same text) adds nothing and answers the first entry; the key with another note is a 422.
     */
    async add(ctx: TenantContext, leadId: number, text: string, idempotencyKey?: string) {
      requireLeadEditor(ctx);
      const scope = leadScope(ctx);
      return d.uow.run(async (tx): Promise<LeadHistoryEntry> => {
        // Locked like an edit: a note never lands on a lead deleted at the same moment, and a repeat sent at
        // once waits for the first to commit and then finds its key.
        const lead = await d.repo.lock(tx, ctx, leadId);
        if (!lead || lead.deletedAt || !inLeadScope(scope, lead)) throw notFound("The lead");
        const key = { organizationId: ctx.organizationId, actor: `u${ctx.userId}`, operation: "leads.note" };
        return once(tx, key, idempotencyKey, { leadId, text }, async () => {
          await d.repo.addHistory(tx, ctx, [
            { entityId: leadId, action: "note", before: null, after: { text } },
          ]);
          const row = await d.repo.latestHistory(tx, ctx, leadId, { action: "note", userId: ctx.userId });
          if (!row) throw new Error("The note just written was not found.");
          return toHistoryEntry(row);
        });
      });
    },
  };
}

export type LeadNotes = ReturnType<typeof leadNotes>;
