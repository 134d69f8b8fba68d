import { ROLE, SUBSCRIPTION, zonedDateTimeToUtc } from "@fieldlead/contracts";
import type { AuthHeaders, TestApp } from "../../../../test/harness";
import { newToken, sha256 } from "../../../platform/crypto";

/**
 * A second small world beside analytics.test-support.ts's, for what that one does not hold: an organization whose
 * weeks start on Sunday, a store in another zone whose local day differs from the organization's, and leads sent and
 * contacted after known delays (the medians and percentiles of speed to lead).
 *
 * Organization S: zone America/New_York, first day of week 0 (Sunday). Store "Lake Store" in America/Chicago
 * (territory "Lakes"). Lead generators sue and sid; a manager.
 *
 * | key | captured (New York)  | by  | store | status      | sent after | contacted after | local to the store      |
 * | S1  | Mon Mar 2 00:30      | sue | lake  | 1 new       | 100 s      | 10 min          | Sun Mar 1 23:30 Chicago |
 * | S2  | Sat Mar 7 12:00      | sue | lake  | 1 new       | 2 min      | 70 min          | Sat 11:00               |
 * | S3  | Sun Mar 8 10:00 EDT  | sid | -     | 7 sold      | 10 min     | 30 min          | Sun 10:00 (New York)    |
 * | S4  | Mon Mar 9 10:00      | sid | -     | 1 new       | 60 min     | -               | Mon 10:00               |
 * | S5  | Tue Mar 10 10:00     | sid | -     | 11 rejected | 1 min      | -               | Tue 10:00               |
 * | S6  | Wed Mar 11 10:00     | sue | lake  | 1 new       | -          | -               | Wed 09:00               |
 */
export type SpeedWorld = {
  org: number;
  territory: number;
  store: number;
  user: { sue: number; sid: number; manager: number };
  lead: Record<"S1" | "S2" | "S3" | "S4" | "S5" | "S6", number>;
  manager: AuthHeaders;
};

const NY = "America/New_York";

export async function buildSpeedWorld(t: TestApp): Promise<SpeedWorld> {
  const q = async (text: string, params: unknown[] = []) =>
    (await t.database.executeSql(text, params)).rows as { id: number | string }[];
  const id = async (text: string, params: unknown[]) => Number((await q(text, params))[0].id);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  const org = await id(
    `insert into organizations (uid, name, time_zone, first_day_of_week) values ($1, 'Org S', $2, 0) returning id`,
    [`speed-${tag}`, NY],
  );
  const territory = await id(
    "insert into territories (organization_id, name) values ($1, 'Lakes') returning id",
    [org],
  );
  const store = await id(
    `insert into stores (organization_id, name, territory_id, city, state, time_zone)
     values ($1, 'Lake Store', $2, 'Chicago', 'IL', 'America/Chicago') returning id`,
    [org, territory],
  );
  let seq = 0;
  const person = async (first: string, last: string, roleId: number) => {
    seq++;
    const userId = await id(
      "insert into users (uid, email, first_name, last_name) values ($1, $2, $3, $4) returning id",
      [`speed-${tag}-${seq}`, `speed.${tag}.${seq}@speed.test`, first, last],
    );
    await q(
      `insert into memberships (organization_id, user_id, role_id, subscription_id) values ($1, $2, $3, $4)`,
      [org, userId, roleId, SUBSCRIPTION.full],
    );
    return userId;
  };
  const sue = await person("Sue", "Stone", ROLE.leadGenerator);
  const sid = await person("Sid", "Shaw", ROLE.leadGenerator);
  const manager = await person("Max", "Mann", ROLE.manager);

  const lead = async (
    key: string,
    date: string,
    time: string,
    by: number,
    storeId: number | null,
    status: number,
    sentAfterSeconds: number | null,
    contactedAfterMinutes: number | null,
  ) => {
    const captured = zonedDateTimeToUtc(date, time, NY).getTime();
    const later = (ms: number | null) => (ms === null ? null : new Date(captured + ms).toISOString());
    return id(
      `insert into leads (organization_id, kind, source, store_id, territory_id, captured_by_user_id, captured_at,
         status_id, first_name, last_name, first_delivered_at, first_contacted_at)
       values ($1, 'internal', 'app', $2, $3, $4, $5, $6, $7, 'Shopper', $8, $9) returning id`,
      [
        org,
        storeId,
        storeId === null ? null : territory,
        by,
        new Date(captured).toISOString(),
        status,
        key,
        later(sentAfterSeconds === null ? null : sentAfterSeconds * 1000),
        later(contactedAfterMinutes === null ? null : contactedAfterMinutes * 60_000),
      ],
    );
  };
  const leads = {
    S1: await lead("S1", "2026-03-02", "00:30", sue, store, 1, 100, 10),
    S2: await lead("S2", "2026-03-07", "12:00", sue, store, 1, 120, 70),
    S3: await lead("S3", "2026-03-08", "10:00", sid, null, 7, 600, 30),
    S4: await lead("S4", "2026-03-09", "10:00", sid, null, 1, 3600, null),
    S5: await lead("S5", "2026-03-10", "10:00", sid, null, 11, 60, null),
    S6: await lead("S6", "2026-03-11", "10:00", sue, store, 1, null, null),
  };

  const token = newToken();
  await q(
    `insert into sessions (token_hash, user_id, current_organization_id, expires_at)
     values ($1, $2, $3, now() + interval '12 hours')`,
    [sha256(token), manager, org],
  );
  return {
    org,
    territory,
    store,
    user: { sue, sid, manager },
    lead: leads,
    manager: {
      authorization: `Bearer ${token}`,
      currentorganizationid: String(org),
      offset: "0",
      token,
      userId: manager,
    },
  };
}
