import type { LoggedInUser, ValidateLinkResponse } from "@fieldlead/contracts";
import { randomId } from "@fieldlead/contracts";
import type { SessionRepository } from "../../platform/auth/session.repository";
import type { SessionContext } from "../../platform/context";
import { hashPassword, verifyPassword } from "../../platform/crypto";
import { AppError, badRequest, forbidden, tooManyRequests, unauthorized } from "../../platform/errors";
import { escapeHtml, type Mailer } from "../../platform/mail";
import type { UnitOfWork } from "../../platform/unit-of-work";
import type { AccountRepository } from "./account.repository";

export const LOGIN_LOCK_AFTER = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const RESET_LINK_HOURS = 1;
export const INVITE_LINK_HOURS = 72;
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we have sent a link to reset the password. It works once, for one hour.";

export type AccountServiceDeps = {
  uow: UnitOfWork;
  repo: AccountRepository;
  sessions: SessionRepository;
  mailer: Mailer;
  publicUrl: string;
  sessionHours: number;
};

export type ClientInfo = { ip?: string; userAgent?: string };

export function accountService(d: AccountServiceDeps) {
  async function loggedInUser(
    userId: number,
    token: string,
    currentOrganizationId: number,
  ): Promise<LoggedInUser> {
    const read = d.uow.read;
    const isAdmin = await d.sessions.isPlatformAdmin(read, userId);
    const [orgs, membership, wingenWebConfig] = await Promise.all([
      isAdmin ? d.repo.allLiveOrganizations(read) : d.repo.memberOrganizations(read, userId),
      d.sessions.resolveMembership(read, userId, currentOrganizationId),
      d.repo.webConfig(read, userId),
    ]);
    if (!membership) throw forbidden("You no longer belong to this organization. Sign in again.");
    return {
      token,
      currentOrganizationId,
      userId,
      roleId: membership.roleId,
      subscriptionId: membership.subscriptionId,
      organizations: orgs,
      wingenWebConfig,
      intFirstDayOfWeek: membership.firstDayOfWeek,
    };
  }

  /** The organization a new session starts in: the last one used, else the first by name. */
  async function startingOrganization(userId: number): Promise<number> {
    const read = d.uow.read;
    const last = await d.repo.lastSessionOrganization(read, userId);
    if (last && (await d.sessions.resolveMembership(read, userId, last))) return last;
    const orgs = (await d.sessions.isPlatformAdmin(read, userId))
      ? await d.repo.allLiveOrganizations(read)
      : await d.repo.memberOrganizations(read, userId);
    if (orgs.length === 0) {
      throw forbidden("Your account is not active in any organization. Ask your administrator to add you.");
    }
    return orgs[0].id;
  }

  async function openSession(userId: number, organizationId: number, client: ClientInfo) {
    return d.uow.run(async (tx) => {
      await d.repo.recordSuccessfulLogin(tx, userId);
      return d.sessions.create(tx, { userId, organizationId, hours: d.sessionHours, ...client });
    });
  }

  /**
   * The account of an email and password, with the sign-in rules (lock after repeated failures, deactivated
   * accounts refused). Used by sign-in and by accepting an invitation with an existing account.
   */
  async function verifyCredentials(email: string, password: string): Promise<{ userId: number }> {
    const user = await d.repo.findUserByEmail(d.uow.read, email);
    if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
      const minutes = Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000);
      throw new AppError(
        "locked",
        429,
        `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`,
      );
    }
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) {
      if (user) {
        await d.uow.run((tx) => d.repo.recordFailedLogin(tx, user.id, LOGIN_LOCK_AFTER, LOGIN_LOCK_MINUTES));
      }
      throw unauthorized("The email or password is incorrect.");
    }
    if (!user.isPlatformActive) throw forbidden("This account has been deactivated. Ask your administrator.");
    return { userId: user.id };
  }

  return {
    loggedInUser,
    verifyCredentials,

    async login(email: string, password: string, client: ClientInfo): Promise<LoggedInUser> {
      const { userId } = await verifyCredentials(email, password);
      const organizationId = await startingOrganization(userId);
      const token = await openSession(userId, organizationId, client);
      return loggedInUser(userId, token, organizationId);
    },

    /** Opens a session in one organization the person belongs to (after accepting an invitation from its link). */
    async signInTo(userId: number, organizationId: number, client: ClientInfo): Promise<LoggedInUser> {
      const token = await openSession(userId, organizationId, client);
      return loggedInUser(userId, token, organizationId);
    },

    async me(s: SessionContext, token: string) {
      return loggedInUser(s.userId, token, s.currentOrganizationId);
    },

    async logout(s: SessionContext) {
      await d.uow.run((tx) => d.sessions.revoke(tx, s.sessionId));
    },

    /**
     * The caller's web settings (side menu open...), returned in the logged-in user. `config` is bounded by its
     * schema (`freeFormJson`: 32 levels, 64 KB), checked before it gets here.
     */
    async upsertWebConfig(s: SessionContext, config: Record<string, unknown>) {
      return { wingenWebConfig: await d.uow.run((tx) => d.repo.upsertWebConfig(tx, s.userId, config)) };
    },

    async updateOrganization(s: SessionContext, token: string, organizationId: number) {
      const m = await d.sessions.resolveMembership(d.uow.read, s.userId, organizationId);
      if (!m) throw forbidden(`You are not a member of organization ${organizationId}.`);
      await d.uow.run((tx) => d.sessions.setCurrentOrganization(tx, s.sessionId, organizationId));
      return loggedInUser(s.userId, token, organizationId);
    },

    async forgotPassword(email: string): Promise<{ message: string }> {
      const user = await d.repo.findUserByEmail(d.uow.read, email);
      if (user?.isPlatformActive) {
        const linkId = randomId(40);
        // A newer reset link replaces the older ones (they answer as used); invitations are left alone. The email is
        // recorded with the link: both are kept, or neither.
        const url = `${d.publicUrl}/reset-password/${linkId}`;
        await d.uow.run(async (tx) => {
          await d.repo.replaceResetLinks(tx, { linkId, userId: user.id, hours: RESET_LINK_HOURS });
          await d.mailer.send(tx, {
            to: user.email,
            subject: "Reset your FieldLead password",
            text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your FieldLead account. Open this link to choose a new one (it works once, for ${RESET_LINK_HOURS} hour):\n\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.`,
            html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Someone asked to reset the password of your FieldLead account. <a href="${url}">Choose a new password</a> (the link works once, for ${RESET_LINK_HOURS} hour).</p><p>If it was not you, ignore this email.</p>`,
          });
        });
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    async validateLink(linkId: string): Promise<ValidateLinkResponse> {
      const link = await d.repo.findLink(d.uow.read, linkId);
      if (!link) return { valid: false, reason: "unknown", email: null, purpose: null };
      if (link.usedAt) return { valid: false, reason: "used", email: null, purpose: link.purpose };
      if (link.expiresAt.getTime() <= Date.now())
        return { valid: false, reason: "expired", email: null, purpose: link.purpose };
      return { valid: true, reason: "ok", email: link.email, purpose: link.purpose };
    },

    /** Sets the password with a valid link, spends it, ends other sessions and signs the user in. */
    async resetPassword(linkId: string, password: string, client: ClientInfo): Promise<LoggedInUser> {
      const passwordHash = await hashPassword(password);
      const { userId, organizationId } = await d.uow.run(async (tx) => {
        const link = await d.repo.findLink(tx, linkId, true);
        if (!link)
          throw badRequest("This link is not valid. Ask for a new one.", { linkId: ["unknown link"] });
        if (link.usedAt)
          throw badRequest("This link has already been used. Ask for a new one.", { linkId: ["used"] });
        if (link.expiresAt.getTime() <= Date.now()) {
          throw badRequest("This link has expired. Ask for a new one.", { linkId: ["expired"] });
        }
        await d.repo.setPassword(tx, link.userId, passwordHash);
        await d.repo.spendLinks(tx, link.userId, link.purpose);
        await d.sessions.revokeAllOfUser(tx, link.userId);
        return { userId: link.userId, organizationId: link.organizationId };
      });
      // An invitation lands the user in the inviting organization.
      const orgId =
        organizationId && (await d.sessions.resolveMembership(d.uow.read, userId, organizationId))
          ? organizationId
          : await startingOrganization(userId);
      const token = await openSession(userId, orgId, client);
      return loggedInUser(userId, token, orgId);
    },

    /**
     * Issues an invitation link (the reset-link mechanism) and emails it, in one transaction. Used by the users
     * module. With `cooldownSeconds`, refuses (429) when an invitation went to this person for this organization
     * less than that long ago, checked under a lock on the person so two requests at once send one email.
     */
    async sendInvitation(input: {
      userId: number;
      email: string;
      firstName: string;
      organizationId: number;
      organizationName: string;
      invitedBy: string;
      cooldownSeconds?: number;
    }) {
      const linkId = randomId(40);
      const url = `${d.publicUrl}/reset-password/${linkId}`;
      await d.uow.run(async (tx) => {
        const link = {
          linkId,
          userId: input.userId,
          organizationId: input.organizationId,
          hours: INVITE_LINK_HOURS,
        };
        if (input.cooldownSeconds) {
          const issued = await d.repo.createInviteLinkUnlessRecent(tx, {
            ...link,
            cooldownSeconds: input.cooldownSeconds,
          });
          if (!issued.created) {
            const since = Date.now() - issued.lastAt.getTime();
            const wait = Math.max(1, Math.ceil(input.cooldownSeconds - since / 1000));
            throw tooManyRequests(
              `An invitation was emailed to ${input.email} moments ago. Wait ${wait} second${wait === 1 ? "" : "s"} before sending another.`,
            );
          }
        } else {
          await d.repo.createLink(tx, { ...link, purpose: "invite" });
        }
        await d.mailer.send(tx, {
          to: input.email,
          subject: `You are invited to ${input.organizationName} on FieldLead`,
          text: `Hello ${input.firstName},\n\n${input.invitedBy} invited you to ${input.organizationName} on FieldLead. Open this link to set your password and sign in (it works once, for ${INVITE_LINK_HOURS} hours):\n\n${url}`,
          html: `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(input.invitedBy)} invited you to <b>${escapeHtml(input.organizationName)}</b> on FieldLead.</p><p><a href="${url}">Set your password and sign in</a> (the link works once, for ${INVITE_LINK_HOURS} hours).</p>`,
        });
      });
      return { expiresInHours: INVITE_LINK_HOURS };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
