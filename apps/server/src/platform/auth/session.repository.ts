import { PLATFORM_OPERATOR } from "@fieldlead/contracts";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { memberships, membershipTerritories, organizations, sessions, users } from "../../db/schema/index";
import { newToken, sha256 } from "../crypto";
import type { Tx } from "../db";

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

    async findActive(exec: Tx, token: string): Promise<SessionRow | null> {
      const [row] = await exec
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          currentOrganizationId: sessions.currentOrganizationId,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, sha256(token)),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            eq(users.isPlatformActive, true),
          ),
        )
        .limit(1);
      return row ?? null;
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
      const [org] = await exec
        .select({
          id: organizations.id,
          timeZone: organizations.timeZone,
          firstDayOfWeek: organizations.firstDayOfWeek,
          isDeleted: organizations.isDeleted,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .limit(1);
      if (!org || org.isDeleted) return null;
      const [m] = await exec
        .select({
          id: memberships.id,
          roleId: memberships.roleId,
          subscriptionId: memberships.subscriptionId,
        })
        .from(memberships)
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.organizationId, organizationId),
            eq(memberships.isActive, true),
          ),
        )
        .limit(1);
      const base = { organizationId, timeZone: org.timeZone, firstDayOfWeek: org.firstDayOfWeek };
      if (m) return { ...base, membershipId: m.id, roleId: m.roleId, subscriptionId: m.subscriptionId };
      if (await this.isPlatformAdmin(exec, userId))
        return { ...base, membershipId: null, ...PLATFORM_OPERATOR };
      return null;
    },

    async territoryIds(exec: Tx, organizationId: number, membershipId: number): Promise<number[]> {
      const rows = await exec
        .select({ id: membershipTerritories.territoryId })
        .from(membershipTerritories)
        .where(
          and(
            eq(membershipTerritories.organizationId, organizationId),
            eq(membershipTerritories.membershipId, membershipId),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
