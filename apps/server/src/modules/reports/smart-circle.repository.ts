import { FULL_PRODUCT, LEAD_GENERATOR_ROLE_IDS } from "@fieldlead/contracts";
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { memberships, membershipTerritories, organizations, territories, users } from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import {
  countRows,
  likePattern,
  type OrderTerm,
  type PageWindow,
  searchWords,
  sortBy,
} from "../../platform/query-kit";

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

const isActive = sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`;
const lastActivity = sql<Date | null>`greatest(${memberships.lastActivityAt}, ${users.lastLoginAt})`;
const territoryList = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${territories.id}, 'name', ${territories.name}) order by ${territories.name})
  from ${membershipTerritories} join ${territories} on ${territories.id} = ${membershipTerritories.territoryId}
  where ${membershipTerritories.organizationId} = ${memberships.organizationId}
    and ${membershipTerritories.membershipId} = ${memberships.id}
), '[]'::json)`;

function conditions(allowedOrganizationIds: number[], f: SmartCircleFilters): SQL | undefined {
  const c: (SQL | undefined)[] = [
    inArray(memberships.organizationId, allowedOrganizationIds),
    inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
  ];
  if (f.organizationIds) c.push(inArray(memberships.organizationId, f.organizationIds));
  if (f.isActive === true) c.push(sql`${isActive}`);
  if (f.isActive === false) c.push(sql`not ${isActive}`);
  for (const word of searchWords(f.search)) {
    const pattern = likePattern(word);
    c.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern)));
  }
  return and(...c);
}

const byName: OrderTerm[] = [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`];
/** The report's sorts; the membership breaks ties, so pages never overlap. */
const order = (f: SmartCircleFilters) =>
  sortBy(
    {
      name: byName,
      email: sql`lower(${users.email})`,
      organization: [sql`lower(${organizations.name})`, ...byName],
      lastActivityAt: { by: lastActivity, nulls: "low" },
    },
    { key: f.sortBy, direction: f.sortDirection },
    { key: "name", direction: "asc" },
    { tieBreak: [{ by: memberships.id, direction: "asc" }] },
  );

/** The report's memberships in order (a page of them, or an export's). */
const membershipsInOrder = (exec: Tx, where: SQL | undefined, f: SmartCircleFilters) =>
  exec
    .select({ membershipId: sql<number>`${memberships.id}`.as("page_membership_id") })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(where)
    .orderBy(...order(f));

const selectRows = (exec: Tx) =>
  exec.select({
    membershipId: memberships.id,
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
  });

/** Reads for the Smart Circle report: the only place that lists people across organizations. */
export function smartCircleRepository() {
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
      page: PageWindow,
    ): Promise<{ rows: SmartCircleRow[]; total: number }> {
      if (allowedOrganizationIds.length === 0) return { rows: [], total: 0 };
      const where = conditions(allowedOrganizationIds, f);
      // Pick the page on the sort keys first; territories are then read for the page's rows only.
      const pageIds = membershipsInOrder(exec, where, f).limit(page.limit).offset(page.offset).as("page");
      const [rows, count] = await Promise.all([
        selectRows(exec)
          .from(pageIds)
          .innerJoin(memberships, eq(memberships.id, pageIds.membershipId))
          .innerJoin(users, eq(users.id, memberships.userId))
          .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
          .orderBy(...order(f)),
        countRows(
          exec,
          exec
            .select({ one: sql`1` })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(where),
        ),
      ]);
      return { rows: rows as SmartCircleRow[], total: count.total };
    },

    /**
     * Cross-tenant, as above: the memberships of the whole result in order, at most `limit` (an export reads
     * their rows in chunks after).
     */
    async smartCircleMembershipIdsAcrossAllowedOrganizations(
      exec: Tx,
      allowedOrganizationIds: number[],
      f: SmartCircleFilters,
      limit: number,
    ): Promise<number[]> {
      if (allowedOrganizationIds.length === 0) return [];
      const rows = await membershipsInOrder(exec, conditions(allowedOrganizationIds, f), f).limit(limit);
      return rows.map((r) => r.membershipId);
    },

    /**
     * Cross-tenant, as above: the rows of those memberships in the order given. The allowed organizations and
     * the lead generator roles are checked again, so no other membership can be read this way.
     */
    async smartCircleRowsByMembershipIds(
      exec: Tx,
      allowedOrganizationIds: number[],
      membershipIds: number[],
    ): Promise<SmartCircleRow[]> {
      if (allowedOrganizationIds.length === 0 || membershipIds.length === 0) return [];
      const rows = await selectRows(exec)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(
          and(
            inArray(memberships.organizationId, allowedOrganizationIds),
            inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
            sql`${memberships.id} = any(${sql.param(membershipIds)}::integer[])`,
          ),
        );
      const pos = new Map(membershipIds.map((id, i) => [id, i]));
      return (rows as (SmartCircleRow & { membershipId: number })[])
        .sort((a, b) => (pos.get(a.membershipId) ?? 0) - (pos.get(b.membershipId) ?? 0))
        .map(({ membershipId: _, ...row }) => row);
    },
  };
}

export type SmartCircleRepository = ReturnType<typeof smartCircleRepository>;
