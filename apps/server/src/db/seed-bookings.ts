import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../platform/db";

/**
 * A few demo bookings in Summit Home East (docs/decisions/0033), after the scheduling seed made the windows: six
 * recent New or Contacted leads booked into the next "In-home consultation" windows (one place each, by the same
 * conditional update a booking makes), by the scheduler, each lead moved to Appointment Set with its history; the
 * last one cancelled again (its place given back), so the lead drawer shows a cancelled booking too. No notices
 * are sent: the shoppers are made up.
 */
export async function seedDemoBookings(tx: Tx, orgs: { east: number }, now = new Date()) {
  const org = orgs.east;
  const windows = await rowsOf<{
    id: number;
    appointment_type_id: number;
    starts_at: Date;
    ends_at: Date;
    time_zone: string;
  }>(
    tx,
    sql`select w.id::int as id, w.appointment_type_id, w.starts_at, w.ends_at, w.time_zone
        from appointment_windows w
        join appointment_types t on t.organization_id = w.organization_id and t.id = w.appointment_type_id
        where w.organization_id = ${org} and t.name = 'In-home consultation'
          and w.starts_at > ${now.toISOString()}::timestamptz + interval '1 day'
          and w.booked < w.capacity and not w.is_closed
        order by w.starts_at, w.id limit 6`,
  );
  if (windows.length === 0) return;
  const leads = await rowsOf<{
    id: number;
    store_id: number | null;
    territory_id: number | null;
    status_id: number;
  }>(
    tx,
    sql`select id::int as id, store_id, territory_id, status_id from leads
        where organization_id = ${org} and kind = 'internal' and deleted_at is null and status_id in (1, 2)
        order by captured_at desc, id desc limit ${windows.length}`,
  );
  const [scheduler] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from users where email = 'scheduler@demo.local'`,
  );
  const by = scheduler?.id ?? null;
  for (const [i, lead] of leads.entries()) {
    const w = windows[i];
    const [taken] = await rowsOf<{ id: number }>(
      tx,
      sql`update appointment_windows set booked = booked + 1
          where organization_id = ${org} and id = ${w.id} and booked < capacity and not is_closed returning id`,
    );
    if (!taken) continue;
    const startsAt = new Date(w.starts_at).toISOString();
    const endsAt = new Date(w.ends_at).toISOString();
    const [a] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, territory_id,
            status, starts_at, ends_at, time_zone, source, booked_by_user_id, updated_by_user_id)
          values (${org}, ${lead.id}, ${w.id}, ${w.appointment_type_id}, ${lead.store_id}, ${lead.territory_id},
            'booked', ${startsAt}, ${endsAt}, ${w.time_zone}, 'app', ${by}, ${by})
          returning id::int as id`,
    );
    const after = JSON.stringify({
      windowId: w.id,
      appointmentTypeId: w.appointment_type_id,
      startsAt,
      endsAt,
    });
    await tx.execute(
      sql`insert into appointment_history (organization_id, appointment_id, action, user_id, before, after)
          values (${org}, ${a.id}, 'booked', ${by}, null, ${after}::jsonb)`,
    );
    const statusName = lead.status_id === 1 ? "New" : "Contacted";
    await tx.execute(
      sql`update leads set status_id = 3, updated_at = now() where organization_id = ${org} and id = ${lead.id}`,
    );
    await tx.execute(
      sql`insert into lead_history (organization_id, lead_id, action, user_id, before, after, reason)
          values (${org}, ${lead.id}, 'status', ${by},
            ${JSON.stringify({ statusId: lead.status_id, status: statusName })}::jsonb,
            ${JSON.stringify({ statusId: 3, status: "Appointment Set" })}::jsonb, 'Appointment booked')`,
    );
    if (i === leads.length - 1) {
      await tx.execute(
        sql`update appointment_windows set booked = booked - 1 where organization_id = ${org} and id = ${w.id}`,
      );
      await tx.execute(
        sql`update appointments set status = 'cancelled', cancelled_at = now(), cancel_reason = 'The shopper found another date'
            where organization_id = ${org} and id = ${a.id}`,
      );
      await tx.execute(
        sql`insert into appointment_history (organization_id, appointment_id, action, user_id, before, after, reason)
            values (${org}, ${a.id}, 'cancelled', ${by}, '{"status":"booked"}'::jsonb, '{"status":"cancelled"}'::jsonb,
              'The shopper found another date')`,
      );
      await tx.execute(
        sql`update leads set status_id = 10 where organization_id = ${org} and id = ${lead.id}`,
      );
      await tx.execute(
        sql`insert into lead_history (organization_id, lead_id, action, user_id, before, after, reason)
            values (${org}, ${lead.id}, 'status', ${by}, '{"statusId":3,"status":"Appointment Set"}'::jsonb,
              '{"statusId":10,"status":"Cancelled"}'::jsonb, 'Appointment cancelled: The shopper found another date')`,
      );
    }
  }
}
