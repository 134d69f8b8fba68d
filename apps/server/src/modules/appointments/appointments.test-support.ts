import { formatDate, zonedDateTimeParts } from "@fieldlead/contracts";
import { type AuthHeaders, h, sessionKit, type TestApp } from "../../../test/harness";

/**
 * Rows for the appointments tests, inserted directly (the scheduling calls that make types and windows are built
 * alongside): a type, dated windows, leads. Times are relative to now so availability's notice and horizon apply.
 */
export function appointmentsTestKit(t: () => TestApp) {
  const { as, rows, one } = sessionKit(t);
  const idOf = async (table: string, column: string, value: unknown) =>
    Number((await one<{ id: number }>(`select id from ${table} where ${column} = $1`, [value])).id);

  const type = async (
    organizationId: number,
    f: {
      name?: string;
      notice?: number;
      horizonDays?: number;
      isActive?: boolean;
      crmJobTypeId?: number;
    } = {},
  ) =>
    Number(
      (
        await one<{ id: number }>(
          `insert into appointment_types (organization_id, name, minimum_notice_minutes, booking_horizon_days, is_active, crm_job_type_id)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [
            organizationId,
            f.name ?? `Type ${Math.random().toString(36).slice(2, 8)}`,
            f.notice ?? 60,
            f.horizonDays ?? 60,
            f.isActive ?? true,
            f.crmJobTypeId ?? null,
          ],
        )
      ).id,
    );

  let templateless = 0;
  /** A dated window starting `hoursFromNow` from now (rounded to the minute), in `timeZone`. */
  const window = async (
    organizationId: number,
    f: {
      typeId: number;
      hoursFromNow: number;
      capacity?: number;
      booked?: number;
      storeId?: number | null;
      territoryId?: number | null;
      minutes?: number;
      timeZone?: string;
      isClosed?: boolean;
    },
  ) => {
    const zone = f.timeZone ?? "America/New_York";
    const start = new Date(
      Math.floor((Date.now() + f.hoursFromNow * 3_600_000) / 60_000) * 60_000 + templateless++ * 1000,
    );
    const end = new Date(start.getTime() + (f.minutes ?? 120) * 60_000);
    const hm = (d: Date) => {
      const p = zonedDateTimeParts(d, zone);
      return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}:${String(p.second).padStart(2, "0")}`;
    };
    return Number(
      (
        await one<{ id: number }>(
          `insert into appointment_windows (organization_id, appointment_type_id, store_id, territory_id, time_zone,
             local_date, start_time, end_time, starts_at, ends_at, capacity, booked, is_closed)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
          [
            organizationId,
            f.typeId,
            f.storeId ?? null,
            f.territoryId ?? null,
            zone,
            formatDate(start, zone),
            hm(start),
            hm(end) > hm(start) ? hm(end) : "23:59:59",
            start.toISOString(),
            end.toISOString(),
            f.capacity ?? 1,
            f.booked ?? 0,
            f.isClosed ?? false,
          ],
        )
      ).id,
    );
  };

  let leadSeq = 0;
  /** A lead inserted directly (a capture is not what these tests are about). */
  const lead = async (
    organizationId: number,
    f: {
      storeId?: number | null;
      territoryId?: number | null;
      capturedByUserId?: number | null;
      email?: string | null;
      phone?: string | null;
      languageId?: number | null;
      statusId?: number;
    } = {},
  ) => {
    leadSeq++;
    return Number(
      (
        await one<{ id: number }>(
          `insert into leads (organization_id, kind, source, store_id, territory_id, captured_by_user_id, captured_at,
             first_name, last_name, phone, email, language_id, status_id)
           values ($1, 'internal', 'app', $2, $3, $4, now(), $5, 'Shopper', $6, $7, $8, $9) returning id`,
          [
            organizationId,
            f.storeId ?? null,
            f.territoryId ?? null,
            f.capturedByUserId ?? null,
            `Pat${leadSeq}`,
            f.phone === undefined ? `80955${String(leadSeq).padStart(5, "0")}` : f.phone,
            f.email === undefined ? `pat${leadSeq}@example.com` : f.email,
            f.languageId ?? null,
            f.statusId ?? 1,
          ],
        )
      ).id,
    );
  };

  const booked = async (windowId: number) =>
    Number(
      (await one<{ booked: number }>("select booked from appointment_windows where id = $1", [windowId]))
        .booked,
    );

  const inject = (
    a: AuthHeaders,
    method: string,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => t().app.inject({ method: method as "POST", url, headers: h(a, extra), payload: payload as object });

  return { rows, one, as, idOf, type, window, lead, booked, inject };
}
