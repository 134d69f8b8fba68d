import type { TenantContext } from "../../platform/context";
import { requireCan, userScope } from "../../platform/scope";

/**
 * Who sends and sees what (docs/decisions/0026, 0041). `notifications.send` (managers and field marketing managers)
 * opens sending, the audience choices and the sent list. The audience is narrowed to the sender's row scope: a
 * sender who reaches the organization reaches every member; a territory-limited one the members of their
 * territories (none, when the membership has no territory). An organization-wide sender sees every notification of
 * the organization (messages and notices); the others see what they sent. Everyone reads their own inbox.
 */

/** The sender's reach: null for the whole organization, else the territories (empty reaches nobody). */
export function reachOf(ctx: TenantContext): number[] | null {
  const scope = userScope(ctx);
  if (scope.kind === "organization") return null;
  return scope.kind === "territories" ? scope.territoryIds : [];
}

export function requireSender(ctx: TenantContext) {
  requireCan(ctx, "notifications.send");
  return reachOf(ctx);
}

/** Whose notifications the sent list shows: null for all of the organization's, else the caller's own. */
export function sentScope(ctx: TenantContext): number | null {
  requireCan(ctx, "notifications.send");
  return userScope(ctx).kind === "organization" ? null : ctx.userId;
}
