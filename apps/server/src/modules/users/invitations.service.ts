import {
  type InvitationItem,
  type InvitationLinkResponse,
  type invitationSearchRequest,
  type LoggedInUser,
  type MyInvitation,
  passwordSchema,
  randomId,
  roleName,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { SessionRepository } from "../../platform/auth/session.repository";
import type { SessionContext, TenantContext } from "../../platform/context";
import { hashPassword } from "../../platform/crypto";
import { isUniqueViolation } from "../../platform/db-errors";
import { badRequest, conflict, fieldError, notFound, tooManyRequests } from "../../platform/errors";
import { escapeHtml, type Mailer } from "../../platform/mail";
import { pageOf, pageResult } from "../../platform/query-kit";
import { territoryScope } from "../../platform/scope";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { AccountService, ClientInfo } from "../account/index";
import type { Notices } from "../notifications/index";
import type {
  InvitationsRepository,
  InvitationValues,
  OrgInvitationRow,
  PersonInvitationRow,
} from "./invitations.repository";
import { requireAssignableRole, requireUserManager } from "./users.policy";
import type { UsersRepository } from "./users.repository";

/** An invitation to join is open this long, like every other emailed invitation. */
export const JOIN_INVITATION_HOURS = 72;
/** The shortest time between two emails of the same invitation. */
export const JOIN_RESEND_COOLDOWN_SECONDS = 60;

type Deps = {
  uow: UnitOfWork;
  repo: InvitationsRepository;
  users: Pick<UsersRepository, "invitationNames">;
  sessions: Pick<SessionRepository, "resolveMembership">;
  account: Pick<AccountService, "verifyCredentials" | "signInTo" | "updateOrganization">;
  mailer: Mailer;
  /** A person who already has an account gets the invitation as a notice too: in the app and by email. */
  notices: Notices;
  publicUrl: string;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const expiry = () => new Date(Date.now() + JOIN_INVITATION_HOURS * 3600_000);
const article = (word: string) => (/^[AEIOU]/.test(word) ? "an" : "a");

const NO_LONGER_OPEN =
  "This invitation is no longer open: it was accepted, declined or cancelled, or it expired. Ask the organization to invite you again.";

export const toInvitationItem = (r: OrgInvitationRow): InvitationItem => ({
  id: r.id,
  email: r.email,
  firstName: r.firstName,
  lastName: r.lastName,
  name: `${r.firstName} ${r.lastName}`.trim(),
  phone: r.phone,
  roleId: r.roleId,
  roleName: roleName(r.roleId),
  subscriptionId: r.subscriptionId,
  territories: r.territories,
  stores: r.stores,
  invitedBy: r.invitedBy ?? "",
  invitedAt: iso(r.createdAt),
  sentAt: iso(r.sentAt),
  expiresAt: iso(r.expiresAt),
  status: "invited",
});

/**
 * Joining an organization is the person's choice (decision 0015). The inviting organization keeps only what it
 * typed until the person accepts; the person accepts or declines after signing in, or from the emailed link.
 */
export function invitationsService(d: Deps) {
  /** The invitation as the organization may see and change it: open, and within the caller's roles and territories. */
  async function manageable(tx: Tx, ctx: TenantContext, id: number) {
    const assignable = requireUserManager(ctx);
    const row = await d.repo.ofOrganization(tx, ctx, id);
    const limit = territoryScope(ctx);
    if (!row || (limit && !row.territoryIds.some((t) => limit.includes(t)))) throw notFound("The invitation");
    requireAssignableRole(assignable, row.roleId, "id");
    return row;
  }

  /**
   * Records the invitation email in the caller's transaction (sent after it commits). A person who already has an
   * account gets it as a notice (their inbox and the bell, and the same email); a new person only the email.
   */
  async function email(tx: Tx, ctx: TenantContext, row: OrgInvitationRow, linkId: string) {
    const { organizationName, invitedBy } = await d.users.invitationNames(tx, ctx);
    const role = roleName(row.roleId);
    const link = `/invitations/${linkId}`;
    const url = `${d.publicUrl}${link}`;
    const mail = {
      subject: `${invitedBy} invited you to join ${organizationName} on FieldLead`,
      text: `Hello,\n\n${invitedBy} invited you to join ${organizationName} on FieldLead as ${article(role)} ${role}.\n\nOpen this link to accept or decline (it is open for ${JOIN_INVITATION_HOURS} hours):\n\n${url}\n\nUntil you accept, ${organizationName} sees only this email address. If you do not know them, decline or ignore this email.`,
      html: `<p>Hello,</p><p>${escapeHtml(invitedBy)} invited you to join <b>${escapeHtml(organizationName)}</b> on FieldLead as ${article(role)} ${escapeHtml(role)}.</p><p><a href="${url}">Accept or decline the invitation</a> (open for ${JOIN_INVITATION_HOURS} hours).</p><p>Until you accept, ${escapeHtml(organizationName)} sees only this email address. If you do not know them, decline or ignore this email.</p>`,
    };
    const account = await d.repo.accountByEmail(tx, row.email);
    if (!account) {
      await d.mailer.send(tx, { to: row.email, ...mail });
      return;
    }
    await d.notices.notify(tx, {
      organizationId: ctx.organizationId,
      kind: "invitation",
      userIds: [account.id],
      title: mail.subject,
      body: `${invitedBy} invited you to join ${organizationName} as ${article(role)} ${role}. Accept or decline within ${JOIN_INVITATION_HOURS} hours.`,
      link,
      email: mail,
    });
  }

  /** Makes the person a member with what the invitation holds, and spends the invitation. */
  async function join(tx: Tx, inv: PersonInvitationRow, userId: number) {
    const places = await d.repo.placesStillThere(tx, inv.organizationId, inv.territoryIds, inv.storeIds);
    await d.repo.addMember(tx, inv.organizationId, userId, {
      roleId: inv.roleId,
      subscriptionId: inv.subscriptionId,
      hoursTypeId: inv.hoursTypeId,
      ...places,
    });
    await d.repo.remove(tx, inv.id);
  }

  return {
    // ---- The inviting organization ----

    /** Records an invitation inside the caller's transaction (users upsert without an id). */
    async createPending(tx: Tx, ctx: TenantContext, values: InvitationValues) {
      await d.repo.dropExpired(tx, ctx, values.email);
      if (await d.repo.openOfEmail(tx, ctx, values.email)) {
        throw fieldError(
          "body.email",
          "This email already has a pending invitation to this organization: resend or cancel it under pending invitations.",
          409,
        );
      }
      const linkId = randomId(40);
      const id = await d.repo.insert(tx, ctx, { ...values, linkId, expiresAt: expiry() });
      const row = await d.repo.ofOrganization(tx, ctx, id);
      if (!row) throw notFound("The invitation");
      await email(tx, ctx, row, linkId);
      return toInvitationItem(row);
    },

    async search(ctx: TenantContext, input: z.output<typeof invitationSearchRequest>) {
      requireUserManager(ctx);
      const { rows, total } = await d.repo.search(
        d.uow.read,
        ctx,
        { search: input.search, territoryIds: territoryScope(ctx) },
        pageOf(input),
      );
      return pageResult(rows.map(toInvitationItem), total, input);
    },

    /** A new link (the earlier one stops working) and a new 72 hours. */
    async resend(ctx: TenantContext, id: number) {
      const row = await d.uow.run(async (tx) => {
        const row = await manageable(tx, ctx, id);
        const linkId = randomId(40);
        const next = { linkId, expiresAt: expiry(), cooldownSeconds: JOIN_RESEND_COOLDOWN_SECONDS };
        if (!(await d.repo.renew(tx, ctx, id, next))) {
          const since = Date.now() - new Date(row.sentAt).getTime();
          const wait = Math.max(1, Math.ceil(JOIN_RESEND_COOLDOWN_SECONDS - since / 1000));
          throw tooManyRequests(
            `The invitation was emailed to ${row.email} moments ago. Wait ${wait} second${wait === 1 ? "" : "s"} before sending it again.`,
          );
        }
        await email(tx, ctx, row, linkId);
        return row;
      });
      return {
        message: `We emailed ${row.email} the invitation again; the new link is open for ${JOIN_INVITATION_HOURS} hours and the earlier one no longer works.`,
        expiresInHours: JOIN_INVITATION_HOURS,
      };
    },

    async cancel(ctx: TenantContext, id: number) {
      await d.uow.run(async (tx) => {
        await manageable(tx, ctx, id);
        await d.repo.cancel(tx, ctx, id);
      });
      return { ok: true as const };
    },

    // ---- The invited person ----

    async mine(s: SessionContext): Promise<{ items: MyInvitation[] }> {
      const rows = await d.repo.openForUser(d.uow.read, s.userId);
      return {
        items: rows.map((r) => ({
          id: r.id,
          organizationId: r.organizationId,
          organizationName: r.organizationName,
          roleId: r.roleId,
          roleName: roleName(r.roleId),
          invitedBy: r.invitedBy ?? "",
          expiresAt: iso(r.expiresAt),
        })),
      };
    },

    /** Joins and makes the new organization the session's current one. */
    async acceptMine(s: SessionContext, token: string, id: number): Promise<LoggedInUser> {
      const organizationId = await d.uow.run(async (tx) => {
        const inv = await d.repo.forPerson(tx, { id, userId: s.userId }, true);
        if (!inv) throw notFound("The invitation");
        await join(tx, inv, s.userId);
        return inv.organizationId;
      });
      return d.account.updateOrganization(s, token, organizationId);
    },

    async declineMine(s: SessionContext, id: number) {
      await d.uow.run(async (tx) => {
        const inv = await d.repo.forPerson(tx, { id, userId: s.userId }, true);
        if (!inv) throw notFound("The invitation");
        await d.repo.remove(tx, inv.id);
      });
      return { ok: true as const };
    },

    /** What the emailed link shows: the organization, the role, who invited, and whether to ask for a password or a new account. */
    async linkInfo(linkId: string): Promise<InvitationLinkResponse> {
      const inv = await d.repo.forPerson(d.uow.read, { linkId });
      if (!inv) {
        return {
          valid: false,
          organizationName: null,
          roleName: null,
          invitedBy: null,
          email: null,
          firstName: null,
          lastName: null,
          hasAccount: false,
          expiresAt: null,
        };
      }
      const account = await d.repo.accountByEmail(d.uow.read, inv.email);
      return {
        valid: true,
        organizationName: inv.organizationName,
        roleName: roleName(inv.roleId),
        invitedBy: inv.invitedBy ?? "",
        email: inv.email,
        firstName: inv.firstName,
        lastName: inv.lastName,
        hasAccount: account !== null,
        expiresAt: iso(inv.expiresAt),
      };
    },

    /**
     * Accepts from the emailed link: with the existing account's password, or by starting an account (name and a
     * new password). Signs the person in to the organization they joined.
     */
    async acceptByLink(
      linkId: string,
      body: { password: string; firstName?: string; lastName?: string },
      client: ClientInfo,
    ): Promise<LoggedInUser> {
      const inv = await d.repo.forPerson(d.uow.read, { linkId });
      if (!inv) {
        throw badRequest(NO_LONGER_OPEN, { token: [NO_LONGER_OPEN] });
      }
      const account = await d.repo.accountByEmail(d.uow.read, inv.email);
      let passwordHash: string | null = null;
      if (account) {
        await d.account.verifyCredentials(inv.email, body.password);
      } else {
        if (!body.firstName) throw fieldError("body.firstName", "Enter your first name.");
        if (!body.lastName) throw fieldError("body.lastName", "Enter your last name.");
        const pw = passwordSchema.safeParse(body.password);
        if (!pw.success)
          throw fieldError("body.password", pw.error.issues[0]?.message ?? "Choose a longer password.");
        passwordHash = await hashPassword(body.password);
      }
      const userId = await d.uow
        .run(async (tx) => {
          const locked = await d.repo.forPerson(tx, { linkId }, true);
          if (!locked) throw badRequest(NO_LONGER_OPEN, { token: [NO_LONGER_OPEN] });
          const id =
            account?.id ??
            (await d.repo.createAccount(tx, {
              uid: randomId(12),
              email: locked.email,
              firstName: body.firstName ?? locked.firstName,
              lastName: body.lastName ?? locked.lastName,
              phone: locked.phone,
              languageIds: locked.languageIds,
              timeZone: locked.timeZone,
              passwordHash: passwordHash as string,
            }));
          await join(tx, locked, id);
          return id;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) {
            throw conflict(
              "An account with this email was just created: open the link again and sign in with it.",
            );
          }
          throw err;
        });
      return d.account.signInTo(userId, inv.organizationId, client);
    },

    async declineByLink(linkId: string) {
      await d.uow.run(async (tx) => {
        const inv = await d.repo.forPerson(tx, { linkId }, true);
        if (!inv) throw badRequest(NO_LONGER_OPEN, { token: [NO_LONGER_OPEN] });
        await d.repo.remove(tx, inv.id);
      });
      return { ok: true as const };
    },
  };
}

export type InvitationsService = ReturnType<typeof invitationsService>;
