import { PLATFORM_OPERATOR } from "@fieldlead/contracts";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { memberships, sessions } from "../../db/schema/index";
import { newToken, sha256 } from "../crypto";
import { rowsOf, type Tx } from "../db";

export type SessionRow = {
  sessionId: number;
  userId: number;
  currentOrganizationId: number;
  lastSeenAt: Date;
};

export type MembershipRow = {
  membershipId: number | null;
  organizationId: number;
  roleId: number;
  subscriptionId: number;
  timeZone: string;
  firstDayOfWeek: number | null;
};

/** A session and, when an organization was asked for, the caller's standing in it (null: none). */
export type Authentication = {
  session: SessionRow;
  membership: (MembershipRow & { territoryIds: number[] }) | null;
};

type StandingColumns = {
  organizationId: number | null;
  timeZone: string | null;
  firstDayOfWeek: number | null;
  membershipId: number | null;
  roleId: number | null;
  subscriptionId: number | null;
  territoryIds: number[] | null;
  isPlatformOperator: boolean | null;
};

/**
 * The caller's standing in one organization, as columns of the query that names the user (`userId`) and the
 * organization (`organizationId`): a live organization, the user's active membership in it with its territories,
 * or else whether the user is the platform's operator. All null when the organization does not exist or is deleted.
 * One statement, so that every request's check costs one round trip (docs/decisions/0028).
 */
const standing = (userId: SQL, organizationId: SQL) => ({
  columns: sql`o.id as "organizationId", o.time_zone as "timeZone", o.first_day_of_week as "firstDayOfWeek",
    m.id as "membershipId", m.role_id as "roleId", m.subscription_id as "subscriptionId",
    case when m.id is not null then array(
      select mt.territory_id from membership_territories mt
      where mt.organization_id = o.id and mt.membership_id = m.id order by mt.territory_id) end as "territoryIds",
    case when m.id is null and o.id is not null then exists(
      select 1 from memberships pm
      where pm.user_id = ${userId} and pm.role_id = ${PLATFORM_OPERATOR.roleId} and pm.is_active) end as "isPlatformOperator"`,
  joins: sql`left join organizations o on o.id = ${organizationId} and not o.is_deleted
    left join memberships m on m.organization_id = o.id and m.user_id = ${userId} and m.is_active`,
});

function toMembership(r: StandingColumns): (MembershipRow & { territoryIds: number[] }) | null {
  if (r.organizationId === null || r.timeZone === null) return null;
  const base = { organizationId: r.organizationId, timeZone: r.timeZone, firstDayOfWeek: r.firstDayOfWeek };
  if (r.membershipId !== null && r.roleId !== null && r.subscriptionId !== null) {
    return {
      ...base,
      membershipId: r.membershipId,
      roleId: r.roleId,
      subscriptionId: r.subscriptionId,
      territoryIds: (r.territoryIds ?? []).map(Number),
    };
  }
  if (r.isPlatformOperator) return { ...base, membershipId: null, ...PLATFORM_OPERATOR, territoryIds: [] };
  return null;
}

export function sessionRepository() {
  return {
    async create(
      tx: Tx,
      input: { userId: number; organizationId: number; hours: number; ip?: string; userAgent?: string },
    ): Promise<string> {
      const token = newToken();
      await tx.insert(sessions).values({
        tokenHash: sha256(token),
        userId: input.userId,
        currentOrganizationId: input.organizationId,
        expiresAt: new Date(Date.now() + input.hours * 3600_000),
        ip: input.ip ?? null,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    /**
     * Every signed-in request's check in one statement: the active session of `token` (not revoked, not expired,
     * its person not disabled) and, unless `organizationId` is null, the caller's standing in that organization
     * (`"current"`: the session's current one). Null when the session is not active.
     */
    async authenticate(
      exec: Tx,
      token: string,
      organizationId: number | "current" | null,
    ): Promise<Authentication | null> {
      const org =
        organizationId === null
          ? sql`null::int`
          : organizationId === "current"
            ? sql`s.current_organization_id`
            : sql`${organizationId}::int`;
      const st = standing(sql`s.user_id`, org);
      const [r] = await rowsOf<SessionRow & StandingColumns>(
        exec,
        sql`
        select s.id as "sessionId", s.user_id as "userId", s.current_organization_id as "currentOrganizationId",
          s.last_seen_at as "lastSeenAt", ${st.columns}
        from sessions s
        join users u on u.id = s.user_id and u.is_platform_active
        ${st.joins}
        where s.token_hash = ${sha256(token)} and s.revoked_at is null and s.expires_at > now()
        limit 1`,
      );
      if (!r) return null;
      return {
        session: {
          sessionId: r.sessionId,
          userId: r.userId,
          currentOrganizationId: r.currentOrganizationId,
          lastSeenAt: new Date(r.lastSeenAt),
        },
        membership: toMembership(r),
      };
    },

    /** Sliding expiry, written at most every few minutes to keep reads cheap. */
    async touch(exec: Tx, sessionId: number, hours: number) {
      await exec
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + hours * 3600_000) })
        .where(eq(sessions.id, sessionId));
    },

    async revoke(exec: Tx, sessionId: number) {
      await exec.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    async revokeAllOfUser(tx: Tx, userId: number) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async setCurrentOrganization(exec: Tx, sessionId: number, organizationId: number) {
      await exec
        .update(sessions)
        .set({ currentOrganizationId: organizationId })
        .where(eq(sessions.id, sessionId));
    },

    async isPlatformAdmin(exec: Tx, userId: number): Promise<boolean> {
      const [row] = await exec
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.roleId, PLATFORM_OPERATOR.roleId),
            eq(memberships.isActive, true),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /**
     * The caller's standing in one organization: an active membership of a live organization, or the
     * platform admin's implicit access. Null when the caller may not act in it.
     */
    async resolveMembership(exec: Tx, userId: number, organizationId: number): Promise<MembershipRow | null> {
      const st = standing(sql`${userId}::int`, sql`${organizationId}::int`);
      const [standingRow] = await rowsOf<StandingColumns>(
        exec,
        sql`select ${st.columns} from (select 1) one ${st.joins}`,
      );
      const m = toMembership(standingRow);
      if (!m) return null;
      const { territoryIds: _t, ...row } = m;
      return row;
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
