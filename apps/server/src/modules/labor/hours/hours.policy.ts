import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../../platform/context";
import { forbidden } from "../../../platform/errors";
import { has, requireCan } from "../../../platform/scope";

/**
 * Who reads and changes hours (docs/decisions/0026, 0040). Reading needs `labor.read`; the row scope then does the
 * rest (labor/common/people.ts): a lead generator reads their own hours, territory-limited roles their territories'
 * people, everyone else the organization (the screen is `labor.team`'s; a lead generator's own hours are the
 * phone's). Adding, changing and deleting entries and posting needs `labor.edit` (managers and field marketing
 * managers). A person outside the scope answers 404, as one of another organization.
 */
export function requireHoursReader(ctx: TenantContext): void {
  requireCan(ctx, "labor.read");
}

/** A caller who may not even read labor hears the reading refusal; one who reads but may not fix hours, the editing one. */
export function requireHoursEditor(ctx: TenantContext): void {
  requireCan(ctx, "labor.read");
  if (!has(ctx, "labor.edit")) throw forbidden(refusalOf("labor.edit"));
}

export const canEditHours = (ctx: TenantContext): boolean => has(ctx, "labor.edit");
