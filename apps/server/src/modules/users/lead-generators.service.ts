import type { LeadGeneratorOption, leadGeneratorOptionsRequest } from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { type Page, pageOf, pageResult } from "../../platform/query-kit";
import { userScope } from "../../platform/scope";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { LeadGeneratorRow, LeadGeneratorsRepository } from "./lead-generators.repository";

type OptionsInput = z.output<typeof leadGeneratorOptionsRequest>;

/** A lead generator as a picker shows them: an inactive one is named "... - Inactive". */
export const toLeadGeneratorOption = (l: LeadGeneratorRow): LeadGeneratorOption => ({
  id: l.id,
  name: `${l.firstName} ${l.lastName}`.trim() + (l.isActive ? "" : " - Inactive"),
  isActive: l.isActive,
  organizationsTerritoryIds: [...l.territoryIds].sort((a, b) => a - b),
});

export function leadGeneratorsService(d: { uow: UnitOfWork; repo: LeadGeneratorsRepository }) {
  return {
    /**
     * The lead generators a caller may pick (`appApi.leadGeneratorOptions`), a page at a time, with the lookup
     * list's scope: a lead generator only themselves, a territory-limited role their territories' lead
     * generators, everyone else the organization's; active ones unless asked, and first.
     */
    async options(ctx: TenantContext, input: OptionsInput): Promise<Page<LeadGeneratorOption>> {
      const { rows, total } = await d.repo.options(d.uow.read, ctx, userScope(ctx), input, pageOf(input));
      return pageResult(rows.map(toLeadGeneratorOption), total, input);
    },
  };
}

export type LeadGeneratorsService = ReturnType<typeof leadGeneratorsService>;
