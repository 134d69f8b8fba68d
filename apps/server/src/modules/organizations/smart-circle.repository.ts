import { LEAD_GENERATOR_ROLE_IDS } from "@fieldlead/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { memberships, membershipTerritories, organizations, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";

const FULL_PRODUCT = 1;

export type SmartCircleFilters = {
  search?: string;
  organizationIds?: number[];
  isActive?: boolean;
  sortBy: "name" | "email" | "organization" | "lastActivityAt";
  sortDirection: "asc" | "desc";
};

export type SmartCircleRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  organizationId: number;
  organizationName: string;
  smartCircleCompany: string | null;
  roleId: number;
  territories: { id: number; name: string }[];
  isActive: boolean;
  lastActivityAt: Date | string | null;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Reads for the Smart Circle report: the only place that lists people across organizations. */
export function smartCircleRepository() {
  const isActive = sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`;
  const lastActivity = sql<Date | null>`greatest(${memberships.lastActivityAt}, ${users.lastLoginAt})`;
  const territoryList = sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${territories.id}, 'name', ${territories.name}) order by ${territories.name})
    from ${membershipTerritories} join ${territories} on ${territories.id} = ${membershipTerritories.territoryId}
    where ${membershipTerritories.organizationId} = ${memberships.organizationId}
      and ${membershipTerritories.membershipId} = ${memberships.id}
  ), '[]'::json)`;

  return {
    /**
     * Cross-tenant: the live Smart Circle organizations whose lead generators the caller may list. The
     * platform admin: all of them; anyone else: those where they hold one of `roles` (full product).
     */
    async allowedSmartCircleOrganizationIds(
      exec: Tx,
      caller: { userId: number; isPlatformAdmin: boolean },
      roles: readonly number[],
    ): Promise<number[]> {
      const live = and(eq(organizations.isDeleted, false), eq(organizations.isSmartCircleLG, true));
      if (caller.isPlatformAdmin) {
        const rows = await exec.select({ id: organizations.id }).from(organizations).where(live);
        return rows.map((r) => r.id);
      }
      const rows = await exec
        .select({ id: organizations.id })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(
          and(
            live,
            eq(memberships.userId, caller.userId),
            eq(memberships.isActive, true),
            eq(memberships.subscriptionId, FULL_PRODUCT),
            inArray(memberships.roleId, [...roles]),
          ),
        );
      return rows.map((r) => r.id);
    },

    /**
     * Cross-tenant, by design: lead generators (roles 14 and 15) of the given organizations, which the
     * caller must have obtained from `allowedSmartCircleOrganizationIds`. One query for the page, one for the total.
     */
    async smartCircleUsersAcrossAllowedOrganizations(
      exec: Tx,
      allowedOrganizationIds: number[],
      f: SmartCircleFilters,
      page: { limit: number; offset: number },
    ): Promise<{ rows: SmartCircleRow[]; total: number }> {
      if (allowedOrganizationIds.length === 0) return { rows: [], total: 0 };
      const conditions: (SQL | undefined)[] = [
        inArray(memberships.organizationId, allowedOrganizationIds),
        inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
      ];
      if (f.organizationIds) conditions.push(inArray(memberships.organizationId, f.organizationIds));
      if (f.isActive === true) conditions.push(sql`${isActive}`);
      if (f.isActive === false) conditions.push(sql`not ${isActive}`);
      for (const token of (f.search ?? "").split(/\s+/).filter(Boolean)) {
        const like = `%${likeEscape(token)}%`;
        conditions.push(
          or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)),
        );
      }
      const where = and(...conditions);
      const dir = f.sortDirection === "desc" ? desc : asc;
      const byName = [dir(sql`lower(${users.lastName})`), dir(sql`lower(${users.firstName})`)];
      const order = {
        name: byName,
        email: [dir(sql`lower(${users.email})`)],
        organization: [dir(sql`lower(${organizations.name})`), ...byName],
        lastActivityAt: [
          f.sortDirection === "desc"
            ? sql`${lastActivity} desc nulls last`
            : sql`${lastActivity} asc nulls first`,
        ],
      }[f.sortBy];

      // Pick the page on the sort keys first; territories are then read for the page's rows only.
      const pageIds = exec
        .select({ membershipId: sql<number>`${memberships.id}`.as("page_membership_id") })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(where)
        .orderBy(...order, asc(memberships.id))
        .limit(page.limit)
        .offset(page.offset)
        .as("page");
      const [rows, [{ total }]] = await Promise.all([
        exec
          .select({
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
            organizationId: organizations.id,
            organizationName: organizations.name,
            smartCircleCompany: organizations.smartCircleCompany,
            roleId: memberships.roleId,
            territories: territoryList,
            isActive,
            lastActivityAt: lastActivity,
          })
          .from(pageIds)
          .innerJoin(memberships, eq(memberships.id, pageIds.membershipId))
          .innerJoin(users, eq(users.id, memberships.userId))
          .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
          .orderBy(...order, asc(memberships.id)),
        exec
          .select({ total: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where),
      ]);
      return { rows: rows as SmartCircleRow[], total };
    },
  };
}

export type SmartCircleRepository = ReturnType<typeof smartCircleRepository>;
