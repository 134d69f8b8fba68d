import {
  FULL_PRODUCT,
  type hdUserUpsertRequest,
  isRetailerProgramSubscription,
  PARTNER_ROLE_IDS,
  RETAILER_PROGRAM_USER,
  roleName,
  type UserDetail,
  type UserListItem,
  type UserUpsertResponse,
  type userSearchRequest,
  type userUpsertRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { SessionRepository } from "../../platform/auth/session.repository";
import type { TenantContext } from "../../platform/context";
import { isUniqueViolation } from "../../platform/db-errors";
import { AppError, badRequest, fieldError, notFound } from "../../platform/errors";
import { pageOf, pageResult } from "../../platform/query-kit";
import { territoryScope } from "../../platform/scope";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { AccountService } from "../account/index";
import type { LookupsRepository } from "../lookups/index";
import { decodeCaptureIcon } from "./capture-icon";
import type { InvitationsService } from "./invitations.service";
import {
  requireAssignableRole,
  requireManageable,
  requirePortalUserMaker,
  requireUserManager,
  type UserScope,
  userReadScope,
  userRecordScope,
} from "./users.policy";
import type { UserDetailRow, UserSearchRow, UsersRepository } from "./users.repository";

type SearchInput = z.output<typeof userSearchRequest>;
type UpsertInput = z.output<typeof userUpsertRequest>;
type HdUpsertInput = z.output<typeof hdUserUpsertRequest>;

/** The save of a person and membership; undefined fields keep what is stored (used by the program-user form). */
type SaveInput = Omit<
  UpsertInput,
  "languageIds" | "timeZone" | "hoursTypeId" | "territoryIds" | "storeIds"
> & {
  languageIds?: number[];
  timeZone?: string | null;
  hoursTypeId?: number | null;
  territoryIds?: number[];
  storeIds?: number[];
};

type Deps = {
  uow: UnitOfWork;
  repo: UsersRepository;
  lookups: LookupsRepository;
  sessions: SessionRepository;
  account: Pick<AccountService, "sendInvitation">;
  invitations: Pick<InvitationsService, "createPending">;
};

/** The shortest time between two invitation emails to the same person. */
export const INVITE_COOLDOWN_SECONDS = 60;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const unique = (ids: number[]) => [...new Set(ids)];
const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

const forbiddenField = (field: string, message: string) =>
  new AppError("forbidden", 403, message, { [field]: [message] });

export const toUserDetail = (u: UserDetailRow): UserDetail => ({
  id: u.id,
  uid: u.uid,
  firstName: u.firstName,
  lastName: u.lastName,
  name: fullName(u),
  email: u.email,
  phone: u.phone,
  languageIds: u.languageIds,
  timeZone: u.timeZone,
  hoursTypeId: u.hoursTypeId,
  isActive: u.isActive,
  roleId: u.roleId,
  roleName: roleName(u.roleId),
  subscriptionId: u.subscriptionId,
  territoryIds: u.territories.map((t) => t.id),
  storeIds: u.stores.map((s) => s.id),
  territories: u.territories,
  stores: u.stores,
  hasCaptureIcon: u.hasCaptureIcon,
  hasPassword: u.hasPassword,
  sharedIdentity: u.sharedIdentity,
  lastLoginAt: iso(u.lastLoginAt),
  lastActivityAt: iso(u.lastActivityAt),
  lastInvitedAt: iso(u.lastInvitedAt),
  createdAt: iso(u.createdAt)!,
  updatedAt: iso(u.updatedAt)!,
});

const toListItem = (u: UserSearchRow): UserListItem => ({
  id: u.id,
  uid: u.uid,
  firstName: u.firstName,
  lastName: u.lastName,
  name: fullName(u),
  email: u.email,
  phone: u.phone,
  roleId: u.roleId,
  roleName: roleName(u.roleId),
  subscriptionId: u.subscriptionId,
  isActive: u.isActive,
  hasPassword: u.hasPassword,
  territories: u.territories,
  lastLoginAt: iso(u.lastLoginAt),
  createdAt: iso(u.createdAt)!,
});

/**
 * One identity across organizations: the person's own fields (name, email, phone, languages, time zone,
 * picture) of someone who belongs to other organizations too are theirs and a Super Admin's to change, so
 * one organization cannot rename someone in another or move their sign-in to an address it controls.
 */
function requireIdentityUnchanged(
  before: UserDetailRow,
  next: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    languageIds: number[];
    timeZone: string | null;
  },
  icon: unknown,
) {
  const changed =
    (next.firstName !== before.firstName && "firstName") ||
    (next.lastName !== before.lastName && "lastName") ||
    (next.email !== before.email.toLowerCase() && "email") ||
    (next.phone !== before.phone && "phone") ||
    (!sameSet(next.languageIds, before.languageIds) && "languageIds") ||
    (next.timeZone !== before.timeZone && "timeZone") ||
    (icon !== undefined && "captureIcon");
  if (changed) {
    throw forbiddenField(
      `body.${changed}`,
      "This person belongs to other organizations too: only they or a Super Admin can change their name, email, phone, languages, time zone or picture.",
    );
  }
}

export function usersService(d: Deps) {
  async function detail(tx: Tx, ctx: TenantContext, scope: UserScope, userId: number) {
    const row = await d.repo.detail(tx, ctx, scope, userId);
    if (!row) throw notFound("The user");
    return row;
  }

  async function checkReferences(input: SaveInput) {
    const ref = await d.lookups.referenceLists(d.uow.read);
    const has = (list: string, id: number) => (ref.get(list) ?? []).some((r) => r.id === id);
    const badLanguage = input.languageIds?.find((id) => !has("languageTypes", id));
    if (badLanguage !== undefined)
      throw fieldError("body.languageIds", `Language ${badLanguage} is not in the list.`);
    if (input.hoursTypeId != null && !has("userHoursTypes", input.hoursTypeId)) {
      throw fieldError("body.hoursTypeId", "Choose an hours type from the list.");
    }
  }

  /**
   * The territories and stores the membership ends up with. Ids must be the organization's; newly given
   * ones must be active. A territory-limited caller gives only their own territories (and their stores),
   * and what the person has outside the caller's territories stays as it is.
   */
  async function resolvePlaces(
    tx: Tx,
    ctx: TenantContext,
    input: SaveInput,
    before: UserDetailRow | null,
    self: boolean,
  ) {
    const beforeT = before?.territories.map((t) => t.id) ?? [];
    const beforeS = before?.stores.map((s) => s.id) ?? [];
    if (input.territoryIds === undefined && input.storeIds === undefined)
      return { territoryIds: beforeT, storeIds: beforeS };
    const requestedT = unique(input.territoryIds ?? beforeT);
    const requestedS = unique(input.storeIds ?? beforeS);
    const [foundT, foundS] = await Promise.all([
      d.repo.territoriesIn(tx, ctx, requestedT),
      d.repo.storesIn(tx, ctx, requestedS),
    ]);
    const missingT = requestedT.filter((id) => !foundT.some((t) => t.id === id));
    if (missingT.length) {
      throw fieldError(
        "body.territoryIds",
        `Territory ${missingT.join(", ")} was not found in this organization.`,
      );
    }
    const missingS = requestedS.filter((id) => !foundS.some((s) => s.id === id));
    if (missingS.length)
      throw fieldError("body.storeIds", `Store ${missingS.join(", ")} was not found in this organization.`);
    const inactiveT = foundT.find((t) => !t.isActive && !beforeT.includes(t.id));
    if (inactiveT)
      throw fieldError("body.territoryIds", `Territory ${inactiveT.id} is inactive; choose an active one.`);
    const inactiveS = foundS.find((s) => !s.isActive && !beforeS.includes(s.id));
    if (inactiveS)
      throw fieldError("body.storeIds", `Store ${inactiveS.id} is inactive; choose an active one.`);

    const limit = territoryScope(ctx);
    if (!limit) return { territoryIds: requestedT, storeIds: requestedS };
    const mine = (territoryId: number | null) => territoryId !== null && limit.includes(territoryId);
    const keptT = beforeT.filter((id) => !mine(id));
    if (requestedT.some((id) => !mine(id) && !keptT.includes(id))) {
      throw forbiddenField("body.territoryIds", "You can only give your own territories.");
    }
    const territoryIds = unique([...requestedT, ...keptT]);
    if (!territoryIds.some(mine))
      throw fieldError("body.territoryIds", "Give the person at least one of your territories.");
    if (self && !sameSet(territoryIds, beforeT))
      throw forbiddenField("body.territoryIds", "You cannot change your own territories.");
    const keptS = (await d.repo.storesIn(tx, ctx, beforeS))
      .filter((s) => !mine(s.territoryId))
      .map((s) => s.id);
    if (foundS.some((s) => !mine(s.territoryId) && !keptS.includes(s.id))) {
      throw forbiddenField("body.storeIds", "You can only give stores of your own territories.");
    }
    return { territoryIds, storeIds: unique([...requestedS, ...keptS]) };
  }

  async function sendInvitation(ctx: TenantContext, u: UserDetailRow, cooldownSeconds?: number) {
    const names = await d.repo.invitationNames(d.uow.read, ctx);
    return d.account.sendInvitation({
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      organizationId: ctx.organizationId,
      ...names,
      cooldownSeconds,
    });
  }

  async function save(ctx: TenantContext, input: SaveInput): Promise<UserUpsertResponse> {
    const assignable = requireUserManager(ctx);
    await checkReferences(input);
    if (!input.id && input.captureIcon) {
      throw fieldError(
        "body.captureIcon",
        "Add a picture once the person has accepted the invitation: until then they are not a member.",
      );
    }
    const icon = input.captureIcon ? decodeCaptureIcon(input.captureIcon) : input.captureIcon;
    const scope = userReadScope(ctx);
    const saved = await d.uow
      .run(async (tx) => {
        const before = input.id ? await detail(tx, ctx, scope, input.id) : null;
        if (!before) {
          // Only this organization's own rows decide the answer: whether the email has an account elsewhere
          // is never looked at (decision 0015).
          const member = await d.repo.membershipOfEmail(tx, ctx, input.email);
          if (member) {
            throw fieldError(
              "body.email",
              member.isActive
                ? "A user with this email already belongs to this organization."
                : "A deactivated user with this email belongs to this organization: find them in Users and activate them.",
              409,
            );
          }
        }
        const self = before?.id === ctx.userId;
        if (before) requireManageable(ctx, assignable, before);
        if (!(self && before?.roleId === input.roleId)) requireAssignableRole(assignable, input.roleId);
        const subscriptionId = input.subscriptionId ?? before?.subscriptionId ?? FULL_PRODUCT;
        if (subscriptionId !== (before?.subscriptionId ?? FULL_PRODUCT)) requirePortalUserMaker(ctx);
        if (subscriptionId !== FULL_PRODUCT && !PARTNER_ROLE_IDS.includes(input.roleId)) {
          throw fieldError("body.roleId", "A program-portal user is an Admin or a Manager.");
        }
        if (self && before) {
          if (input.roleId !== before.roleId)
            throw forbiddenField("body.roleId", "You cannot change your own role.");
          if (!input.isActive) throw forbiddenField("body.isActive", "You cannot deactivate yourself.");
          if (subscriptionId !== before.subscriptionId) {
            throw forbiddenField("body.subscriptionId", "You cannot change your own subscription.");
          }
        }
        const places = await resolvePlaces(tx, ctx, input, before, self);
        const membership = {
          roleId: input.roleId,
          subscriptionId,
          hoursTypeId: input.hoursTypeId !== undefined ? input.hoursTypeId : (before?.hoursTypeId ?? null),
          isActive: input.isActive,
        };
        const person = {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          languageIds: input.languageIds ?? before?.languageIds ?? [],
          timeZone: input.timeZone !== undefined ? input.timeZone : (before?.timeZone ?? null),
        };

        if (!before) {
          const invitation = await d.invitations.createPending(tx, ctx, {
            ...person,
            ...membership,
            ...places,
          });
          return { kind: "invited" as const, invitation };
        }
        if (before.sharedIdentity && !self && !ctx.isPlatformAdmin)
          requireIdentityUnchanged(before, person, icon);
        if (input.email !== before.email.toLowerCase()) {
          if (await d.repo.emailTakenByOther(tx, input.email, before.id)) {
            throw fieldError("body.email", "Another account already uses this email.", 409);
          }
        }
        await d.repo.updateUser(tx, before.id, person);
        await d.repo.updateMembership(tx, ctx, before.membershipId, membership);
        // Deactivation ends every session at once; the history (leads, time logs) stays.
        if (before.membershipActive && !input.isActive) await d.sessions.revokeAllOfUser(tx, before.id);
        if (
          !sameSet(
            places.territoryIds,
            before.territories.map((t) => t.id),
          )
        ) {
          await d.repo.setTerritories(tx, ctx, before.membershipId, places.territoryIds);
        }
        if (
          !sameSet(
            places.storeIds,
            before.stores.map((s) => s.id),
          )
        ) {
          await d.repo.setStores(tx, ctx, before.membershipId, places.storeIds);
        }
        if (icon !== undefined) await d.repo.setCaptureIcon(tx, before.id, icon);
        return { kind: "updated" as const, userId: before.id };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw fieldError("body.email", "A user with this email already exists.", 409);
        throw err;
      });

    if (saved.kind === "invited") {
      const invitation = saved.invitation;
      return {
        user: null,
        invitation,
        result: "invited",
        message: `We emailed ${invitation.email} an invitation to join as ${invitation.roleName}. They become a member when they accept; until then they are listed under pending invitations.`,
        invitationSent: true,
      };
    }
    let row = await detail(d.uow.read, ctx, { kind: "organization" }, saved.userId);
    let invitationSent = false;
    if (input.sendInvitation && row.isActive) {
      await sendInvitation(ctx, row);
      invitationSent = true;
      row = await detail(d.uow.read, ctx, { kind: "organization" }, saved.userId);
    }
    const user = toUserDetail(row);
    const message = `${user.name} was saved.${invitationSent ? ` A sign-in link was emailed to ${user.email}.` : ""}`;
    return { user, invitation: null, result: "updated", message, invitationSent };
  }

  return {
    async search(ctx: TenantContext, input: SearchInput) {
      const scope = userReadScope(ctx);
      const { rows, total } = await d.repo.search(d.uow.read, ctx, scope, input, pageOf(input));
      return pageResult(rows.map(toListItem), total, input);
    },

    async get(ctx: TenantContext, userId: number): Promise<UserDetail> {
      return toUserDetail(await detail(d.uow.read, ctx, userRecordScope(ctx, userId), userId));
    },

    upsert: (ctx: TenantContext, input: UpsertInput) => save(ctx, input),

    /** A home-improvement retailer program user: subscription 16, role 2, made by Admins only. */
    async upsertRetailerProgramUser(ctx: TenantContext, input: HdUpsertInput) {
      requirePortalUserMaker(ctx, "body");
      if (input.id) {
        const before = await d.repo.detail(d.uow.read, ctx, userReadScope(ctx), input.id);
        if (!before) throw notFound("The user");
        if (!isRetailerProgramSubscription(before.subscriptionId)) {
          throw fieldError("body.id", "This person is not a retailer-program user; change them under Users.");
        }
      }
      return save(ctx, { ...input, ...RETAILER_PROGRAM_USER });
    },

    async captureIcon(ctx: TenantContext, userId: number) {
      await detail(d.uow.read, ctx, userRecordScope(ctx, userId), userId);
      const icon = await d.repo.captureIcon(d.uow.read, userId);
      if (!icon) throw notFound("The capture icon");
      return icon;
    },

    /**
     * Emails a link to set a password (72 hours). Sending again makes a new link; earlier ones keep
     * working until one of them is used (using one spends them all) or they expire.
     */
    async invite(ctx: TenantContext, userId: number) {
      const assignable = requireUserManager(ctx);
      const u = await detail(d.uow.read, ctx, userReadScope(ctx), userId);
      requireManageable(ctx, assignable, u);
      if (!u.isActive)
        throw badRequest(`${fullName(u)} is deactivated. Activate them before sending an invitation.`);
      // One email per person per minute (a double click or a script cannot flood someone's inbox): checked under a
      // lock where the link is issued, so requests at once send one email (account.service.ts, sendInvitation).
      const { expiresInHours } = await sendInvitation(ctx, u, INVITE_COOLDOWN_SECONDS);
      const message = u.hasPassword
        ? `${fullName(u)} already has a password. We emailed ${u.email} a link to sign in with a new one; it works once, for ${expiresInHours} hours.`
        : `We emailed ${u.email} an invitation to set a password; the link works once, for ${expiresInHours} hours.`;
      return { message, email: u.email, expiresInHours, alreadyActive: u.hasPassword };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
