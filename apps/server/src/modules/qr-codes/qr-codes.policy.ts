import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";
import { has, requireCan, territoryScope } from "../../platform/scope";

/**
 * Who sees and changes which QR codes (docs/decisions/0026, 0037). `qrCodes.read` opens the list (managers, field
 * marketing managers, lead generators; the portals' Admins and Managers), `qrCodes.edit` creates and changes codes
 * (the same roles of the full product). The row scope narrows both: territory-limited roles reach the codes whose
 * store is in their territories, a lead generator only their own codes; the retailer program's portal sees the codes
 * of a program group (group > 0), the second partner's portal none. Outside the scope a code answers 404.
 */
export type QrScope = {
  /** Nothing at all (the second partner's portal): an empty page. */
  none: boolean;
  territoryIds: number[] | null;
  ownUserId: number | null;
  groupedOnly: boolean;
};

function scopeOf(ctx: TenantContext): QrScope {
  return {
    none: ctx.scope.program === "secondPartner",
    territoryIds: territoryScope(ctx),
    ownUserId: ctx.scope.reach === "self" ? ctx.userId : null,
    groupedOnly: ctx.scope.program === "retailerProgram",
  };
}

export function requireQrReader(ctx: TenantContext): QrScope {
  requireCan(ctx, "qrCodes.read");
  return scopeOf(ctx);
}

/** A caller who may not even read codes hears the reading refusal; one who reads but may not change, the editing one. */
export function requireQrEditor(ctx: TenantContext): QrScope {
  requireCan(ctx, "qrCodes.read");
  if (!has(ctx, "qrCodes.edit")) throw forbidden(refusalOf("qrCodes.edit"));
  return scopeOf(ctx);
}

export function inQrScope(
  scope: QrScope,
  row: { userId: number; territoryId: number | null; group: number },
): boolean {
  if (scope.none) return false;
  if (scope.ownUserId !== null && row.userId !== scope.ownUserId) return false;
  if (scope.territoryIds && (row.territoryId === null || !scope.territoryIds.includes(row.territoryId)))
    return false;
  if (scope.groupedOnly && row.group <= 0) return false;
  return true;
}
