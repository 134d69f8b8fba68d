import { TERRITORY_LIMITED_ROLES } from "@fieldlead/contracts";
import type { TenantContext } from "./context";
import { forbidden } from "./errors";

/** The territories the caller is limited to (roles 4, 5, 6, 15), or null when they see the whole organization. */
export function territoryScope(ctx: TenantContext): number[] | null {
  if (ctx.isPlatformAdmin || ctx.membershipId === null) return null;
  return TERRITORY_LIMITED_ROLES.includes(ctx.roleId) ? ctx.territoryIds : null;
}

/** Program-portal users (subscriptions 2 and 16) see only their program's leads, QR codes and reports. */
export function requireFullProduct(ctx: TenantContext, area: string) {
  if (!ctx.isPlatformAdmin && ctx.subscriptionId !== 1) {
    throw forbidden(`${area} are not part of your program's portal.`);
  }
}
