import { type AuthHeaders, h, type TestApp } from "../../../test/harness";

/**
 * The scheduling test kit: calls by name, the seeded ids, and a booking written straight into the tables (the
 * window's `booked` and an `appointments` row), the way the bookings module leaves them.
 */
export function schedulingTestKit(app: () => TestApp) {
  const sql = async <T>(text: string, params: unknown[] = []) =>
    (await app().database.executeSql(text, params)).rows as T[];
  const call =
    (method: "GET" | "POST" | "DELETE", path: string) =>
    (who: AuthHeaders, payload?: Record<string, unknown>, id?: number) =>
      app().app.inject({
        method,
        url: id === undefined ? path : path.replace("{id}", String(id)),
        headers: h(who),
        ...(method === "GET" || method === "DELETE" ? {} : { payload: payload ?? {} }),
      });
  return {
    sql,
    searchTemplates: call("POST", "/api/appointments/default-scheduled-appointments"),
    upsertTemplate: call("POST", "/api/appointments/default-scheduled-appointments/upsert"),
    deleteTemplate: (who: AuthHeaders, id: number) =>
      call("DELETE", "/api/appointments/default-scheduled-appointments/{id}")(who, undefined, id),
    searchWindows: call("POST", "/api/appointments/scheduled-appointments"),
    upsertWindow: call("POST", "/api/appointments/scheduled-appointments/upsert"),
    deleteWindow: (who: AuthHeaders, id: number) =>
      call("DELETE", "/api/appointments/scheduled-appointments/{id}")(who, undefined, id),
    generate: call("POST", "/api/appointments/scheduled-appointments/default"),
    bookings: (who: AuthHeaders, id: number) =>
      call("GET", "/api/appointments/scheduled-appointments/{id}/appointments")(who, undefined, id),
    settings: (who: AuthHeaders) => call("GET", "/api/appointments/settings")(who),
    saveSettings: call("POST", "/api/appointments/settings"),

    /**
     * Forgets the demo bookings (the bookings seed books a few windows after the scheduling seed made them), so a
     * test counts only the bookings it makes.
     */
    async clearBookings() {
      await sql("delete from appointment_history");
      await sql("delete from appointments");
      await sql("update appointment_windows set booked = 0 where booked > 0");
    },

    /** The id of an organization's appointment type by name. */
    async typeId(organizationId: number, name: string) {
      const [row] = await sql<{ id: number }>(
        "select id from appointment_types where organization_id = $1 and name = $2",
        [organizationId, name],
      );
      if (!row) throw new Error(`no appointment type ${name}`);
      return row.id;
    },

    /**
     * Books `count` places of a window for leads of its organization (one appointment row per lead), as the
     * bookings module would: the rows and the window's `booked`.
     */
    async book(windowId: number, count = 1, bookedByUserId: number | null = null) {
      const [w] = await sql<{
        organization_id: number;
        appointment_type_id: number;
        store_id: number | null;
        territory_id: number | null;
        starts_at: string;
        ends_at: string;
        time_zone: string;
      }>("select * from appointment_windows where id = $1", [windowId]);
      const leads = await sql<{ id: number }>(
        `select l.id::int as id from leads l where l.organization_id = $1 and l.deleted_at is null
           and not exists (select 1 from appointments a where a.lead_id = l.id and a.status = 'booked')
         order by l.id limit $2`,
        [w.organization_id, count],
      );
      for (const lead of leads) {
        await sql(
          `insert into appointments (organization_id, lead_id, window_id, appointment_type_id, store_id, territory_id,
             status, starts_at, ends_at, time_zone, source, booked_by_user_id)
           values ($1, $2, $3, $4, $5, $6, 'booked', $7, $8, $9, 'app', $10)`,
          [
            w.organization_id,
            lead.id,
            windowId,
            w.appointment_type_id,
            w.store_id,
            w.territory_id,
            w.starts_at,
            w.ends_at,
            w.time_zone,
            bookedByUserId,
          ],
        );
      }
      await sql("update appointment_windows set booked = booked + $2 where id = $1", [
        windowId,
        leads.length,
      ]);
      return leads.map((l) => l.id);
    },
  };
}
