import { LEAD_STATUS, nextLeadStatuses } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { has, type LeadScope, leadScope, requireCan } from "../../platform/scope";

/** The leads rights (docs/decisions/0026); the rows a caller reaches are the platform's `leadScope`. */
export { inLeadScope, type LeadScope, leadScope } from "../../platform/scope";

export const programSources = (ctx: TenantContext): LeadScope["sources"] =>
  ctx.scope.program ? [ctx.scope.program] : null;

export const canEditLeads = (ctx: TenantContext) => has(ctx, "leads.edit");

export function requireLeadEditor(ctx: TenantContext) {
  leadScope(ctx);
  requireCan(ctx, "leads.edit");
}

export const canDeleteLeads = (ctx: TenantContext) => has(ctx, "leads.delete");

export function requireLeadDeleter(ctx: TenantContext) {
  requireCan(ctx, "leads.delete");
}

/** Deleted leads are restored (and listed) by an Admin. */
export const canRestoreLeads = (ctx: TenantContext) => has(ctx, "leads.restore");

export function requireLeadRestorer(ctx: TenantContext) {
  requireCan(ctx, "leads.restore");
}

/** Capturing in the app is for the full product; portal users work their program's leads. */
export function requireInternalCapture(ctx: TenantContext) {
  requireLeadEditor(ctx);
  requireCan(ctx, "leads.capture");
}

/** Lead generators move their leads along the funnel; rejecting and un-rejecting is a manager's call. */
export function nextStatusesFor(ctx: TenantContext, from: number): number[] {
  if (!canEditLeads(ctx)) return [];
  const next = [...nextLeadStatuses(from)];
  if (has(ctx, "leads.reject")) return next;
  if (from === LEAD_STATUS.rejected) return [];
  return next.filter((s) => s !== LEAD_STATUS.rejected);
}
