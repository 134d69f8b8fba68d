import { ROLE, roleName } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { AppError, forbidden } from "../../platform/errors";
import { requireFullProduct, territoryScope } from "../../platform/scope";
import { assignableRoles } from "../app/index";

/**
 * Which people of the organization a caller sees: everyone (admins, managers, schedulers, analysts), those
 * sharing one of their territories (roles 4, 5, 6, 15; themselves always), or only themselves (lead
 * generators and program-portal users).
 */
export type UserScope =
  | { kind: "organization" }
  | { kind: "territories"; territoryIds: number[] }
  | { kind: "self" };

export function userReadScope(ctx: TenantContext): UserScope {
  if (ctx.isPlatformAdmin) return { kind: "organization" };
  if (ctx.subscriptionId !== 1 || ctx.roleId === ROLE.leadGenerator) return { kind: "self" };
  const territoryIds = territoryScope(ctx);
  return territoryIds ? { kind: "territories", territoryIds } : { kind: "organization" };
}

/** Callers who may add and change people: those with roles to hand out. Returns the role ids they may give. */
export function requireUserManager(ctx: TenantContext): number[] {
  requireFullProduct(ctx, "Users");
  const ids = assignableRoles(ctx).map((r) => r.id);
  if (ids.length === 0) throw forbidden("Your role can look at users but not change them.");
  return ids;
}

/** A manager changes only people whose role they could give (never someone above them). */
export function requireManageable(
  ctx: TenantContext,
  assignable: number[],
  target: { id: number; roleId: number },
) {
  if (target.id === ctx.userId) return;
  if (!assignable.includes(target.roleId)) {
    const name = roleName(target.roleId);
    const article = /^[AEIOU]/.test(name) ? "an" : "a";
    throw forbidden(`You cannot change ${article} ${name}: that role is above the roles you manage.`);
  }
}

export function requireAssignableRole(assignable: number[], roleId: number, field = "body.roleId") {
  if (!assignable.includes(roleId)) {
    const message = `You cannot give the role ${roleName(roleId)}.`;
    throw new AppError("forbidden", 403, message, { [field]: [message] });
  }
}

/** Program-portal users (subscriptions 2 and 16) are made by Admins and Super Admins only. */
export function requirePortalUserMaker(ctx: TenantContext, field = "body.subscriptionId") {
  if (ctx.isPlatformAdmin || (ctx.roleId === ROLE.admin && ctx.subscriptionId === 1)) return;
  const message = "Only an Admin can create or change program-portal users.";
  throw new AppError("forbidden", 403, message, { [field]: [message] });
}
