import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  appointments,
  appointmentTemplates,
  appointmentTypes,
  appointmentWindows,
  leads,
  organizations,
  schedulingSettings,
  stores,
  territories,
  users,
} from "../../db/schema/index";
import type { Tx } from "../../platform/db";
import type { PageWindow } from "../../platform/query-kit";
import type { GenerationTemplate, NewWindow } from "./generation";

/** The territories a reader is limited to (null: the whole organization). */
export type ReadScope = number[] | null;

export type TemplateFilters = {
  appointmentTypeId?: number;
  territoryId?: number | null;
  storeId?: number | null;
  dayOfWeek?: number;
  isActive?: boolean;
};

export type WindowFilters = {
  appointmentTypeId?: number;
  territoryId?: number | null;
  storeId?: number | null;
  from?: string;
  to?: string;
  includeClosed: boolean;
};

export type TemplateValues = {
  appointmentTypeId: number;
  territoryId: number | null;
  storeId: number | null;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  capacity: number;
  isActive: boolean;
};

export type TemplateRow = TemplateValues & {
  id: number;
  organizationId: number;
  appointmentTypeName: string;
  territoryName: string | null;
  storeName: string | null;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
};

export type WindowRow = {
  id: number;
  organizationId: number;
  appointmentTypeId: number;
  appointmentTypeName: string;
  territoryId: number | null;
  territoryName: string | null;
  storeId: number | null;
  storeName: string | null;
  templateId: number | null;
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

/** A future window of a template, as a template change sees it (locked: no booking lands meanwhile). */
export type TemplateWindowState = {
  id: number;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  capacity: number;
  booked: number;
  /** Appointment rows point at it (cancelled ones included): it cannot be deleted. */
  hasHistory: boolean;
};

export type SettingsRow = {
  generateWeeksAhead: number;
  smsEnabled: boolean;
  reminderHoursBefore: number;
  updatedAt: Date;
};

/** A window's zone: its store's, else its organization's (territories have no zone). */
const zoneOf = sql<string>`coalesce(${stores.timeZone}, ${organizations.timeZone})`;

/** A join on a tenant table's row by id, within the same organization (a foreign id never shows a name). */
const joinOn = (
  table: { id: AnyPgColumn; organizationId: AnyPgColumn },
  organizationId: AnyPgColumn,
  id: AnyPgColumn,
) => and(eq(table.id, id), eq(table.organizationId, organizationId));

const templateColumns = {
  id: appointmentTemplates.id,
  organizationId: appointmentTemplates.organizationId,
  appointmentTypeId: appointmentTemplates.appointmentTypeId,
  appointmentTypeName: appointmentTypes.name,
  territoryId: appointmentTemplates.territoryId,
  territoryName: territories.name,
  storeId: appointmentTemplates.storeId,
  storeName: stores.name,
  dayOfWeek: appointmentTemplates.dayOfWeek,
  startTime: appointmentTemplates.startTime,
  endTime: appointmentTemplates.endTime,
  capacity: appointmentTemplates.capacity,
  isActive: appointmentTemplates.isActive,
  timeZone: zoneOf,
  createdAt: appointmentTemplates.createdAt,
  updatedAt: appointmentTemplates.updatedAt,
};

const windowColumns = {
  id: appointmentWindows.id,
  organizationId: appointmentWindows.organizationId,
  appointmentTypeId: appointmentWindows.appointmentTypeId,
  appointmentTypeName: appointmentTypes.name,
  territoryId: appointmentWindows.territoryId,
  territoryName: territories.name,
  storeId: appointmentWindows.storeId,
  storeName: stores.name,
  templateId: appointmentWindows.templateId,
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

/** Null-safe equality of a nullable id column and a value (`is not distinct from`). */
const sameId = (column: AnyPgColumn, value: number | null) =>
  value === null ? isNull(column) : eq(column, value);

/** The reader's territories: windows and templates of these, and the organization's own (no territory). */
const inReadScope = (column: AnyPgColumn, scope: ReadScope) =>
  scope === null ? undefined : scope.length ? or(isNull(column), inArray(column, scope)) : isNull(column);

/** Rows inserted per statement when generating (a 26-week range of a big template is thousands). */
const INSERT_CHUNK = 500;
const DAY_MS = 86_400_000;

/** The scheduling tables of the caller's organization; every method takes the executor first. */
export function schedulingRepository() {
  const templateQuery = (exec: Tx) =>
    exec
      .select(templateColumns)
      .from(appointmentTemplates)
      .innerJoin(
        appointmentTypes,
        joinOn(appointmentTypes, appointmentTemplates.organizationId, appointmentTemplates.appointmentTypeId),
      )
      .innerJoin(organizations, eq(organizations.id, appointmentTemplates.organizationId))
      .leftJoin(stores, joinOn(stores, appointmentTemplates.organizationId, appointmentTemplates.storeId))
      .leftJoin(
        territories,
        joinOn(territories, appointmentTemplates.organizationId, appointmentTemplates.territoryId),
      );

  const windowQuery = (exec: Tx) =>
    exec
      .select(windowColumns)
      .from(appointmentWindows)
      .innerJoin(
        appointmentTypes,
        joinOn(appointmentTypes, appointmentWindows.organizationId, appointmentWindows.appointmentTypeId),
      )
      .leftJoin(stores, joinOn(stores, appointmentWindows.organizationId, appointmentWindows.storeId))
      .leftJoin(
        territories,
        joinOn(territories, appointmentWindows.organizationId, appointmentWindows.territoryId),
      );

  return {
    // --- What a template or window points at ------------------------------------------------------------

    async appointmentType(exec: Tx, orgId: number, id: number) {
      const [row] = await exec
        .select({
          id: appointmentTypes.id,
          name: appointmentTypes.name,
          territoryId: appointmentTypes.territoryId,
          isActive: appointmentTypes.isActive,
        })
        .from(appointmentTypes)
        .where(and(eq(appointmentTypes.organizationId, orgId), eq(appointmentTypes.id, id)));
      return row ?? null;
    },

    async store(exec: Tx, orgId: number, id: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          territoryId: stores.territoryId,
          timeZone: stores.timeZone,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, orgId), eq(stores.id, id)));
      return row ?? null;
    },

    async territory(exec: Tx, orgId: number, id: number) {
      const [row] = await exec
        .select({ id: territories.id, name: territories.name })
        .from(territories)
        .where(and(eq(territories.organizationId, orgId), eq(territories.id, id)));
      return row ?? null;
    },

    async organization(exec: Tx, orgId: number) {
      const [row] = await exec
        .select({ timeZone: organizations.timeZone, firstDayOfWeek: organizations.firstDayOfWeek })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      return row ?? null;
    },

    // --- The weekly template -------------------------------------------------------------------------

    async searchTemplates(
      exec: Tx,
      orgId: number,
      scope: ReadScope,
      f: TemplateFilters,
      page: PageWindow,
    ): Promise<{ rows: TemplateRow[]; total: number }> {
      const where = and(
        eq(appointmentTemplates.organizationId, orgId),
        inReadScope(appointmentTemplates.territoryId, scope),
        f.appointmentTypeId === undefined
          ? undefined
          : eq(appointmentTemplates.appointmentTypeId, f.appointmentTypeId),
        f.territoryId === undefined ? undefined : sameId(appointmentTemplates.territoryId, f.territoryId),
        f.storeId === undefined ? undefined : sameId(appointmentTemplates.storeId, f.storeId),
        f.dayOfWeek === undefined ? undefined : eq(appointmentTemplates.dayOfWeek, f.dayOfWeek),
        f.isActive === undefined ? undefined : eq(appointmentTemplates.isActive, f.isActive),
      );
      const [rows, [{ total }]] = await Promise.all([
        templateQuery(exec)
          .where(where)
          .orderBy(
            asc(appointmentTemplates.dayOfWeek),
            asc(appointmentTemplates.startTime),
            asc(appointmentTemplates.endTime),
            asc(appointmentTemplates.id),
          )
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(appointmentTemplates).where(where),
      ]);
      return { rows, total };
    },

    async templateById(exec: Tx, orgId: number, id: number): Promise<TemplateRow | null> {
      const [row] = await templateQuery(exec).where(
        and(eq(appointmentTemplates.organizationId, orgId), eq(appointmentTemplates.id, id)),
      );
      return row ?? null;
    },

    /**
     * Template edits of an organization wait for one another (the overlap check and the windows a change
     * touches must not race another edit). Inside a transaction; released when it ends.
     */
    async lockTemplates(exec: Tx, orgId: number) {
      await exec.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`templates:${orgId}`}, 0))`);
    },

    /** An active window of the same type, day and place whose times overlap these (not `exceptId`). */
    async overlappingTemplate(exec: Tx, orgId: number, v: TemplateValues, exceptId?: number) {
      const [row] = await exec
        .select({
          id: appointmentTemplates.id,
          dayOfWeek: appointmentTemplates.dayOfWeek,
          startTime: appointmentTemplates.startTime,
          endTime: appointmentTemplates.endTime,
          capacity: appointmentTemplates.capacity,
        })
        .from(appointmentTemplates)
        .where(
          and(
            eq(appointmentTemplates.organizationId, orgId),
            eq(appointmentTemplates.appointmentTypeId, v.appointmentTypeId),
            eq(appointmentTemplates.dayOfWeek, v.dayOfWeek),
            sameId(appointmentTemplates.territoryId, v.territoryId),
            sameId(appointmentTemplates.storeId, v.storeId),
            eq(appointmentTemplates.isActive, true),
            lt(appointmentTemplates.startTime, v.endTime),
            gt(appointmentTemplates.endTime, v.startTime),
            exceptId === undefined ? undefined : ne(appointmentTemplates.id, exceptId),
          ),
        )
        .orderBy(asc(appointmentTemplates.startTime))
        .limit(1);
      return row ?? null;
    },

    async insertTemplate(exec: Tx, orgId: number, v: TemplateValues): Promise<number> {
      const [row] = await exec
        .insert(appointmentTemplates)
        .values({ organizationId: orgId, ...v })
        .returning({ id: appointmentTemplates.id });
      return row.id;
    },

    async updateTemplate(exec: Tx, orgId: number, id: number, v: TemplateValues) {
      await exec
        .update(appointmentTemplates)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(appointmentTemplates.organizationId, orgId), eq(appointmentTemplates.id, id)));
    },

    async deleteTemplate(exec: Tx, orgId: number, id: number) {
      await exec
        .delete(appointmentTemplates)
        .where(and(eq(appointmentTemplates.organizationId, orgId), eq(appointmentTemplates.id, id)));
    },

    /** The active template windows generation reads: of one type (optionally one store or territory), or all. */
    async templatesForGeneration(
      exec: Tx,
      orgId: number,
      f: { templateId?: number; appointmentTypeId?: number; storeId?: number; territoryId?: number },
    ): Promise<GenerationTemplate[]> {
      return exec
        .select({
          id: appointmentTemplates.id,
          organizationId: appointmentTemplates.organizationId,
          appointmentTypeId: appointmentTemplates.appointmentTypeId,
          territoryId: appointmentTemplates.territoryId,
          storeId: appointmentTemplates.storeId,
          dayOfWeek: appointmentTemplates.dayOfWeek,
          startTime: appointmentTemplates.startTime,
          endTime: appointmentTemplates.endTime,
          capacity: appointmentTemplates.capacity,
          timeZone: zoneOf,
        })
        .from(appointmentTemplates)
        .innerJoin(organizations, eq(organizations.id, appointmentTemplates.organizationId))
        .leftJoin(stores, joinOn(stores, appointmentTemplates.organizationId, appointmentTemplates.storeId))
        .where(
          and(
            eq(appointmentTemplates.organizationId, orgId),
            eq(appointmentTemplates.isActive, true),
            f.templateId === undefined ? undefined : eq(appointmentTemplates.id, f.templateId),
            f.appointmentTypeId === undefined
              ? undefined
              : eq(appointmentTemplates.appointmentTypeId, f.appointmentTypeId),
            f.storeId === undefined ? undefined : eq(appointmentTemplates.storeId, f.storeId),
            f.territoryId === undefined ? undefined : eq(appointmentTemplates.territoryId, f.territoryId),
          ),
        )
        .orderBy(asc(appointmentTemplates.id));
    },

    /**
     * Writes generated windows; a (template, day) that already has one is skipped through the unique index
     * `appointment_windows_template_date_key`. Answers how many were created.
     */
    async insertWindows(exec: Tx, windows: readonly NewWindow[]): Promise<number> {
      let created = 0;
      for (let i = 0; i < windows.length; i += INSERT_CHUNK) {
        const rows = await exec
          .insert(appointmentWindows)
          .values(windows.slice(i, i + INSERT_CHUNK))
          .onConflictDoNothing({
            target: [
              appointmentWindows.organizationId,
              appointmentWindows.templateId,
              appointmentWindows.localDate,
            ],
            where: sql`template_id is not null`,
          })
          .returning({ id: appointmentWindows.id });
        created += rows.length;
      }
      return created;
    },

    /** The windows of a template that start after `now`, locked for the change (a booking waits for it). */
    async futureWindowsOfTemplate(
      exec: Tx,
      orgId: number,
      templateId: number,
      now: Date,
    ): Promise<TemplateWindowState[]> {
      return exec
        .select({
          id: appointmentWindows.id,
          localDate: appointmentWindows.localDate,
          startTime: appointmentWindows.startTime,
          endTime: appointmentWindows.endTime,
          timeZone: appointmentWindows.timeZone,
          capacity: appointmentWindows.capacity,
          booked: appointmentWindows.booked,
          hasHistory: exists(
            exec
              .select({ one: sql`1` })
              .from(appointments)
              .where(
                and(
                  eq(appointments.organizationId, appointmentWindows.organizationId),
                  eq(appointments.windowId, appointmentWindows.id),
                ),
              ),
          ).mapWith(Boolean),
        })
        .from(appointmentWindows)
        .where(
          and(
            eq(appointmentWindows.organizationId, orgId),
            eq(appointmentWindows.templateId, templateId),
            gt(appointmentWindows.startsAt, now),
          ),
        )
        .orderBy(asc(appointmentWindows.startsAt))
        .for("update", { of: appointmentWindows });
    },

    /** Stops windows following a template (their template was deleted, or moved to another day or place). */
    async detachWindows(exec: Tx, orgId: number, templateId: number, ids?: number[]) {
      if (ids && ids.length === 0) return;
      await exec
        .update(appointmentWindows)
        .set({ templateId: null, updatedAt: new Date() })
        .where(
          and(
            eq(appointmentWindows.organizationId, orgId),
            eq(appointmentWindows.templateId, templateId),
            ids ? inArray(appointmentWindows.id, ids) : undefined,
          ),
        );
    },

    // --- Dated windows -------------------------------------------------------------------------------

    async searchWindows(
      exec: Tx,
      orgId: number,
      scope: ReadScope,
      f: WindowFilters,
      page: PageWindow,
    ): Promise<{ rows: WindowRow[]; total: number }> {
      // The local days are exact; the instants around them (a day either side covers every zone's offset) let
      // the (organization, type, starts_at) and (organization, starts_at) indexes find the rows.
      const conditions: (SQL | undefined)[] = [
        eq(appointmentWindows.organizationId, orgId),
        inReadScope(appointmentWindows.territoryId, scope),
        f.appointmentTypeId === undefined
          ? undefined
          : eq(appointmentWindows.appointmentTypeId, f.appointmentTypeId),
        f.territoryId === undefined ? undefined : sameId(appointmentWindows.territoryId, f.territoryId),
        f.storeId === undefined ? undefined : sameId(appointmentWindows.storeId, f.storeId),
        f.includeClosed ? undefined : eq(appointmentWindows.isClosed, false),
      ];
      if (f.from) {
        conditions.push(
          gte(appointmentWindows.localDate, f.from),
          gte(appointmentWindows.startsAt, new Date(Date.parse(`${f.from}T00:00:00Z`) - DAY_MS)),
        );
      }
      if (f.to) {
        conditions.push(
          lte(appointmentWindows.localDate, f.to),
          lt(appointmentWindows.startsAt, new Date(Date.parse(`${f.to}T00:00:00Z`) + 2 * DAY_MS)),
        );
      }
      const where = and(...conditions);
      const [rows, [{ total }]] = await Promise.all([
        windowQuery(exec)
          .where(where)
          .orderBy(asc(appointmentWindows.startsAt), asc(appointmentWindows.id))
          .limit(page.limit)
          .offset(page.offset),
        exec.select({ total: count() }).from(appointmentWindows).where(where),
      ]);
      return { rows, total };
    },

    /** One window; `forUpdate` locks it (its booked count cannot change until the transaction ends). */
    async windowById(exec: Tx, orgId: number, id: number, forUpdate = false): Promise<WindowRow | null> {
      const query = windowQuery(exec).where(
        and(eq(appointmentWindows.organizationId, orgId), eq(appointmentWindows.id, id)),
      );
      const [row] = forUpdate ? await query.for("update", { of: appointmentWindows }) : await query;
      return row ?? null;
    },

    async insertWindow(exec: Tx, window: NewWindow): Promise<number> {
      const [row] = await exec
        .insert(appointmentWindows)
        .values(window)
        .returning({ id: appointmentWindows.id });
      return row.id;
    },

    async updateWindow(
      exec: Tx,
      orgId: number,
      id: number,
      v: Partial<Omit<NewWindow, "organizationId">> & { isClosed?: boolean },
    ) {
      await exec
        .update(appointmentWindows)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(appointmentWindows.organizationId, orgId), eq(appointmentWindows.id, id)));
    },

    /** Closes windows and detaches them from their template, in one statement (the template no longer makes them). */
    async closeWindows(exec: Tx, orgId: number, ids: number[]) {
      if (ids.length === 0) return;
      await exec
        .update(appointmentWindows)
        .set({ isClosed: true, templateId: null, updatedAt: new Date() })
        .where(and(eq(appointmentWindows.organizationId, orgId), inArray(appointmentWindows.id, ids)));
    },

    /** Deletes windows that hold no booking (the condition is repeated here: a booking never disappears). */
    async deleteWindows(exec: Tx, orgId: number, ids: number[]) {
      if (ids.length === 0) return;
      await exec
        .delete(appointmentWindows)
        .where(
          and(
            eq(appointmentWindows.organizationId, orgId),
            inArray(appointmentWindows.id, ids),
            eq(appointmentWindows.booked, 0),
          ),
        );
    },

    /** How many appointment rows point at a window (every status). */
    async appointmentRows(exec: Tx, orgId: number, windowId: number): Promise<number> {
      const [{ n }] = await exec
        .select({ n: count() })
        .from(appointments)
        .where(and(eq(appointments.organizationId, orgId), eq(appointments.windowId, windowId)));
      return n;
    },

    /** A window's bookings for the calendar: live ones first, then by when they were booked. */
    async windowBookings(exec: Tx, orgId: number, windowId: number, scope: ReadScope) {
      return exec
        .select({
          id: appointments.id,
          leadId: appointments.leadId,
          leadFirstName: leads.firstName,
          leadLastName: leads.lastName,
          phone: leads.phone,
          status: appointments.status,
          source: appointments.source,
          bookedByUserId: appointments.bookedByUserId,
          bookedByFirstName: users.firstName,
          bookedByLastName: users.lastName,
          bookedAt: appointments.bookedAt,
        })
        .from(appointments)
        .innerJoin(
          leads,
          and(eq(leads.organizationId, appointments.organizationId), eq(leads.id, appointments.leadId)),
        )
        .leftJoin(users, eq(users.id, appointments.bookedByUserId))
        .where(
          and(
            eq(appointments.organizationId, orgId),
            eq(appointments.windowId, windowId),
            inReadScope(appointments.territoryId, scope),
          ),
        )
        .orderBy(
          desc(sql`${appointments.status} = 'booked'`),
          asc(appointments.bookedAt),
          asc(appointments.id),
        );
    },

    // --- Settings ------------------------------------------------------------------------------------

    async settings(exec: Tx, orgId: number): Promise<SettingsRow | null> {
      const [row] = await exec
        .select({
          generateWeeksAhead: schedulingSettings.generateWeeksAhead,
          smsEnabled: schedulingSettings.smsEnabled,
          reminderHoursBefore: schedulingSettings.reminderHoursBefore,
          updatedAt: schedulingSettings.updatedAt,
        })
        .from(schedulingSettings)
        .where(eq(schedulingSettings.organizationId, orgId));
      return row ?? null;
    },

    async saveSettings(
      exec: Tx,
      orgId: number,
      v: { generateWeeksAhead: number; smsEnabled: boolean; reminderHoursBefore: number },
      userId: number | null,
    ) {
      const now = new Date();
      await exec
        .insert(schedulingSettings)
        .values({ organizationId: orgId, ...v, updatedByUserId: userId })
        .onConflictDoUpdate({
          target: schedulingSettings.organizationId,
          set: { ...v, updatedByUserId: userId, updatedAt: now },
        });
    },

    /** The organizations whose settings keep weeks of windows generated (the recurring job's list). */
    async organizationsKeepingWeeks(exec: Tx) {
      return exec
        .select({
          organizationId: schedulingSettings.organizationId,
          weeks: schedulingSettings.generateWeeksAhead,
        })
        .from(schedulingSettings)
        .innerJoin(organizations, eq(organizations.id, schedulingSettings.organizationId))
        .where(and(gt(schedulingSettings.generateWeeksAhead, 0), eq(organizations.isDeleted, false)))
        .orderBy(asc(schedulingSettings.organizationId));
    },
  };
}

export type SchedulingRepository = ReturnType<typeof schedulingRepository>;
