import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";
import { requireFullProduct, territoryScope } from "../../platform/scope";

/** Admins and managers (regional and territory managers within their territories) add and change stores. */
export const STORE_EDITOR_ROLES: readonly number[] = [1, 2, 3, 4, 5];

/** Who may read stores, and which: null is the whole organization, else only these territories' stores. */
export function storeReadScope(ctx: TenantContext): number[] | null {
  requireFullProduct(ctx, "Stores");
  return territoryScope(ctx);
}

export function requireStoreEditor(ctx: TenantContext): number[] | null {
  const scope = storeReadScope(ctx);
  if (!ctx.isPlatformAdmin && !STORE_EDITOR_ROLES.includes(ctx.roleId)) {
    throw forbidden("Your role can look at stores but not change them.");
  }
  return scope;
}
