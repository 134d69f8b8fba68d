import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";
import { has, type LeadScope, leadScope, requireCan, territoryScope } from "../../platform/scope";

/**
 * Who may do what with bookings (docs/decisions/0026, 0033). Booking, moving and cancelling take
 * `appointments.book`, and the lead must be in the caller's lead scope (a lead generator: only their own leads;
 * another lead answers 404). Availability and a lead's appointments are read with `appointments.read` or
 * `appointments.book`; the appointments list takes `appointments.read`, limited by the caller's row scope.
 */
export { inLeadScope } from "../../platform/scope";

export function requireBooker(ctx: TenantContext): LeadScope {
  requireCan(ctx, "appointments.book");
  return leadScope(ctx);
}

export function requireBookingReader(ctx: TenantContext): void {
  if (!has(ctx, "appointments.read") && !has(ctx, "appointments.book"))
    throw forbidden(refusalOf("appointments.read"));
}

/** The leads whose appointments a reader may see (the reader's lead scope). */
export function readerLeadScope(ctx: TenantContext): LeadScope {
  requireBookingReader(ctx);
  return leadScope(ctx);
}

/** The appointments list: the organization's, a territory-limited role's territories', or only one's own bookings. */
export function appointmentListScope(ctx: TenantContext) {
  requireCan(ctx, "appointments.read");
  return {
    territoryIds: territoryScope(ctx),
    ownUserId: ctx.scope.reach === "self" ? ctx.userId : null,
  };
}
