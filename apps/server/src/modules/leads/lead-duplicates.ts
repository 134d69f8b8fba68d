import type { Tx } from "../../platform/unit-of-work";
import type { LeadRow, LeadsRepository } from "./leads.repository";

const DAY_MS = 86_400_000;

/**
 * Earlier live leads of the organization with the same phone or email within `windowDays` before
 * `capturedAt`, oldest first, and the lead a new one is linked to: the first match, or the lead that match is
 * itself a duplicate of (so chains point at the original). `self` excludes a lead being edited and keeps only
 * leads captured before it. Inside a capture's transaction, `exec` is that transaction (after `lockKeys`).
 */
export async function findDuplicates(
  exec: Tx,
  repo: LeadsRepository,
  scope: { organizationId: number },
  q: {
    phone: string | null;
    email: string | null;
    capturedAt: Date;
    windowDays: number;
    self?: { id: number; capturedAt: Date };
  },
): Promise<{ rows: LeadRow[]; rootId: number | null }> {
  if (q.windowDays <= 0 || (!q.phone && !q.email)) return { rows: [], rootId: null };
  const from = new Date(q.capturedAt.getTime() - q.windowDays * DAY_MS);
  let rows = await repo.duplicateCandidates(exec, scope, {
    phone: q.phone,
    email: q.email,
    from,
    to: q.capturedAt,
    excludeId: q.self?.id,
  });
  const self = q.self;
  if (self) {
    rows = rows.filter(
      (r) =>
        r.capturedAt.getTime() < self.capturedAt.getTime() ||
        (r.capturedAt.getTime() === self.capturedAt.getTime() && r.id < self.id),
    );
  }
  const first = rows[0];
  return { rows, rootId: first ? (first.duplicateOfLeadId ?? first.id) : null };
}
