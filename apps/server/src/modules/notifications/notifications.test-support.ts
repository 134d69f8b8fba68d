import type { InboxItem, SentNotificationItem } from "@fieldlead/contracts";
import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../test/harness";

/**
 * Helpers of the notifications' tests: signing in once per person (and organization), ids by name, people made
 * straight in the database (so a test owns its audience), the calls, and what the mailbox and the tables hold.
 */
export function notificationsTestKit(t: () => TestApp) {
  const { as, rows, one, userId, storeId, territoryId } = sessionKit(t);

  let seq = 0;
  /**
   * A new member of an organization (a lead generator by default) who signs in with the demo password, in some
   * territories (by name) and stores, active unless told.
   */
  const person = async (
    organizationId: number,
    opts: {
      roleId?: number;
      subscriptionId?: number;
      territories?: string[];
      storeIds?: number[];
      first?: string;
      last?: string;
      active?: boolean;
      emailOff?: boolean;
    } = {},
  ) => {
    seq++;
    const email = `nt.${Date.now().toString(36)}.${seq}@notifications.test`;
    const { hash } = await one<{ hash: string }>(
      "select password_hash as hash from users where email = 'admin@demo.local'",
    );
    const first = opts.first ?? "Nora";
    const last = opts.last ?? `Notified${seq}`;
    const id = Number(
      (
        await one<{ id: number }>(
          `insert into users (uid, email, password_hash, first_name, last_name)
           values (gen_random_uuid()::text, $1, $2, $3, $4) returning id`,
          [email, hash, first, last],
        )
      ).id,
    );
    const membership = Number(
      (
        await one<{ id: number }>(
          `insert into memberships (organization_id, user_id, role_id, subscription_id, is_active)
           values ($1, $2, $3, $4, $5) returning id`,
          [organizationId, id, opts.roleId ?? 14, opts.subscriptionId ?? 1, opts.active ?? true],
        )
      ).id,
    );
    for (const name of opts.territories ?? []) {
      await rows(
        `insert into membership_territories (organization_id, membership_id, territory_id)
         select $1, $2, id from territories where organization_id = $1 and name = $3`,
        [organizationId, membership, name],
      );
    }
    for (const storeId of opts.storeIds ?? []) {
      await rows(
        "insert into membership_stores (organization_id, membership_id, store_id) values ($1, $2, $3)",
        [organizationId, membership, storeId],
      );
    }
    if (opts.emailOff)
      await rows("insert into notification_preferences (user_id, email) values ($1, false)", [id]);
    return { id, email, name: `${first} ${last}` };
  };

  const inject = (
    a: AuthHeaders,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    t().app.inject({
      method,
      url,
      headers: h(a, extra),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A plausible message to an audience. */
  const message = (audience: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    title: `Hello ${++seq}`,
    body: "The store walk moves to Thursday.",
    audience,
    ...extra,
  });
  const send = (a: AuthHeaders, body: unknown, key?: string) =>
    inject(a, "POST", "/api/notifications/send-notification", body, key ? { "idempotency-key": key } : {});
  const count = (a: AuthHeaders, audience: Record<string, unknown>) =>
    inject(a, "POST", "/api/notifications/audience-count", { audience });
  const lookupList = (a: AuthHeaders) => inject(a, "GET", "/api/notifications/lookup-list");
  const sent = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/notifications/sent", { pageSize: 200, ...body });
  const sentById = (a: AuthHeaders, id: number) => inject(a, "GET", `/api/notifications/sent/${id}`);
  const inbox = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/notifications/inbox", { pageSize: 100, ...body });
  const unread = async (a: AuthHeaders) =>
    ((await inject(a, "GET", "/api/notifications/unread")).json() as { unread: number }).unread;
  const read = (a: AuthHeaders, body: Record<string, unknown>) =>
    inject(a, "POST", "/api/notifications/read", body);
  const preferences = (a: AuthHeaders) => inject(a, "GET", "/api/notifications/preferences");
  const setPreferences = (a: AuthHeaders, email: boolean) =>
    inject(a, "PUT", "/api/notifications/preferences", { email });

  /** Sends and answers the sent item (201 expected). */
  const sendOk = async (a: AuthHeaders, body: unknown, key?: string) => {
    const res = await send(a, body, key);
    if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
    return res.json() as SentNotificationItem;
  };
  const inboxItems = async (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    ((await inbox(a, body)).json() as { items: InboxItem[] }).items;

  /** Who got a copy of a notification, and its email state. */
  const recipients = async (notificationId: number) =>
    (
      await rows<{ user_id: number; email: string }>(
        "select user_id, email from notification_recipients where notification_id = $1 order by user_id",
        [notificationId],
      )
    ).map((r) => ({ userId: Number(r.user_id), email: r.email }));
  const recipientIds = async (notificationId: number) =>
    (await recipients(notificationId)).map((r) => r.userId);

  /** Runs the background send of every notification still sending (what the worker's outbox handler does). */
  const deliver = async () => {
    const ids = await rows<{ id: number }>("select id from notifications where status = 'sending'");
    for (const { id } of ids) await t().app.deps.services.notifications.deliverEmails(Number(id));
  };
  const mailsTo = async (address: string, subject?: string) =>
    rows<{ to: string; subject: string; text: string; html: string | null }>(
      `select "to", subject, text, html from mail_messages where "to" = $1 ${subject ? "and subject = $2" : ""} order by id`,
      subject ? [address, subject] : [address],
    );

  return {
    rows,
    one,
    as,
    userId,
    storeId,
    territoryId,
    person,
    inject,
    message,
    send,
    sendOk,
    count,
    lookupList,
    sent,
    sentById,
    inbox,
    inboxItems,
    unread,
    read,
    preferences,
    setPreferences,
    recipients,
    recipientIds,
    deliver,
    mailsTo,
  };
}
