import { type Capability, type DocumentKind, refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { has, requireCan } from "../../platform/scope";

/**
 * Who reads and who manages support (docs/decisions/0026, 0041). Everyone with `support.read` (the whole team and
 * the program portals) reads the organization's service-provider documents, the product documents and the
 * tutorials. The organization's Admins (`support.manage`) add, change and delete its service-provider documents;
 * Super Admins (`platform.operate`) the product documents and the tutorials, which belong to no organization.
 * Another organization's document answers 404 (the service never finds it), before any right is asked.
 */

export type SupportArea = DocumentKind | "tutorial";

const MANAGES: Record<SupportArea, Capability> = {
  serviceProvider: "support.manage",
  product: "platform.operate",
  tutorial: "platform.operate",
};

export function requireSupportReader(ctx: TenantContext): void {
  requireCan(ctx, "support.read");
}

export const canManage = (ctx: TenantContext, area: SupportArea): boolean =>
  has(ctx, "support.read") && has(ctx, MANAGES[area]);

/** 403 with the refusal of the right the area needs. */
export function requireManager(ctx: TenantContext, area: SupportArea): void {
  requireSupportReader(ctx);
  requireCan(ctx, MANAGES[area], refusalOf(MANAGES[area]));
}
