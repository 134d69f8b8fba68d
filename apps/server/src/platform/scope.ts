import { type Capability, type LeadSource, refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "./context";
import { forbidden } from "./errors";

/**
 * The rights model on the server (docs/decisions/0026): `requireCan` checks a capability of the tenant context,
 * and the scope builders below turn its row scope into what each area filters by. Policies and services ask
 * these; none of them reads a role or subscription id.
 */
export function requireCan(
  ctx: TenantContext,
  capability: Capability,
  message = refusalOf(capability),
): void {
  if (!ctx.can.has(capability)) throw forbidden(message);
}

export const has = (ctx: TenantContext, capability: Capability): boolean => ctx.can.has(capability);

/** The territories the caller is limited to, or null when they reach the whole organization (or only themselves). */
export function territoryScope(ctx: TenantContext): number[] | null {
  return ctx.scope.reach === "territories" ? ctx.scope.territoryIds : null;
}

/**
 * The leads a caller may see, on top of the organization: their own (lead generators), their territories'
 * (territory-limited roles), their program's (portal subscriptions). Null means "not limited by this".
 */
export type LeadScope = {
  organizationId: number;
  ownUserId: number | null;
  territoryIds: number[] | null;
  sources: LeadSource[] | null;
};

export function leadScope(ctx: TenantContext): LeadScope {
  requireCan(ctx, "leads.read");
  return {
    organizationId: ctx.organizationId,
    ownUserId: ctx.scope.reach === "self" ? ctx.userId : null,
    // A territory-limited membership with no territory sees nothing, never everything.
    territoryIds: territoryScope(ctx),
    sources: ctx.scope.program ? [ctx.scope.program] : null,
  };
}

/** Whether a lead (or a capture entry) falls inside the scope; outside it answers 404, as if it did not exist. */
export function inLeadScope(
  scope: LeadScope,
  row: { capturedByUserId: number | null; territoryId: number | null; source: string },
): boolean {
  if (scope.ownUserId !== null && row.capturedByUserId !== scope.ownUserId) return false;
  if (
    scope.territoryIds !== null &&
    (row.territoryId === null || !scope.territoryIds.includes(row.territoryId))
  )
    return false;
  if (scope.sources !== null && !scope.sources.includes(row.source as LeadSource)) return false;
  return true;
}

/**
 * Which people of the organization a caller sees: everyone, those sharing one of their territories (themselves
 * always), or only themselves.
 */
export type UserScope =
  | { kind: "organization" }
  | { kind: "territories"; territoryIds: number[] }
  | { kind: "self" };

export function userScope(ctx: TenantContext): UserScope {
  if (ctx.scope.reach === "self") return { kind: "self" };
  const territoryIds = territoryScope(ctx);
  return territoryIds ? { kind: "territories", territoryIds } : { kind: "organization" };
}
