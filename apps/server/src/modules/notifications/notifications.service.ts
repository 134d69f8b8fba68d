import {
  type Audience,
  type audienceCountResponse,
  type InboxItem,
  type inboxRequest,
  type inboxResponse,
  type markReadRequest,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  type NotificationLookupList,
  type notificationPreferences,
  ORGANIZATION_ROLES,
  roleName,
  type SentNotificationItem,
  type sendNotificationRequest,
  type sentSearchRequest,
  type unreadResponse,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { SessionContext, TenantContext } from "../../platform/context";
import type { Database } from "../../platform/db";
import { fieldError, notFound } from "../../platform/errors";
import { once } from "../../platform/idempotency";
import { escapeHtml, type Mailer, type MailMessage } from "../../platform/mail";
import type { Outbox } from "../../platform/outbox";
import { pageOf, pageResult } from "../../platform/query-kit";
import { afterCommit, type Tx, type UnitOfWork } from "../../platform/unit-of-work";
import {
  changePayload,
  NOTIFICATIONS_CHANNEL,
  type NotificationChange,
  notificationEvents,
} from "./notifications.events";
import { requireSender, sentScope } from "./notifications.policy";
import {
  type AudienceQuery,
  type NotificationForMail,
  type NotificationsRepository,
  notificationsRepository,
  type PendingRecipient,
  type SentRow,
} from "./notifications.repository";

type SendInput = z.output<typeof sendNotificationRequest>;
type SentSearchInput = z.output<typeof sentSearchRequest>;
type InboxInput = z.output<typeof inboxRequest>;
type MarkReadInput = z.output<typeof markReadRequest>;
type Preferences = z.output<typeof notificationPreferences>;

/** The outbox topic of a message's background send (its emails). */
export const NOTIFICATIONS_TOPIC = "notifications.send";
/** Copies emailed per transaction by the background send. */
export const EMAIL_BATCH = 200;
/** Names the audience count shows the sender. */
const SAMPLE_SIZE = 5;
/** Names an audience summary lists before "and N more". */
const SUMMARY_NAMES = 4;
/** Where a notification without a link of its own opens, and where emails can be turned off. */
export const INBOX_PATH = "/inbox";

export const NO_ONE_MESSAGE =
  "This audience reaches no one you can send to: pick people, roles, territories or stores with active members.";

/** The product's own notices: a missing punch, a dead delivery, an invitation. */
export type NoticeKind = Exclude<NotificationKind, "message">;

export type Notice = {
  organizationId: number;
  kind: NoticeKind;
  /** The people it is for (existing accounts). */
  userIds: readonly number[];
  title: string;
  body: string;
  /** An in-app path it opens. */
  link?: string | null;
  /** The email as the area writes it; by default one made from the title, body and link. */
  email?: { subject: string; text: string; html?: string };
};

/**
 * The port other areas send notices through (labor's missing punches, deliveries' dead deliveries, users'
 * invitations): in the caller's transaction, the notification and one copy per person, emailed at once to those
 * who did not turn email off (few people: no background send), and the bells told after the commit.
 */
export type Notices = {
  notify: (tx: Tx, notice: Notice) => Promise<{ id: number; recipients: number; emailed: number } | null>;
};

type Deps = {
  uow: UnitOfWork;
  outbox: Outbox;
  mailer: Mailer;
  publicUrl: string;
  repo?: NotificationsRepository;
  /** PostgreSQL: changes are announced to other API processes by NOTIFY. */
  notify?: boolean;
  /** PostgreSQL: how this process hears other processes' changes (for the streams it serves). */
  listen?: Database["listen"];
  log?: { warn: (obj: object, msg: string) => void };
};

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));
const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();
const unique = (ids: readonly number[]) => [...new Set(ids)];
const ORGANIZATION_ROLE_IDS = new Set<number>(ORGANIZATION_ROLES.map((r) => r.id));

/** Names as a short list: "A, B, C" or "A, B, C, D and 3 more". */
export function namesList(names: readonly string[], max = SUMMARY_NAMES): string {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")} and ${names.length - max} more`;
}

const people = (n: number) => (n === 1 ? "1 person" : `${n.toLocaleString("en-US")} people`);

/**
 * The audience in words, as the sent list shows it: "Everyone", "Lead Generator in North Jersey, Costco Wayne",
 * "Manager, Scheduler", "Luis Generator", "3 people", or a places part and a people part joined by "and".
 */
export function audienceSummary(a: {
  everyone: boolean;
  roles: readonly string[];
  places: readonly string[];
  people: readonly string[];
}): string {
  if (a.everyone && a.roles.length === 0) return "Everyone";
  const parts: string[] = [];
  if (a.places.length > 0)
    parts.push(a.roles.length > 0 ? `${namesList(a.roles)} in ${namesList(a.places)}` : namesList(a.places));
  else if (a.roles.length > 0) parts.push(namesList(a.roles));
  if (a.people.length === 1) parts.push(a.people[0]);
  else if (a.people.length > 1) parts.push(people(a.people.length));
  return parts.join(" and ");
}

/** Text as HTML paragraphs (blank lines) with line breaks. */
const htmlParagraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** The email of one copy: who sent it, in which organization, the message, and a link to open it. */
export function notificationMail(
  n: Pick<
    NotificationForMail,
    "title" | "body" | "link" | "organizationName" | "senderFirstName" | "senderLastName"
  >,
  to: { email: string; firstName: string },
  publicUrl: string,
): MailMessage {
  const url = `${publicUrl}${n.link ?? INBOX_PATH}`;
  const settings = `${publicUrl}${INBOX_PATH}`;
  const sender = nameOf(n.senderFirstName, n.senderLastName);
  const intro = sender
    ? `${sender} sent you a notification in ${n.organizationName}:`
    : `A notification from ${n.organizationName}:`;
  const text = [
    `Hello ${to.firstName},`,
    "",
    intro,
    "",
    n.title,
    "",
    n.body,
    "",
    `Open it in FieldLead: ${url}`,
    "",
    `Notifications always arrive in the app; to stop these emails, turn email off in your notifications: ${settings}`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(to.firstName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><b>${escapeHtml(n.title)}</b></p>`,
    htmlParagraphs(n.body),
    `<p><a href="${escapeHtml(url)}">Open it in FieldLead</a></p>`,
    `<p>Notifications always arrive in the app; to stop these emails, <a href="${escapeHtml(settings)}">turn email off in your notifications</a>.</p>`,
  ].join("");
  return { to: to.email, subject: n.title, text, html };
}

function toSentItem(r: SentRow): SentNotificationItem {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    senderUserId: r.senderUserId,
    senderName: nameOf(r.senderFirstName, r.senderLastName),
    audienceSummary: r.audienceSummary,
    sendEmail: r.sendEmail,
    status: r.status,
    recipientCount: r.recipientCount,
    processedCount: r.processedCount,
    emailedCount: r.emailedCount,
    readCount: r.readCount,
    createdAt: iso(r.createdAt),
    completedAt: isoOrNull(r.completedAt),
  };
}

/**
 * Notifications (docs/decisions/0041-notifications-and-support.md): a manager's message to an audience resolved on
 * the server when it is sent, in the app at once (one statement writes every copy) and by email in the background
 * (the outbox, batches that commit with their mail); the sent list with its progress; everyone's inbox across
 * their organizations, the bell's count and its live stream; the product's own notices (`notices`).
 */
export function notificationsService(deps: Deps) {
  const repo = deps.repo ?? notificationsRepository();
  const d = { ...deps, repo };
  const events = notificationEvents({ read: d.uow.read, repo, listen: d.listen, log: d.log });

  /**
   * Tells the bells once the transaction commits: by NOTIFY on PostgreSQL (every API process, this one included
   * while it listens), and in this process directly when it does not hear its own NOTIFY.
   */
  async function announce(tx: Tx, change: NotificationChange) {
    if (d.notify) await repo.notify(tx, NOTIFICATIONS_CHANNEL, changePayload(change));
    if (!(d.notify && events.listening())) afterCommit(() => events.changed(change));
  }

  /**
   * The audience as a query, checked: roles from the list (400), and territories, stores and people of the
   * organization within the sender's reach (404 otherwise, as for ids that do not exist). Answers the query and
   * the audience in words.
   */
  async function resolveAudience(exec: Tx, ctx: TenantContext, reach: number[] | null, a: Audience) {
    const roleIds = unique(a.roleIds);
    if (roleIds.some((id) => !ORGANIZATION_ROLE_IDS.has(id)))
      throw fieldError("body.audience.roleIds", "Choose roles from the list.");
    const territoryIds = unique(a.territoryIds);
    const storeIds = unique(a.storeIds);
    const userIds = unique(a.userIds);
    const org = ctx.organizationId;
    const [territories, stores, members] = await Promise.all([
      territoryIds.length ? repo.territories(exec, org, reach, territoryIds) : [],
      storeIds.length ? repo.stores(exec, org, reach, storeIds) : [],
      repo.membersInReach(exec, { organizationId: org, reachTerritoryIds: reach }, userIds),
    ]);
    if (territories.length < territoryIds.length) throw notFound("The territory");
    if (stores.length < storeIds.length) throw notFound("The store");
    if (members.length < userIds.length) throw notFound("The person");
    const byId = <T extends { id: number; name: string }>(rows: T[], ids: number[]) => {
      const names = new Map(rows.map((r) => [r.id, r.name]));
      return ids.map((id) => names.get(id) ?? String(id));
    };
    const query: AudienceQuery = {
      organizationId: org,
      senderUserId: ctx.userId,
      reachTerritoryIds: reach,
      everyone: a.everyone,
      userIds,
      roleIds,
      territoryIds,
      storeIds,
    };
    const summary = audienceSummary({
      everyone: a.everyone,
      roles: roleIds.map(roleName),
      places: [...byId(territories, territoryIds), ...byId(stores, storeIds)],
      people: byId(members, userIds),
    });
    const audience = { everyone: a.everyone, userIds, roleIds, territoryIds, storeIds };
    return { query, summary, audience };
  }

  async function sentItem(exec: Tx, ctx: TenantContext, id: number, senderUserId: number | null) {
    const row = await repo.sentById(exec, { organizationId: ctx.organizationId, senderUserId }, id);
    if (!row) throw notFound("The notification");
    return toSentItem(row);
  }

  const unreadOf = async (exec: Tx, userId: number) =>
    (await repo.unreadCounts(exec, [userId])).get(userId) ?? 0;

  const notices: Notices = {
    async notify(tx, notice) {
      const userIds = unique(notice.userIds);
      if (userIds.length === 0) return null;
      const id = await repo.insertNotification(tx, {
        organizationId: notice.organizationId,
        kind: notice.kind,
        senderUserId: null,
        title: notice.title,
        body: notice.body,
        link: notice.link ?? null,
        audience: null,
        audienceSummary: "",
        sendEmail: true,
      });
      const copies = await repo.insertNoticeRecipients(tx, id, notice.organizationId, userIds);
      let emailed = 0;
      let organizationName: string | null = null;
      for (const c of copies) {
        if (c.emailState !== "sent") continue;
        if (notice.email) {
          await d.mailer.send(tx, { to: c.address, ...notice.email });
        } else {
          organizationName ??= (await repo.forMail(tx, id))?.organizationName ?? "FieldLead";
          await d.mailer.send(
            tx,
            notificationMail(
              {
                ...notice,
                link: notice.link ?? null,
                organizationName,
                senderFirstName: null,
                senderLastName: null,
              },
              { email: c.address, firstName: c.firstName },
              d.publicUrl,
            ),
          );
        }
        emailed++;
      }
      await repo.setNoticeCounts(tx, id, {
        recipients: copies.length,
        emailed,
        audienceSummary: audienceSummary({
          everyone: false,
          roles: [],
          places: [],
          people: copies.map((c) => c.name),
        }),
      });
      if (copies.length > 0) await announce(tx, { notification: id });
      return { id, recipients: copies.length, emailed };
    },
  };

  return {
    /** The live count's hub (the events route subscribes to it; the app closes it). */
    events,
    notices,

    /** Who the caller can send to: people, roles, territories and stores within their reach, and the channels. */
    async lookupList(ctx: TenantContext): Promise<NotificationLookupList> {
      const reach = requireSender(ctx);
      const read = d.uow.read;
      const org = ctx.organizationId;
      const [members, territories, stores] = await Promise.all([
        repo.reachablePeople(read, {
          organizationId: org,
          senderUserId: ctx.userId,
          reachTerritoryIds: reach,
        }),
        repo.territories(read, org, reach),
        repo.stores(read, org, reach),
      ]);
      return {
        users: members.map((m) => ({
          id: m.id,
          name: `${m.firstName} ${m.lastName}`.trim(),
          email: m.email,
          roleId: m.roleId,
          roleName: roleName(m.roleId),
          territoryIds: m.territoryIds,
        })),
        roles: ORGANIZATION_ROLES.map((r) => ({ id: r.id, name: r.name })),
        territories,
        stores,
        channels: NOTIFICATION_CHANNELS.map((c) => ({ id: c.id, name: c.name })),
      };
    },

    /** How many people the audience reaches now, how many turned email off, and a few names. */
    async audienceCount(
      ctx: TenantContext,
      input: { audience: Audience },
    ): Promise<z.infer<typeof audienceCountResponse>> {
      const reach = requireSender(ctx);
      const { query } = await resolveAudience(d.uow.read, ctx, reach, input.audience);
      return repo.countAudience(d.uow.read, query, SAMPLE_SIZE);
    },

    /**
     * Sends a message: in one transaction the notification, every copy (one statement, the audience resolved
     * now), its counts, and the outbox row of its emails; once per Idempotency-Key.
     */
    async send(ctx: TenantContext, input: SendInput, key?: string): Promise<SentNotificationItem> {
      const reach = requireSender(ctx);
      const resolved = await resolveAudience(d.uow.read, ctx, reach, input.audience);
      return d.uow.run((tx) =>
        once(
          tx,
          { organizationId: ctx.organizationId, actor: `u${ctx.userId}`, operation: "notifications.send" },
          key,
          input,
          async () => {
            const id = await repo.insertNotification(tx, {
              organizationId: ctx.organizationId,
              kind: "message",
              senderUserId: ctx.userId,
              title: input.title,
              body: input.body,
              link: input.link || null,
              audience: resolved.audience,
              audienceSummary: resolved.summary,
              sendEmail: input.sendEmail,
            });
            const { recipients, pending } = await repo.insertRecipients(
              tx,
              id,
              resolved.query,
              input.sendEmail,
            );
            if (recipients === 0) throw fieldError("body.audience", NO_ONE_MESSAGE);
            if (pending > 0) {
              await d.outbox.add(tx, {
                topic: NOTIFICATIONS_TOPIC,
                key: `notification:${id}`,
                payload: { id },
                organizationId: ctx.organizationId,
              });
            }
            await announce(tx, { notification: id });
            return sentItem(tx, ctx, id, null);
          },
          {
            encode: (item) => ({ id: item.id }),
            decode: (stored, tx) => sentItem(tx, ctx, Number((stored as { id: number }).id), null),
          },
        ),
      );
    },

    /** Sent notifications, newest first: the organization's (organization-wide senders) or the caller's own. */
    async sentSearch(ctx: TenantContext, input: SentSearchInput) {
      const senderUserId = sentScope(ctx);
      const { rows, total } = await repo.sent(
        d.uow.read,
        { organizationId: ctx.organizationId, senderUserId, kind: input.kind ?? null },
        pageOf(input),
      );
      return pageResult(rows.map(toSentItem), total, input);
    },

    async sentById(ctx: TenantContext, id: number): Promise<SentNotificationItem> {
      return sentItem(d.uow.read, ctx, id, sentScope(ctx));
    },

    // ---- Everyone's own ----

    async inbox(s: SessionContext, input: InboxInput): Promise<z.infer<typeof inboxResponse>> {
      const read = d.uow.read;
      const [{ rows, total }, unread] = await Promise.all([
        repo.inbox(read, s.userId, input.unreadOnly, pageOf(input)),
        unreadOf(read, s.userId),
      ]);
      const items = rows.map(
        (r): InboxItem => ({
          id: r.id,
          organizationId: r.organizationId,
          organizationName: r.organizationName,
          kind: r.kind,
          title: r.title,
          body: r.body,
          link: r.link,
          senderName: nameOf(r.senderFirstName, r.senderLastName),
          createdAt: iso(r.createdAt),
          readAt: isoOrNull(r.readAt),
        }),
      );
      return { ...pageResult(items, total, input), unread };
    },

    async unread(s: SessionContext): Promise<z.infer<typeof unreadResponse>> {
      return { unread: await unreadOf(d.uow.read, s.userId) };
    },

    /**
     * Marks the caller's notifications read (some, or all). An id that is not one of the caller's answers 404 and
     * nothing is marked, as for an id that does not exist.
     */
    async markRead(s: SessionContext, input: MarkReadInput): Promise<z.infer<typeof unreadResponse>> {
      const ids = input.all ? null : unique(input.ids);
      return d.uow.run(async (tx) => {
        if (ids) {
          const mine = await repo.visibleIds(tx, s.userId, ids);
          if (mine.size < ids.length) throw notFound("The notification");
        }
        const changed = await repo.markRead(tx, s.userId, ids);
        if (changed > 0) await announce(tx, { user: s.userId });
        return { unread: await unreadOf(tx, s.userId) };
      });
    },

    async preferences(s: SessionContext): Promise<Preferences> {
      return repo.preferences(d.uow.read, s.userId);
    },

    async updatePreferences(s: SessionContext, input: Preferences): Promise<Preferences> {
      return d.uow.run(async (tx) => {
        await repo.savePreferences(tx, s.userId, input);
        return repo.preferences(tx, s.userId);
      });
    },

    // ---- The background send ----

    /**
     * Emails a message's copies still waiting (the outbox handler): batches of `batchSize`, each one transaction
     * that writes its mail, marks its copies sent and adds to the progress, so a worker killed mid-way loses
     * nothing and doubles nothing. Copies another worker holds are skipped. When none waits, the notification is
     * `sent`. `beforeCommit` runs at the end of each batch's transaction (tests: a worker that dies there).
     */
    async deliverEmails(
      notificationId: number,
      opts: { batchSize?: number; beforeCommit?: (batch: number) => void | Promise<void> } = {},
    ): Promise<{ emailed: number; completed: boolean }> {
      const n = await repo.forMail(d.uow.read, notificationId);
      if (!n) return { emailed: 0, completed: false };
      const size = opts.batchSize ?? EMAIL_BATCH;
      let emailed = 0;
      let batch = 0;
      for (;;) {
        const done = await d.uow.run(async (tx) => {
          const copies: PendingRecipient[] = await repo.claimPending(tx, notificationId, size);
          if (copies.length === 0) return 0;
          for (const c of copies) await d.mailer.send(tx, notificationMail(n, c, d.publicUrl));
          await repo.markEmailed(
            tx,
            notificationId,
            copies.map((c) => c.userId),
          );
          batch++;
          await opts.beforeCommit?.(batch);
          return copies.length;
        });
        if (done === 0) break;
        emailed += done;
      }
      const completed = await d.uow.run((tx) => repo.completeIfDone(tx, notificationId));
      return { emailed, completed };
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
