import {
  addDays,
  DATE_RANGE,
  type DateRangeOption,
  daysBetween,
  formatDate,
  LABOR_MAX_PERIOD_DAYS,
  LABOR_PERIOD_MESSAGE,
  resolveDateRange,
} from "@fieldlead/contracts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { memberships, membershipTerritories, users } from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { badRequest, notFound } from "../../../platform/errors";
import { userScope } from "../../../platform/scope";
import type { Tx } from "../../../platform/unit-of-work";

/**
 * What every labor slice shares (docs/decisions/0040-labor.md): which people a caller reaches, and the period a
 * list covers. Row scope is the rights model's (platform/scope.ts `userScope`): a lead generator reaches only
 * themselves, a territory-limited role the people of its territories (and themselves), everyone else the whole
 * organization. A person outside the scope answers 404, exactly like a person of another organization.
 */

/**
 * The condition that keeps rows whose person (`userIdColumn`) the caller reaches; `undefined` when the caller
 * reaches the whole organization (the row's own `organization_id` filter does the rest).
 */
export function peopleCondition(exec: Tx, ctx: TenantContext, userIdColumn: AnyPgColumn): SQL | undefined {
  const scope = userScope(ctx);
  if (scope.kind === "organization") return undefined;
  if (scope.kind === "self" || scope.territoryIds.length === 0) return eq(userIdColumn, ctx.userId);
  const inTerritories = exec
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(
      membershipTerritories,
      and(
        eq(membershipTerritories.organizationId, memberships.organizationId),
        eq(membershipTerritories.membershipId, memberships.id),
      ),
    )
    .where(
      and(
        eq(memberships.organizationId, ctx.organizationId),
        inArray(membershipTerritories.territoryId, scope.territoryIds),
      ),
    );
  return sql`(${userIdColumn} = ${ctx.userId} or ${userIdColumn} = any(array(${inTerritories})))`;
}

/** The people of some territories (a list filter, not the caller's scope). */
export function inTerritoriesCondition(
  exec: Tx,
  organizationId: number,
  territoryIds: number[],
  userIdColumn: AnyPgColumn,
): SQL {
  const ids = exec
    .select({ id: memberships.userId })
    .from(memberships)
    .innerJoin(
      membershipTerritories,
      and(
        eq(membershipTerritories.organizationId, memberships.organizationId),
        eq(membershipTerritories.membershipId, memberships.id),
      ),
    )
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(membershipTerritories.territoryId, territoryIds),
      ),
    );
  return sql`${userIdColumn} = any(array(${ids}))`;
}

export type LaborPerson = {
  userId: number;
  name: string;
  email: string;
  roleId: number;
  hoursTypeId: number | null;
  isActive: boolean;
};

/**
 * A person of the organization the caller reaches, or 404 (another organization's person, someone outside the
 * caller's territories, or anyone else for a lead generator: the same answer as a person who does not exist).
 */
export async function personInScope(tx: Tx, ctx: TenantContext, userId: number): Promise<LaborPerson> {
  const scoped = peopleCondition(tx, ctx, memberships.userId);
  const [row] = await tx
    .select({
      userId: memberships.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleId: memberships.roleId,
      hoursTypeId: memberships.hoursTypeId,
      isActive: memberships.isActive,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, ctx.organizationId), eq(memberships.userId, userId), scoped))
    .limit(1);
  if (!row) throw notFound("The person");
  return {
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    roleId: row.roleId,
    hoursTypeId: row.hoursTypeId,
    isActive: row.isActive,
  };
}

export type LaborPeriodRequest = {
  dateRange?: number | null;
  startDate?: string | null;
  endDate?: string | null;
};
export type LaborPeriod = { startDate: string; endDate: string };

/**
 * The store-local dates a list covers: `startDate`..`endDate` (inclusive; one end alone is a single day), else the
 * named range resolved in the organization's zone with its first day of week, else `fallback` (This Week).
 * A reversed or over-long period is a 400 naming the field.
 */
export function laborPeriod(
  ctx: Pick<TenantContext, "timeZone" | "firstDayOfWeek">,
  req: LaborPeriodRequest,
  now: Date,
  fallback: DateRangeOption = DATE_RANGE.THIS_WEEK,
): LaborPeriod {
  let startDate: string;
  let endDate: string;
  if (req.startDate || req.endDate) {
    startDate = (req.startDate ?? req.endDate) as string;
    endDate = (req.endDate ?? req.startDate) as string;
    if (startDate > endDate) {
      throw badRequest(`The start date ${startDate} is after the end date ${endDate}.`, {
        "body.startDate": ["The start date is after the end date."],
      });
    }
  } else {
    const r = resolveDateRange(
      (req.dateRange ?? fallback) as DateRangeOption,
      now,
      ctx.timeZone,
      ctx.firstDayOfWeek,
    );
    startDate = r.startDate;
    endDate = r.endDate;
  }
  if (daysBetween(startDate, endDate) + 1 > LABOR_MAX_PERIOD_DAYS) {
    throw badRequest(LABOR_PERIOD_MESSAGE, { "body.endDate": [LABOR_PERIOD_MESSAGE] });
  }
  return { startDate, endDate };
}

/** Today in a zone (`yyyy-MM-dd`). */
export const localToday = (timeZone: string, now: Date) => formatDate(now, timeZone);
export { addDays };
