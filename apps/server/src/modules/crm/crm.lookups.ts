import { lookupContribution } from "../lookups/index";
import type { CrmReferenceKind, CrmRepository } from "./crm.repository";

/**
 * The CRM module's keys of the lookup list, from `crm_references` (refreshed from the CRM): `technicians`,
 * `serviceTitanBussiness` (business units), `serviceTitanJobTypes` and `serviceTitanCampaigns`. Each option's id is
 * the CRM's own id (as an appointment type's `crmJobTypeId` and `crmCampaignId` are), by name. Active ones only;
 * with `includeInactive`, the inactive ones follow, named "... - Inactive". An organization with no connection
 * (or never refreshed) has empty lists.
 */
export function crmLookups(repo: CrmRepository) {
  return lookupContribution(
    "crm",
    ["technicians", "serviceTitanBussiness", "serviceTitanJobTypes", "serviceTitanCampaigns"],
    async (exec, ctx, { includeInactive }) => {
      const rows = await repo.references(exec, ctx.organizationId);
      const of = (kind: CrmReferenceKind) => {
        const mine = rows.filter((r) => r.kind === kind);
        const active = mine
          .filter((r) => r.isActive)
          .map((r) => ({ id: Number(r.externalId), name: r.name }));
        if (!includeInactive) return active;
        const inactive = mine
          .filter((r) => !r.isActive)
          .map((r) => ({ id: Number(r.externalId), name: `${r.name} - Inactive` }));
        return [...active, ...inactive];
      };
      return {
        technicians: of("technician"),
        serviceTitanBussiness: of("businessUnit"),
        serviceTitanJobTypes: of("jobType"),
        serviceTitanCampaigns: of("campaign"),
      };
    },
  );
}
