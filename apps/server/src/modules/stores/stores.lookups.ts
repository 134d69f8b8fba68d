import { territoryScope } from "../../platform/scope";
import { lookupContribution } from "../lookups/index";
import type { StoresRepository } from "./stores.repository";

/** The Costco list of the lookup list is brand 1's stores (the first of the `storesBrands` reference list). */
const COSTCO_BRAND_ID = 1;

/**
 * The stores module's keys of the lookup list: `stores` (active, in the caller's territories), `allStores` (every
 * store of the organization) and `costcoStores` (active Costco stores), by name. All three are large lists: a
 * compact lookup list leaves them empty and reads nothing; the store search (`appApi.storeOptions`) serves them.
 */
export function storesLookups(repo: StoresRepository) {
  return lookupContribution(
    "stores",
    ["stores", "allStores", "costcoStores"],
    async (exec, ctx, { compact }) => {
      if (compact) return { stores: [], allStores: [], costcoStores: [] };
      const all = await repo.lookupStores(exec, ctx);
      // A territory-limited role with no territory assigned sees none (not everything).
      const scope = territoryScope(ctx);
      const inScope = (territoryId: number | null) =>
        scope === null || (territoryId !== null && scope.includes(territoryId));
      const out = ({ isActive: _a, brandId: _b, ...s }: (typeof all)[number]) => s;
      return {
        stores: all.filter((s) => s.isActive && inScope(s.organizationTerritoryId)).map(out),
        allStores: all.map(out),
        costcoStores: all.filter((s) => s.isActive && s.brandId === COSTCO_BRAND_ID).map(out),
      };
    },
  );
}
