import { LEAD_GENERATOR_ROLE_IDS } from "@fieldlead/contracts";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  memberships,
  membershipTerritories,
  organizations,
  referenceItems,
  stores,
  territories,
  users,
} from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";

const storeColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  city: stores.city,
  organizationTerritoryId: stores.territoryId,
  organizationId: stores.organizationId,
};

/** Reads behind the lookup list, each bound to the caller's organization. */
export function lookupsRepository() {
  return {
    async referenceLists(exec: Tx): Promise<Map<string, { id: number; name: string; code: string }[]>> {
      const rows = await exec
        .select({
          list: referenceItems.list,
          id: referenceItems.id,
          name: referenceItems.name,
          code: referenceItems.code,
        })
        .from(referenceItems)
        .where(eq(referenceItems.isActive, true))
        .orderBy(asc(referenceItems.list), asc(referenceItems.sortOrder));
      const map = new Map<string, { id: number; name: string; code: string }[]>();
      for (const r of rows) {
        const arr = map.get(r.list) ?? [];
        arr.push({ id: r.id, name: r.name, code: r.code });
        map.set(r.list, arr);
      }
      return map;
    },

    /** Owner groups: organizations that have live children, as far as the caller can see them. */
    async parentOrganizations(exec: Tx, ctx: TenantContext) {
      const child = exec
        .select({ parentId: organizations.parentId })
        .from(organizations)
        .where(and(eq(organizations.isDeleted, false), isNotNull(organizations.parentId)));
      const rows = await exec
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(and(eq(organizations.isDeleted, false), inArray(organizations.id, child)))
        .orderBy(asc(organizations.name));
      if (ctx.isPlatformAdmin) return rows;
      const [own] = await exec
        .select({ parentId: organizations.parentId })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return rows.filter((r) => r.id === own?.parentId || r.id === ctx.organizationId);
    },

    async territories(exec: Tx, ctx: TenantContext) {
      return exec
        .select({
          id: territories.id,
          name: territories.name,
          organizationId: territories.organizationId,
          isActive: territories.isActive,
        })
        .from(territories)
        .where(eq(territories.organizationId, ctx.organizationId))
        .orderBy(asc(territories.name));
    },

    async stores(exec: Tx, ctx: TenantContext, brandId?: number) {
      return exec
        .select({ ...storeColumns, isActive: stores.isActive, brandId: stores.brandId })
        .from(stores)
        .where(
          and(
            eq(stores.organizationId, ctx.organizationId),
            brandId ? eq(stores.brandId, brandId) : undefined,
          ),
        )
        .orderBy(asc(stores.name));
    },

    /** Lead generators (roles 14 and 15) with their territories, in one query. */
    async leadGenerators(exec: Tx, ctx: TenantContext) {
      return exec
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          isActive: sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`,
          territoryIds: sql<
            number[]
          >`coalesce(array_agg(${membershipTerritories.territoryId}) filter (where ${membershipTerritories.territoryId} is not null), '{}')`,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .leftJoin(
          membershipTerritories,
          and(
            eq(membershipTerritories.organizationId, memberships.organizationId),
            eq(membershipTerritories.membershipId, memberships.id),
          ),
        )
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
          ),
        )
        .groupBy(users.id, memberships.id);
    },
  };
}

export type LookupsRepository = ReturnType<typeof lookupsRepository>;
