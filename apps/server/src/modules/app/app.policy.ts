import {
  LEAD_GENERATOR_ROLE_IDS,
  PARTNER_ROLE_IDS,
  ROLES,
  TERRITORY_LIMITED_ROLES,
} from "@fieldlead/contracts";
import type { TenantContext } from "../../platform/context";
import { forbidden } from "../../platform/errors";

export function requirePlatformAdmin(ctx: TenantContext) {
  if (!ctx.isPlatformAdmin) throw forbidden("Only a Super Admin can do this.");
}

const rank = (id: number) => ROLES.find((r) => r.id === id)?.rank ?? 0;

/**
 * Roles the caller may hand out: never above their own; territory-level managers only the lead-generator
 * roles (14, 15); the partner selector only 2 and 3. Lead generators and analysts assign none.
 */
export function assignableRoles(ctx: TenantContext, selector: "all" | "lead-generators" | "partner" = "all") {
  let ids: number[];
  if (ctx.isPlatformAdmin) ids = ROLES.map((r) => r.id);
  else if (ctx.roleId === 2) ids = ROLES.filter((r) => r.id !== 1).map((r) => r.id);
  else if (ctx.roleId === 3) ids = ROLES.filter((r) => rank(r.id) < rank(3)).map((r) => r.id);
  else if (TERRITORY_LIMITED_ROLES.includes(ctx.roleId) && ctx.roleId !== 15)
    ids = [...LEAD_GENERATOR_ROLE_IDS];
  else ids = [];
  if (selector === "lead-generators") ids = ids.filter((id) => LEAD_GENERATOR_ROLE_IDS.includes(id));
  if (selector === "partner") ids = ids.filter((id) => PARTNER_ROLE_IDS.includes(id));
  return ROLES.filter((r) => ids.includes(r.id)).map((r) => ({ id: r.id, name: r.name }));
}
