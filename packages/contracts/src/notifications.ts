import { z } from "zod";
import { idSchema, pageOf, pathIdSchema, textSchema } from "./common";
import { endpoint } from "./endpoint";
import { idempotencyKeyHeaders } from "./leads";

/**
 * Notifications (docs/decisions/0041-notifications-and-support.md). A manager writes a message and picks its
 * audience; the server resolves the audience to people when it is sent (never a list of ids the client made), and
 * each person gets it in the app (the bell, the inbox) and, unless they turned it off, by email. The product's own
 * notices (a missing punch, a dead delivery, an invitation) go the same way with their own `kind`.
 */

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 2_000;
/** The most ids of one kind an audience names. */
export const AUDIENCE_IDS_MAX = 1_000;

/** `message`: a person sent it; the others are the product's own. */
export const NOTIFICATION_KINDS = ["message", "missingPunch", "deadDelivery", "invitation"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = [
  { id: "inApp", name: "In the app" },
  { id: "email", name: "Email" },
] as const;

const ids = (what: string) =>
  z
    .array(idSchema)
    .max(AUDIENCE_IDS_MAX, `Name at most ${AUDIENCE_IDS_MAX.toLocaleString("en-US")} ${what}`)
    .default([]);

export const AUDIENCE_EMPTY_MESSAGE = "Pick who gets it: everyone, or people, roles, territories or stores";

/**
 * Who a notification goes to, as the sender picked it. The people reached are the active members of the
 * organization, within the sender's own reach, who are:
 * - named in `userIds`, or
 * - in the picked places (`everyone`, or a membership in one of `territoryIds`, or assigned to one of `storeIds`),
 *   narrowed to `roleIds` when roles are picked too; roles alone mean everyone with those roles.
 */
export const audienceSchema = z
  .object({
    everyone: z.boolean().default(false),
    userIds: ids("people"),
    roleIds: z.array(z.number().int().min(1).max(99)).max(20, "Name at most 20 roles").default([]),
    territoryIds: ids("territories"),
    storeIds: ids("stores"),
  })
  .refine(
    (a) =>
      a.everyone ||
      a.userIds.length > 0 ||
      a.roleIds.length > 0 ||
      a.territoryIds.length > 0 ||
      a.storeIds.length > 0,
    { message: AUDIENCE_EMPTY_MESSAGE, path: ["everyone"] },
  );
export type Audience = z.infer<typeof audienceSchema>;
export type AudienceInput = z.input<typeof audienceSchema>;

/** An in-app path the notification opens (`/labor/missing-punches`); never another site. */
export const notificationLinkSchema = textSchema
  .trim()
  .max(500, "Use at most 500 characters")
  .regex(/^\/(?!\/)[^\s\\]*$/, "Use a path in the app that starts with a single /, such as /labor/schedules");

export const sendNotificationRequest = z.object({
  title: textSchema
    .trim()
    .min(1, "Give the notification a title")
    .max(NOTIFICATION_TITLE_MAX, `Use at most ${NOTIFICATION_TITLE_MAX} characters`),
  body: textSchema
    .trim()
    .min(1, "Write the message")
    .max(NOTIFICATION_BODY_MAX, `Use at most ${NOTIFICATION_BODY_MAX.toLocaleString("en-US")} characters`),
  link: notificationLinkSchema.nullish(),
  audience: audienceSchema,
  /** Also by email (to everyone reached who has not turned email off). */
  sendEmail: z.boolean().default(true),
});
export type SendNotificationRequest = z.input<typeof sendNotificationRequest>;

export const sentNotificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  senderUserId: z.number().int().nullable(),
  /** Null for the product's own notices. */
  senderName: z.string().nullable(),
  /** The audience in words ("Lead Generator in West, East"). */
  audienceSummary: z.string(),
  sendEmail: z.boolean(),
  /** `sending` while the background send is under way. */
  status: z.enum(["sending", "sent"]),
  /** People reached (fixed when it was sent). */
  recipientCount: z.number().int(),
  /** People whose copy is done (in the app, and emailed or not wanted by email): the progress figure. */
  processedCount: z.number().int(),
  emailedCount: z.number().int(),
  readCount: z.number().int(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type SentNotificationItem = z.infer<typeof sentNotificationItem>;

const namedId = z.object({ id: z.number().int(), name: z.string() });

export const notificationLookupList = z.object({
  /** People the caller can reach (active members in the caller's reach). */
  users: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      roleId: z.number().int(),
      roleName: z.string(),
      territoryIds: z.array(z.number().int()),
    }),
  ),
  roles: z.array(namedId),
  territories: z.array(namedId),
  stores: z.array(namedId.extend({ territoryId: z.number().int().nullable() })),
  channels: z.array(z.object({ id: z.enum(["inApp", "email"]), name: z.string() })),
});
export type NotificationLookupList = z.infer<typeof notificationLookupList>;

export const audienceCountResponse = z.object({
  count: z.number().int(),
  /** Of them, people who turned email off (they get it in the app only). */
  emailOff: z.number().int(),
  /** A few of the names, for the sender to check. */
  sample: z.array(z.string()),
});

export const sentSearchRequest = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(200).default(25),
  kind: z.enum(NOTIFICATION_KINDS).nullish(),
});

export const inboxItem = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  senderName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const inboxRequest = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  unreadOnly: z.boolean().default(false),
});
export const inboxResponse = pageOf(inboxItem).extend({ unread: z.number().int() });

export const unreadResponse = z.object({ unread: z.number().int() });

export const markReadRequest = z
  .object({
    ids: z.array(idSchema).max(200, "Mark at most 200 at once").default([]),
    all: z.boolean().default(false),
  })
  .refine((r) => r.all || r.ids.length > 0, {
    message: "Name the notifications to mark as read",
    path: ["ids"],
  });

export const notificationPreferences = z.object({
  /** Notifications also arrive by email (they always arrive in the app). */
  email: z.boolean(),
});

export const notificationsApi = {
  send: endpoint({
    name: "notifications.sendNotification",
    method: "POST",
    path: "/api/notifications/send-notification",
    auth: "tenant",
    summary:
      "Send a notification (`notifications.send`): a title, a message, an optional in-app link and an audience (everyone, people, roles, territories, stores). The server resolves the audience within the sender's reach when it is sent and delivers in the background (in the app, and by email to those who did not turn it off). 201 with its progress; an Idempotency-Key makes a retried send one notification.",
    headers: idempotencyKeyHeaders,
    body: sendNotificationRequest,
    response: sentNotificationItem,
    status: 201,
  }),
  lookupList: endpoint({
    name: "notifications.lookupList",
    method: "GET",
    path: "/api/notifications/lookup-list",
    auth: "tenant",
    summary:
      "Who a notification can go to (people, roles, territories and stores within the caller's reach) and its channels.",
    response: notificationLookupList,
  }),
  audienceCount: endpoint({
    name: "notifications.audienceCount",
    method: "POST",
    path: "/api/notifications/audience-count",
    auth: "tenant",
    summary: "How many people an audience reaches now, before sending.",
    body: z.object({ audience: audienceSchema }),
    response: audienceCountResponse,
  }),
  sentSearch: endpoint({
    name: "notifications.sent",
    method: "POST",
    path: "/api/notifications/sent",
    auth: "tenant",
    summary:
      "Sent notifications, newest first, with their reach, progress and read counts (an organization-wide manager sees all; others what they sent).",
    body: sentSearchRequest,
    response: pageOf(sentNotificationItem),
  }),
  sentById: endpoint({
    name: "notifications.sentById",
    method: "GET",
    path: "/api/notifications/sent/{id}",
    auth: "tenant",
    summary: "One sent notification's progress and read count.",
    params: z.object({ id: pathIdSchema() }),
    response: sentNotificationItem,
  }),
  inbox: endpoint({
    name: "notifications.inbox",
    method: "POST",
    path: "/api/notifications/inbox",
    auth: "session",
    summary:
      "The caller's notifications from every organization they belong to, newest first, read and unread, with the unread count.",
    body: inboxRequest,
    response: inboxResponse,
  }),
  unread: endpoint({
    name: "notifications.unread",
    method: "GET",
    path: "/api/notifications/unread",
    auth: "session",
    summary: "The caller's unread count (the bell).",
    response: unreadResponse,
  }),
  events: endpoint({
    name: "notifications.events",
    method: "GET",
    path: "/api/notifications/events",
    auth: "session",
    summary:
      "Server-sent events (`text/event-stream`): an `unread` event with `{ unread }` at once and whenever the caller's unread count changes, and a comment every 25 s to keep the connection open.",
    response: unreadResponse,
  }),
  markRead: endpoint({
    name: "notifications.read",
    method: "POST",
    path: "/api/notifications/read",
    auth: "session",
    summary: "Mark some of the caller's notifications, or all, as read; answers the unread count.",
    body: markReadRequest,
    response: unreadResponse,
  }),
  preferences: endpoint({
    name: "notifications.preferences",
    method: "GET",
    path: "/api/notifications/preferences",
    auth: "session",
    summary: "Whether the caller's notifications also come by email.",
    response: notificationPreferences,
  }),
  preferencesUpdate: endpoint({
    name: "notifications.preferences.put",
    method: "PUT",
    path: "/api/notifications/preferences",
    auth: "session",
    summary: "Turn the caller's notification emails off or on (notifications always arrive in the app).",
    body: notificationPreferences,
    response: notificationPreferences,
  }),
} as const;
