import { assignableRoleIds, ROLES } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { requireCan } from "../../platform/scope";

export function requirePlatformAdmin(ctx: TenantContext) {
  requireCan(ctx, "platform.operate");
}

/**
 * Roles the caller may hand out (contracts' `assignableRoleIds`): never above their own; territory-level managers
 * only the lead-generator roles; the partner selector only Admin and Manager.
 */
export function assignableRoles(ctx: TenantContext, selector: "all" | "lead-generators" | "partner" = "all") {
  const ids = assignableRoleIds(ctx, selector);
  return ROLES.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, name: r.name }));
}
