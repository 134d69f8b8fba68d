import type { TenantContext } from "../../platform/context";
import { requireCan, territoryScope } from "../../platform/scope";

/** Who may read stores, and which: null is the whole organization, else only these territories' stores. */
export function storeReadScope(ctx: TenantContext): number[] | null {
  requireCan(ctx, "stores.read");
  return territoryScope(ctx);
}

/** Admins and managers (regional and territory managers within their territories) add and change stores. */
export function requireStoreEditor(ctx: TenantContext): number[] | null {
  const scope = storeReadScope(ctx);
  requireCan(ctx, "stores.edit");
  return scope;
}
