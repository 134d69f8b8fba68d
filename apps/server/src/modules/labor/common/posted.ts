import { and, eq, gte, lte, sql } from "drizzle-orm";
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

/**
 * The organization's posting lock, held to the end of the transaction: a posting takes it exclusively, every labor
 * write that checks `assertNotPosted` shares it, so no write lands in a period a posting commits meanwhile. One lock
 * per organization, not per person: a posting of thousands of people would fill PostgreSQL's lock table.
 */
export async function lockPostings(
  tx: Tx,
  organizationId: number,
  mode: "shared" | "exclusive",
): Promise<void> {
  const key = sql`hashtextextended(${`hours-postings:${organizationId}`}, 0)`;
  await tx.execute(
    mode === "exclusive"
      ? sql`select pg_advisory_xact_lock(${key})`
      : sql`select pg_advisory_xact_lock_shared(${key})`,
  );
}

/**
 * Refuses (409, naming the period) a change to a person's date inside a posted period. Takes the shared posting
 * lock first, so a posting that commits meanwhile is seen.
 */
export async function assertNotPosted(
  tx: Tx,
  organizationId: number,
  userId: number,
  workDates: readonly string[],
): Promise<void> {
  await lockPostings(tx, organizationId, "shared");
  for (const d of new Set(workDates)) {
    const p = await postedPeriodOf(tx, organizationId, userId, d);
    if (p) throw conflict(postedMessage(p), { workDate: [postedMessage(p)] });
  }
}
