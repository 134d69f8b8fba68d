import { refusalOf } from "@fieldlead/contracts";
import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TenantContext } from "../../../platform/context";
import { forbidden } from "../../../platform/errors";
import { has, requireCan } from "../../../platform/scope";
import type { Tx } from "../../../platform/unit-of-work";
import { peopleCondition } from "../common/people";

/**
 * Who sees and logs which activities (docs/decisions/0026, 0040). `labor.read` opens the lists; without
 * `labor.team` (lead generators) a caller sees only their own, with it the people of their row scope (a lead
 * generator lead their territories', a territory-limited manager theirs, the others the organization). Logging one's
 * own activity takes `labor.own`; logging, changing or deleting another person's, and recording no-activity reasons,
 * take `labor.edit`. A person or activity outside the scope answers 404, as one of another organization does.
 */

/** The row scope of the activity lists, on a person column (undefined: the whole organization). */
export function activityScope(ctx: TenantContext) {
  return (exec: Tx, column: AnyPgColumn): SQL | undefined =>
    has(ctx, "labor.team") ? peopleCondition(exec, ctx, column) : eq(column, ctx.userId);
}

export function requireActivityReader(ctx: TenantContext) {
  requireCan(ctx, "labor.read");
  return activityScope(ctx);
}

/**
 * Logging for `userId`: one's own takes `labor.own`; anyone else's `labor.edit` (the person is then looked up in
 * the scope, 404 outside it).
 */
export function requireActivityLogger(ctx: TenantContext, userId: number) {
  requireCan(ctx, "labor.read");
  if (userId === ctx.userId) {
    if (!has(ctx, "labor.own") && !has(ctx, "labor.edit")) throw forbidden(refusalOf("labor.own"));
    return;
  }
  if (!has(ctx, "labor.edit")) throw forbidden(refusalOf("labor.edit"));
}

/** Whether the caller may change or delete an activity of `userId` they can see. */
export const canEditActivity = (ctx: TenantContext, userId: number) =>
  has(ctx, "labor.edit") || (userId === ctx.userId && has(ctx, "labor.own"));

export function requireReasonEditor(ctx: TenantContext) {
  requireCan(ctx, "labor.read");
  requireCan(ctx, "labor.edit");
}
