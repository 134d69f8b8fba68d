import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, createTestApp, type TestApp, testDatabaseKind } from "../../../test/harness";
import { type OutboxHandler, outboxDispatcher, outboxSignal } from "../../platform/outbox";
import { EMAIL_BATCH, NOTIFICATIONS_TOPIC, notificationsJobs } from "./index";
import { notificationsTestKit } from "./notifications.test-support";

/**
 * A message to 5,000 people (issue #16, docs/decisions/0041-notifications-and-support.md): every copy is written in
 * the send's transaction, and the emails go out in the background in batches that each commit with their mail. The
 * worker is killed half-way (in the middle of a batch, which rolls back as a dying process's would); a new worker
 * takes over once the claim's lease runs out and finishes. At the end: one copy and one mail per person (none for
 * those who turned email off), nothing lost, nothing doubled, the progress complete.
 */

const N = 5_000;
/** One person in fifty has turned email off. */
const OFF_EVERY = 50;
const OFF = Math.floor(N / OFF_EVERY);
const silent = pino({ level: "silent" });

let t: TestApp;
const k = notificationsTestKit(() => t);
let org: number;
let manager: AuthHeaders;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  org = Number(
    (
      await k.one<{ id: number }>(
        "insert into organizations (uid, name, time_zone) values ('scale-org', 'Scale Home', 'America/New_York') returning id",
      )
    ).id,
  );
  const managerId = await k.userId("manager@demo.local");
  await k.rows("insert into memberships (organization_id, user_id, role_id) values ($1, $2, 3)", [
    org,
    managerId,
  ]);
  // 5,000 people and their memberships, in three statements.
  await k.rows(
    `insert into users (uid, email, first_name, last_name)
     select 'scale-' || i, 'scale.' || i || '@scale.test', 'Scale', 'Person ' || lpad(i::text, 4, '0')
     from generate_series(1, $1::int) i`,
    [N],
  );
  await k.rows(
    `insert into memberships (organization_id, user_id, role_id)
     select $1, id, 14 from users where email like 'scale.%@scale.test'`,
    [org],
  );
  await k.rows(
    `insert into notification_preferences (user_id, email)
     select id, false from users where email like 'scale.%@scale.test'
       and split_part(split_part(email, '@', 1), '.', 2)::int % $1 = 0`,
    [OFF_EVERY],
  );
  manager = await t.login("manager@demo.local", undefined, org);
  console.log(
    `notifications at scale (${testDatabaseKind}): ${N} people made in ${Math.round(performance.now() - started)} ms`,
  );
}, 120_000);
afterAll(() => t?.close());

describe("a message to 5,000 people", () => {
  it("reaches each once, in the app at once and by email in batches, through a worker killed half-way", async () => {
    const started = performance.now();
    const svc = t.app.deps.services.notifications;
    const counted = (await k.count(manager, { everyone: true })).json();
    expect(counted).toMatchObject({ count: N, emailOff: OFF });

    const item = await k.sendOk(manager, {
      title: "Scale: all hands on Friday",
      body: "Everyone: the all-hands call is on Friday at 9.",
      audience: { everyone: true },
    });
    expect(item).toMatchObject({
      recipientCount: N,
      processedCount: OFF,
      emailedCount: 0,
      status: "sending",
    });
    const sent = performance.now();

    // The first worker dies in the middle of its 13th batch (of 25): the 12 before it are committed.
    const toEmail = N - OFF;
    const batches = Math.ceil(toEmail / EMAIL_BATCH);
    const dieAt = Math.ceil(batches / 2);
    // A dead process runs nothing more: once killed, this worker's handler does nothing (its drain may claim the
    // row again when the short lease has run out; what it claims is simply left).
    let dead = false;
    const first = outboxDispatcher({
      database: t.database,
      handlers: [
        {
          topic: NOTIFICATIONS_TOPIC,
          handle: async (payload) => {
            if (dead) throw new Error("the worker is dead");
            await svc.deliverEmails(Number(payload.id), {
              beforeCommit: (batch) => {
                if (batch < dieAt) return;
                dead = true;
                first.kill();
                throw new Error("the worker died");
              },
            });
          },
        } satisfies OutboxHandler,
      ],
      signal: outboxSignal(),
      log: silent,
      leaseSeconds: 1,
    });
    await first.drain();
    const halfway = await k.one<{ processed: number; emailed: number; status: string; pending: number }>(
      `select processed_count as processed, emailed_count as emailed, status,
         (select count(*)::int from notification_recipients where notification_id = n.id and email = 'pending') as pending
       from notifications n where id = $1`,
      [item.id],
    );
    const done = (dieAt - 1) * EMAIL_BATCH;
    expect(halfway).toEqual({
      processed: OFF + done,
      emailed: done,
      status: "sending",
      pending: toEmail - done,
    });
    expect(await mails(item.title)).toBe(done);

    // The claim's lease runs out; a new worker takes the work over and finishes it.
    await new Promise((r) => setTimeout(r, 1_100));
    const second = outboxDispatcher({
      database: t.database,
      handlers: notificationsJobs(svc).handlers,
      signal: outboxSignal(),
      log: silent,
    });
    expect(await second.drain()).toBe(1);
    const finished = performance.now();

    // One copy per person, one mail per copy that takes email, none for those who turned it off.
    const copies = await k.one<{ n: number; people: number; sent: number; off: number; pending: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as people,
         (count(*) filter (where email = 'sent'))::int as sent, (count(*) filter (where email = 'off'))::int as off,
         (count(*) filter (where email = 'pending'))::int as pending
       from notification_recipients where notification_id = $1`,
      [item.id],
    );
    expect(copies).toEqual({ n: N, people: N, sent: toEmail, off: OFF, pending: 0 });
    const everyone = await k.one<{ n: number }>(
      `select count(*)::int as n from memberships m where m.organization_id = $1 and m.role_id = 14
         and exists (select 1 from notification_recipients r where r.notification_id = $2 and r.user_id = m.user_id)`,
      [org, item.id],
    );
    expect(everyone.n).toBe(N);
    const perPerson = await k.one<{ doubled: number; missing: number; unwanted: number; mails: number }>(
      `with m as (select "to", count(*) as n from mail_messages where subject = $2 group by "to")
       select (select count(*)::int from m where n > 1) as doubled,
         (select count(*)::int from notification_recipients r join users u on u.id = r.user_id
            where r.notification_id = $1 and r.email = 'sent' and not exists (select 1 from m where m."to" = u.email)) as missing,
         (select count(*)::int from notification_recipients r join users u on u.id = r.user_id
            where r.notification_id = $1 and r.email = 'off' and exists (select 1 from m where m."to" = u.email)) as unwanted,
         (select coalesce(sum(n), 0)::int from m) as mails`,
      [item.id, item.title],
    );
    expect(perPerson).toEqual({ doubled: 0, missing: 0, unwanted: 0, mails: toEmail });
    const final = (await k.sentById(manager, item.id)).json();
    expect(final).toMatchObject({
      recipientCount: N,
      processedCount: N,
      emailedCount: toEmail,
      status: "sent",
      readCount: 0,
    });
    expect(final.completedAt).not.toBeNull();
    expect(await second.pending(NOTIFICATIONS_TOPIC)).toBe(0);
    console.log(
      `notifications at scale (${testDatabaseKind}): sent to ${N} in ${Math.round(sent - started)} ms, ` +
        `emailed (killed at batch ${dieAt} of ${batches}, then finished) in ${Math.round(finished - sent)} ms, ` +
        `${Math.round(finished - started)} ms in all`,
    );
  }, 180_000);
});

async function mails(subject: string) {
  return (
    await k.one<{ n: number }>("select count(*)::int as n from mail_messages where subject = $1", [subject])
  ).n;
}
