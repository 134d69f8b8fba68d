import { territoryScope } from "../../platform/scope";
import { lookupContribution } from "../lookups/index";
import type { LeadGeneratorsRepository } from "./lead-generators.repository";
import { toLeadGeneratorOption } from "./lead-generators.service";
import { assignableRoles } from "./users.policy";

/**
 * The users module's keys of the lookup list: the lead generators the caller may pick (a large list: a compact
 * lookup list leaves it empty and reads nothing, `appApi.leadGeneratorOptions` serves it) and the roles the
 * caller may hand out.
 */
export function usersLookups(repo: LeadGeneratorsRepository) {
  return lookupContribution(
    "users",
    ["leadGenerator", "roles"],
    async (exec, ctx, { includeInactive, compact }) => {
      const roles = assignableRoles(ctx);
      if (compact) return { leadGenerator: [], roles };
      const scope = territoryScope(ctx);
      const inScope = (territoryId: number) => scope === null || scope.includes(territoryId);
      // Those who reach only their own rows (lead generators) pick only themselves.
      const onlySelf = ctx.scope.reach === "self";
      const leadGenerator = (await repo.all(exec, ctx))
        .filter((l) => includeInactive || l.isActive)
        .filter((l) => (onlySelf ? l.id === ctx.userId : scope === null || l.territoryIds.some(inScope)))
        .map(toLeadGeneratorOption)
        // Inactive ones sort after the active ones (docs/spec/product-spec.md, §4 States and transitions).
        .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name));
      return { leadGenerator, roles };
    },
  );
}
