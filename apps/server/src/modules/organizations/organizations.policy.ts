import { ROLE, SUBSCRIPTION } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";

/** Roles whose members read the Smart Circle report: admins, managers, schedulers and analysts of an organization. */
export const SMART_CIRCLE_REPORT_ROLES: readonly number[] = [2, 3, 7, 8];

export function requireSmartCircleReportRole(ctx: TenantContext) {
  if (ctx.isPlatformAdmin) return;
  if (ctx.subscriptionId !== 1 || !SMART_CIRCLE_REPORT_ROLES.includes(ctx.roleId)) {
    throw forbidden("The Smart Circle report is for administrators, managers, schedulers and analysts.");
  }
}

export function requireOrganizationCreator(ctx: TenantContext) {
  if (!ctx.isPlatformAdmin) throw forbidden("Only a Super Admin can create organizations.");
}

/** An Admin of the full product in the organization of the request (the Super Admin is checked apart). */
export function isOrganizationAdmin(ctx: TenantContext) {
  return ctx.membershipId !== null && ctx.roleId === ROLE.admin && ctx.subscriptionId === SUBSCRIPTION.full;
}
