import { z } from "zod";
import { idParam, idSchema, idSchemaWith, okResponse, pageOf, pagingSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { blankToNull, ianaTimeZone } from "./organizations";

/** Capture icons: PNG, JPEG or WebP (checked by their first bytes on the server), 256 KB at most. */
export const CAPTURE_ICON_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const CAPTURE_ICON_MAX_BYTES = 256 * 1024;

export const captureIconInput = z.object({
  contentType: z.enum(CAPTURE_ICON_TYPES, "Use a PNG, JPEG or WebP image"),
  /** The image as base64 (a `data:image/...;base64,` URL is accepted too). */
  dataBase64: z
    .string()
    .min(1, "Choose an image")
    // 256 KB of bytes is about 350,000 base64 characters; the server checks the decoded size exactly.
    .max(360_000, "The image is larger than 256 KB"),
});
export type CaptureIconInput = z.infer<typeof captureIconInput>;

const option = z.object({ id: z.number().int(), name: z.string() });

/** Digits only (docs/spec/product-spec.md, §5 Validation rules), 10 to 15 of them; empty means none. */
export const phoneDigits = blankToNull(
  textSchema
    .trim()
    .regex(/^\d+$/, "Enter digits only")
    .min(10, "Enter at least 10 digits")
    .max(15, "Enter at most 15 digits")
    .nullable(),
);

const person = {
  firstName: textSchema.trim().min(1, "Enter a first name").max(60, "Use at most 60 characters"),
  lastName: textSchema.trim().min(1, "Enter a last name").max(60, "Use at most 60 characters"),
  email: textSchema
    .trim()
    .min(1, "Enter an email")
    .max(200, "Use at most 200 characters")
    .email("Enter a valid email address")
    .transform((e) => e.toLowerCase()),
  phone: phoneDigits.default(null),
};

/**
 * `POST /api/users/upsert`: a person and their membership in the current organization (the whole form).
 * Without `id` it invites the email (decision 0015): an email already in this organization, or already
 * invited, is a 409; any other email gets an invitation to join, whether or not it has an account, and the
 * answer is the same either way (`result: "invited"`, only what was typed).
 */
export const userUpsertRequest = z.object({
  id: idSchema.optional(),
  ...person,
  /** Ids of the `languageTypes` lookup list. */
  languageIds: z.array(idSchema).max(20).default([]),
  timeZone: blankToNull(ianaTimeZone.nullable()).default(null),
  /** An id of the `userHoursTypes` lookup list. */
  hoursTypeId: idSchema.nullable().default(null),
  /** Active in this organization; deactivating ends the person's sessions and keeps their history. */
  isActive: z.boolean().default(true),
  roleId: idSchemaWith("Choose a role"),
  /** 1 full product, 2 second partner program, 16 retailer program; omitted keeps the current one (1 when new). */
  subscriptionId: z
    .union([z.literal(1), z.literal(2), z.literal(16)], "Choose subscription 1, 2 or 16")
    .optional(),
  territoryIds: z.array(idSchema).max(500).default([]),
  storeIds: z.array(idSchema).max(5000).default([]),
  /** Omitted: unchanged; null: removed. */
  captureIcon: captureIconInput.nullable().optional(),
  /**
   * Email a sign-in link (to set a password) once saved. A new person (no `id`) always gets an invitation to
   * join, so this only matters for an existing member.
   */
  sendInvitation: z.boolean().default(false),
});
export type UserUpsertRequest = z.input<typeof userUpsertRequest>;

/** `POST /api/users/hd/upsert`: a home-improvement retailer program user (subscription 16, role 2). */
export const hdUserUpsertRequest = z.object({
  id: idSchema.optional(),
  ...person,
  isActive: z.boolean().default(true),
  sendInvitation: z.boolean().default(false),
});
export type HdUserUpsertRequest = z.input<typeof hdUserUpsertRequest>;

export const userDetail = z.object({
  id: z.number().int(),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  languageIds: z.array(z.number().int()),
  timeZone: z.string().nullable(),
  hoursTypeId: z.number().int().nullable(),
  isActive: z.boolean(),
  roleId: z.number().int(),
  roleName: z.string(),
  subscriptionId: z.number().int(),
  territoryIds: z.array(z.number().int()),
  storeIds: z.array(z.number().int()),
  territories: z.array(option),
  stores: z.array(option),
  hasCaptureIcon: z.boolean(),
  /** False until the person has set a password (from an invitation). */
  hasPassword: z.boolean(),
  /** The person belongs to other organizations too: their email can only be changed by a Super Admin. */
  sharedIdentity: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  lastInvitedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserDetail = z.infer<typeof userDetail>;

/**
 * A pending invitation as the inviting organization sees it: only what it typed, never anything of an account
 * the email may have (decision 0015). It becomes a member when the person accepts.
 */
export const invitationItem = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  subscriptionId: z.number().int(),
  territories: z.array(option),
  stores: z.array(option),
  invitedBy: z.string(),
  invitedAt: z.string(),
  /** The last time the invitation was emailed. */
  sentAt: z.string(),
  expiresAt: z.string(),
  status: z.literal("invited"),
});
export type InvitationItem = z.infer<typeof invitationItem>;

export const userUpsertResponse = z.object({
  /** The saved member (`updated`); null for an invitation, which is not a member until accepted. */
  user: userDetail.nullable(),
  /** The invitation (`invited`): exactly what was typed. */
  invitation: invitationItem.nullable(),
  /** invited: a new email was invited to join; updated: a member was saved. */
  result: z.enum(["invited", "updated"]),
  message: z.string(),
  invitationSent: z.boolean(),
});
export type UserUpsertResponse = z.infer<typeof userUpsertResponse>;

export const USER_SORT_KEYS = ["name", "email", "role", "lastLoginAt", "createdAt"] as const;

/** `POST /api/users/search`: filters combine with AND; `search` matches name, email and phone. */
export const userSearchRequest = pagingSchema.extend({
  search: textSchema.trim().max(100).optional(),
  roleIds: z.array(idSchema).max(20).optional(),
  territoryIds: z.array(idSchema).max(500).optional(),
  storeIds: z.array(idSchema).max(500).optional(),
  isActive: z.boolean().optional(),
  sortBy: z.enum(USER_SORT_KEYS).default("name"),
  sortDirection: z.enum(["asc", "desc"]).default("asc"),
});
export type UserSearchRequest = z.input<typeof userSearchRequest>;

export const userListItem = z.object({
  id: z.number().int(),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  subscriptionId: z.number().int(),
  isActive: z.boolean(),
  hasPassword: z.boolean(),
  territories: z.array(option),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;
export const userSearchResponse = pageOf(userListItem);

export const inviteResponse = z.object({
  message: z.string(),
  email: z.string(),
  expiresInHours: z.number().int(),
  /** The person already has a password; the link lets them choose a new one. */
  alreadyActive: z.boolean(),
});

export const userTrade = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  tradeId: z.number().int(),
  tradeName: z.string(),
  yearsOfExperience: z.number().int().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserTrade = z.infer<typeof userTrade>;
export const userTradesResponse = z.array(userTrade);

/** `POST /api/users/trade/{userId}/upsert`: without `id` adds a trade; with it changes that row. */
export const userTradeUpsertRequest = z.object({
  id: idSchema.optional(),
  /** An id of the `userTrades` lookup list; one row per person and trade. */
  tradeId: idSchemaWith("Choose a trade"),
  yearsOfExperience: z
    .number()
    .int("Enter whole years")
    .min(0, "Enter 0 or more years")
    .max(80, "Enter at most 80 years")
    .nullable()
    .default(null),
  notes: blankToNull(textSchema.trim().max(500, "Use at most 500 characters").nullable()).default(null),
});
export type UserTradeUpsertRequest = z.input<typeof userTradeUpsertRequest>;

/** `POST /api/users/invitations/search`: the organization's pending invitations, newest first. */
export const invitationSearchRequest = pagingSchema.extend({
  search: textSchema.trim().max(100).optional(),
});
export type InvitationSearchRequest = z.input<typeof invitationSearchRequest>;
export const invitationSearchResponse = pageOf(invitationItem);

export const invitationResendResponse = z.object({
  message: z.string(),
  expiresInHours: z.number().int(),
});

// ---------------------------------------------------------------------------------------------------------
// The calls (docs/decisions/0025): each defined once, served by the server and called by the web from here.
// ---------------------------------------------------------------------------------------------------------

/** The capture icon is answered as the image itself (PNG, JPEG or WebP), not as JSON. */
export const captureIconImage = z.string().meta({ format: "binary" });

export const usersApi = {
  search: endpoint({
    name: "users.search",
    method: "POST",
    path: "/api/users/search",
    auth: "tenant",
    body: userSearchRequest,
    response: userSearchResponse,
  }),
  upsert: endpoint({
    name: "users.upsert",
    method: "POST",
    path: "/api/users/upsert",
    auth: "tenant",
    body: userUpsertRequest,
    response: userUpsertResponse,
  }),
  retailerProgramUpsert: endpoint({
    name: "users.hdUpsert",
    method: "POST",
    path: "/api/users/hd/upsert",
    auth: "tenant",
    body: hdUserUpsertRequest,
    response: userUpsertResponse,
  }),
  detail: endpoint({
    name: "users.byId",
    method: "GET",
    path: "/api/users/{id}",
    auth: "tenant",
    params: idParam,
    response: userDetail,
  }),
  captureIcon: endpoint({
    name: "users.byIdCaptureIcon",
    method: "GET",
    path: "/api/users/{id}/capture-icon",
    auth: "tenant",
    summary: "The capture icon as an image (PNG, JPEG or WebP); 404 when the person has none.",
    params: idParam,
    response: captureIconImage,
  }),
  invite: endpoint({
    name: "users.byIdInvite",
    method: "PUT",
    path: "/api/users/{id}/invite",
    auth: "tenant",
    params: idParam,
    response: inviteResponse,
  }),
  /** `{id}` is the person. */
  trades: endpoint({
    name: "users.tradeById.post",
    method: "POST",
    path: "/api/users/trade/{id}",
    auth: "tenant",
    params: idParam,
    response: userTradesResponse,
  }),
  /** `{id}` is the person. */
  tradeUpsert: endpoint({
    name: "users.tradeByIdUpsert",
    method: "POST",
    path: "/api/users/trade/{id}/upsert",
    auth: "tenant",
    params: idParam,
    body: userTradeUpsertRequest,
    response: userTrade,
  }),
  /** `{id}` is the trade row, not the person. */
  tradeDelete: endpoint({
    name: "users.tradeById.delete",
    method: "DELETE",
    path: "/api/users/trade/{id}",
    auth: "tenant",
    params: idParam,
    response: okResponse,
  }),
  invitationsSearch: endpoint({
    name: "users.invitationsSearch",
    method: "POST",
    path: "/api/users/invitations/search",
    auth: "tenant",
    body: invitationSearchRequest,
    response: invitationSearchResponse,
  }),
  invitationResend: endpoint({
    name: "users.invitationsByIdResend",
    method: "PUT",
    path: "/api/users/invitations/{id}/resend",
    auth: "tenant",
    params: idParam,
    response: invitationResendResponse,
  }),
  invitationCancel: endpoint({
    name: "users.invitationsById",
    method: "DELETE",
    path: "/api/users/invitations/{id}",
    auth: "tenant",
    params: idParam,
    response: okResponse,
  }),
} as const;
