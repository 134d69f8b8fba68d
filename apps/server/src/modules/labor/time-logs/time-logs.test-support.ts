import { ROLE } from "@fieldlead/contracts";
import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../../test/harness";

/**
 * Helpers of the time-log tests: people and stores made straight in the database (so a test owns its rows and no
 * other seed's data gets in its way), and the calls.
 */
export function timeLogsTestKit(t: () => TestApp) {
  const { as, rows, one, userId, storeId, territoryId } = sessionKit(t);

  let seq = 0;
  /**
   * A new person of an organization (a lead generator by default) who signs in with the demo password: in some
   * territories (by name) and with some stores, when given.
   */
  const person = async (
    organizationId: number,
    opts: {
      roleId?: number;
      territories?: string[];
      storeIds?: number[];
      first?: string;
      last?: string;
    } = {},
  ) => {
    seq++;
    const email = `tl.${Date.now().toString(36)}.${seq}@labor.test`;
    const { hash } = await one<{ hash: string }>(
      "select password_hash as hash from users where email = 'admin@demo.local'",
    );
    const { id: userId } = await one<{ id: number }>(
      `insert into users (uid, email, password_hash, first_name, last_name)
       values (gen_random_uuid()::text, $1, $2, $3, $4) returning id`,
      [email, hash, opts.first ?? "Tess", opts.last ?? `Logger${seq}`],
    );
    const { id: membershipId } = await one<{ id: number }>(
      `insert into memberships (organization_id, user_id, role_id, subscription_id, hours_type_id)
       values ($1, $2, $3, 1, 1) returning id`,
      [organizationId, userId, opts.roleId ?? ROLE.leadGenerator],
    );
    for (const name of opts.territories ?? []) {
      await rows(
        `insert into membership_territories (organization_id, membership_id, territory_id)
         select $1, $2, id from territories where organization_id = $1 and name = $3`,
        [organizationId, membershipId, name],
      );
    }
    for (const storeId of opts.storeIds ?? []) {
      await rows(
        "insert into membership_stores (organization_id, membership_id, store_id) values ($1, $2, $3)",
        [organizationId, membershipId, storeId],
      );
    }
    return { userId, email, membershipId };
  };

  /** A store of an organization in a zone (in a territory by name, when given). */
  const store = async (
    organizationId: number,
    name: string,
    timeZone: string,
    opts: { territory?: string; latitude?: string; longitude?: string } = {},
  ) =>
    (
      await one<{ id: number }>(
        `insert into stores (organization_id, name, time_zone, latitude, longitude, territory_id)
         values ($1, $2, $3, $4, $5, (select id from territories where organization_id = $1 and name = $6))
         returning id`,
        [
          organizationId,
          name,
          timeZone,
          opts.latitude ?? null,
          opts.longitude ?? null,
          opts.territory ?? null,
        ],
      )
    ).id;

  const inject = (
    a: AuthHeaders,
    method: string,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) =>
    t().app.inject({
      method: method as "POST",
      url,
      headers: h(a, extra),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = (
    a: AuthHeaders,
    userId: number,
    body: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) => inject(a, "POST", `/api/laborHistory/${userId}/time-logs`, body, extra);
  const update = (a: AuthHeaders, userId: number, logId: number, body: Record<string, unknown>) =>
    inject(a, "PUT", `/api/laborHistory/${userId}/time-logs/${logId}`, body);
  const remove = (a: AuthHeaders, userId: number, logId: number, reason?: string) =>
    inject(
      a,
      "DELETE",
      `/api/laborHistory/${userId}/time-logs/${logId}${reason === undefined ? "" : `?reason=${encodeURIComponent(reason)}`}`,
    );
  const logs = (a: AuthHeaders, userId: number, body: Record<string, unknown> = {}) =>
    inject(a, "POST", `/api/laborHistory/${userId}/time-logs/search`, body);
  const trail = (a: AuthHeaders, userId: number, logId: number) =>
    inject(a, "GET", `/api/laborHistory/${userId}/time-logs/${logId}/history`);
  const historySearch = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/laborHistory/search", body);
  const missing = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/laborHistory/missing-punches", body);
  const today = (a: AuthHeaders) => inject(a, "GET", "/api/laborHistory/today");
  const dashboard = (a: AuthHeaders, userId: number, query = "") =>
    inject(a, "GET", `/api/dashboard/users/${userId}/time-logs${query ? `?${query}` : ""}`);

  /** A manager's whole-shift entry for a person, expected to succeed; answers the log. */
  const entered = async (
    a: AuthHeaders,
    userId: number,
    body: { storeId: number; workDate: string; startTime: string; endTime?: string | null } & Record<
      string,
      unknown
    >,
  ) => {
    const res = await create(a, userId, { action: "entry", reason: "Entered for the test", ...body });
    if (res.statusCode !== 201) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
    return res.json().timeLog as { id: number; minutes: number | null } & Record<string, unknown>;
  };

  /** A posted pay period for a person (what the hours slice writes when hours are posted). */
  const post = async (organizationId: number, userId: number, startDate: string, endDate: string) => {
    const { id } = await one<{ id: number }>(
      "insert into hours_postings (organization_id, start_date, end_date) values ($1, $2, $3) returning id",
      [organizationId, startDate, endDate],
    );
    await rows(
      `insert into hours_posting_users (organization_id, posting_id, user_id, start_date, end_date)
       values ($1, $2, $3, $4, $5)`,
      [organizationId, id, userId, startDate, endDate],
    );
    return id;
  };

  return {
    as,
    storeId,
    territoryId,
    userId,
    rows,
    one,
    person,
    store,
    inject,
    create,
    update,
    remove,
    logs,
    trail,
    historySearch,
    missing,
    today,
    dashboard,
    entered,
    post,
  };
}
