import type { TenantContext } from "../../platform/context";
import { requireCan, territoryScope } from "../../platform/scope";

/**
 * Who reads the template, the windows and their bookings (managers, field marketing managers, schedulers,
 * analysts: `appointments.read`; lead generators do not see the calendar), and which: null is the whole
 * organization, else the windows of these territories and the organization's own (no territory).
 */
export function schedulingReadScope(ctx: TenantContext): number[] | null {
  requireCan(ctx, "appointments.read");
  return territoryScope(ctx);
}

/** Admins and Managers set up the template, the windows and the settings (`appointments.setup`). */
export function requireSchedulingSetup(ctx: TenantContext): void {
  requireCan(ctx, "appointments.setup");
}
