import type { TenantContext } from "../../platform/context";
import { requireCan } from "../../platform/scope";

export function requireSmartCircleReportRole(ctx: TenantContext) {
  requireCan(ctx, "reports.smartCircle");
}
