import { refusalOf } from "@fieldlead/contracts";
import type { TenantContext } from "../../../platform/context";
import { forbidden } from "../../../platform/errors";
import { has, requireCan } from "../../../platform/scope";

/**
 * Who sees and plans schedules (docs/decisions/0026, 0040). `labor.read` opens the week grid and its export (the row
 * scope narrows it: a lead generator sees their own week, territory-limited roles their territories' people);
 * `labor.edit` plans shifts, copies weeks and sets available hours (managers and field marketing managers). A person
 * or a shift outside the scope answers 404, as another organization's would.
 */
export function requireScheduleReader(ctx: TenantContext): void {
  requireCan(ctx, "labor.read");
}

/** A caller who may not even read schedules hears the reading refusal; one who reads but may not plan, the editing one. */
export function requireScheduleEditor(ctx: TenantContext): void {
  requireCan(ctx, "labor.read");
  if (!has(ctx, "labor.edit")) throw forbidden(refusalOf("labor.edit"));
}

export const canEditSchedules = (ctx: TenantContext) => has(ctx, "labor.read") && has(ctx, "labor.edit");
