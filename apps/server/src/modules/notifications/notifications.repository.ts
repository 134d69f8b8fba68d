import { ROLE, SUBSCRIPTION } from "@fieldlead/contracts";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../platform/db";
import type { Tx } from "../../platform/unit-of-work";

/**
 * The notifications' SQL (docs/decisions/0041-notifications-and-support.md). Every statement names its tables
 * itself: the audience is a query over memberships that the send inserts from in one statement, and the inbox and
 * the bell read a person's copies across their organizations.
 */

/** Who an audience may reach, as the service resolved it from the request and the caller. */
export type AudienceQuery = {
  organizationId: number;
  /** The sender, never among the people reached (null: nobody left out). */
  senderUserId: number | null;
  /** The sender's reach: null for the whole organization, else the territories (empty: nobody). */
  reachTerritoryIds: number[] | null;
  everyone: boolean;
  userIds: number[];
  roleIds: number[];
  territoryIds: number[];
  storeIds: number[];
};

export type SentRow = {
  id: number;
  organizationId: number;
  kind: "message" | "missingPunch" | "deadDelivery" | "invitation";
  title: string;
  body: string;
  link: string | null;
  senderUserId: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  audienceSummary: string;
  sendEmail: boolean;
  status: "sending" | "sent";
  recipientCount: number;
  processedCount: number;
  emailedCount: number;
  readCount: number;
  createdAt: Date | string;
  completedAt: Date | string | null;
};

/** What a person reads of a notification: its words, its organization's name and its sender's. */
type NotificationText = {
  id: number;
  organizationId: number;
  organizationName: string;
  kind: SentRow["kind"];
  title: string;
  body: string;
  link: string | null;
  senderFirstName: string | null;
  senderLastName: string | null;
};

export type InboxRow = NotificationText & { createdAt: Date | string; readAt: Date | string | null };

/** One person's copy waiting for its email, with what the email needs. */
export type PendingRecipient = { userId: number; email: string; firstName: string };

/** What the background send and a notice's emails say, read once per notification. */
export type NotificationForMail = NotificationText & { status: "sending" | "sent" };

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The people an audience reaches, as `select user_id` over `memberships m join users u`: active members of the
 * organization's own team (the full product, not a program portal's, never the platform's Super Admin) whose
 * account is active, within the sender's reach, and named in `userIds` or in the picked places (everyone,
 * territories, stores) narrowed to the picked roles; roles alone mean everyone with those roles.
 */
export function audienceSelect(a: AudienceQuery): SQL {
  const where: SQL[] = [
    sql`m.organization_id = ${a.organizationId}`,
    sql`m.is_active`,
    sql`u.is_platform_active`,
    sql`m.subscription_id = ${SUBSCRIPTION.full}`,
    sql`m.role_id <> ${ROLE.superAdmin}`,
  ];
  if (a.senderUserId !== null) where.push(sql`m.user_id <> ${a.senderUserId}`);
  if (a.reachTerritoryIds !== null) {
    where.push(
      a.reachTerritoryIds.length === 0
        ? sql`false`
        : sql`exists (select 1 from membership_territories rt where rt.organization_id = m.organization_id
            and rt.membership_id = m.id and rt.territory_id in (${list(a.reachTerritoryIds)}))`,
    );
  }
  const places: SQL[] = [];
  if (a.territoryIds.length > 0)
    places.push(sql`exists (select 1 from membership_territories mt where mt.organization_id = m.organization_id
      and mt.membership_id = m.id and mt.territory_id in (${list(a.territoryIds)}))`);
  if (a.storeIds.length > 0)
    places.push(sql`exists (select 1 from membership_stores ms where ms.organization_id = m.organization_id
      and ms.membership_id = m.id and ms.store_id in (${list(a.storeIds)}))`);
  const picked: SQL[] = [];
  if (a.userIds.length > 0) picked.push(sql`m.user_id in (${list(a.userIds)})`);
  const anyPlace = a.everyone || places.length > 0;
  if (anyPlace || a.roleIds.length > 0) {
    const inPlaces = a.everyone || places.length === 0 ? sql`true` : sql`(${sql.join(places, sql` or `)})`;
    const withRoles = a.roleIds.length > 0 ? sql`m.role_id in (${list(a.roleIds)})` : sql`true`;
    picked.push(sql`(${inPlaces} and ${withRoles})`);
  }
  where.push(picked.length > 0 ? sql`(${sql.join(picked, sql` or `)})` : sql`false`);
  return sql`select m.user_id from memberships m join users u on u.id = m.user_id where ${sql.join(where, sql` and `)}`;
}

/** A notification's text (`n` is `notifications`, `o` its organization, `s` its sender, left joined). */
const TEXT_COLUMNS = sql`n.id, n.organization_id, o.name as organization_name, n.kind, n.title, n.body, n.link,
  s.first_name as sender_first_name, s.last_name as sender_last_name`;

type TextDbRow = {
  id: unknown;
  organization_id: number;
  organization_name: string;
  kind: SentRow["kind"];
  title: string;
  body: string;
  link: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
};

const toText = (r: TextDbRow): NotificationText => ({
  id: num(r.id),
  organizationId: num(r.organization_id),
  organizationName: r.organization_name,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  senderFirstName: r.sender_first_name,
  senderLastName: r.sender_last_name,
});

/** A sent notification with its sender's name and read count (`n` is `notifications`). */
const SENT_COLUMNS = sql`n.id, n.organization_id, n.kind, n.title, n.body, n.link, n.sender_user_id,
  s.first_name as sender_first_name, s.last_name as sender_last_name, n.audience_summary, n.send_email, n.status,
  n.recipient_count, n.processed_count, n.emailed_count,
  (select count(*) from notification_recipients rr where rr.notification_id = n.id and rr.read_at is not null)
    as read_count,
  n.created_at, n.completed_at`;

type SentDbRow = {
  id: unknown;
  organization_id: number;
  kind: SentRow["kind"];
  title: string;
  body: string;
  link: string | null;
  sender_user_id: number | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  audience_summary: string;
  send_email: boolean;
  status: SentRow["status"];
  recipient_count: unknown;
  processed_count: unknown;
  emailed_count: unknown;
  read_count: unknown;
  created_at: Date | string;
  completed_at: Date | string | null;
};

const toSent = (r: SentDbRow): SentRow => ({
  id: num(r.id),
  organizationId: num(r.organization_id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  senderUserId: numOrNull(r.sender_user_id),
  senderFirstName: r.sender_first_name,
  senderLastName: r.sender_last_name,
  audienceSummary: r.audience_summary,
  sendEmail: Boolean(r.send_email),
  status: r.status,
  recipientCount: num(r.recipient_count),
  processedCount: num(r.processed_count),
  emailedCount: num(r.emailed_count),
  readCount: num(r.read_count),
  createdAt: r.created_at,
  completedAt: r.completed_at,
});

/**
 * Which of a person's copies the inbox shows (`r` is `notification_recipients`, `n` its notification): those of the
 * organizations the person is still an active member of, and invitations (addressed to someone not a member yet).
 */
const VISIBLE = sql`(n.kind = 'invitation' or exists (select 1 from memberships vm
  where vm.user_id = r.user_id and vm.organization_id = r.organization_id and vm.is_active))`;

export function notificationsRepository() {
  return {
    // -----------------------------------------------------------------------------------------------------------
    // The sender's choices
    // -----------------------------------------------------------------------------------------------------------

    /** Active members the sender reaches, with their role and territories, for the people picker. */
    async reachablePeople(
      exec: Tx,
      a: Pick<AudienceQuery, "organizationId" | "senderUserId" | "reachTerritoryIds">,
    ) {
      const rows = await rowsOf<{
        id: number;
        first_name: string;
        last_name: string;
        email: string;
        role_id: number;
        territory_ids: number[] | string | null;
      }>(
        exec,
        sql`select u.id, u.first_name, u.last_name, u.email, m.role_id,
          coalesce((select json_agg(mt.territory_id order by mt.territory_id) from membership_territories mt
            where mt.organization_id = m.organization_id and mt.membership_id = m.id), '[]'::json)::text as territory_ids
        from memberships m join users u on u.id = m.user_id
        where m.user_id in (${audienceSelect({ ...a, everyone: true, userIds: [], roleIds: [], territoryIds: [], storeIds: [] })})
          and m.organization_id = ${a.organizationId}
        order by lower(u.last_name), lower(u.first_name), u.id`,
      );
      return rows.map((r) => ({
        id: num(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        roleId: num(r.role_id),
        territoryIds: (typeof r.territory_ids === "string"
          ? (JSON.parse(r.territory_ids) as number[])
          : (r.territory_ids ?? [])
        ).map(Number),
      }));
    },

    /** The organization's territories (active, unless `ids` names them), within the reach when limited. */
    async territories(exec: Tx, organizationId: number, reach: number[] | null, ids?: readonly number[]) {
      if (reach !== null && reach.length === 0) return [];
      const rows = await rowsOf<{ id: number; name: string }>(
        exec,
        sql`select id, name from territories where organization_id = ${organizationId}
          ${ids ? sql`and id in (${list(ids)})` : sql`and is_active`}
          ${reach ? sql`and id in (${list(reach)})` : sql``}
          order by lower(name), id`,
      );
      return rows.map((r) => ({ id: num(r.id), name: r.name }));
    },

    /** The organization's stores (active, unless `ids` names them), within the reach's territories when limited. */
    async stores(exec: Tx, organizationId: number, reach: number[] | null, ids?: readonly number[]) {
      if (reach !== null && reach.length === 0) return [];
      const rows = await rowsOf<{ id: number; name: string; territory_id: number | null }>(
        exec,
        sql`select id, name, territory_id from stores where organization_id = ${organizationId}
          ${ids ? sql`and id in (${list(ids)})` : sql`and is_active`}
          ${reach ? sql`and territory_id in (${list(reach)})` : sql``}
          order by lower(name), id`,
      );
      return rows.map((r) => ({ id: num(r.id), name: r.name, territoryId: numOrNull(r.territory_id) }));
    },

    /** Of `userIds`, the members of the organization the sender reaches (active or not), with their names. */
    async membersInReach(
      exec: Tx,
      a: Pick<AudienceQuery, "organizationId" | "reachTerritoryIds">,
      userIds: readonly number[],
    ) {
      if (userIds.length === 0 || (a.reachTerritoryIds !== null && a.reachTerritoryIds.length === 0))
        return [];
      const reach =
        a.reachTerritoryIds === null
          ? sql``
          : sql`and exists (select 1 from membership_territories rt where rt.organization_id = m.organization_id
              and rt.membership_id = m.id and rt.territory_id in (${list(a.reachTerritoryIds)}))`;
      const rows = await rowsOf<{ id: number; first_name: string; last_name: string }>(
        exec,
        sql`select u.id, u.first_name, u.last_name from memberships m join users u on u.id = m.user_id
          where m.organization_id = ${a.organizationId} and m.user_id in (${list(userIds)}) ${reach}`,
      );
      return rows.map((r) => ({ id: num(r.id), name: `${r.first_name} ${r.last_name}`.trim() }));
    },

    /** How many people an audience reaches, how many of them turned email off, and a few names. */
    async countAudience(exec: Tx, a: AudienceQuery, sampleSize: number) {
      const audience = audienceSelect(a);
      const [counts] = await rowsOf<{ n: unknown; off: unknown }>(
        exec,
        sql`select count(*) as n, count(*) filter (where p.email = false) as off
          from (${audience}) a left join notification_preferences p on p.user_id = a.user_id`,
      );
      const sample = await rowsOf<{ first_name: string; last_name: string }>(
        exec,
        sql`select u.first_name, u.last_name from (${audience}) a join users u on u.id = a.user_id
          order by lower(u.last_name), lower(u.first_name), u.id limit ${sampleSize}`,
      );
      return {
        count: num(counts?.n ?? 0),
        emailOff: num(counts?.off ?? 0),
        sample: sample.map((r) => `${r.first_name} ${r.last_name}`.trim()),
      };
    },

    // -----------------------------------------------------------------------------------------------------------
    // Sending
    // -----------------------------------------------------------------------------------------------------------

    async insertNotification(
      tx: Tx,
      v: {
        organizationId: number;
        kind: SentRow["kind"];
        senderUserId: number | null;
        title: string;
        body: string;
        link: string | null;
        audience: Record<string, unknown> | null;
        audienceSummary: string;
        sendEmail: boolean;
      },
    ): Promise<number> {
      const [row] = await rowsOf<{ id: unknown }>(
        tx,
        sql`insert into notifications (organization_id, kind, sender_user_id, title, body, link, audience,
            audience_summary, send_email)
          values (${v.organizationId}, ${v.kind}, ${v.senderUserId}, ${v.title}, ${v.body}, ${v.link},
            ${v.audience === null ? null : JSON.stringify(v.audience)}::jsonb, ${v.audienceSummary}, ${v.sendEmail}::boolean)
          returning id`,
      );
      return num(row.id);
    },

    /**
     * The copies of a message, in one statement: every person the audience reaches gets a row (a second for the
     * same person is impossible: the key), `off` for those who turned email off or when no email was asked for,
     * `pending` for the background send; the notification's counts are set from what was inserted, and it is
     * `sent` at once when nothing waits for an email.
     */
    async insertRecipients(tx: Tx, notificationId: number, a: AudienceQuery, sendEmail: boolean) {
      const [row] = await rowsOf<{ recipients: unknown; pending: unknown }>(
        tx,
        sql`with ins as (
            insert into notification_recipients (notification_id, user_id, organization_id, email)
            select ${notificationId}, a.user_id, ${a.organizationId},
              case when ${sendEmail}::boolean and coalesce(p.email, true) then 'pending' else 'off' end
            from (${audienceSelect(a)}) a left join notification_preferences p on p.user_id = a.user_id
            on conflict (notification_id, user_id) do nothing
            returning email
          ),
          counts as (
            select count(*) as recipients, count(*) filter (where email = 'pending') as pending from ins
          ),
          upd as (
            update notifications set
              recipient_count = counts.recipients,
              processed_count = counts.recipients - counts.pending,
              status = case when counts.pending > 0 then 'sending' else 'sent' end,
              completed_at = case when counts.pending > 0 then null else now() end
            from counts where notifications.id = ${notificationId}
            returning 1
          )
          select recipients, pending from counts`,
      );
      return { recipients: num(row.recipients), pending: num(row.pending) };
    },

    /**
     * A notice's copies for named people (in the caller's transaction): `sent` for those who take email (the
     * caller writes their mail in the same transaction), `off` for those who turned it off. Answers who got one,
     * with their address.
     */
    async insertNoticeRecipients(tx: Tx, notificationId: number, organizationId: number, userIds: number[]) {
      const rows = await rowsOf<{
        user_id: number;
        email_state: "sent" | "off";
        address: string;
        first_name: string;
        last_name: string;
      }>(
        tx,
        sql`with ins as (
            insert into notification_recipients (notification_id, user_id, organization_id, email)
            select ${notificationId}, u.id, ${organizationId},
              case when coalesce(p.email, true) then 'sent' else 'off' end
            from users u left join notification_preferences p on p.user_id = u.id
            where u.id in (${list(userIds)})
            on conflict (notification_id, user_id) do nothing
            returning user_id, email
          )
          select ins.user_id, ins.email as email_state, u.email as address, u.first_name, u.last_name
          from ins join users u on u.id = ins.user_id order by ins.user_id`,
      );
      return rows.map((r) => ({
        userId: num(r.user_id),
        emailState: r.email_state,
        address: r.address,
        name: `${r.first_name} ${r.last_name}`.trim(),
        firstName: r.first_name,
      }));
    },

    async setNoticeCounts(
      tx: Tx,
      id: number,
      v: { recipients: number; emailed: number; audienceSummary: string },
    ): Promise<void> {
      await tx.execute(sql`update notifications set recipient_count = ${v.recipients},
        processed_count = ${v.recipients}, emailed_count = ${v.emailed}, audience_summary = ${v.audienceSummary},
        status = 'sent', completed_at = now() where id = ${id}`);
    },

    /** Tells other API processes (PostgreSQL) once the transaction commits. */
    async notify(tx: Tx, channel: string, payload: string): Promise<void> {
      await tx.execute(sql`select pg_notify(${channel}, ${payload})`);
    },

    // -----------------------------------------------------------------------------------------------------------
    // The background send
    // -----------------------------------------------------------------------------------------------------------

    async forMail(exec: Tx, id: number): Promise<NotificationForMail | null> {
      const [r] = await rowsOf<TextDbRow & { status: "sending" | "sent" }>(
        exec,
        sql`select ${TEXT_COLUMNS}, n.status
          from notifications n join organizations o on o.id = n.organization_id
          left join users s on s.id = n.sender_user_id
          where n.id = ${id}`,
      );
      return r ? { ...toText(r), status: r.status } : null;
    },

    /**
     * Up to `limit` copies still waiting for their email, locked for this transaction; copies another worker holds
     * are skipped (FOR UPDATE SKIP LOCKED), so two workers never email the same person twice.
     */
    async claimPending(tx: Tx, notificationId: number, limit: number): Promise<PendingRecipient[]> {
      const rows = await rowsOf<{ user_id: number; email: string; first_name: string }>(
        tx,
        sql`select r.user_id, u.email, u.first_name
          from notification_recipients r join users u on u.id = r.user_id
          where r.notification_id = ${notificationId} and r.email = 'pending'
          order by r.user_id
          limit ${limit}
          for update of r skip locked`,
      );
      return rows.map((r) => ({ userId: num(r.user_id), email: r.email, firstName: r.first_name }));
    },

    /** Marks a batch emailed and adds it to the notification's progress (with the batch's mail, one commit). */
    async markEmailed(tx: Tx, notificationId: number, userIds: number[]): Promise<void> {
      if (userIds.length === 0) return;
      const rows = await rowsOf<{ user_id: number }>(
        tx,
        sql`update notification_recipients set email = 'sent'
          where notification_id = ${notificationId} and user_id in (${list(userIds)}) and email = 'pending'
          returning user_id`,
      );
      await tx.execute(sql`update notifications set processed_count = processed_count + ${rows.length},
        emailed_count = emailed_count + ${rows.length} where id = ${notificationId}`);
    },

    /** `sent` once no copy waits for its email (copies another worker is still emailing count as waiting). */
    async completeIfDone(exec: Tx, notificationId: number): Promise<boolean> {
      const rows = await rowsOf<{ id: unknown }>(
        exec,
        sql`update notifications set status = 'sent', completed_at = now()
          where id = ${notificationId} and status = 'sending'
            and not exists (select 1 from notification_recipients r
              where r.notification_id = ${notificationId} and r.email = 'pending')
          returning id`,
      );
      return rows.length > 0;
    },

    // -----------------------------------------------------------------------------------------------------------
    // The sent list
    // -----------------------------------------------------------------------------------------------------------

    /**
     * The organization's notifications, newest first: all of them, or only one sender's. Invitations are left out:
     * they go to people who are not members yet, and the organization learns nothing of them (decision 0015).
     */
    async sent(
      exec: Tx,
      f: { organizationId: number; senderUserId: number | null; kind: SentRow["kind"] | null },
      page: { limit: number; offset: number },
    ) {
      const where = sql`n.organization_id = ${f.organizationId} and n.kind <> 'invitation'
        ${f.senderUserId === null ? sql`` : sql`and n.sender_user_id = ${f.senderUserId}`}
        ${f.kind ? sql`and n.kind = ${f.kind}` : sql``}`;
      const [rows, [total]] = await Promise.all([
        rowsOf<SentDbRow>(
          exec,
          sql`select ${SENT_COLUMNS} from notifications n left join users s on s.id = n.sender_user_id
            where ${where} order by n.created_at desc, n.id desc limit ${page.limit} offset ${page.offset}`,
        ),
        rowsOf<{ n: unknown }>(exec, sql`select count(*) as n from notifications n where ${where}`),
      ]);
      return { rows: rows.map(toSent), total: num(total?.n ?? 0) };
    },

    async sentById(
      exec: Tx,
      f: { organizationId: number; senderUserId: number | null },
      id: number,
    ): Promise<SentRow | null> {
      const [row] = await rowsOf<SentDbRow>(
        exec,
        sql`select ${SENT_COLUMNS} from notifications n left join users s on s.id = n.sender_user_id
          where n.id = ${id} and n.organization_id = ${f.organizationId} and n.kind <> 'invitation'
          ${f.senderUserId === null ? sql`` : sql`and n.sender_user_id = ${f.senderUserId}`}`,
      );
      return row ? toSent(row) : null;
    },

    // -----------------------------------------------------------------------------------------------------------
    // The inbox and the bell
    // -----------------------------------------------------------------------------------------------------------

    async inbox(exec: Tx, userId: number, unreadOnly: boolean, page: { limit: number; offset: number }) {
      const where = sql`r.user_id = ${userId} and ${VISIBLE} ${unreadOnly ? sql`and r.read_at is null` : sql``}`;
      const [rows, [total]] = await Promise.all([
        rowsOf<TextDbRow & { created_at: Date | string; read_at: Date | string | null }>(
          exec,
          sql`select ${TEXT_COLUMNS}, n.created_at, r.read_at
            from notification_recipients r
            join notifications n on n.id = r.notification_id
            join organizations o on o.id = r.organization_id
            left join users s on s.id = n.sender_user_id
            where ${where}
            order by r.created_at desc, r.notification_id desc
            limit ${page.limit} offset ${page.offset}`,
        ),
        rowsOf<{ n: unknown }>(
          exec,
          sql`select count(*) as n from notification_recipients r join notifications n on n.id = r.notification_id
            where ${where}`,
        ),
      ]);
      return {
        rows: rows.map((r): InboxRow => ({ ...toText(r), createdAt: r.created_at, readAt: r.read_at })),
        total: num(total?.n ?? 0),
      };
    },

    /** The unread counts of some people (those with none are absent). */
    async unreadCounts(exec: Tx, userIds: readonly number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await rowsOf<{ user_id: number; n: unknown }>(
        exec,
        sql`select r.user_id, count(*) as n from notification_recipients r
          join notifications n on n.id = r.notification_id
          where r.user_id in (${list(userIds)}) and r.read_at is null and ${VISIBLE}
          group by r.user_id`,
      );
      return new Map(rows.map((r) => [num(r.user_id), num(r.n)]));
    },

    /** Of `userIds`, those who have a copy of the notification. */
    async recipientsAmong(exec: Tx, notificationId: number, userIds: readonly number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await rowsOf<{ user_id: number }>(
        exec,
        sql`select user_id from notification_recipients
          where notification_id = ${notificationId} and user_id in (${list(userIds)})`,
      );
      return rows.map((r) => num(r.user_id));
    },

    /** Of `ids`, the notifications the inbox shows the person. */
    async visibleIds(exec: Tx, userId: number, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await rowsOf<{ id: unknown }>(
        exec,
        sql`select r.notification_id as id from notification_recipients r
          join notifications n on n.id = r.notification_id
          where r.user_id = ${userId} and r.notification_id in (${list(ids)}) and ${VISIBLE}`,
      );
      return new Set(rows.map((r) => num(r.id)));
    },

    /** Marks some of the person's copies read (or all, when `ids` is null); answers how many changed. */
    async markRead(tx: Tx, userId: number, ids: readonly number[] | null): Promise<number> {
      const rows = await rowsOf<{ notification_id: unknown }>(
        tx,
        sql`update notification_recipients set read_at = now()
          where user_id = ${userId} and read_at is null
          ${ids === null ? sql`` : sql`and notification_id in (${list(ids)})`}
          returning notification_id`,
      );
      return rows.length;
    },

    async preferences(exec: Tx, userId: number): Promise<{ email: boolean }> {
      const [row] = await rowsOf<{ email: boolean }>(
        exec,
        sql`select email from notification_preferences where user_id = ${userId}`,
      );
      return { email: row ? Boolean(row.email) : true };
    },

    async savePreferences(tx: Tx, userId: number, v: { email: boolean }): Promise<void> {
      await tx.execute(sql`insert into notification_preferences (user_id, email) values (${userId}, ${v.email}::boolean)
        on conflict (user_id) do update set email = excluded.email, updated_at = now()`);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
