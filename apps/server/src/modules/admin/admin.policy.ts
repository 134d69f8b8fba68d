import type { TenantContext } from "../../platform/context";
import { requireCan } from "../../platform/scope";

/** Operating the platform (feature notes, the outgoing mailbox) is the Super Admin's. */
export function requirePlatformAdmin(ctx: TenantContext) {
  requireCan(ctx, "platform.operate");
}
