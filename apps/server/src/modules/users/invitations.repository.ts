import { and, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import {
  membershipInvitations,
  membershipStores,
  memberships,
  membershipTerritories,
  organizations,
  stores,
  territories,
  users,
} from "../../db/schema/index";
import type { TenantContext } from "../../platform/context";
import { sha256 } from "../../platform/crypto";
import type { Tx } from "../../platform/db";
import { countRows, likePattern, type PageWindow, searchWords } from "../../platform/query-kit";

export type InvitationValues = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  languageIds: number[];
  timeZone: string | null;
  roleId: number;
  subscriptionId: number;
  hoursTypeId: number | null;
  territoryIds: number[];
  storeIds: number[];
};

type Named = { id: number; name: string };

const open = gt(membershipInvitations.expiresAt, sql`now()`);
/** The (lower-case) email of an account, as invitations store theirs. */
const emailOfUser = (userId: number) =>
  sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId})`;
/** The organization's rows matching `more` (every organization-side read and write starts here). */
const ofOrg = (ctx: TenantContext, ...more: SQL[]) =>
  and(eq(membershipInvitations.organizationId, ctx.organizationId), ...more);
const inviterName = sql<string>`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${membershipInvitations.invitedByUserId})`;

const namedTerritories = sql<Named[]>`coalesce((
  select json_agg(json_build_object('id', ${territories.id}, 'name', ${territories.name}) order by ${territories.name})
  from ${territories}
  where ${territories.organizationId} = ${membershipInvitations.organizationId}
    and ${territories.id} = any(${membershipInvitations.territoryIds})
), '[]'::json)`;

const namedStores = sql<Named[]>`coalesce((
  select json_agg(json_build_object('id', ${stores.id}, 'name', ${stores.name}) order by ${stores.name})
  from ${stores}
  where ${stores.organizationId} = ${membershipInvitations.organizationId}
    and ${stores.id} = any(${membershipInvitations.storeIds})
), '[]'::json)`;

const orgColumns = {
  id: membershipInvitations.id,
  email: membershipInvitations.email,
  firstName: membershipInvitations.firstName,
  lastName: membershipInvitations.lastName,
  phone: membershipInvitations.phone,
  roleId: membershipInvitations.roleId,
  subscriptionId: membershipInvitations.subscriptionId,
  territoryIds: membershipInvitations.territoryIds,
  territories: namedTerritories,
  stores: namedStores,
  invitedBy: inviterName,
  createdAt: membershipInvitations.createdAt,
  sentAt: membershipInvitations.sentAt,
  expiresAt: membershipInvitations.expiresAt,
};

/**
 * Pending invitations. The inviting organization reads them by `organization_id` (what it typed, nothing
 * else); the invited person reads theirs by email or by the emailed link. Expired rows are as if gone.
 */
export function invitationsRepository() {
  return {
    /** Removes the organization's expired invitation of this email, so it can be invited afresh. */
    async dropExpired(tx: Tx, ctx: TenantContext, email: string) {
      await tx
        .delete(membershipInvitations)
        .where(
          ofOrg(
            ctx,
            eq(membershipInvitations.email, email),
            lte(membershipInvitations.expiresAt, sql`now()`),
          ),
        );
    },

    /**
     * Every organization's invitations that lapsed more than `days` ago (the daily `invitations.prune` schedule,
     * users.jobs.ts): nobody can accept them, and the panel lists open ones only. Returns how many went.
     */
    async pruneLapsed(exec: Tx, days: number) {
      const gone = await exec
        .delete(membershipInvitations)
        .where(lte(membershipInvitations.expiresAt, sql`now() - make_interval(days => ${days})`))
        .returning({ id: membershipInvitations.id });
      return gone.length;
    },

    async openOfEmail(tx: Tx, ctx: TenantContext, email: string) {
      const [row] = await tx
        .select({ id: membershipInvitations.id })
        .from(membershipInvitations)
        .where(ofOrg(ctx, eq(membershipInvitations.email, email), open))
        .limit(1);
      return row ?? null;
    },

    async insert(
      tx: Tx,
      ctx: TenantContext,
      values: InvitationValues & { linkId: string; expiresAt: Date },
    ): Promise<number> {
      const { linkId, ...rest } = values;
      const [row] = await tx
        .insert(membershipInvitations)
        .values({
          ...rest,
          organizationId: ctx.organizationId,
          invitedByUserId: ctx.userId,
          linkHash: sha256(linkId),
        })
        .returning({ id: membershipInvitations.id });
      return row.id;
    },

    /** One open invitation of the organization, as it sees it. */
    async ofOrganization(tx: Tx, ctx: TenantContext, id: number) {
      const [row] = await tx
        .select(orgColumns)
        .from(membershipInvitations)
        .where(ofOrg(ctx, eq(membershipInvitations.id, id), open))
        .limit(1);
      return row ?? null;
    },

    /** The organization's open invitations; a territory-limited caller sees those naming one of their territories. */
    async search(
      exec: Tx,
      ctx: TenantContext,
      f: { search?: string; territoryIds: number[] | null },
      page: PageWindow,
    ) {
      const conditions: (SQL | undefined)[] = [ofOrg(ctx, open)];
      if (f.territoryIds) {
        conditions.push(
          sql`${membershipInvitations.territoryIds} && ${sql.param(f.territoryIds)}::integer[]`,
        );
      }
      for (const word of searchWords(f.search)) {
        const pattern = likePattern(word.toLowerCase());
        conditions.push(
          or(
            ilike(membershipInvitations.firstName, pattern),
            ilike(membershipInvitations.lastName, pattern),
            ilike(membershipInvitations.email, pattern),
          ),
        );
      }
      const where = and(...conditions);
      const [rows, count] = await Promise.all([
        exec
          .select(orgColumns)
          .from(membershipInvitations)
          .where(where)
          .orderBy(desc(membershipInvitations.createdAt), desc(membershipInvitations.id))
          .limit(page.limit)
          .offset(page.offset),
        countRows(exec, exec.select({ one: sql`1` }).from(membershipInvitations).where(where)),
      ]);
      return { rows, total: count.total };
    },

    /**
     * A new link and a new expiry (the earlier link stops working), only if the invitation was last emailed at
     * least `cooldownSeconds` ago: one statement, so two resends at once email once. False when too soon.
     */
    async renew(
      tx: Tx,
      ctx: TenantContext,
      id: number,
      next: { linkId: string; expiresAt: Date; cooldownSeconds: number },
    ): Promise<boolean> {
      const rows = await tx
        .update(membershipInvitations)
        .set({ linkHash: sha256(next.linkId), sentAt: sql`now()`, expiresAt: next.expiresAt })
        .where(
          ofOrg(
            ctx,
            eq(membershipInvitations.id, id),
            lte(membershipInvitations.sentAt, sql`now() - make_interval(secs => ${next.cooldownSeconds})`),
          ),
        )
        .returning({ id: membershipInvitations.id });
      return rows.length > 0;
    },

    async cancel(tx: Tx, ctx: TenantContext, id: number) {
      await tx.delete(membershipInvitations).where(ofOrg(ctx, eq(membershipInvitations.id, id)));
    },

    // ---- The invited person's side ----

    /** The open invitations to the email of a signed-in person, with the organization's name. */
    async openForUser(exec: Tx, userId: number) {
      return exec
        .select({
          id: membershipInvitations.id,
          organizationId: membershipInvitations.organizationId,
          organizationName: organizations.name,
          roleId: membershipInvitations.roleId,
          invitedBy: inviterName,
          expiresAt: membershipInvitations.expiresAt,
        })
        .from(membershipInvitations)
        .innerJoin(organizations, eq(organizations.id, membershipInvitations.organizationId))
        .where(
          and(eq(membershipInvitations.email, emailOfUser(userId)), open, eq(organizations.isDeleted, false)),
        )
        .orderBy(desc(membershipInvitations.createdAt));
    },

    /**
     * One open invitation (not expired, its organization not deleted) for accepting or declining: by id when it is
     * addressed to the signed-in person's email, or by the link's secret.
     */
    async forPerson(tx: Tx, by: { id: number; userId: number } | { linkId: string }, lock = false) {
      const which =
        "linkId" in by
          ? eq(membershipInvitations.linkHash, sha256(by.linkId))
          : and(eq(membershipInvitations.id, by.id), eq(membershipInvitations.email, emailOfUser(by.userId)));
      const where = and(which, open, eq(organizations.isDeleted, false));
      const q = tx
        .select({
          id: membershipInvitations.id,
          organizationId: membershipInvitations.organizationId,
          organizationName: organizations.name,
          email: membershipInvitations.email,
          firstName: membershipInvitations.firstName,
          lastName: membershipInvitations.lastName,
          phone: membershipInvitations.phone,
          languageIds: membershipInvitations.languageIds,
          timeZone: membershipInvitations.timeZone,
          roleId: membershipInvitations.roleId,
          subscriptionId: membershipInvitations.subscriptionId,
          hoursTypeId: membershipInvitations.hoursTypeId,
          territoryIds: membershipInvitations.territoryIds,
          storeIds: membershipInvitations.storeIds,
          invitedBy: inviterName,
          expiresAt: membershipInvitations.expiresAt,
        })
        .from(membershipInvitations)
        .innerJoin(organizations, eq(organizations.id, membershipInvitations.organizationId))
        .where(where)
        .limit(1);
      const [row] = lock ? await q.for("update", { of: membershipInvitations }) : await q;
      return row ?? null;
    },

    /** Whether the invited email has an account: asked only on the invited person's side (their emailed link). */
    async accountByEmail(tx: Tx, email: string) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .limit(1);
      return u ?? null;
    },

    /** A new account, started by the invited person from their link. */
    async createAccount(
      tx: Tx,
      values: {
        uid: string;
        email: string;
        firstName: string;
        lastName: string;
        phone: string | null;
        languageIds: number[];
        timeZone: string | null;
        passwordHash: string;
      },
    ): Promise<number> {
      const [u] = await tx.insert(users).values(values).returning({ id: users.id });
      return u.id;
    },

    /** The membership an accepted invitation becomes (kept as it is if the person already belongs). */
    async addMember(
      tx: Tx,
      organizationId: number,
      userId: number,
      m: {
        roleId: number;
        subscriptionId: number;
        hoursTypeId: number | null;
        territoryIds: number[];
        storeIds: number[];
      },
    ) {
      const [row] = await tx
        .insert(memberships)
        .values({
          organizationId,
          userId,
          roleId: m.roleId,
          subscriptionId: m.subscriptionId,
          hoursTypeId: m.hoursTypeId,
        })
        .onConflictDoNothing()
        .returning({ id: memberships.id });
      if (!row) return;
      if (m.territoryIds.length) {
        await tx
          .insert(membershipTerritories)
          .values(
            m.territoryIds.map((territoryId) => ({ organizationId, membershipId: row.id, territoryId })),
          );
      }
      if (m.storeIds.length) {
        await tx
          .insert(membershipStores)
          .values(m.storeIds.map((storeId) => ({ organizationId, membershipId: row.id, storeId })));
      }
    },

    /** Removes an invitation the person accepted or declined. */
    async remove(tx: Tx, id: number) {
      await tx.delete(membershipInvitations).where(eq(membershipInvitations.id, id));
    },

    /** The territories and stores of an invitation that still exist in its organization, when it is accepted. */
    async placesStillThere(tx: Tx, organizationId: number, territoryIds: number[], storeIds: number[]) {
      const [t, s] = await Promise.all([
        territoryIds.length
          ? tx
              .select({ id: territories.id })
              .from(territories)
              .where(
                and(eq(territories.organizationId, organizationId), inArray(territories.id, territoryIds)),
              )
          : [],
        storeIds.length
          ? tx
              .select({ id: stores.id })
              .from(stores)
              .where(and(eq(stores.organizationId, organizationId), inArray(stores.id, storeIds)))
          : [],
      ]);
      return { territoryIds: t.map((r) => r.id), storeIds: s.map((r) => r.id) };
    },
  };
}

export type InvitationsRepository = ReturnType<typeof invitationsRepository>;
export type PersonInvitationRow = NonNullable<Awaited<ReturnType<InvitationsRepository["forPerson"]>>>;
export type OrgInvitationRow = NonNullable<Awaited<ReturnType<InvitationsRepository["ofOrganization"]>>>;
