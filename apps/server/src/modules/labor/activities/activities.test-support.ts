import { addDays, formatDate, zonedDateTimeToUtc } from "@fieldlead/contracts";
import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../../test/harness";

/**
 * Helpers of the activities' tests: signing in once per person (and organization), ids by name, the calls, and
 * shifts and time logs written straight into their tables (the schedules and time-logs slices own the calls that
 * make them; these tests only need the rows to exist).
 */
export function activitiesTestKit(t: () => TestApp) {
  const { as, rows, one, userId, storeId } = sessionKit(t);

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

  const log = (a: AuthHeaders, body: Record<string, unknown>, key?: string) =>
    inject(a, "POST", "/api/users/activity", body, key ? { "idempotency-key": key } : {});
  const search = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/users/activity/search", { pageSize: 200, ...body });
  const recent = (a: AuthHeaders, query = "") => inject(a, "GET", `/api/users/activity/recent${query}`);
  const noActivity = (a: AuthHeaders, body: Record<string, unknown> = {}) =>
    inject(a, "POST", "/api/users/no-activity/search", { pageSize: 200, ...body });
  const setReasons = (a: AuthHeaders, items: unknown[]) =>
    inject(a, "PUT", "/api/users/no-activity/update", { items });

  /** A lead generator of a territory from the seed's crew (not a demo login), active unless asked. */
  const crewMember = async (territory: string, active = true) =>
    one<{ id: number; name: string }>(
      `select u.id, u.first_name || ' ' || u.last_name as name
       from users u join memberships m on m.user_id = u.id
       join membership_territories mt on mt.membership_id = m.id
       join territories tr on tr.id = mt.territory_id
       where tr.name = $1 and m.role_id in (14, 15) and m.is_active = $2 and u.email like '%.demo.local'
         and u.email not in ('lg@demo.local', 'lglead@demo.local')
       order by u.id limit 1`,
      [territory, active],
    );

  const zoneOf = async (storeId: number) =>
    (await one<{ tz: string }>("select time_zone as tz from stores where id = $1", [storeId])).tz;

  /** A planned shift, 09:00-17:00 in the store's zone. */
  const addShift = async (organizationId: number, userId: number, storeId: number, workDate: string) => {
    const tz = await zoneOf(storeId);
    await t().database.executeSql(
      `insert into shifts (organization_id, user_id, store_id, work_date, start_time, end_time, time_zone, starts_at, ends_at)
       values ($1, $2, $3, $4, '09:00', '17:00', $5, $6, $7)`,
      [
        organizationId,
        userId,
        storeId,
        workDate,
        tz,
        zonedDateTimeToUtc(workDate, "09:00", tz).toISOString(),
        zonedDateTimeToUtc(workDate, "17:00", tz).toISOString(),
      ],
    );
  };

  /** A closed time log, 10:00-16:00 in the store's zone. */
  const addTimeLog = async (organizationId: number, userId: number, storeId: number, workDate: string) => {
    const tz = await zoneOf(storeId);
    await t().database.executeSql(
      `insert into time_logs (organization_id, user_id, store_id, time_zone, work_date, state, punch_in_at, punch_out_at, source)
       values ($1, $2, $3, $4, $5, 'closed', $6, $7, 'manual')`,
      [
        organizationId,
        userId,
        storeId,
        tz,
        workDate,
        zonedDateTimeToUtc(workDate, "10:00", tz).toISOString(),
        zonedDateTimeToUtc(workDate, "16:00", tz).toISOString(),
      ],
    );
  };

  /** The person's open time log: one punched in now at the store when they have none yet. */
  const openLog = async (organizationId: number, userId: number, storeId: number) => {
    const tz = await zoneOf(storeId);
    await t().database.executeSql(
      `insert into time_logs (organization_id, user_id, store_id, time_zone, work_date, state, punch_in_at)
       select $1, $2, $3, $4, $5, 'open', now() - interval '1 hour'
       where not exists (select 1 from time_logs where organization_id = $1 and user_id = $2 and state = 'open')`,
      [organizationId, userId, storeId, tz, formatDate(new Date(Date.now() - 3_600_000), tz)],
    );
    return one<{ id: number; store_id: number; work_date: string }>(
      "select id::int as id, store_id, work_date::text as work_date from time_logs where organization_id = $1 and user_id = $2 and state = 'open'",
      [organizationId, userId],
    );
  };

  /** Ends the person's open shift, if any (so an activity is not linked to it). */
  const closeOpenLogs = async (organizationId: number, userId: number) => {
    await t().database.executeSql(
      "update time_logs set state = 'closed', punch_out_at = now() where organization_id = $1 and user_id = $2 and state = 'open'",
      [organizationId, userId],
    );
  };

  /** Today in a zone, and a day some days from it. */
  const today = (tz: string) => formatDate(new Date(), tz);
  const day = (tz: string, offset: number) => addDays(today(tz), offset);

  return {
    as,
    rows,
    one,
    userId,
    storeId,
    inject,
    log,
    search,
    recent,
    noActivity,
    setReasons,
    crewMember,
    addShift,
    addTimeLog,
    openLog,
    closeOpenLogs,
    today,
    day,
  };
}
