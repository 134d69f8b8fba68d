import { capturesLeads, ROLE, SUBSCRIPTION } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";

/** Program portals (subscriptions 2 and 16) see their program's leads, not the organization's settings. */
const fullProduct = (ctx: TenantContext) => ctx.isPlatformAdmin || ctx.subscriptionId === SUBSCRIPTION.full;

/** Admins and Super Admins manage service types, questions, responses and contacts; Managers read them. */
export function requireSettingsReader(ctx: TenantContext) {
  const ok = ctx.isPlatformAdmin || ([ROLE.admin, ROLE.manager] as number[]).includes(ctx.roleId);
  if (!ok || !fullProduct(ctx))
    throw forbidden("Only Admins and Managers can see the organization's settings.");
}

export function requireSettingsManager(ctx: TenantContext) {
  const ok = ctx.isPlatformAdmin || ctx.roleId === ROLE.admin;
  if (!ok || !fullProduct(ctx)) throw forbidden("Only an Admin can change the organization's settings.");
}

/**
 * The lead settings (duplicate window, disclosure texts) are read by whoever reads the settings and by
 * whoever captures leads in the app: the capture form shows the organization's disclosures.
 */
export function requireLeadSettingsReader(ctx: TenantContext) {
  const settingsReader = ctx.isPlatformAdmin || ([ROLE.admin, ROLE.manager] as number[]).includes(ctx.roleId);
  if (settingsReader && fullProduct(ctx)) return;
  // Who captures is the contracts' rule, shared with the leads policy: settings never imports leads
  // (leads reads settings' forms; docs/decisions/0023-module-boundaries.md).
  if (!capturesLeads(ctx))
    throw forbidden("Only people who capture leads, Admins and Managers can see the lead settings.");
}
