import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  memberships,
  organizations,
  passwordLinks,
  sessions,
  users,
  webConfigs,
} from "../../db/schema/index";
import { sha256 } from "../../platform/crypto";
import type { Tx } from "../../platform/db";

const orgColumns = {
  id: organizations.id,
  organizationParentId: organizations.parentId,
  intFirstDayOfWeek: organizations.firstDayOfWeek,
  crmIntegrationId: organizations.crmIntegrationId,
  showApproaches: organizations.showApproaches,
  isSmartCircleLG: organizations.isSmartCircleLG,
  isDeleted: organizations.isDeleted,
  name: organizations.name,
};

export function accountRepository() {
  return {
    async findUserByEmail(exec: Tx, email: string) {
      const [u] = await exec
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          isPlatformActive: users.isPlatformActive,
          failedLoginCount: users.failedLoginCount,
          lockedUntil: users.lockedUntil,
          firstName: users.firstName,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
        .limit(1);
      return u ?? null;
    },

    async findUserById(exec: Tx, id: number) {
      const [u] = await exec
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          isPlatformActive: users.isPlatformActive,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return u ?? null;
    },

    async recordFailedLogin(exec: Tx, userId: number, lockAfter: number, lockMinutes: number) {
      await exec
        .update(users)
        .set({
          failedLoginCount: sql`${users.failedLoginCount} + 1`,
          lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${lockAfter} then now() + make_interval(mins => ${lockMinutes}) else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, userId));
    },

    async recordSuccessfulLogin(tx: Tx, userId: number) {
      await tx
        .update(users)
        .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Organizations the user belongs to (active membership, live organization), by name. */
    async memberOrganizations(exec: Tx, userId: number) {
      return exec
        .select(orgColumns)
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.isActive, true),
            eq(organizations.isDeleted, false),
          ),
        )
        .orderBy(asc(organizations.name));
    },

    /** Platform operators may switch into any live organization. */
    async allLiveOrganizations(exec: Tx) {
      return exec
        .select(orgColumns)
        .from(organizations)
        .where(eq(organizations.isDeleted, false))
        .orderBy(asc(organizations.name));
    },

    async lastSessionOrganization(exec: Tx, userId: number): Promise<number | null> {
      const [s] = await exec
        .select({ orgId: sessions.currentOrganizationId })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(sql`${sessions.lastSeenAt} desc`)
        .limit(1);
      return s?.orgId ?? null;
    },

    async webConfig(exec: Tx, userId: number): Promise<Record<string, unknown> | null> {
      const [c] = await exec
        .select({ config: webConfigs.config })
        .from(webConfigs)
        .where(eq(webConfigs.userId, userId));
      return c?.config ?? null;
    },

    async upsertWebConfig(exec: Tx, userId: number, config: Record<string, unknown>) {
      const [row] = await exec
        .insert(webConfigs)
        .values({ userId, config })
        .onConflictDoUpdate({ target: webConfigs.userId, set: { config, updatedAt: new Date() } })
        .returning({ config: webConfigs.config });
      return row.config;
    },

    async createLink(
      tx: Tx,
      input: {
        linkId: string;
        userId: number;
        purpose: "reset" | "invite";
        organizationId?: number;
        hours: number;
      },
    ) {
      await tx.insert(passwordLinks).values({
        linkHash: sha256(input.linkId),
        userId: input.userId,
        purpose: input.purpose,
        organizationId: input.organizationId ?? null,
        expiresAt: new Date(Date.now() + input.hours * 3600_000),
      });
    },

    /**
     * Issues an invitation link unless one went to this person for this organization less than `cooldownSeconds`
     * ago. Call it inside a transaction: the user's row is locked first, so of two requests at once only one
     * issues a link (the other sees it). Returns when the previous one was issued when it refuses.
     */
    async createInviteLinkUnlessRecent(
      tx: Tx,
      input: {
        linkId: string;
        userId: number;
        organizationId: number;
        hours: number;
        cooldownSeconds: number;
      },
    ): Promise<{ created: true } | { created: false; lastAt: Date }> {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
      const [last] = await tx
        .select({ at: sql<Date | string | null>`max(${passwordLinks.createdAt})` })
        .from(passwordLinks)
        .where(
          and(
            eq(passwordLinks.userId, input.userId),
            eq(passwordLinks.purpose, "invite"),
            eq(passwordLinks.organizationId, input.organizationId),
          ),
        );
      const lastAt = last?.at ? new Date(last.at) : null;
      if (lastAt && Date.now() - lastAt.getTime() < input.cooldownSeconds * 1000)
        return { created: false, lastAt };
      await this.createLink(tx, { ...input, purpose: "invite" });
      return { created: true };
    },

    /**
     * Issues a reset link that replaces the user's open reset links: they are spent (answer as used) and only
     * the new one works. Call it inside a transaction: the user's row is locked first, so two requests at once
     * still leave one working link. Invitation links are not touched.
     */
    async replaceResetLinks(tx: Tx, input: { linkId: string; userId: number; hours: number }) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
      await this.spendLinks(tx, input.userId, "reset");
      await this.createLink(tx, { ...input, purpose: "reset" });
    },

    async findLink(tx: Tx, linkId: string, forUpdate = false) {
      const q = tx
        .select({
          id: passwordLinks.id,
          userId: passwordLinks.userId,
          purpose: passwordLinks.purpose,
          organizationId: passwordLinks.organizationId,
          expiresAt: passwordLinks.expiresAt,
          usedAt: passwordLinks.usedAt,
          email: users.email,
        })
        .from(passwordLinks)
        .innerJoin(users, eq(users.id, passwordLinks.userId))
        .where(eq(passwordLinks.linkHash, sha256(linkId)))
        .limit(1);
      const [row] = forUpdate ? await q.for("update") : await q;
      return row ?? null;
    },

    /** Spends the link and every other open link of the same user and purpose. */
    async spendLinks(tx: Tx, userId: number, purpose: "reset" | "invite") {
      await tx
        .update(passwordLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordLinks.userId, userId),
            eq(passwordLinks.purpose, purpose),
            isNull(passwordLinks.usedAt),
            gt(passwordLinks.expiresAt, sql`now()`),
          ),
        );
    },

    async setPassword(tx: Tx, userId: number, passwordHash: string) {
      await tx
        .update(users)
        .set({ passwordHash, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
