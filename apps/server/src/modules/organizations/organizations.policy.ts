import type { TenantContext } from "../../platform/context";
import { has, requireCan } from "../../platform/scope";

export function requireOrganizationCreator(ctx: TenantContext) {
  requireCan(ctx, "platform.operate", "Only a Super Admin can create organizations.");
}

/** An Admin of the full product in the organization of the request (the Super Admin is checked apart). */
export function isOrganizationAdmin(ctx: TenantContext) {
  return ctx.membershipId !== null && has(ctx, "organizations.admin");
}
