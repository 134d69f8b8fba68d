import {
  capturesLeads,
  LEAD_READER_ROLE_IDS,
  LEAD_STATUS,
  type LeadSource,
  nextLeadStatuses,
  ROLE,
  SUBSCRIPTION,
  TERRITORY_LIMITED_ROLES,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";

/**
 * The leads a caller may see, on top of the organization: their own (lead generators), their territories'
 * (territory-limited roles), their program's (portal subscriptions). Null means "not limited by this".
 */
export type LeadScope = {
  organizationId: number;
  ownUserId: number | null;
  territoryIds: number[] | null;
  sources: LeadSource[] | null;
};

const READERS = LEAD_READER_ROLE_IDS;
const DELETERS: number[] = [
  ROLE.superAdmin,
  ROLE.admin,
  ROLE.manager,
  ROLE.regionalManager,
  ROLE.territoryManager,
  ROLE.fieldMarketingManager,
];
const LEAD_GENERATORS: number[] = [ROLE.leadGenerator, ROLE.leadGeneratorLead];

export function programSources(ctx: TenantContext): LeadSource[] | null {
  if (ctx.isPlatformAdmin) return null;
  if (ctx.subscriptionId === SUBSCRIPTION.retailerProgram) return ["retailerProgram"];
  if (ctx.subscriptionId === SUBSCRIPTION.secondPartner) return ["secondPartner"];
  return null;
}

export function leadScope(ctx: TenantContext): LeadScope {
  if (!ctx.isPlatformAdmin && !READERS.includes(ctx.roleId)) {
    throw forbidden("Your role does not give access to leads.");
  }
  const limited = !ctx.isPlatformAdmin && TERRITORY_LIMITED_ROLES.includes(ctx.roleId);
  return {
    organizationId: ctx.organizationId,
    ownUserId: !ctx.isPlatformAdmin && ctx.roleId === ROLE.leadGenerator ? ctx.userId : null,
    // A territory-limited membership with no territory sees nothing, never everything.
    territoryIds: limited ? ctx.territoryIds : null,
    sources: programSources(ctx),
  };
}

/** Whether a lead (or a capture entry) falls inside the scope; outside it answers 404, as if it did not exist. */
export function inLeadScope(
  scope: LeadScope,
  row: { capturedByUserId: number | null; territoryId: number | null; source: string },
): boolean {
  if (scope.ownUserId !== null && row.capturedByUserId !== scope.ownUserId) return false;
  if (
    scope.territoryIds !== null &&
    (row.territoryId === null || !scope.territoryIds.includes(row.territoryId))
  )
    return false;
  if (scope.sources !== null && !scope.sources.includes(row.source as LeadSource)) return false;
  return true;
}

export function canEditLeads(ctx: TenantContext): boolean {
  return ctx.isPlatformAdmin || (READERS.includes(ctx.roleId) && ctx.roleId !== ROLE.analyst);
}

export function requireLeadEditor(ctx: TenantContext) {
  leadScope(ctx);
  if (!canEditLeads(ctx)) throw forbidden("Analysts read leads; they cannot change them.");
}

export function canDeleteLeads(ctx: TenantContext): boolean {
  return ctx.isPlatformAdmin || DELETERS.includes(ctx.roleId);
}

export function requireLeadDeleter(ctx: TenantContext) {
  if (!canDeleteLeads(ctx)) throw forbidden("Only managers can delete leads.");
}

/** Deleted leads are restored (and listed) by an Admin. */
export function canRestoreLeads(ctx: TenantContext): boolean {
  return ctx.isPlatformAdmin || ctx.roleId === ROLE.admin;
}

export function requireLeadRestorer(ctx: TenantContext) {
  if (!canRestoreLeads(ctx)) throw forbidden("Only an Admin can see and restore deleted leads.");
}

/**
 * Capturing in the app is for the full product; portal users work their program's leads. The rule itself is
 * `capturesLeads` (contracts), which the lead settings' readers share; this adds the reasons.
 */
export function requireInternalCapture(ctx: TenantContext) {
  requireLeadEditor(ctx);
  if (!capturesLeads(ctx))
    throw forbidden("Program users work their program's leads; they do not capture leads.");
}

/** Lead generators move their leads along the funnel; rejecting and un-rejecting is a manager's call. */
export function nextStatusesFor(ctx: TenantContext, from: number): number[] {
  if (!canEditLeads(ctx)) return [];
  const next = [...nextLeadStatuses(from)];
  if (!ctx.isPlatformAdmin && LEAD_GENERATORS.includes(ctx.roleId)) {
    if (from === LEAD_STATUS.rejected) return [];
    return next.filter((s) => s !== LEAD_STATUS.rejected);
  }
  return next;
}

export function isLeadGeneratorRole(ctx: TenantContext) {
  return !ctx.isPlatformAdmin && LEAD_GENERATORS.includes(ctx.roleId);
}
