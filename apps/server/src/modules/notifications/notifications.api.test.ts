import {
  AUDIENCE_EMPTY_MESSAGE,
  type NotificationLookupList,
  refusalOf,
  type SentNotificationItem,
} from "@fieldlead/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { NO_ONE_MESSAGE } from "./index";
import { notificationsTestKit } from "./notifications.test-support";

// Sending notifications (issue #16, docs/decisions/0041-notifications-and-support.md): who may send, how an audience
// is resolved on the server within the sender's reach, the count before sending, the send itself (every copy at
// once, the emails in the background, an Idempotency-Key), the sent list and its progress, and another
// organization's ids.

let t: TestApp;
const k = notificationsTestKit(() => t);
let east: number;
let west: number;
let wayne: number;
let southPhilly: number;
type Person = { id: number; email: string; name: string };
/** People this file owns in Summit Home East. */
let nj: Person;
let li: Person;
let phScheduler: Person;
let phLg: Person;
let storeOnly: Person;
let inactive: Person;
let portal: Person;
let locked: Person;
let westOnly: Person;

const errorKeys = (res: { json: () => unknown }) =>
  Object.keys((res.json() as { errors?: Record<string, string[]> }).errors ?? {});
const ids = (xs: { id: number }[]) => xs.map((x) => x.id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

/** The active members of the organization's own team an independent query finds, less the sender. */
async function members(organizationId: number, where: string, params: unknown[], senderId: number) {
  const rows = await k.rows<{ user_id: number }>(
    `select m.user_id from memberships m join users u on u.id = m.user_id
     where m.organization_id = $1 and m.is_active and u.is_platform_active and m.subscription_id = 1
       and m.role_id <> 1 and m.user_id <> $2 and (${where})`,
    [organizationId, senderId, ...params],
  );
  return sorted(rows.map((r) => Number(r.user_id)));
}
/** Members of the territories named (fixed names of the seed, written into the query). */
const inTerritories = (names: string[]) =>
  `exists (select 1 from membership_territories mt join territories tr on tr.id = mt.territory_id
     where mt.membership_id = m.id and tr.name in (${names.map((n) => `'${n}'`).join(", ")}))`;

beforeAll(async () => {
  t = await createTestApp();
  east = await t.orgId("Summit Home East");
  west = await t.orgId("Summit Home West");
  wayne = await k.storeId("Costco Wayne");
  southPhilly = await k.storeId("Costco South Philadelphia");
  nj = await k.person(east, { territories: ["North Jersey"], first: "Nadia", last: "Jersey" });
  li = await k.person(east, { territories: ["Long Island"], first: "Liam", last: "Island" });
  phScheduler = await k.person(east, {
    roleId: 7,
    territories: ["Philadelphia"],
    first: "Phoebe",
    last: "Sked",
  });
  phLg = await k.person(east, {
    territories: ["Philadelphia"],
    storeIds: [southPhilly],
    first: "Pedro",
    last: "Philly",
  });
  storeOnly = await k.person(east, { storeIds: [wayne], first: "Stella", last: "Store" });
  inactive = await k.person(east, {
    territories: ["Philadelphia"],
    active: false,
    first: "Ina",
    last: "Gone",
  });
  portal = await k.person(east, { roleId: 2, subscriptionId: 16, first: "Pat", last: "Portal" });
  locked = await k.person(east, { territories: ["Philadelphia"], first: "Lou", last: "Locked" });
  await k.rows("update users set is_platform_active = false where id = $1", [locked.id]);
  westOnly = await k.person(west, { territories: ["Los Angeles"], first: "Wes", last: "Coast" });
}, 120_000);
afterAll(() => t?.close());

describe("who may send", () => {
  it("refuses lead generators, their leads, schedulers, analysts and the program portals, with the refusal", async () => {
    const refusal = refusalOf("notifications.send");
    for (const email of [
      "lg@demo.local",
      "lglead@demo.local",
      "scheduler@demo.local",
      "analyst@demo.local",
      "hd@demo.local",
    ]) {
      const a = await k.as(email);
      for (const res of [
        await k.send(a, k.message({ everyone: true })),
        await k.lookupList(a),
        await k.count(a, { everyone: true }),
        await k.sent(a),
        await k.sentById(a, 1),
      ]) {
        expect(res.statusCode, `${email} ${res.body}`).toBe(403);
        expect(res.json().message, email).toBe(refusal);
      }
    }
    const before = await k.one<{ n: number }>("select count(*)::int as n from notifications");
    expect(before.n).toBeGreaterThan(0);
    // Nothing was written by the refused sends.
    expect(
      (await k.one<{ n: number }>("select count(*)::int as n from notifications where title like 'Hello %'"))
        .n,
    ).toBe(0);
  });

  it("lets every manager and the field marketing manager send", async () => {
    for (const [email, org] of [
      ["admin@demo.local", "Summit Home East"],
      ["manager@demo.local", undefined],
      ["regional@demo.local", undefined],
      ["territory@demo.local", undefined],
      ["fmm@demo.local", undefined],
      ["superadmin@demo.local", "Summit Home East"],
    ] as const) {
      const res = await k.send(await k.as(email, org), k.message({ everyone: true }, { sendEmail: false }));
      expect(res.statusCode, `${email} ${res.body}`).toBe(201);
    }
  });
});

describe("the audience, resolved on the server", () => {
  it("reaches every active member of the organization's own team for everyone, never the sender", async () => {
    const manager = await k.as("manager@demo.local");
    const me = await k.userId("manager@demo.local");
    const item = await k.sendOk(manager, k.message({ everyone: true }));
    const got = await k.recipientIds(item.id);
    expect(got).toEqual(await members(east, "true", [], me));
    expect(got).toEqual(expect.arrayContaining([nj.id, li.id, phScheduler.id, phLg.id, storeOnly.id]));
    // Not an inactive member, a program portal's user, a locked account, another organization's person, the sender.
    for (const p of [inactive, portal, locked, westOnly]) expect(got, p.name).not.toContain(p.id);
    expect(got).not.toContain(me);
    expect(got).not.toContain(await k.userId("hd@demo.local"));
    expect(got).not.toContain(await k.userId("superadmin@demo.local"));
    expect(item).toMatchObject({
      kind: "message",
      audienceSummary: "Everyone",
      senderUserId: me,
      senderName: "Morgan Manager",
      recipientCount: got.length,
      status: "sending",
      sendEmail: true,
    });
  });

  it("reaches territories' and stores' members, narrowed to the roles picked; roles alone mean everyone with them", async () => {
    const manager = await k.as("manager@demo.local");
    const me = await k.userId("manager@demo.local");
    const philly = await k.territoryId("Philadelphia");
    const lgRole = 14;

    const territory = await k.sendOk(manager, k.message({ territoryIds: [philly] }, { sendEmail: false }));
    const inPhilly = await members(east, inTerritories(["Philadelphia"]), [], me);
    expect(await k.recipientIds(territory.id)).toEqual(inPhilly);
    expect(inPhilly).toEqual(
      expect.arrayContaining([phScheduler.id, phLg.id, await k.userId("territory@demo.local")]),
    );
    expect(inPhilly).not.toContain(inactive.id);
    expect(territory.audienceSummary).toBe("Philadelphia");

    const narrowed = await k.sendOk(
      manager,
      k.message({ territoryIds: [philly], roleIds: [lgRole] }, { sendEmail: false }),
    );
    const lgs = await members(east, `${inTerritories(["Philadelphia"])} and m.role_id = 14`, [], me);
    expect(await k.recipientIds(narrowed.id)).toEqual(lgs);
    expect(lgs).toContain(phLg.id);
    expect(lgs).not.toContain(phScheduler.id);
    expect(narrowed.audienceSummary).toBe("Lead Generator in Philadelphia");

    const store = await k.sendOk(manager, k.message({ storeIds: [wayne] }, { sendEmail: false }));
    const atWayne = await members(
      east,
      "exists (select 1 from membership_stores ms where ms.membership_id = m.id and ms.store_id = $3)",
      [wayne],
      me,
    );
    expect(await k.recipientIds(store.id)).toEqual(atWayne);
    expect(atWayne).toContain(storeOnly.id);
    expect(atWayne).not.toContain(li.id);
    expect(store.audienceSummary).toBe("Costco Wayne");

    // Places together: anyone in one of them; with a role, only that role there.
    const both = await k.sendOk(
      manager,
      k.message({ territoryIds: [philly], storeIds: [wayne], roleIds: [lgRole] }, { sendEmail: false }),
    );
    const lgsThere = await members(
      east,
      `(${inTerritories(["Philadelphia"])} or exists (select 1 from membership_stores ms
         where ms.membership_id = m.id and ms.store_id = $3)) and m.role_id = 14`,
      [wayne],
      me,
    );
    expect(await k.recipientIds(both.id)).toEqual(lgsThere);
    expect(lgsThere).toEqual(expect.arrayContaining([phLg.id, storeOnly.id]));
    expect(both.audienceSummary).toBe("Lead Generator in Philadelphia, Costco Wayne");

    const roles = await k.sendOk(manager, k.message({ roleIds: [7] }, { sendEmail: false }));
    const schedulers = await members(east, "m.role_id = 7", [], me);
    expect(await k.recipientIds(roles.id)).toEqual(schedulers);
    expect(schedulers).toEqual(
      expect.arrayContaining([phScheduler.id, await k.userId("scheduler@demo.local")]),
    );
    expect(roles.audienceSummary).toBe("Scheduler");

    // Everyone narrowed to roles is those roles everywhere.
    const everyoneRole = await k.sendOk(
      manager,
      k.message({ everyone: true, roleIds: [7] }, { sendEmail: false }),
    );
    expect(await k.recipientIds(everyoneRole.id)).toEqual(schedulers);
  });

  it("reaches the people named (and the roles picked beside them), within the organization", async () => {
    const manager = await k.as("manager@demo.local");
    const two = await k.sendOk(manager, k.message({ userIds: [nj.id, li.id, nj.id] }, { sendEmail: false }));
    expect(await k.recipientIds(two.id)).toEqual(sorted([nj.id, li.id]));
    expect(two.audienceSummary).toBe("2 people");
    const one = await k.sendOk(manager, k.message({ userIds: [li.id] }, { sendEmail: false }));
    expect(one.audienceSummary).toBe("Liam Island");
    const withRole = await k.sendOk(
      manager,
      k.message({ userIds: [li.id], roleIds: [7] }, { sendEmail: false }),
    );
    const me = await k.userId("manager@demo.local");
    expect(await k.recipientIds(withRole.id)).toEqual(
      sorted([li.id, ...(await members(east, "m.role_id = 7", [], me))]),
    );
    expect(withRole.audienceSummary).toBe("Scheduler and Liam Island");
    // An inactive member named is found, and simply not reached; alone, the message reaches no one (400).
    const none = await k.send(manager, k.message({ userIds: [inactive.id] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ "body.audience": [NO_ONE_MESSAGE] });
    // Naming only oneself reaches no one either.
    const self = await k.send(manager, k.message({ userIds: [me] }));
    expect(self.statusCode).toBe(400);
  });

  it("keeps a territory manager to their territories: the lookup list, the count, the send; others answer 404", async () => {
    const tm = await k.as("territory@demo.local");
    const me = await k.userId("territory@demo.local");
    const list = (await k.lookupList(tm)).json() as NotificationLookupList;
    expect(list.territories.map((x) => x.name)).toEqual(["Philadelphia"]);
    expect(list.stores.map((s) => s.name).sort()).toEqual([
      "Costco South Philadelphia",
      "The Home Depot Conshohocken",
    ]);
    const inPhilly = await members(east, inTerritories(["Philadelphia"]), [], me);
    expect(sorted(ids(list.users))).toEqual(inPhilly);
    expect(ids(list.users)).not.toContain(nj.id);

    const everyone = await k.sendOk(tm, k.message({ everyone: true }, { sendEmail: false }));
    expect(await k.recipientIds(everyone.id)).toEqual(inPhilly);
    // A role alone is still within the territories.
    const lgs = await k.sendOk(tm, k.message({ roleIds: [14] }, { sendEmail: false }));
    expect(await k.recipientIds(lgs.id)).toEqual(
      await members(east, `${inTerritories(["Philadelphia"])} and m.role_id = 14`, [], me),
    );
    // Outside the territories: the same answers as ids that do not exist.
    const nj1 = await k.territoryId("North Jersey");
    for (const [audience, what] of [
      [{ territoryIds: [nj1] }, "The territory was not found."],
      [{ territoryIds: [2_000_000_000] }, "The territory was not found."],
      [{ storeIds: [wayne] }, "The store was not found."],
      [{ userIds: [nj.id] }, "The person was not found."],
      [{ userIds: [westOnly.id] }, "The person was not found."],
    ] as const) {
      for (const res of [await k.send(tm, k.message(audience)), await k.count(tm, audience)]) {
        expect(res.statusCode, JSON.stringify(audience)).toBe(404);
        expect(res.json().message).toBe(what);
      }
    }
    // The regional manager reaches North Jersey and Long Island, not Philadelphia.
    const regional = await k.as("regional@demo.local");
    const rMe = await k.userId("regional@demo.local");
    const r = await k.sendOk(regional, k.message({ everyone: true }, { sendEmail: false }));
    expect(await k.recipientIds(r.id)).toEqual(
      await members(east, inTerritories(["North Jersey", "Long Island"]), [], rMe),
    );
    expect(await k.recipientIds(r.id)).not.toContain(phLg.id);
  });

  it("answers the count before sending as the send then reaches, with the people who turned email off", async () => {
    const manager = await k.as("manager@demo.local");
    const philly = await k.territoryId("Philadelphia");
    const off = await k.person(east, {
      territories: ["Philadelphia"],
      emailOff: true,
      first: "Quiet",
      last: "Quinn",
    });
    for (const audience of [
      { everyone: true },
      { territoryIds: [philly] },
      { territoryIds: [philly], roleIds: [14] },
      { storeIds: [wayne, southPhilly] },
      { userIds: [nj.id, off.id] },
      { roleIds: [7, 8] },
    ]) {
      const counted = (await k.count(manager, audience)).json() as {
        count: number;
        emailOff: number;
        sample: string[];
      };
      const item = await k.sendOk(manager, k.message(audience));
      const copies = await k.recipients(item.id);
      expect(counted.count, JSON.stringify(audience)).toBe(copies.length);
      expect(item.recipientCount).toBe(copies.length);
      expect(counted.emailOff).toBe(copies.filter((c) => c.email === "off").length);
      expect(counted.sample.length).toBe(Math.min(5, copies.length));
      // The 'off' copies are done at once: they are the progress before the background send.
      expect(item.processedCount).toBe(counted.emailOff);
    }
    const withOff = (await k.count(manager, { userIds: [nj.id, off.id] })).json();
    expect(withOff).toEqual({ count: 2, emailOff: 1, sample: ["Nadia Jersey", "Quiet Quinn"] });
  });
});

describe("sending", () => {
  it("writes every copy at once, emails in the background (not those who turned it off), and reports progress", async () => {
    const manager = await k.as("manager@demo.local");
    const off = await k.person(east, {
      territories: ["Long Island"],
      emailOff: true,
      first: "Mute",
      last: "Mia",
    });
    const item = await k.sendOk(manager, {
      title: "Long Island: new store",
      body: "BJ's Wholesale Hicksville opens for us on Monday.\n\nSee you there.",
      link: "/labor/schedules",
      audience: { userIds: [li.id, off.id] },
    });
    expect(item).toMatchObject({ recipientCount: 2, processedCount: 1, emailedCount: 0, status: "sending" });
    expect(await k.recipients(item.id)).toEqual(
      sorted([li.id, off.id]).map((id) => ({ userId: id, email: id === off.id ? "off" : "pending" })),
    );
    // In the app at once.
    expect((await k.inboxItems(await t.login(li.email))).map((i) => i.id)).toContain(item.id);
    const outbox = await k.rows<{ topic: string; payload: { id: number } }>(
      "select topic, payload from outbox where key = $1",
      [`notification:${item.id}`],
    );
    expect(outbox).toEqual([{ topic: "notifications.send", payload: { id: item.id } }]);

    await t.app.deps.services.notifications.deliverEmails(item.id);
    const mail = await k.mailsTo(li.email, "Long Island: new store");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Hello Liam,");
    expect(mail[0].text).toContain("Morgan Manager sent you a notification in Summit Home East:");
    expect(mail[0].text).toContain("BJ's Wholesale Hicksville opens for us on Monday.");
    expect(mail[0].text).toContain("http://app.test/labor/schedules");
    expect(mail[0].html).toContain('<a href="http://app.test/labor/schedules">');
    expect(mail[0].html).toContain("BJ&#39;s Wholesale");
    expect(await k.mailsTo(off.email)).toEqual([]);
    const done = (await k.sentById(manager, item.id)).json() as SentNotificationItem;
    expect(done).toMatchObject({ recipientCount: 2, processedCount: 2, emailedCount: 1, status: "sent" });
    expect(done.completedAt).not.toBeNull();
    // A second run (the outbox retries) emails no one again.
    await t.app.deps.services.notifications.deliverEmails(item.id);
    expect(await k.mailsTo(li.email, "Long Island: new store")).toHaveLength(1);
  });

  it("sends in the app only when asked: every copy off, sent at once, no background work", async () => {
    const manager = await k.as("manager@demo.local");
    const item = await k.sendOk(manager, k.message({ userIds: [nj.id] }, { sendEmail: false }));
    expect(item).toMatchObject({
      recipientCount: 1,
      processedCount: 1,
      emailedCount: 0,
      status: "sent",
      sendEmail: false,
    });
    expect(item.completedAt).not.toBeNull();
    expect(await k.rows("select 1 from outbox where key = $1", [`notification:${item.id}`])).toEqual([]);
    expect(await k.mailsTo(nj.email, item.title)).toEqual([]);
  });

  it("makes a retried send with the same Idempotency-Key one notification; another body with the key is refused", async () => {
    const manager = await k.as("manager@demo.local");
    const body = k.message({ userIds: [nj.id, li.id] });
    const first = await k.sendOk(manager, body, "send-once-1");
    const again = await k.sendOk(manager, body, "send-once-1");
    expect(again.id).toBe(first.id);
    expect(again.recipientCount).toBe(2);
    const made = await k.one<{ n: number }>("select count(*)::int as n from notifications where title = $1", [
      body.title,
    ]);
    expect(made.n).toBe(1);
    expect(await k.recipientIds(first.id)).toEqual(sorted([nj.id, li.id]));
    const reused = await k.send(manager, { ...body, body: "Another message" }, "send-once-1");
    expect(reused.statusCode).toBe(422);
    expect((await k.send(manager, body, "with space")).statusCode).toBe(400);
    // Another sender's same key is their own.
    const admin = await k.as("admin@demo.local", "Summit Home East");
    expect((await k.sendOk(admin, body, "send-once-1")).id).not.toBe(first.id);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    const manager = await k.as("manager@demo.local");
    const ok = { title: "T", body: "B", audience: { everyone: true } };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, title: undefined }, "body.title"],
      [{ ...ok, title: "   " }, "body.title"],
      [{ ...ok, title: "x".repeat(121) }, "body.title"],
      [{ ...ok, title: "a\u0000b" }, "body.title"],
      [{ ...ok, body: "" }, "body.body"],
      [{ ...ok, body: "x".repeat(2001) }, "body.body"],
      [{ ...ok, link: "https://evil.example/" }, "body.link"],
      [{ ...ok, link: "//evil.example/" }, "body.link"],
      [{ ...ok, link: "/a b" }, "body.link"],
      [{ ...ok, sendEmail: "yes" }, "body.sendEmail"],
      [{ ...ok, audience: undefined }, "body.audience"],
      [{ ...ok, audience: {} }, "body.audience.everyone"],
      [{ ...ok, audience: { everyone: false, userIds: [] } }, "body.audience.everyone"],
      [{ ...ok, audience: { roleIds: [1] } }, "body.audience.roleIds"],
      [{ ...ok, audience: { roleIds: [9] } }, "body.audience.roleIds"],
      [{ ...ok, audience: { roleIds: [100] } }, "body.audience.roleIds.0"],
      [{ ...ok, audience: { userIds: ["me"] } }, "body.audience.userIds.0"],
      [{ ...ok, audience: { storeIds: [3_000_000_000] } }, "body.audience.storeIds.0"],
      [
        { ...ok, audience: { territoryIds: Array.from({ length: 1001 }, (_, i) => i + 1) } },
        "body.audience.territoryIds",
      ],
    ];
    for (const [body, field] of cases) {
      const res = await k.send(manager, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} ${res.body}`).toBe(400);
      expect(errorKeys(res), JSON.stringify(body).slice(0, 80)).toEqual([field]);
    }
    const empty = await k.send(manager, { ...ok, audience: {} });
    expect(empty.json().errors["body.audience.everyone"]).toEqual([AUDIENCE_EMPTY_MESSAGE]);
    const count = await k.count(manager, { roleIds: [1] });
    expect(count.statusCode).toBe(400);
    expect(errorKeys(count)).toEqual(["body.audience.roleIds"]);
    const page = await k.sent(manager, { pageSize: 500 });
    expect(errorKeys(page)).toEqual(["body.pageSize"]);
    const kind = await k.sent(manager, { kind: "spam" });
    expect(errorKeys(kind)).toEqual(["body.kind"]);
  });
});

describe("the sent list", () => {
  it("shows an organization-wide manager all of the organization's notifications, newest first, with progress and reads", async () => {
    const manager = await k.as("manager@demo.local");
    const regional = await k.as("regional@demo.local");
    const mine = await k.sendOk(manager, k.message({ userIds: [nj.id, li.id] }));
    const theirs = await k.sendOk(regional, k.message({ userIds: [nj.id] }));
    // Nadia reads the manager's.
    const nadia = await t.login(nj.email);
    expect((await k.read(nadia, { ids: [mine.id] })).statusCode).toBe(200);

    const page = (await k.sent(manager)).json() as { items: SentNotificationItem[]; total: number };
    const listed = page.items.map((i) => i.id);
    expect(listed.indexOf(theirs.id)).toBeLessThan(listed.indexOf(mine.id));
    expect(listed).toContain(theirs.id);
    const dates = page.items.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.items.find((i) => i.id === mine.id)).toMatchObject({
      readCount: 1,
      recipientCount: 2,
      senderName: "Morgan Manager",
    });
    // The seed's messages are there too (the manager's to everyone, the regional manager's to North Jersey).
    const titles = page.items.map((i) => i.title);
    expect(titles).toEqual(
      expect.arrayContaining(["New season, new stores", "North Jersey: store walk on Thursday"]),
    );
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);

    // A territory-limited manager sees only what they sent.
    const own = (await k.sent(regional)).json() as { items: SentNotificationItem[] };
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.senderName === "Riley Regional")).toBe(true);
    expect(own.items.map((i) => i.id)).not.toContain(mine.id);
    expect((await k.sentById(regional, mine.id)).statusCode).toBe(404);
    expect((await k.sentById(regional, theirs.id)).json()).toMatchObject({
      id: theirs.id,
      recipientCount: 1,
    });

    // Paging and the kind filter.
    const first = (await k.sent(manager, { pageSize: 2, page: 1 })).json();
    const second = (await k.sent(manager, { pageSize: 2, page: 2 })).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(page.total);
    expect(second.items[0].id).toBe(page.items[2].id);
    const messages = (await k.sent(manager, { kind: "message" })).json() as { items: SentNotificationItem[] };
    expect(messages.items.every((i) => i.kind === "message")).toBe(true);
  });

  it("answers another organization's notification as one that does not exist", async () => {
    const manager = await k.as("manager@demo.local");
    const item = await k.sendOk(manager, k.message({ userIds: [nj.id] }));
    for (const [who, a] of [
      ["BrightPath Solar admin", await k.as("solar.admin@demo.local")],
      ["East admin working in West", await k.as("admin@demo.local", "Summit Home West")],
    ] as const) {
      const theirs = await k.sentById(a, item.id);
      const missing = await k.sentById(a, 2_000_000_000);
      expect(theirs.statusCode, who).toBe(404);
      expect(theirs.json().message, who).toBe(missing.json().message);
      const list = (await k.sent(a)).json() as { items: SentNotificationItem[] };
      expect(
        list.items.map((i) => i.id),
        who,
      ).not.toContain(item.id);
    }
    // The same admin in East sees it.
    expect((await k.sentById(await k.as("admin@demo.local", "Summit Home East"), item.id)).statusCode).toBe(
      200,
    );
  });
});

describe("the lookup list", () => {
  it("names the people, roles, territories and stores the sender reaches, and the channels", async () => {
    const manager = await k.as("manager@demo.local");
    const list = (await k.lookupList(manager)).json() as NotificationLookupList;
    const me = await k.userId("manager@demo.local");
    expect(sorted(ids(list.users))).toEqual(await members(east, "true", [], me));
    expect(list.users.find((u) => u.id === phLg.id)).toEqual({
      id: phLg.id,
      name: "Pedro Philly",
      email: phLg.email,
      roleId: 14,
      roleName: "Lead Generator",
      territoryIds: [await k.territoryId("Philadelphia")],
    });
    expect(ids(list.users)).not.toContain(portal.id);
    expect(list.roles.map((r) => r.name)).not.toContain("Super Admin");
    expect(list.roles.map((r) => r.name)).toContain("Lead Generator");
    expect(list.territories.map((x) => x.name)).toEqual(["Long Island", "North Jersey", "Philadelphia"]);
    expect(list.stores.find((s) => s.id === wayne)).toEqual({
      id: wayne,
      name: "Costco Wayne",
      territoryId: await k.territoryId("North Jersey"),
    });
    expect(list.channels).toEqual([
      { id: "inApp", name: "In the app" },
      { id: "email", name: "Email" },
    ]);
    // Nothing of another organization.
    expect(JSON.stringify(list)).not.toContain("Los Angeles");
    expect(ids(list.users)).not.toContain(westOnly.id);
  });
});
