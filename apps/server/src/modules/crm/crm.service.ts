import type { CrmRefreshCounts } from "@fieldlead/contracts";
import type { Logger } from "pino";
import type { DeliveryFailure, ReadResult } from "../../integrations/destination";
import type {
  StBusinessUnit,
  StCampaign,
  StJobType,
  StTechnician,
} from "../../integrations/servicetitan/index";
import type { TenantContext } from "../../platform/context";
import { AppError, conflict } from "../../platform/errors";
import { requireCan } from "../../platform/scope";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { CrmClients } from "./crm.clients";
import type { CrmReferenceKind, CrmReferenceValues, CrmRepository } from "./crm.repository";

type Deps = { uow: UnitOfWork; repo: CrmRepository; clients: CrmClients; now?: () => Date };

/** The CRM's answer as the API's problem: 503 when it is down or busy (try later), 502 when it refused. */
export function crmProblem(failure: DeliveryFailure): AppError {
  return failure.outcome === "retryable"
    ? new AppError(
        "crm_unavailable",
        503,
        `The CRM is not answering right now: ${failure.error} Nothing was changed; try again in a few minutes.`,
      )
    : new AppError(
        "crm_refused",
        502,
        `The CRM refused the request: ${failure.error} Nothing was changed; check the organization's CRM connection.`,
      );
}

export const NOT_CONNECTED =
  "This organization has no CRM connection. Connect its ServiceTitan account first (its destination settings), " +
  "then refresh the technicians, business units, job types and campaigns again.";

const technician = (t: StTechnician): CrmReferenceValues => ({
  externalId: t.id,
  name: t.name,
  isActive: t.active,
  details: {
    businessUnitId: t.businessUnitId ?? null,
    email: t.email ?? null,
    phone: t.phoneNumber ?? null,
    userId: t.userId ?? null,
    skills: (t.skills ?? []).map((s) => s.name),
  },
});
const businessUnit = (u: StBusinessUnit): CrmReferenceValues => ({
  externalId: u.id,
  name: u.name,
  isActive: u.active,
  details: { officialName: u.officialName ?? null, trade: u.trade?.name ?? null },
});
const jobType = (j: StJobType): CrmReferenceValues => ({
  externalId: j.id,
  name: j.name,
  isActive: j.active,
  details: {
    businessUnitIds: j.businessUnitIds ?? [],
    durationMinutes: j.duration == null ? null : Math.round(j.duration / 60),
    priority: j.priority ?? null,
  },
});
const campaign = (c: StCampaign): CrmReferenceValues => ({
  externalId: c.id,
  name: c.name,
  isActive: c.active,
  details: { category: c.category?.name ?? null },
});

function listOf<T>(result: ReadResult<T>): T {
  if (result.outcome !== "ok") throw crmProblem(result);
  return result.value;
}

/**
 * The organization's CRM references (`crm_references`): read from the CRM, then written in one transaction
 * (never a transaction held open across a CRM call). Items the CRM no longer lists are marked inactive, never
 * deleted: appointment types link to them, and a technician who comes back keeps the links.
 */
export function crmService(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function refreshReferences(organizationId: number): Promise<CrmRefreshCounts> {
    const crm = await d.clients.forOrganization(d.uow.read, organizationId);
    if (!crm) throw conflict(NOT_CONNECTED);
    const { client } = crm;
    const [techs, units, types, campaigns] = await Promise.all([
      client.technicians(),
      client.businessUnits(),
      client.jobTypes(),
      client.campaigns(),
    ]);
    const lists: [CrmReferenceKind, CrmReferenceValues[]][] = [
      ["technician", listOf(techs).map(technician)],
      ["businessUnit", listOf(units).map(businessUnit)],
      ["jobType", listOf(types).map(jobType)],
      ["campaign", listOf(campaigns).map(campaign)],
    ];
    const at = now();
    const deactivated = await d.uow.run(async (tx) => {
      await d.repo.lockReferences(tx, organizationId);
      let count = 0;
      for (const [kind, items] of lists) {
        const before = await d.repo.activeExternalIds(tx, organizationId, kind);
        const activeNow = new Set(items.filter((i) => i.isActive).map((i) => i.externalId));
        for (const id of before) if (!activeNow.has(id)) count++;
        await d.repo.replaceKind(tx, organizationId, kind, items, at);
      }
      return count;
    });
    return {
      technicians: lists[0][1].length,
      businessUnits: lists[1][1].length,
      jobTypes: lists[2][1].length,
      campaigns: lists[3][1].length,
      deactivated,
    };
  }

  return {
    refreshReferences,

    /** `POST /api/appointments/update-technicians-list`: the caller's organization, Admins and Managers. */
    async updateTechniciansList(ctx: TenantContext): Promise<CrmRefreshCounts> {
      requireCan(ctx, "appointments.setup");
      return refreshReferences(ctx.organizationId);
    },

    /** Every connected organization, one after the other; one that fails is logged and the rest go on. */
    async refreshAll(log?: Pick<Logger, "info" | "warn">): Promise<{ refreshed: number; failed: number }> {
      const ids = await d.repo.connectedOrganizationIds(d.uow.read);
      let refreshed = 0;
      let failed = 0;
      for (const organizationId of ids) {
        try {
          const counts = await refreshReferences(organizationId);
          refreshed++;
          log?.info({ organizationId, ...counts }, "crm references refreshed");
        } catch (err) {
          failed++;
          log?.warn(
            { organizationId, err: err instanceof Error ? err.message : String(err) },
            "crm references not refreshed",
          );
        }
      }
      return { refreshed, failed };
    },
  };
}

export type CrmService = ReturnType<typeof crmService>;
