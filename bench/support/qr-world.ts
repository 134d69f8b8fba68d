/**
 * The world of the QR benchmarks (bench/qr-entries.bench.ts, bench/qr-entry-sql.bench.ts): the demo data, the first
 * live code of a demo lead generator, and 60 days of 20 windows a day of a new appointment type at its store.
 */
import { applyReferenceData } from "../../apps/server/src/db/reference-data";
import { seedDemo } from "../../apps/server/src/db/seed";
import type { Database } from "../../apps/server/src/platform/db";
import { one } from "./lead-volume";

/** The demo data, a code of a demo lead generator, and 60 days of windows of a type at the code's store. */
export async function prepareQrWorld(d: Database, label: string) {
  await d.migrate();
  await applyReferenceData(d.db);
  if (await d.isEmpty()) await seedDemo(d.db);
  const code = await one<{ uid: string; grp: number; org: number; store: number }>(
    d,
    `select u.uid, q.hdsfi_group as grp, q.organization_id as org, q.store_id as store
     from qr_codes q join users u on u.id = q.user_id
     where q.is_active order by q.id limit 1`,
  );
  const zone = await one<{ tz: string }>(d, "select time_zone as tz from stores where id = $1", [code.store]);
  const type = await one<{ id: number }>(
    d,
    `insert into appointment_types (organization_id, name, minimum_notice_minutes, booking_horizon_days)
     values ($1, 'Bench QR estimate', 120, 60) returning id`,
    [code.org],
  );
  // 60 days x 20 windows a day at the store, 50 places each: room for every booking the run makes.
  await d.executeSql(
    `insert into appointment_windows (organization_id, appointment_type_id, store_id, time_zone, local_date,
       start_time, end_time, starts_at, ends_at, capacity, booked)
     select $1, $2, $3, $4, day::date, slot, slot + interval '2 hours',
       (day::date + slot) at time zone $4, (day::date + slot + interval '2 hours') at time zone $4, 50, 0
     from generate_series(current_date + 1, current_date + 59, interval '1 day') day,
       generate_series(0, 19) i, lateral (select time '08:00' + i * interval '30 minutes' as slot) s`,
    [code.org, type.id, code.store, zone.tz],
  );
  // The demo's CRM connection points at the ServiceTitan simulator, which this run does not start: switched off,
  // the windows are our own capacity (as the tests do), so the numbers are the product's, not a refused connection's.
  await d.executeSql("update crm_connections set is_active = false");
  await d.executeSql("analyze");
  console.log(`[${label}] code ${code.uid}/${code.grp} at store ${code.store} (${zone.tz}), type ${type.id}`);
  return { ...code, typeId: type.id };
}
