import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";
import { has, requireCan, territoryScope } from "../../platform/scope";
import type { TypeReadScope } from "./appointment-types.repository";

/**
 * Who reads appointment types and their links (docs/decisions/0034): whoever reads the calendar
 * (`appointments.read`) or books (`appointments.book`: lead generators need the active types to book). A caller
 * who only books sees the active types; a territory-limited one, the types of every territory and of theirs.
 */
export function typeReadScope(ctx: TenantContext): TypeReadScope {
  const reads = has(ctx, "appointments.read");
  if (!reads && !has(ctx, "appointments.book")) throw forbidden(refusalOf("appointments.read"));
  return { territoryIds: territoryScope(ctx), activeOnly: !reads };
}

/** Types, their links, and the settings calls about them are set up by Admins and Managers. */
export function requireTypeSetup(ctx: TenantContext) {
  requireCan(ctx, "appointments.setup");
}

/** Whether a type is one the scope reaches (outside it answers 404, as if it did not exist). */
export function inTypeScope(scope: TypeReadScope, row: { territoryId: number | null; isActive: boolean }) {
  if (scope.activeOnly && !row.isActive) return false;
  if (scope.territoryIds && row.territoryId !== null && !scope.territoryIds.includes(row.territoryId))
    return false;
  return true;
}
