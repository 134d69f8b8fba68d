import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  appointmentHistory,
  appointments,
  appointmentTypes,
  appointmentWindows,
  idempotencyKeys,
  leads,
  organizations,
  referenceItems,
  schedulingSettings,
  stores,
  users,
} from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import { historyOf } from "../../platform/history";
import type { PageWindow } from "../../platform/query-kit";

type Scope = { organizationId: number };

export const APPOINTMENT_HISTORY_ACTIONS = ["booked", "moved", "cancelled", "status"] as const;
export type AppointmentHistoryAction = (typeof APPOINTMENT_HISTORY_ACTIONS)[number];

const historyLog = historyOf(appointmentHistory, "appointmentId", { actions: APPOINTMENT_HISTORY_ACTIONS });

export type AppointmentInsert = Omit<typeof appointments.$inferInsert, "id" | "organizationId">;
export type AppointmentUpdate = Partial<AppointmentInsert>;

const bookedBy = alias(users, "booked_by");

/** The columns of one appointment as the API shows it (type, store, lead and who booked it, joined). */
const detailColumns = {
  id: appointments.id,
  leadId: appointments.leadId,
  leadFirstName: leads.firstName,
  leadLastName: leads.lastName,
  leadPhone: leads.phone,
  leadEmail: leads.email,
  windowId: appointments.windowId,
  appointmentTypeId: appointments.appointmentTypeId,
  appointmentTypeName: appointmentTypes.name,
  storeId: appointments.storeId,
  storeName: stores.name,
  territoryId: appointments.territoryId,
  status: appointments.status,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  timeZone: appointments.timeZone,
  localDate: appointmentWindows.localDate,
  startTime: appointmentWindows.startTime,
  endTime: appointmentWindows.endTime,
  source: appointments.source,
  bookedByUserId: appointments.bookedByUserId,
  bookedByFirstName: bookedBy.firstName,
  bookedByLastName: bookedBy.lastName,
  bookedAt: appointments.bookedAt,
  cancelledAt: appointments.cancelledAt,
  cancelReason: appointments.cancelReason,
  notes: appointments.notes,
};

const selectDetails = (exec: Tx) =>
  exec
    .select(detailColumns)
    .from(appointments)
    .innerJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.organizationId, appointments.organizationId),
        eq(appointmentTypes.id, appointments.appointmentTypeId),
      ),
    )
    .innerJoin(
      leads,
      and(eq(leads.organizationId, appointments.organizationId), eq(leads.id, appointments.leadId)),
    )
    .innerJoin(
      appointmentWindows,
      and(
        eq(appointmentWindows.organizationId, appointments.organizationId),
        eq(appointmentWindows.id, appointments.windowId),
      ),
    )
    .leftJoin(
      stores,
      and(eq(stores.organizationId, appointments.organizationId), eq(stores.id, appointments.storeId)),
    )
    .leftJoin(bookedBy, eq(bookedBy.id, appointments.bookedByUserId));

export type AppointmentRow = Awaited<ReturnType<typeof selectDetails>>[number];

/** The window columns a booking and the available list read. */
const windowColumns = {
  id: appointmentWindows.id,
  appointmentTypeId: appointmentWindows.appointmentTypeId,
  storeId: appointmentWindows.storeId,
  territoryId: appointmentWindows.territoryId,
  timeZone: appointmentWindows.timeZone,
  localDate: appointmentWindows.localDate,
  startTime: appointmentWindows.startTime,
  endTime: appointmentWindows.endTime,
  startsAt: appointmentWindows.startsAt,
  endsAt: appointmentWindows.endsAt,
  capacity: appointmentWindows.capacity,
  booked: appointmentWindows.booked,
  isClosed: appointmentWindows.isClosed,
};
export type WindowRow = {
  id: number;
  appointmentTypeId: number;
  storeId: number | null;
  territoryId: number | null;
  timeZone: string;
  localDate: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  booked: number;
  isClosed: boolean;
};

/** Which windows serve a store: its own, and those with no store in its territory or the whole organization. */
export type WindowPlace = { storeId: number | null; territoryId: number | null };

export type AppointmentFilters = {
  range: { start: Date | null; end: Date | null };
  appointmentTypeIds?: number[];
  storeIds?: number[];
  statuses?: string[];
  bookedByUserIds?: number[];
  /** The caller's row scope: null, or only these territories' appointments, or only the caller's bookings. */
  territoryIds: number[] | null;
  ownUserId: number | null;
};

const SORTS: Record<string, SQL[]> = {
  startsAt: [sql`${appointments.startsAt}`],
  bookedAt: [sql`${appointments.bookedAt}`],
  type: [sql`lower(${appointmentTypes.name})`, sql`${appointments.startsAt}`],
  store: [sql`lower(${stores.name})`, sql`${appointments.startsAt}`],
  status: [sql`${appointments.status}`, sql`${appointments.startsAt}`],
  leadName: [sql`lower(${leads.lastName})`, sql`lower(${leads.firstName})`, sql`${appointments.startsAt}`],
};

export function appointmentsRepository() {
  const filterOf = (ctx: Scope, f: AppointmentFilters) =>
    and(
      eq(appointments.organizationId, ctx.organizationId),
      f.range.start ? gte(appointments.startsAt, f.range.start) : undefined,
      f.range.end ? lt(appointments.startsAt, f.range.end) : undefined,
      f.appointmentTypeIds?.length
        ? inArray(appointments.appointmentTypeId, f.appointmentTypeIds)
        : undefined,
      f.storeIds?.length ? inArray(appointments.storeId, f.storeIds) : undefined,
      f.statuses?.length ? inArray(appointments.status, f.statuses as "booked"[]) : undefined,
      f.bookedByUserIds?.length ? inArray(appointments.bookedByUserId, f.bookedByUserIds) : undefined,
      f.territoryIds
        ? f.territoryIds.length
          ? inArray(appointments.territoryId, f.territoryIds)
          : sql`false`
        : undefined,
      f.ownUserId !== null ? eq(appointments.bookedByUserId, f.ownUserId) : undefined,
    );

  const orderOf = (sortBy: string, direction: "asc" | "desc") => {
    const dir = sql.raw(direction);
    return [
      ...(SORTS[sortBy] ?? SORTS.startsAt).map((t) => sql`${t} ${dir}`),
      sql`${appointments.id} ${dir}`,
    ];
  };

  return {
    /** A type with what booking needs: notice, horizon, its CRM job type and business units (the CRM's ids). */
    async type(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({
          id: appointmentTypes.id,
          name: appointmentTypes.name,
          territoryId: appointmentTypes.territoryId,
          isActive: appointmentTypes.isActive,
          minimumNoticeMinutes: appointmentTypes.minimumNoticeMinutes,
          bookingHorizonDays: appointmentTypes.bookingHorizonDays,
          durationMinutes: appointmentTypes.durationMinutes,
          crmJobTypeId: appointmentTypes.crmJobTypeId,
          businessUnitIds: sql<(number | string)[]>`coalesce((
            select array_agg(r.external_id order by r.external_id)
            from appointment_type_business_units bu
            join crm_references r on r.organization_id = bu.organization_id and r.id = bu.crm_reference_id
            where bu.organization_id = "appointment_types"."organization_id"
              and bu.appointment_type_id = "appointment_types"."id"), '{}')`,
        })
        .from(appointmentTypes)
        .where(and(eq(appointmentTypes.organizationId, ctx.organizationId), eq(appointmentTypes.id, id)));
      return row ? { ...row, businessUnitIds: (row.businessUnitIds ?? []).map(Number) } : null;
    },

    async store(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          territoryId: stores.territoryId,
          timeZone: stores.timeZone,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, id)));
      return row ?? null;
    },

    /**
     * The free windows of a type for a place, soonest first: one statement on
     * `appointment_windows_org_type_starts_idx` (organization, type, starts_at), the rest filtered on the rows of
     * that range.
     */
    async freeWindows(
      exec: Tx,
      ctx: Scope,
      q: { typeId: number; place: WindowPlace; from: Date; to: Date; limit: number; excludeId?: number },
    ): Promise<WindowRow[]> {
      const w = appointmentWindows;
      const place =
        q.place.storeId !== null
          ? or(
              eq(w.storeId, q.place.storeId),
              and(
                isNull(w.storeId),
                q.place.territoryId !== null
                  ? or(isNull(w.territoryId), eq(w.territoryId, q.place.territoryId))
                  : isNull(w.territoryId),
              ),
            )
          : and(
              isNull(w.storeId),
              q.place.territoryId !== null
                ? or(isNull(w.territoryId), eq(w.territoryId, q.place.territoryId))
                : undefined,
            );
      return exec
        .select(windowColumns)
        .from(w)
        .where(
          and(
            eq(w.organizationId, ctx.organizationId),
            eq(w.appointmentTypeId, q.typeId),
            gte(w.startsAt, q.from),
            lt(w.startsAt, q.to),
            eq(w.isClosed, false),
            lt(w.booked, w.capacity),
            place,
            q.excludeId ? sql`${w.id} <> ${q.excludeId}` : undefined,
          ),
        )
        .orderBy(asc(w.startsAt), asc(w.id))
        .limit(q.limit);
    },

    async window(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({
          ...windowColumns,
          typeIsActive: appointmentTypes.isActive,
          typeName: appointmentTypes.name,
        })
        .from(appointmentWindows)
        .innerJoin(
          appointmentTypes,
          and(
            eq(appointmentTypes.organizationId, appointmentWindows.organizationId),
            eq(appointmentTypes.id, appointmentWindows.appointmentTypeId),
          ),
        )
        .where(and(eq(appointmentWindows.organizationId, ctx.organizationId), eq(appointmentWindows.id, id)));
      return row ?? null;
    },

    /**
     * Takes one place of a window: `UPDATE ... SET booked = booked + 1 WHERE ... AND booked < capacity AND NOT
     * is_closed RETURNING`. Under READ COMMITTED a concurrent booking of the same window waits on the row lock and
     * then re-checks the condition on the row as the other left it, so the last place goes to exactly one; the
     * check constraint `booked <= capacity` is the backstop. Null: full or closed (or not this organization's).
     */
    async takePlace(tx: Tx, ctx: Scope, windowId: number): Promise<WindowRow | null> {
      const [row] = await tx
        .update(appointmentWindows)
        .set({ booked: sql`${appointmentWindows.booked} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(appointmentWindows.organizationId, ctx.organizationId),
            eq(appointmentWindows.id, windowId),
            lt(appointmentWindows.booked, appointmentWindows.capacity),
            eq(appointmentWindows.isClosed, false),
          ),
        )
        .returning(windowColumns);
      return row ?? null;
    },

    /** Gives a place back (a cancel, the old window of a move). */
    async givePlace(tx: Tx, ctx: Scope, windowId: number) {
      await tx
        .update(appointmentWindows)
        .set({ booked: sql`${appointmentWindows.booked} - 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(appointmentWindows.organizationId, ctx.organizationId),
            eq(appointmentWindows.id, windowId),
            gt(appointmentWindows.booked, 0),
          ),
        );
    },

    async insert(tx: Tx, ctx: Scope, values: AppointmentInsert): Promise<number> {
      const [row] = await tx
        .insert(appointments)
        .values({ ...values, organizationId: ctx.organizationId })
        .returning({ id: appointments.id });
      return row.id;
    },

    async update(tx: Tx, ctx: Scope, id: number, values: AppointmentUpdate) {
      await tx
        .update(appointments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.id, id)));
    },

    /** The appointment's row, locked for the rest of the transaction (a move or a cancel is decided on it). */
    async lock(tx: Tx, ctx: Scope, id: number) {
      const [row] = await tx
        .select()
        .from(appointments)
        .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.id, id)))
        .for("update");
      return row ?? null;
    },

    /** The lead's booked appointment, if any (at most one: the partial unique index). */
    async bookedOfLead(exec: Tx, ctx: Scope, leadId: number) {
      const [row] = await exec
        .select({ id: appointments.id, startsAt: appointments.startsAt })
        .from(appointments)
        .where(
          and(
            eq(appointments.organizationId, ctx.organizationId),
            eq(appointments.leadId, leadId),
            eq(appointments.status, "booked"),
          ),
        );
      return row ?? null;
    },

    async detail(exec: Tx, ctx: Scope, id: number): Promise<AppointmentRow | null> {
      const [row] = await selectDetails(exec).where(
        and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.id, id)),
      );
      return row ?? null;
    },

    async ofLead(exec: Tx, ctx: Scope, leadId: number): Promise<AppointmentRow[]> {
      return selectDetails(exec)
        .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.leadId, leadId)))
        .orderBy(desc(appointments.bookedAt), desc(appointments.id));
    },

    async byIds(exec: Tx, ctx: Scope, ids: number[], order: { sortBy: string; direction: "asc" | "desc" }) {
      if (ids.length === 0) return [];
      return selectDetails(exec)
        .where(and(eq(appointments.organizationId, ctx.organizationId), inArray(appointments.id, ids)))
        .orderBy(...orderOf(order.sortBy, order.direction));
    },

    addHistory: historyLog.write,

    async history(exec: Tx, ctx: Scope, appointmentIds: number[]) {
      if (appointmentIds.length === 0) return [];
      return exec
        .select({
          id: appointmentHistory.id,
          appointmentId: appointmentHistory.appointmentId,
          action: appointmentHistory.action,
          at: appointmentHistory.at,
          userId: appointmentHistory.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          before: appointmentHistory.before,
          after: appointmentHistory.after,
          reason: appointmentHistory.reason,
        })
        .from(appointmentHistory)
        .leftJoin(users, eq(users.id, appointmentHistory.userId))
        .where(
          and(
            eq(appointmentHistory.organizationId, ctx.organizationId),
            inArray(appointmentHistory.appointmentId, appointmentIds),
          ),
        )
        .orderBy(desc(appointmentHistory.at), desc(appointmentHistory.id));
    },

    /** How many times the booking changed after it was made (the calendar file's SEQUENCE). */
    async changeCount(exec: Tx, ctx: Scope, appointmentId: number): Promise<number> {
      const [row] = await exec
        .select({ n: count() })
        .from(appointmentHistory)
        .where(
          and(
            eq(appointmentHistory.organizationId, ctx.organizationId),
            eq(appointmentHistory.appointmentId, appointmentId),
            inArray(appointmentHistory.action, ["moved", "cancelled"]),
          ),
        );
      return row?.n ?? 0;
    },

    async search(
      exec: Tx,
      ctx: Scope,
      f: AppointmentFilters,
      sort: { sortBy: string; direction: "asc" | "desc" },
      page: PageWindow,
    ) {
      const where = filterOf(ctx, f);
      const [rows, [total]] = await Promise.all([
        selectDetails(exec)
          .where(where)
          .orderBy(...orderOf(sort.sortBy, sort.direction))
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ n: count() }).from(appointments).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The ids of a whole result in its order, at most `cap` (exports read their rows a chunk at a time). */
    async searchIds(
      exec: Tx,
      ctx: Scope,
      f: AppointmentFilters,
      sort: { sortBy: string; direction: "asc" | "desc" },
      cap: number,
    ) {
      const rows = await exec
        .select({ id: appointments.id })
        .from(appointments)
        .innerJoin(
          appointmentTypes,
          and(
            eq(appointmentTypes.organizationId, appointments.organizationId),
            eq(appointmentTypes.id, appointments.appointmentTypeId),
          ),
        )
        .innerJoin(
          leads,
          and(eq(leads.organizationId, appointments.organizationId), eq(leads.id, appointments.leadId)),
        )
        .leftJoin(
          stores,
          and(eq(stores.organizationId, appointments.organizationId), eq(stores.id, appointments.storeId)),
        )
        .where(filterOf(ctx, f))
        .orderBy(...orderOf(sort.sortBy, sort.direction))
        .limit(cap);
      return rows.map((r) => r.id);
    },

    /** The organization's scheduling settings (defaults without a row). */
    async settings(exec: Tx, ctx: Scope) {
      const [row] = await exec
        .select({
          smsEnabled: schedulingSettings.smsEnabled,
          reminderHoursBefore: schedulingSettings.reminderHoursBefore,
        })
        .from(schedulingSettings)
        .where(eq(schedulingSettings.organizationId, ctx.organizationId));
      return row ?? { smsEnabled: false, reminderHoursBefore: 24 };
    },

    /** Whether a notice's key was already answered (a text message is not sent twice: appointments.jobs.ts). */
    async noticeRecorded(
      exec: Tx,
      scope: { organizationId: number; actor: string; operation: string },
      key: string,
    ): Promise<boolean> {
      const [row] = await exec
        .select({ key: idempotencyKeys.key })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.organizationId, scope.organizationId),
            eq(idempotencyKeys.actor, scope.actor),
            eq(idempotencyKeys.operation, scope.operation),
            eq(idempotencyKeys.key, key),
          ),
        );
      return row !== undefined;
    },

    /** What a notice to the shopper says: the appointment, its lead, type, store, organization and language. */
    async noticeFacts(exec: Tx, ctx: Scope, appointmentId: number) {
      const [row] = await exec
        .select({
          id: appointments.id,
          status: appointments.status,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          timeZone: appointments.timeZone,
          cancelReason: appointments.cancelReason,
          typeName: appointmentTypes.name,
          firstName: leads.firstName,
          lastName: leads.lastName,
          email: leads.email,
          phone: leads.phone,
          language: referenceItems.name,
          storeName: stores.name,
          storeAddress: stores.address,
          storeCity: stores.city,
          storeState: stores.state,
          storeZip: stores.zip,
          organizationName: organizations.name,
        })
        .from(appointments)
        .innerJoin(
          appointmentTypes,
          and(
            eq(appointmentTypes.organizationId, appointments.organizationId),
            eq(appointmentTypes.id, appointments.appointmentTypeId),
          ),
        )
        .innerJoin(
          leads,
          and(eq(leads.organizationId, appointments.organizationId), eq(leads.id, appointments.leadId)),
        )
        .innerJoin(organizations, eq(organizations.id, appointments.organizationId))
        .leftJoin(
          referenceItems,
          and(eq(referenceItems.list, "languageTypes"), eq(referenceItems.id, leads.languageId)),
        )
        .leftJoin(
          stores,
          and(eq(stores.organizationId, appointments.organizationId), eq(stores.id, appointments.storeId)),
        )
        .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.id, appointmentId)));
      return row ?? null;
    },
  };
}

export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
