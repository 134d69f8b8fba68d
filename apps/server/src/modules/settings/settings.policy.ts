import type { TenantContext } from "../../platform/context";
import { requireCan } from "../../platform/scope";

/** Service types, questions, responses and business contacts are the Admin's (docs/decisions/0026). */
export function requireSettingsReader(ctx: TenantContext) {
  requireCan(ctx, "settings.manage");
}

export function requireSettingsManager(ctx: TenantContext) {
  requireCan(ctx, "settings.manage");
}

/**
 * The lead settings (duplicate window, disclosure texts) are read by the Admin and by whoever captures leads in
 * the app: the capture form shows the organization's disclosures.
 */
export function requireLeadSettingsReader(ctx: TenantContext) {
  requireCan(ctx, "leadSettings.read");
}
