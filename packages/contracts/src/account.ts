import { z } from "zod";
import { idParam, okResponse, pathIdSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";

export const loginRequest = z.object({
  email: textSchema.trim().min(1, "Enter your email").email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * An organization entry of the logged-in user: exactly the spec's fields (docs/spec/product-spec.md,
 * §3 Entities and their fields).
 */
export const userOrganization = z.object({
  id: z.number().int(),
  organizationParentId: z.number().int().nullable(),
  intFirstDayOfWeek: z.number().int().min(0).max(6).nullable(),
  crmIntegrationId: z.number().int().nullable(),
  showApproaches: z.boolean(),
  isSmartCircleLG: z.boolean(),
  isDeleted: z.boolean(),
  name: z.string(),
});
export type UserOrganization = z.infer<typeof userOrganization>;

export const webConfig = z.record(z.string(), z.unknown());
export type WebConfig = z.infer<typeof webConfig>;

/**
 * The logged-in user: exactly the spec's fields (docs/spec/product-spec.md, §3 Entities and their fields).
 * Kept in browser storage under `login`.
 */
export const loggedInUser = z.object({
  token: z.string(),
  currentOrganizationId: z.number().int(),
  userId: z.number().int(),
  roleId: z.number().int(),
  subscriptionId: z.number().int(),
  organizations: z.array(userOrganization),
  wingenWebConfig: webConfig.nullable(),
  intFirstDayOfWeek: z.number().int().min(0).max(6).nullable(),
});
export type LoggedInUser = z.infer<typeof loggedInUser>;

export const forgotPasswordRequest = z.object({
  email: textSchema.trim().min(1, "Enter your email").email("Enter a valid email address"),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = z.object({ message: z.string() });

export const linkIdParam = z.object({ linkId: textSchema.min(1).max(100) });
export const validateLinkResponse = z.object({
  valid: z.boolean(),
  reason: z.enum(["ok", "expired", "used", "unknown"]),
  email: z.string().nullable(),
  purpose: z.enum(["reset", "invite"]).nullable(),
});
export type ValidateLinkResponse = z.infer<typeof validateLinkResponse>;

export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Use at most 200 characters");

export const resetPasswordRequest = z.object({
  linkId: textSchema.min(1).max(100),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
/** A reset signs the user in (an invitation lands them in the inviting organization). */
export const resetPasswordResponse = loggedInUser;

export const orgIdParam = z.object({ orgId: pathIdSchema() });

/** An invitation waiting for the signed-in person (`GET /api/account/invitations`). */
export const myInvitation = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  invitedBy: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitation>;
export const myInvitationsResponse = z.object({ items: z.array(myInvitation) });

export const invitationTokenParam = z.object({ token: textSchema.min(1).max(100) });

/** What the emailed link shows before the person decides (`GET /api/account/invitation-links/{token}`). */
export const invitationLinkResponse = z.object({
  /** False when the invitation was accepted, declined, cancelled or has expired. */
  valid: z.boolean(),
  organizationName: z.string().nullable(),
  roleName: z.string().nullable(),
  invitedBy: z.string().nullable(),
  email: z.string().nullable(),
  /** The name the inviter typed, to start a new account with. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The email already has a FieldLead account: accepting asks for its password. */
  hasAccount: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type InvitationLinkResponse = z.infer<typeof invitationLinkResponse>;

/**
 * Accepting from the emailed link: the password of the existing account, or, for a new account, the name and
 * a new password.
 */
export const acceptInvitationRequest = z.object({
  password: z.string().min(1, "Enter a password").max(200, "Use at most 200 characters"),
  firstName: textSchema.trim().min(1, "Enter a first name").max(60, "Use at most 60 characters").optional(),
  lastName: textSchema.trim().min(1, "Enter a last name").max(60, "Use at most 60 characters").optional(),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

export const accountApi = {
  login: endpoint({
    name: "account.login",
    method: "POST",
    path: "/api/account/login",
    auth: "public",
    body: loginRequest,
    response: loggedInUser,
  }),
  forgotPassword: endpoint({
    name: "account.forgotPassword",
    method: "POST",
    path: "/api/account/forgot-password",
    auth: "public",
    body: forgotPasswordRequest,
    response: forgotPasswordResponse,
  }),
  validateResetLink: endpoint({
    name: "account.resetPasswordByLinkIdValidate",
    method: "GET",
    path: "/api/account/reset-password/{linkId}/validate",
    auth: "public",
    params: linkIdParam,
    response: validateLinkResponse,
  }),
  resetPassword: endpoint({
    name: "account.resetPassword",
    method: "PUT",
    path: "/api/account/reset-password",
    auth: "public",
    body: resetPasswordRequest,
    response: resetPasswordResponse,
  }),
  switchOrganization: endpoint({
    name: "account.byOrgIdUpdateOrganization",
    method: "PUT",
    path: "/api/account/{orgId}/update-organization",
    auth: "session",
    params: orgIdParam,
    response: loggedInUser,
  }),
  me: endpoint({
    name: "account.me",
    method: "GET",
    path: "/api/account/me",
    auth: "session",
    response: loggedInUser,
  }),
  logout: endpoint({
    name: "account.logout",
    method: "POST",
    path: "/api/account/logout",
    auth: "session",
    response: okResponse,
  }),
  myInvitations: endpoint({
    name: "account.invitations",
    method: "GET",
    path: "/api/account/invitations",
    auth: "session",
    response: myInvitationsResponse,
  }),
  acceptMyInvitation: endpoint({
    name: "account.invitationsByIdAccept",
    method: "PUT",
    path: "/api/account/invitations/{id}/accept",
    auth: "session",
    params: idParam,
    response: loggedInUser,
  }),
  declineMyInvitation: endpoint({
    name: "account.invitationsByIdDecline",
    method: "PUT",
    path: "/api/account/invitations/{id}/decline",
    auth: "session",
    params: idParam,
    response: okResponse,
  }),
  invitationLink: endpoint({
    name: "account.invitationLinksByToken",
    method: "GET",
    path: "/api/account/invitation-links/{token}",
    auth: "public",
    params: invitationTokenParam,
    response: invitationLinkResponse,
  }),
  acceptInvitationLink: endpoint({
    name: "account.invitationLinksByTokenAccept",
    method: "PUT",
    path: "/api/account/invitation-links/{token}/accept",
    auth: "public",
    params: invitationTokenParam,
    body: acceptInvitationRequest,
    response: loggedInUser,
  }),
  declineInvitationLink: endpoint({
    name: "account.invitationLinksByTokenDecline",
    method: "PUT",
    path: "/api/account/invitation-links/{token}/decline",
    auth: "public",
    params: invitationTokenParam,
    response: okResponse,
  }),
} as const;
