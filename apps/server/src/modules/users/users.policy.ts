import { assignableRoleIds, type LookupOption, ROLES, refusalOf, roleName } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { AppError, forbidden } from "../../platform/errors";
import { has, requireCan, type UserScope, userScope } from "../../platform/scope";

export type { UserScope };

/** Who may read the organization's people (the users page): the one scope builder says which. */
export function userReadScope(ctx: TenantContext): UserScope {
  requireCan(ctx, "users.read");
  return userScope(ctx);
}

/**
 * One person's record: everyone reads their own (their capture icon, their trades); others as the users page
 * does. Without the page, another person's record answers 404, as if it did not exist.
 */
export function userRecordScope(ctx: TenantContext, userId: number): UserScope {
  return userId === ctx.userId || !has(ctx, "users.read") ? { kind: "self" } : userReadScope(ctx);
}

/**
 * Roles the caller may hand out (contracts' `assignableRoleIds`): never above their own; territory-level managers
 * only the lead-generator roles; the partner selector only Admin and Manager. The users form's role list, the
 * lookup list's `roles` and `appApi.roles` all answer this.
 */
export function assignableRoles(
  ctx: TenantContext,
  selector: "all" | "lead-generators" | "partner" = "all",
): LookupOption[] {
  const ids = assignableRoleIds(ctx, selector);
  return ROLES.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, name: r.name }));
}

/** Callers who may add and change people: those with roles to hand out. Returns the role ids they may give. */
export function requireUserManager(ctx: TenantContext): number[] {
  requireCan(ctx, "users.edit");
  return assignableRoles(ctx).map((r) => r.id);
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
  if (has(ctx, "users.portal")) return;
  const message = refusalOf("users.portal");
  throw new AppError("forbidden", 403, message, { [field]: [message] });
}
