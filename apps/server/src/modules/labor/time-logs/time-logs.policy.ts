import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../../platform/context";
import { forbidden } from "../../../platform/errors";
import { has, requireCan } from "../../../platform/scope";

/**
 * Who may do what with time logs (docs/decisions/0026, 0040). The capability is checked first; the row scope
 * (common/people.ts) then answers 404 for a person the caller does not reach, exactly as for a person of another
 * organization.
 *
 * - Read one person's logs, a log's audit trail, the dashboard's list: `labor.read` (a lead generator: themselves).
 * - The team's lists (labor history, missing punches): `labor.team`.
 * - Punch in and out, the phone's day, proposing a missing time: `labor.own`, for oneself only.
 * - Enter, edit, accept, delete: `labor.edit`, for the people in scope.
 */
export const requireLaborReader = (ctx: TenantContext) => requireCan(ctx, "labor.read");
export const requireLaborTeam = (ctx: TenantContext) => requireCan(ctx, "labor.team");

/** A caller who may not even read labor hears the reading refusal; one who reads, the capability's own. */
export function requireLabor(ctx: TenantContext, capability: "labor.own" | "labor.edit"): void {
  requireCan(ctx, "labor.read");
  if (!has(ctx, capability)) throw forbidden(refusalOf(capability));
}

export const ONLY_OWN_PUNCHES =
  "You punch in and out for yourself only; a manager enters another person's shift (action entry).";
export const ONLY_OWN_PROPOSALS =
  "You propose the time of your own shifts only; a manager corrects another person's (kind edit).";

/** Punches are the caller's own: anyone else's is refused (a person outside the scope was a 404 before this). */
export function requirePunchFor(ctx: TenantContext, userId: number): void {
  requireLabor(ctx, "labor.own");
  if (userId !== ctx.userId) throw forbidden(ONLY_OWN_PUNCHES);
}

export function requireProposalFor(ctx: TenantContext, userId: number): void {
  requireLabor(ctx, "labor.own");
  if (userId !== ctx.userId) throw forbidden(ONLY_OWN_PROPOSALS);
}

/** What the caller may do with a log (the screens' buttons): never anything in a posted period. */
export function logFlags(
  ctx: TenantContext,
  log: { userId: number; state: string; posted: boolean },
): { canEdit: boolean; canPropose: boolean } {
  if (log.posted) return { canEdit: false, canPropose: false };
  return {
    canEdit: has(ctx, "labor.edit"),
    canPropose:
      log.userId === ctx.userId &&
      has(ctx, "labor.own") &&
      (log.state === "missing" || log.state === "proposed"),
  };
}
