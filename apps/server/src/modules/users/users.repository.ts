import { and, eq, ilike, inArray, like, ne, or, type SQL, sql } from "drizzle-orm";
import {
  membershipStores,
  memberships,
  membershipTerritories,
  organizations,
  passwordLinks,
  roles,
  stores,
  territories,
  userCaptureIcons,
  users,
} from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";
import { countRows, likePattern, type PageWindow, searchWords, sortBy } from "../../platform/query-kit";
import type { UserScope } from "./users.policy";

export type UserFilters = {
  search?: string;
  roleIds?: number[];
  territoryIds?: number[];
  storeIds?: number[];
  isActive?: boolean;
  sortBy: "name" | "email" | "role" | "lastLoginAt" | "createdAt";
  sortDirection: "asc" | "desc";
};

export type UserValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  languageIds: number[];
  timeZone: string | null;
};

export type MembershipValues = {
  roleId: number;
  subscriptionId: number;
  hoursTypeId: number | null;
  isActive: boolean;
};

type Named = { id: number; name: string };

/** Active means an active membership of an account that is not switched off platform-wide. */
const isActive = sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`;

const territoriesOfMembership = sql<Named[]>`coalesce((
  select json_agg(json_build_object('id', ${territories.id}, 'name', ${territories.name}) order by ${territories.name})
  from ${membershipTerritories} join ${territories} on ${territories.id} = ${membershipTerritories.territoryId}
  where ${membershipTerritories.organizationId} = ${memberships.organizationId}
    and ${membershipTerritories.membershipId} = ${memberships.id}
), '[]'::json)`;

const storesOfMembership = sql<Named[]>`coalesce((
  select json_agg(json_build_object('id', ${stores.id}, 'name', ${stores.name}) order by ${stores.name})
  from ${membershipStores} join ${stores} on ${stores.id} = ${membershipStores.storeId}
  where ${membershipStores.organizationId} = ${memberships.organizationId}
    and ${membershipStores.membershipId} = ${memberships.id}
), '[]'::json)`;

/**
 * Memberships with one of `territoryIds`. `= any(array(subquery))` runs the subquery once and filters by
 * the list, a plan that stays fast even where the planner has no statistics (PGlite has no autovacuum): an
 * `in (subquery)` semi-join was planned as a nested loop there and took seconds at 20,000 people.
 */
export function inTerritories(exec: Tx, organizationId: number, territoryIds: number[]) {
  const ids = exec
    .select({ id: membershipTerritories.membershipId })
    .from(membershipTerritories)
    .where(
      and(
        eq(membershipTerritories.organizationId, organizationId),
        inArray(membershipTerritories.territoryId, territoryIds),
      ),
    );
  return sql`${memberships.id} = any(array(${ids}))`;
}

function atStores(exec: Tx, organizationId: number, storeIds: number[]) {
  const ids = exec
    .select({ id: membershipStores.membershipId })
    .from(membershipStores)
    .where(
      and(eq(membershipStores.organizationId, organizationId), inArray(membershipStores.storeId, storeIds)),
    );
  return sql`${memberships.id} = any(array(${ids}))`;
}

function scopeCondition(exec: Tx, ctx: TenantContext, scope: UserScope): SQL | undefined {
  if (scope.kind === "organization") return undefined;
  if (scope.kind === "self" || scope.territoryIds.length === 0) return eq(memberships.userId, ctx.userId);
  return or(eq(memberships.userId, ctx.userId), inTerritories(exec, ctx.organizationId, scope.territoryIds));
}

/**
 * People and their memberships in the caller's organization. Every read starts from
 * `memberships.organization_id`; identities (users) are reached only through a membership of the organization.
 */
export function usersRepository() {
  return {
    async search(exec: Tx, ctx: TenantContext, scope: UserScope, f: UserFilters, page: PageWindow) {
      const conditions: (SQL | undefined)[] = [
        eq(memberships.organizationId, ctx.organizationId),
        scopeCondition(exec, ctx, scope),
      ];
      if (f.roleIds?.length) conditions.push(inArray(memberships.roleId, f.roleIds));
      if (f.isActive === true) conditions.push(sql`${isActive}`);
      if (f.isActive === false) conditions.push(sql`not ${isActive}`);
      if (f.territoryIds?.length) conditions.push(inTerritories(exec, ctx.organizationId, f.territoryIds));
      if (f.storeIds?.length) conditions.push(atStores(exec, ctx.organizationId, f.storeIds));
      for (const word of searchWords(f.search)) {
        const pattern = likePattern(word.toLowerCase());
        const digits = word.replace(/\D/g, "");
        conditions.push(
          or(
            ilike(users.firstName, pattern),
            ilike(users.lastName, pattern),
            like(sql`lower(${users.email})`, pattern),
            digits.length >= 3 && digits.length === word.replace(/[\s().+-]/g, "").length
              ? like(users.phone, likePattern(digits))
              : undefined,
          ),
        );
      }
      const where = and(...conditions);
      const byName = [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`];
      // Rank 1 is the highest role, so "role, descending" is the rank ascending.
      const order = sortBy(
        {
          name: byName,
          email: sql`lower(${users.email})`,
          role: [{ by: roles.rank, direction: "reverse" }, ...byName],
          lastLoginAt: [{ by: users.lastLoginAt, nulls: "last" }, ...byName],
          createdAt: memberships.createdAt,
        },
        { key: f.sortBy, direction: f.sortDirection },
        { key: "name", direction: "asc" },
        { tieBreak: [{ by: memberships.id, direction: "asc" }] },
      );

      // The page's memberships are picked on the sort keys alone; the territories (a subquery per row)
      // are then read for those rows only, not for every row the sort has to look at.
      const pageIds = exec
        .select({ membershipId: sql<number>`${memberships.id}`.as("page_membership_id") })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(roles, eq(roles.id, memberships.roleId))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset)
        .as("page");
      const [rows, count] = await Promise.all([
        exec
          .select({
            id: users.id,
            uid: users.uid,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            phone: users.phone,
            roleId: memberships.roleId,
            subscriptionId: memberships.subscriptionId,
            isActive,
            hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
            territories: territoriesOfMembership,
            lastLoginAt: users.lastLoginAt,
            createdAt: memberships.createdAt,
          })
          .from(pageIds)
          .innerJoin(memberships, eq(memberships.id, pageIds.membershipId))
          .innerJoin(users, eq(users.id, memberships.userId))
          .innerJoin(roles, eq(roles.id, memberships.roleId))
          .orderBy(...order),
        countRows(
          exec,
          exec
            .select({ one: sql`1` })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(where),
        ),
      ]);
      return { rows, total: count.total };
    },

    /** One person of the organization as the caller's scope allows, with everything the detail shows. */
    async detail(tx: Tx, ctx: TenantContext, scope: UserScope, userId: number) {
      const [row] = await tx
        .select({
          id: users.id,
          uid: users.uid,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          languageIds: users.languageIds,
          timeZone: users.timeZone,
          hoursTypeId: memberships.hoursTypeId,
          membershipId: memberships.id,
          membershipActive: memberships.isActive,
          isPlatformActive: users.isPlatformActive,
          isActive,
          roleId: memberships.roleId,
          subscriptionId: memberships.subscriptionId,
          territories: territoriesOfMembership,
          stores: storesOfMembership,
          hasCaptureIcon: sql<boolean>`exists (select 1 from ${userCaptureIcons} where ${userCaptureIcons.userId} = ${users.id})`,
          hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
          sharedIdentity: sql<boolean>`exists (select 1 from memberships other where other.user_id = ${users.id} and other.organization_id <> ${memberships.organizationId})`,
          lastLoginAt: users.lastLoginAt,
          lastActivityAt: memberships.lastActivityAt,
          lastInvitedAt: sql<
            Date | string | null
          >`(select max(${passwordLinks.createdAt}) from ${passwordLinks} where ${passwordLinks.userId} = ${users.id} and ${passwordLinks.purpose} = 'invite' and ${passwordLinks.organizationId} = ${memberships.organizationId})`,
          createdAt: memberships.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            eq(memberships.userId, userId),
            scopeCondition(tx, ctx, scope),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** This organization's membership of the person with this email, if any (never another organization's). */
    async membershipOfEmail(tx: Tx, ctx: TenantContext, email: string) {
      const [m] = await tx
        .select({ id: memberships.id, isActive: memberships.isActive })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            eq(sql`lower(${users.email})`, email.toLowerCase()),
          ),
        )
        .limit(1);
      return m ?? null;
    },

    async updateUser(tx: Tx, userId: number, values: UserValues) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async updateMembership(tx: Tx, ctx: TenantContext, membershipId: number, values: MembershipValues) {
      await tx
        .update(memberships)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(memberships.organizationId, ctx.organizationId), eq(memberships.id, membershipId)));
    },

    async setTerritories(tx: Tx, ctx: TenantContext, membershipId: number, territoryIds: number[]) {
      const organizationId = ctx.organizationId;
      await tx
        .delete(membershipTerritories)
        .where(
          and(
            eq(membershipTerritories.organizationId, organizationId),
            eq(membershipTerritories.membershipId, membershipId),
          ),
        );
      if (territoryIds.length) {
        await tx
          .insert(membershipTerritories)
          .values(territoryIds.map((territoryId) => ({ organizationId, membershipId, territoryId })));
      }
    },

    async setStores(tx: Tx, ctx: TenantContext, membershipId: number, storeIds: number[]) {
      const organizationId = ctx.organizationId;
      await tx
        .delete(membershipStores)
        .where(
          and(
            eq(membershipStores.organizationId, organizationId),
            eq(membershipStores.membershipId, membershipId),
          ),
        );
      if (storeIds.length) {
        await tx
          .insert(membershipStores)
          .values(storeIds.map((storeId) => ({ organizationId, membershipId, storeId })));
      }
    },

    async territoriesIn(tx: Tx, ctx: TenantContext, ids: number[]) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: territories.id, isActive: territories.isActive })
        .from(territories)
        .where(and(eq(territories.organizationId, ctx.organizationId), inArray(territories.id, ids)));
    },

    async storesIn(tx: Tx, ctx: TenantContext, ids: number[]) {
      if (ids.length === 0) return [];
      return tx
        .select({ id: stores.id, territoryId: stores.territoryId, isActive: stores.isActive })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), inArray(stores.id, ids)));
    },

    async setCaptureIcon(tx: Tx, userId: number, icon: { contentType: string; content: Buffer } | null) {
      if (!icon) {
        await tx.delete(userCaptureIcons).where(eq(userCaptureIcons.userId, userId));
        return;
      }
      await tx
        .insert(userCaptureIcons)
        .values({ userId, ...icon })
        .onConflictDoUpdate({
          target: userCaptureIcons.userId,
          set: { ...icon, updatedAt: new Date() },
        });
    },

    async captureIcon(exec: Tx, userId: number) {
      const [row] = await exec
        .select({
          contentType: userCaptureIcons.contentType,
          content: userCaptureIcons.content,
          updatedAt: userCaptureIcons.updatedAt,
        })
        .from(userCaptureIcons)
        .where(eq(userCaptureIcons.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** The organization's name and the caller's name, for the invitation email. */
    async invitationNames(exec: Tx, ctx: TenantContext) {
      const [[org], [me]] = await Promise.all([
        exec
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, ctx.organizationId)),
        exec
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, ctx.userId)),
      ]);
      return { organizationName: org.name, invitedBy: `${me.firstName} ${me.lastName}`.trim() };
    },

    /** Another account already using this email. */
    async emailTakenByOther(tx: Tx, email: string, userId: number): Promise<boolean> {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
        .limit(1);
      return Boolean(u);
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
export type UserDetailRow = NonNullable<Awaited<ReturnType<UsersRepository["detail"]>>>;
export type UserSearchRow = Awaited<ReturnType<UsersRepository["search"]>>["rows"][number];
