import { territoryScope } from "../../platform/scope";
import { lookupContribution } from "../lookups/index";
import type { OrganizationsRepository } from "./organizations.repository";

/**
 * The organizations module's keys of the lookup list: the owner groups the caller can see, the active territories
 * in the caller's scope, and every territory of the organization (retired ones too).
 */
export function organizationsLookups(repo: OrganizationsRepository) {
  return lookupContribution(
    "organizations",
    ["parentOrganizations", "organizationTerritories", "allOrganizationTerritories"],
    async (exec, ctx) => {
      const [parents, territories] = await Promise.all([
        repo.parentOrganizations(exec, ctx),
        repo.lookupTerritories(exec, ctx),
      ]);
      // A territory-limited role with no territory assigned sees none (not everything).
      const scope = territoryScope(ctx);
      return {
        parentOrganizations: parents,
        organizationTerritories: territories.filter(
          (t) => t.isActive && (scope === null || scope.includes(t.id)),
        ),
        allOrganizationTerritories: territories,
      };
    },
  );
}
