import { LEAD_GENERATOR_ROLE_IDS } from "@fieldlead/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { memberships, membershipTerritories, users } from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";
import { likePattern, type PageWindow, searchWords } from "../../platform/query-kit";
import type { UserScope } from "../../platform/scope";
import { inTerritories } from "./users.repository";

export type LeadGeneratorFilters = {
  search?: string;
  ids?: number[];
  territoryIds?: number[];
  includeInactive?: boolean;
};

export type LeadGeneratorRow = {
  id: number;
  firstName: string;
  lastName: string;
  isActive: boolean;
  territoryIds: number[];
};

/** Active means an active membership of an account that is not switched off platform-wide. */
const isActive = sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`;

/** A lead generator as the pickers show them; the membership's territories read by its key. */
const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive,
  territoryIds: sql<number[]>`array(
    select ${membershipTerritories.territoryId} from ${membershipTerritories}
    where ${membershipTerritories.organizationId} = ${memberships.organizationId}
      and ${membershipTerritories.membershipId} = ${memberships.id}
    order by ${membershipTerritories.territoryId})`,
};

/**
 * The lead generators (roles 14 and 15) of the caller's organization, from `memberships.organization_id`
 * (`memberships_org_role_idx`: organization, role); a person is reached only through a membership of it.
 */
export function leadGeneratorsRepository() {
  return {
    /** Every lead generator with their territories, in one query (the lookup list's `leadGenerator`). */
    async all(exec: Tx, ctx: TenantContext): Promise<LeadGeneratorRow[]> {
      return exec
        .select(columns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
          ),
        );
    },

    /**
     * A page of the lead generators a caller may pick: active ones first, then by name; every word must be in the
     * first or last name. The territories are read for the page's rows only. One query for the page, one for the
     * total.
     */
    async options(
      exec: Tx,
      ctx: TenantContext,
      scope: UserScope,
      f: LeadGeneratorFilters,
      page: PageWindow,
    ): Promise<{ rows: LeadGeneratorRow[]; total: number }> {
      const conditions: (SQL | undefined)[] = [
        eq(memberships.organizationId, ctx.organizationId),
        inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
      ];
      // A lead generator picks only themselves; a territory-limited role (none when it has no territory) the
      // lead generators of its territories.
      if (scope.kind === "self") conditions.push(eq(memberships.userId, ctx.userId));
      if (scope.kind === "territories") {
        conditions.push(
          scope.territoryIds.length
            ? inTerritories(exec, ctx.organizationId, scope.territoryIds)
            : sql`false`,
        );
      }
      if (!f.includeInactive) conditions.push(sql`${isActive}`);
      if (f.ids) conditions.push(f.ids.length ? inArray(memberships.userId, f.ids) : sql`false`);
      if (f.territoryIds?.length) conditions.push(inTerritories(exec, ctx.organizationId, f.territoryIds));
      for (const word of searchWords(f.search)) {
        const pattern = likePattern(word);
        conditions.push(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern)));
      }
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        exec
          .select(columns)
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where)
          .orderBy(desc(isActive), sql`lower(${users.firstName} || ' ' || ${users.lastName})`, asc(users.id))
          .limit(page.limit)
          .offset(page.offset),
        exec
          .select({ total: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where),
      ]);
      return { rows, total };
    },
  };
}

export type LeadGeneratorsRepository = ReturnType<typeof leadGeneratorsRepository>;
