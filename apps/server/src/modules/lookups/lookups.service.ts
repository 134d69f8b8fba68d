import { DATA_TYPES, FIELD_TYPES, type LookupList, type LookupOption } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { assembleLookupList, contributionProblems, type LookupContribution } from "./lookup-list";
import { listTimeZones } from "./time-zones";

export type RoleSelector = "all" | "lead-generators" | "partner";

type Deps = {
  uow: UnitOfWork;
  /** Every area's part of the lookup list, each key exactly once (modules/index.ts lists them). */
  contributions: readonly LookupContribution[];
  /** The roles the caller may hand out (the users module's rule). */
  assignableRoles: (ctx: TenantContext, selector?: RoleSelector) => LookupOption[];
};

/**
 * The lookup lists: the lookup list assembled from what each area contributes, and the small reference calls
 * beside it. This module reads no other module; it is handed the contributions.
 */
export function lookupsService(d: Deps) {
  const problems = contributionProblems(d.contributions);
  if (problems.length > 0) {
    throw new Error(`The lookup list's contributions do not cover it exactly once:\n${problems.join("\n")}`);
  }
  return {
    /** Which area fills which keys (for the test that holds the contributions to the contract's keys). */
    contributions: d.contributions.map((c) => ({ area: c.area, keys: [...c.keys] })),

    async lookupList(
      ctx: TenantContext,
      query: { includeInactive?: boolean; compact?: boolean } = {},
    ): Promise<LookupList> {
      const opts = { includeInactive: query.includeInactive ?? false, compact: query.compact ?? false };
      const answers = await Promise.all(d.contributions.map((c) => c.read(d.uow.read, ctx, opts)));
      return assembleLookupList(d.contributions, answers);
    },

    roles: (ctx: TenantContext, selector?: RoleSelector) => d.assignableRoles(ctx, selector),
    timeZones: () => listTimeZones(),
    dataTypes: () => DATA_TYPES.map((t) => ({ ...t })),
    fieldTypes: () => FIELD_TYPES.map((t) => ({ ...t, dataTypeIds: [...t.dataTypeIds] })),
  };
}

export type LookupsService = ReturnType<typeof lookupsService>;
