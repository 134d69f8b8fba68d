import { and, eq, gte, lte } from "drizzle-orm";
import { hoursPostingUsers } from "../../../db/schema/index";
import { conflict } from "../../../platform/errors";
import type { Tx } from "../../../platform/unit-of-work";

/**
 * Posted pay periods (docs/decisions/0040-labor.md): once hours are posted for a person and a period, nothing in
 * it changes. Every labor write that touches a person's date asks here first, in its own transaction.
 */
export type PostedPeriod = { postingId: number; startDate: string; endDate: string };

/** The posted period holding a person's date, if any. */
export async function postedPeriodOf(
  tx: Tx,
  organizationId: number,
  userId: number,
  workDate: string,
): Promise<PostedPeriod | null> {
  const [row] = await tx
    .select({
      postingId: hoursPostingUsers.postingId,
      startDate: hoursPostingUsers.startDate,
      endDate: hoursPostingUsers.endDate,
    })
    .from(hoursPostingUsers)
    .where(
      and(
        eq(hoursPostingUsers.organizationId, organizationId),
        eq(hoursPostingUsers.userId, userId),
        lte(hoursPostingUsers.startDate, workDate),
        gte(hoursPostingUsers.endDate, workDate),
      ),
    )
    .limit(1);
  return row ?? null;
}

export const postedMessage = (p: PostedPeriod) =>
  `Hours for ${p.startDate} to ${p.endDate} are posted for payroll; nothing in that period can change.`;

/** Refuses (409, naming the period) a change to a person's date inside a posted period. */
export async function assertNotPosted(
  tx: Tx,
  organizationId: number,
  userId: number,
  workDates: readonly string[],
): Promise<void> {
  for (const d of new Set(workDates)) {
    const p = await postedPeriodOf(tx, organizationId, userId, d);
    if (p) throw conflict(postedMessage(p), { workDate: [postedMessage(p)] });
  }
}
