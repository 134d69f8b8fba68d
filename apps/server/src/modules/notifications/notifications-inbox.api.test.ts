import type { InboxItem, SentNotificationItem } from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { notificationsTestKit } from "./notifications.test-support";

// Everyone's inbox (issue #16, docs/decisions/0041-notifications-and-support.md): across the organizations a person
// belongs to, the unread count, marking read, the email preference, and the product's own notices (missing punches,
// dead deliveries, invitations) arriving the same way.

let t: TestApp;
const k = notificationsTestKit(() => t);
let east: number;
let west: number;

const errorKeys = (res: { json: () => unknown }) =>
  Object.keys((res.json() as { errors?: Record<string, string[]> }).errors ?? {});
type Inbox = { items: InboxItem[]; total: number; unread: number; page: number; pageSize: number };

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
}, 120_000);
afterAll(() => t?.close());

describe("the inbox", () => {
  it("holds the demo's messages: Luis has two unread, the first one read", async () => {
    const luis = await k.as("lg@demo.local");
    const inbox = (await k.inbox(luis)).json() as Inbox;
    expect(inbox.unread).toBe(2);
    expect(await k.unread(luis)).toBe(2);
    expect(inbox.items.map((i) => [i.title, i.readAt === null])).toEqual([
      ["Log your approaches", true],
      ["North Jersey: store walk on Thursday", true],
      ["New season, new stores", false],
    ]);
    expect(inbox.items[1]).toMatchObject({
      organizationName: "Summit Home East",
      senderName: "Riley Regional",
      kind: "message",
      link: null,
    });
  });

  it("gathers a person's notifications from every organization they belong to, each naming it", async () => {
    const analyst = await k.as("analyst@demo.local");
    const analystId = await k.userId("analyst@demo.local");
    const before = await k.unread(analyst);
    const fromEast = await k.sendOk(
      await k.as("manager@demo.local"),
      k.message({ userIds: [analystId] }, { link: "/reports" }),
    );
    const fromWest = await k.sendOk(
      await k.as("admin@demo.local", "Summit Home West"),
      k.message({ userIds: [analystId] }),
    );
    // Signed in to East, the inbox still shows West's.
    const inbox = (await k.inbox(analyst)).json() as Inbox;
    expect(inbox.unread).toBe(before + 2);
    const [newest, next] = inbox.items;
    expect(newest).toMatchObject({
      id: fromWest.id,
      organizationId: west,
      organizationName: "Summit Home West",
      senderName: "Alex Admin",
      readAt: null,
    });
    expect(next).toMatchObject({
      id: fromEast.id,
      organizationId: east,
      organizationName: "Summit Home East",
      senderName: "Morgan Manager",
      link: "/reports",
      title: fromEast.title,
      body: fromEast.body,
    });
    // Paging and unread only.
    const page = (await k.inbox(analyst, { pageSize: 1, page: 2 })).json() as Inbox;
    expect(page.items.map((i) => i.id)).toEqual([fromEast.id]);
    expect(page.total).toBe(inbox.total);
    expect(page.unread).toBe(before + 2);
    await k.read(analyst, { ids: [fromWest.id] });
    const unreadOnly = (await k.inbox(analyst, { unreadOnly: true })).json() as Inbox;
    expect(unreadOnly.items.every((i) => i.readAt === null)).toBe(true);
    expect(unreadOnly.items.map((i) => i.id)).toContain(fromEast.id);
    expect(unreadOnly.items.map((i) => i.id)).not.toContain(fromWest.id);
    expect(unreadOnly.total).toBe(before + 1);
  });

  it("never shows a notification to someone it was not addressed to, nor another organization's", async () => {
    const nj = await k.person(east, { territories: ["North Jersey"] });
    const item = await k.sendOk(await k.as("manager@demo.local"), k.message({ userIds: [nj.id] }));
    for (const email of [
      "solar.admin@demo.local",
      "lglead@demo.local",
      "fmm@demo.local",
      "manager@demo.local",
    ]) {
      const items = await k.inboxItems(await k.as(email), { pageSize: 100 });
      expect(
        items.map((i) => i.id),
        email,
      ).not.toContain(item.id);
    }
    // Someone who is no longer a member stops seeing the organization's notifications (and their count).
    const person = await t.login(nj.email);
    expect((await k.inboxItems(person)).map((i) => i.id)).toContain(item.id);
    expect(await k.unread(person)).toBe(1);
    await k.rows("update memberships set is_active = false where organization_id = $1 and user_id = $2", [
      east,
      nj.id,
    ]);
    expect(await k.inboxItems(person)).toEqual([]);
    expect(await k.unread(person)).toBe(0);
    // Signed out: no inbox.
    const anonymous = await t.app.inject({ method: "GET", url: "/api/notifications/unread" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("marking read", () => {
  it("marks some or all as read and answers the unread count; another person's ids answer 404 and mark nothing", async () => {
    const a = await k.person(east, { territories: ["Long Island"] });
    const b = await k.person(east, { territories: ["Long Island"] });
    const manager = await k.as("manager@demo.local");
    const one = await k.sendOk(manager, k.message({ userIds: [a.id, b.id] }));
    const two = await k.sendOk(manager, k.message({ userIds: [a.id] }));
    const three = await k.sendOk(manager, k.message({ userIds: [a.id] }));
    const onlyB = await k.sendOk(manager, k.message({ userIds: [b.id] }));
    const ann = await t.login(a.email);
    expect(await k.unread(ann)).toBe(3);

    const res = await k.read(ann, { ids: [one.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 2 });
    const items = await k.inboxItems(ann);
    expect(items.find((i) => i.id === one.id)?.readAt).not.toBeNull();
    expect(items.find((i) => i.id === two.id)?.readAt).toBeNull();
    // Reading it again changes nothing.
    expect((await k.read(ann, { ids: [one.id] })).json()).toEqual({ unread: 2 });
    // B's own copy of the same notification is still unread.
    const bob = await t.login(b.email);
    expect(await k.unread(bob)).toBe(2);

    // An id that is not Ann's (Bob's only, another organization's, none at all) answers 404; nothing is marked.
    const westItem = await k.sendOk(
      await k.as("admin@demo.local", "Summit Home West"),
      k.message({ userIds: [await k.userId("analyst@demo.local")] }),
    );
    for (const other of [onlyB.id, westItem.id, 2_000_000_000]) {
      const refused = await k.read(ann, { ids: [two.id, other] });
      expect(refused.statusCode, String(other)).toBe(404);
      expect(refused.json().message).toBe("The notification was not found.");
    }
    expect(await k.unread(ann)).toBe(2);
    expect(await k.unread(bob)).toBe(2);

    expect((await k.read(ann, { all: true })).json()).toEqual({ unread: 0 });
    expect((await k.inboxItems(ann)).every((i) => i.readAt !== null)).toBe(true);
    expect(three.id).toBeGreaterThan(two.id);
    expect(await k.unread(bob)).toBe(2);
    // The sender sees the reads.
    const sent = (await k.sentById(manager, one.id)).json() as SentNotificationItem;
    expect(sent.readCount).toBe(1);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const me = await k.as("lg@demo.local");
    const cases: [string, "POST" | "PUT", unknown, string][] = [
      ["/api/notifications/read", "POST", {}, "body.ids"],
      ["/api/notifications/read", "POST", { ids: [] }, "body.ids"],
      ["/api/notifications/read", "POST", { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, "body.ids"],
      ["/api/notifications/read", "POST", { ids: [0] }, "body.ids.0"],
      ["/api/notifications/read", "POST", { all: "yes" }, "body.all"],
      ["/api/notifications/inbox", "POST", { pageSize: 101 }, "body.pageSize"],
      ["/api/notifications/inbox", "POST", { page: 0 }, "body.page"],
      ["/api/notifications/inbox", "POST", { unreadOnly: "no" }, "body.unreadOnly"],
      ["/api/notifications/preferences", "PUT", {}, "body.email"],
      ["/api/notifications/preferences", "PUT", { email: "off" }, "body.email"],
    ];
    for (const [url, method, body, field] of cases) {
      const res = await k.inject(me, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(errorKeys(res), `${url} ${JSON.stringify(body).slice(0, 60)}`).toEqual([field]);
    }
  });
});

describe("the email preference", () => {
  it("is on by default; turned off, notifications arrive in the app only", async () => {
    const p = await k.person(east, { territories: ["Philadelphia"] });
    const me = await t.login(p.email);
    expect((await k.preferences(me)).json()).toEqual({ email: true });
    const saved = await k.setPreferences(me, false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ email: false });
    expect((await k.preferences(me)).json()).toEqual({ email: false });
    // Across organizations: one choice per person.
    expect(
      await k.one<{ n: number }>(
        "select count(*)::int as n from notification_preferences where user_id = $1",
        [p.id],
      ),
    ).toEqual({ n: 1 });

    const manager = await k.as("manager@demo.local");
    const counted = (await k.count(manager, { userIds: [p.id] })).json();
    expect(counted).toMatchObject({ count: 1, emailOff: 1 });
    const item = await k.sendOk(manager, k.message({ userIds: [p.id] }));
    expect(item).toMatchObject({ status: "sent", processedCount: 1, emailedCount: 0 });
    expect(await k.recipients(item.id)).toEqual([{ userId: p.id, email: "off" }]);
    await k.deliver();
    expect(await k.mailsTo(p.email)).toEqual([]);
    expect((await k.inboxItems(me)).map((i) => i.id)).toContain(item.id);

    // On again: the next one is emailed.
    expect((await k.setPreferences(me, true)).json()).toEqual({ email: true });
    const next = await k.sendOk(manager, k.message({ userIds: [p.id] }));
    await k.deliver();
    expect(await k.mailsTo(p.email, next.title)).toHaveLength(1);
  });
});

describe("the product's own notices", () => {
  it("writes a notice and its copies in the caller's transaction, emails at once (not those who turned it off)", async () => {
    const a = await k.person(east, { first: "Ada", last: "Admin", roleId: 2 });
    const b = await k.person(east, { first: "Ben", last: "Admin", roleId: 2, emailOff: true });
    const svc = t.app.deps.services.notifications;
    const uow = t.app.deps.platform.uow;
    const made = await uow.run((tx) =>
      svc.notices.notify(tx, {
        organizationId: east,
        kind: "deadDelivery",
        userIds: [a.id, b.id, a.id],
        title: "A lead could not be sent to Retailer",
        body: "Lead 12 could not be sent.",
        link: "/deliveries?states=dead",
      }),
    );
    expect(made).toMatchObject({ recipients: 2, emailed: 1 });
    expect(await k.recipients(made!.id)).toEqual([
      { userId: a.id, email: "sent" },
      { userId: b.id, email: "off" },
    ]);
    const mail = await k.mailsTo(a.email, "A lead could not be sent to Retailer");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("A notification from Summit Home East:");
    expect(mail[0].text).toContain("http://app.test/deliveries?states=dead");
    expect(await k.mailsTo(b.email)).toEqual([]);
    const inbox = await k.inboxItems(await t.login(b.email));
    expect(inbox[0]).toMatchObject({
      id: made!.id,
      kind: "deadDelivery",
      senderName: null,
      link: "/deliveries?states=dead",
      organizationName: "Summit Home East",
    });
    // The organization-wide manager sees it in the sent list; done at once.
    const sent = (
      await k.sentById(await k.as("manager@demo.local"), made!.id)
    ).json() as SentNotificationItem;
    expect(sent).toMatchObject({
      kind: "deadDelivery",
      senderUserId: null,
      senderName: null,
      audienceSummary: "2 people",
      status: "sent",
      recipientCount: 2,
      processedCount: 2,
      emailedCount: 1,
    });

    // Rolled back with the caller's work: no notice, no copy, no mail.
    const before = await k.one<{ n: number }>("select count(*)::int as n from notifications");
    await expect(
      uow.run(async (tx) => {
        await svc.notices.notify(tx, {
          organizationId: east,
          kind: "deadDelivery",
          userIds: [a.id],
          title: "Never sent",
          body: "The caller failed.",
        });
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect(await k.one<{ n: number }>("select count(*)::int as n from notifications")).toEqual(before);
    expect(await k.mailsTo(a.email, "Never sent")).toEqual([]);
    // Nobody to tell: nothing written.
    expect(await uow.run((tx) => svc.notices.notify(tx, { ...sentNotice(east), userIds: [] }))).toBeNull();
  });

  it("tells a person of a missing punch in the inbox and by email (the sweep)", async () => {
    const p = await k.person(east, { territories: ["North Jersey"], first: "Owl", last: "Evening" });
    const wayne = await k.storeId("Costco Wayne");
    await k.rows(
      `insert into time_logs (organization_id, user_id, store_id, punch_in_at, time_zone, work_date, state, hours_type_id)
       values ($1, $2, $3, '2026-03-02T23:00:00Z', 'America/New_York', '2026-03-02', 'open', 1)`,
      [east, p.id, wayne],
    );
    await t.app.deps.services.laborTimeLogs.sweep(new Date("2026-03-03T12:00:00Z"));
    const [item] = await k.inboxItems(await t.login(p.email));
    expect(item).toMatchObject({
      kind: "missingPunch",
      title: "Missing punch out: Costco Wayne, 2026-03-02",
      link: "/labor/time-logs",
      senderName: null,
      readAt: null,
    });
    expect(item.body).toContain("Costco Wayne, punched in at 2026-03-02 18:00");
    const mail = await k.mailsTo(p.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Missing punch out: Costco Wayne, 2026-03-02");
    expect(mail[0].text).toContain("Hello Owl,");
  });

  it("gives a person with an account their invitation in the inbox too; the inviting organization never sees it", async () => {
    const luis = await k.as("lg@demo.local");
    const before = await k.unread(luis);
    const solar = await k.as("solar.admin@demo.local");
    const invited = await k.inject(solar, "POST", "/api/users/upsert", {
      firstName: "Luis",
      lastName: "G",
      email: "lg@demo.local",
      roleId: 14,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(await k.unread(luis)).toBe(before + 1);
    const [item] = await k.inboxItems(luis);
    expect(item).toMatchObject({
      kind: "invitation",
      organizationName: "BrightPath Solar",
      title: "Sol Rivera invited you to join BrightPath Solar on FieldLead",
      senderName: null,
    });
    expect(item.link).toMatch(/^\/invitations\/[A-Za-z0-9]{40}$/);
    // The same email as before, with the same link.
    const mail = await k.mailsTo("lg@demo.local", item.title);
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`http://app.test${item.link}`);
    // Nothing of it in BrightPath Solar's sent list, not even by id.
    expect(((await k.sent(solar)).json() as { items: SentNotificationItem[] }).items).toEqual([]);
    expect((await k.sentById(solar, item.id)).statusCode).toBe(404);
    // A new email gets only the email: there is no inbox yet.
    const count = await k.one<{ n: number }>("select count(*)::int as n from notifications");
    const fresh = await k.inject(solar, "POST", "/api/users/upsert", {
      firstName: "New",
      lastName: "Person",
      email: "new.person@notifications.test",
      roleId: 14,
    });
    expect(fresh.statusCode).toBe(200);
    expect(await k.one<{ n: number }>("select count(*)::int as n from notifications")).toEqual(count);
    expect(await k.mailsTo("new.person@notifications.test")).toHaveLength(1);
  });
});

function sentNotice(organizationId: number) {
  return { organizationId, kind: "deadDelivery" as const, userIds: [], title: "Nobody", body: "Nobody" };
}
