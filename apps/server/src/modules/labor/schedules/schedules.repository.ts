import { LABOR_SETTINGS } from "@fieldlead/contracts";
import { and, asc, count, eq, gte, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import {
  availableHours,
  membershipStores,
  memberships,
  organizations,
  shifts,
  stores,
  users,
} from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { likePattern, type PageWindow, searchWords } from "../../../platform/query-kit";
import type { Tx } from "../../../platform/unit-of-work";
import { inTerritoriesCondition, peopleCondition } from "../common/people";

type Scope = Pick<TenantContext, "organizationId">;

/** Who a schedule lists: the caller's row scope, the filters, and the roles listed when nobody else is asked for. */
export type PeopleFilter = {
  week: { startDate: string; endDate: string };
  userIds?: number[];
  storeIds?: number[];
  territoryIds?: number[];
  text?: string | null;
  /** Roles listed (active members of the full product); anyone with a shift in the week is listed whatever role. */
  roleIds: readonly number[];
  fullProductId: number;
};

export type SchedulePersonRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
};

export type ShiftRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  storeId: number;
  storeName: string;
  workDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
};

export type AvailableRow = {
  id: number;
  userId: number;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
};

/** `09:00:00` (PostgreSQL's `time`) -> `09:00`. */
const hm = (t: string) => t.slice(0, 5);

const shiftColumns = {
  id: shifts.id,
  userId: shifts.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  storeId: shifts.storeId,
  storeName: stores.name,
  workDate: shifts.workDate,
  startTime: shifts.startTime,
  endTime: shifts.endTime,
  timeZone: shifts.timeZone,
  startsAt: shifts.startsAt,
  endsAt: shifts.endsAt,
  notes: shifts.notes,
};

const toShift = (r: ShiftRow): ShiftRow => ({ ...r, startTime: hm(r.startTime), endTime: hm(r.endTime) });

/**
 * Shifts and available hours (docs/decisions/0040-labor.md). Every method takes the executor first
 * (docs/decisions/0018) and is bound to the caller's organization; the people a list reaches come from the shared
 * row scope (`peopleCondition`).
 */
/** What a shift is written with (a new one, or a move or change of one). */
export type ShiftValues = {
  userId: number;
  storeId: number;
  workDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
  byUserId: number;
};

export function schedulesRepository() {
  /** Members with a shift in the week (at these stores, when given): one hashed subquery, not a probe per person. */
  const withShiftIn = (exec: Tx, ctx: Scope, f: PeopleFilter, extra?: SQL) =>
    sql`${memberships.userId} in (${exec
      .select({ id: shifts.userId })
      .from(shifts)
      .where(
        and(
          eq(shifts.organizationId, ctx.organizationId),
          gte(shifts.workDate, f.week.startDate),
          lte(shifts.workDate, f.week.endDate),
          extra,
        ),
      )})`;

  const peopleWhere = (exec: Tx, ctx: TenantContext, f: PeopleFilter) => {
    const c: (SQL | undefined)[] = [
      eq(memberships.organizationId, ctx.organizationId),
      peopleCondition(exec, ctx, memberships.userId),
      or(
        withShiftIn(exec, ctx, f),
        and(
          eq(memberships.isActive, true),
          eq(users.isPlatformActive, true),
          eq(memberships.subscriptionId, f.fullProductId),
          inArray(memberships.roleId, [...f.roleIds]),
        ),
      ),
    ];
    if (f.userIds?.length) c.push(inArray(memberships.userId, f.userIds));
    if (f.storeIds?.length) {
      const assigned = exec
        .select({ id: membershipStores.membershipId })
        .from(membershipStores)
        .where(
          and(
            eq(membershipStores.organizationId, ctx.organizationId),
            inArray(membershipStores.storeId, f.storeIds),
          ),
        );
      c.push(
        or(
          withShiftIn(exec, ctx, f, inArray(shifts.storeId, f.storeIds)),
          sql`${memberships.id} in (${assigned})`,
        ),
      );
    }
    if (f.territoryIds?.length) {
      const territoryStores = exec
        .select({ id: stores.id })
        .from(stores)
        .where(
          and(eq(stores.organizationId, ctx.organizationId), inArray(stores.territoryId, f.territoryIds)),
        );
      c.push(
        or(
          inTerritoriesCondition(exec, ctx.organizationId, f.territoryIds, memberships.userId),
          withShiftIn(exec, ctx, f, sql`${shifts.storeId} in (${territoryStores})`),
        ),
      );
    }
    for (const word of searchWords(f.text?.toLowerCase())) {
      const p = likePattern(word, "prefix");
      c.push(
        or(
          sql`lower(${users.firstName}) like ${p}`,
          sql`lower(${users.lastName}) like ${p}`,
          sql`lower(${users.email}) like ${p}`,
        ),
      );
    }
    return and(...c);
  };

  const order = [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id)];

  const people = (exec: Tx) =>
    exec
      .select({
        userId: memberships.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        isActive: sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})`,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .$dynamic();

  return {
    /** A page of people in name order, and how many match. */
    async peoplePage(
      exec: Tx,
      ctx: TenantContext,
      f: PeopleFilter,
      page: PageWindow,
    ): Promise<{ rows: SchedulePersonRow[]; total: number }> {
      const where = peopleWhere(exec, ctx, f);
      const [rows, [total]] = await Promise.all([
        people(exec)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        exec
          .select({ n: count() })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Up to `limit` people in name order (an export asks one more than it takes). */
    async peopleList(
      exec: Tx,
      ctx: TenantContext,
      f: PeopleFilter,
      limit: number,
    ): Promise<SchedulePersonRow[]> {
      return people(exec)
        .where(peopleWhere(exec, ctx, f))
        .orderBy(...order)
        .limit(limit);
    },

    /** The shifts of these people starting from `from` to `to` (store-local dates), in time order. */
    async shiftsOf(exec: Tx, ctx: Scope, userIds: number[], from: string, to: string): Promise<ShiftRow[]> {
      if (userIds.length === 0) return [];
      const rows = await exec
        .select(shiftColumns)
        .from(shifts)
        .innerJoin(users, eq(users.id, shifts.userId))
        .innerJoin(
          stores,
          and(eq(stores.organizationId, shifts.organizationId), eq(stores.id, shifts.storeId)),
        )
        .where(
          and(
            eq(shifts.organizationId, ctx.organizationId),
            inArray(shifts.userId, userIds),
            gte(shifts.workDate, from),
            lte(shifts.workDate, to),
          ),
        )
        .orderBy(asc(shifts.startsAt), asc(shifts.id));
      return rows.map(toShift);
    },

    async shift(exec: Tx, ctx: Scope, id: number): Promise<ShiftRow | null> {
      const [row] = await exec
        .select(shiftColumns)
        .from(shifts)
        .innerJoin(users, eq(users.id, shifts.userId))
        .innerJoin(
          stores,
          and(eq(stores.organizationId, shifts.organizationId), eq(stores.id, shifts.storeId)),
        )
        .where(and(eq(shifts.organizationId, ctx.organizationId), eq(shifts.id, id)));
      return row ? toShift(row) : null;
    },

    async availableHoursOf(exec: Tx, ctx: Scope, userIds: number[]): Promise<AvailableRow[]> {
      if (userIds.length === 0) return [];
      const rows = await exec
        .select({
          id: availableHours.id,
          userId: availableHours.userId,
          dayOfWeek: availableHours.dayOfWeek,
          startTime: availableHours.startTime,
          endTime: availableHours.endTime,
        })
        .from(availableHours)
        .where(
          and(eq(availableHours.organizationId, ctx.organizationId), inArray(availableHours.userId, userIds)),
        )
        .orderBy(
          asc(availableHours.userId),
          asc(availableHours.dayOfWeek),
          asc(availableHours.startTime),
          asc(availableHours.id),
        );
      return rows.map((r) => ({ ...r, startTime: hm(r.startTime), endTime: hm(r.endTime) }));
    },

    async availableRow(exec: Tx, ctx: Scope, id: number) {
      const [row] = await exec
        .select({ id: availableHours.id, userId: availableHours.userId })
        .from(availableHours)
        .where(and(eq(availableHours.organizationId, ctx.organizationId), eq(availableHours.id, id)));
      return row ?? null;
    },

    /** Replaces a person's available hours (expects a transaction: a lock, a delete and an insert). */
    async replaceAvailableHours(
      tx: Tx,
      ctx: Scope,
      userId: number,
      slots: readonly { dayOfWeek: number; startTime: string; endTime: string }[],
    ): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`available-hours:${ctx.organizationId}:${userId}`}, 0))`,
      );
      await tx
        .delete(availableHours)
        .where(and(eq(availableHours.organizationId, ctx.organizationId), eq(availableHours.userId, userId)));
      if (slots.length)
        await tx
          .insert(availableHours)
          .values(slots.map((s) => ({ organizationId: ctx.organizationId, userId, ...s })));
    },

    async deleteAvailableRow(tx: Tx, ctx: Scope, id: number): Promise<void> {
      await tx
        .delete(availableHours)
        .where(and(eq(availableHours.organizationId, ctx.organizationId), eq(availableHours.id, id)));
    },

    /** A store of the organization: its zone, territory and whether it is active. */
    async store(exec: Tx, ctx: Scope, storeId: number) {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          timeZone: stores.timeZone,
          territoryId: stores.territoryId,
          isActive: stores.isActive,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, storeId)));
      return row ?? null;
    },

    /** Whether a person is active here and on the platform. */
    async isActiveMember(exec: Tx, ctx: Scope, userId: number): Promise<boolean> {
      const [row] = await exec
        .select({ active: sql<boolean>`(${memberships.isActive} and ${users.isPlatformActive})` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, ctx.organizationId), eq(memberships.userId, userId)));
      return Boolean(row?.active);
    },

    async weeklyHoursLimit(exec: Tx, ctx: Scope): Promise<number> {
      const [row] = await exec
        .select({ limit: organizations.weeklyHoursLimit })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return row?.limit ?? LABOR_SETTINGS.weeklyHoursLimit.default;
    },

    async insertShift(tx: Tx, ctx: Scope, v: ShiftValues): Promise<number> {
      const [row] = await tx
        .insert(shifts)
        .values({
          organizationId: ctx.organizationId,
          userId: v.userId,
          storeId: v.storeId,
          workDate: v.workDate,
          startTime: v.startTime,
          endTime: v.endTime,
          timeZone: v.timeZone,
          startsAt: v.startsAt,
          endsAt: v.endsAt,
          notes: v.notes,
          createdByUserId: v.byUserId,
          updatedByUserId: v.byUserId,
        })
        .returning({ id: shifts.id });
      return row.id;
    },

    async updateShift(tx: Tx, ctx: Scope, id: number, v: ShiftValues): Promise<void> {
      await tx
        .update(shifts)
        .set({
          userId: v.userId,
          storeId: v.storeId,
          workDate: v.workDate,
          startTime: v.startTime,
          endTime: v.endTime,
          timeZone: v.timeZone,
          startsAt: v.startsAt,
          endsAt: v.endsAt,
          notes: v.notes,
          updatedByUserId: v.byUserId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(shifts.organizationId, ctx.organizationId), eq(shifts.id, id)));
    },

    async deleteShift(tx: Tx, ctx: Scope, id: number): Promise<void> {
      await tx.delete(shifts).where(and(eq(shifts.organizationId, ctx.organizationId), eq(shifts.id, id)));
    },

    /** One writer of an organization's copies at a time (two clicks on "Copy last week" copy once). */
    async lockCopies(tx: Tx, ctx: Scope): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`shift-copies:${ctx.organizationId}`}, 0))`,
      );
    },

    /**
     * The shifts a copy reads: those from `from` to `to` of the people the caller reaches (narrowed by the filters),
     * with whether the person and the store are still active and the store's zone now.
     */
    async copySource(
      exec: Tx,
      ctx: TenantContext,
      f: {
        from: string;
        to: string;
        userIds?: number[];
        storeIds?: number[];
        territoryIds?: number[];
        text?: string | null;
      },
    ) {
      const c: (SQL | undefined)[] = [
        eq(shifts.organizationId, ctx.organizationId),
        gte(shifts.workDate, f.from),
        lte(shifts.workDate, f.to),
        peopleCondition(exec, ctx, shifts.userId),
      ];
      if (f.userIds?.length) c.push(inArray(shifts.userId, f.userIds));
      if (f.storeIds?.length) c.push(inArray(shifts.storeId, f.storeIds));
      if (f.territoryIds?.length) c.push(inArray(stores.territoryId, f.territoryIds));
      for (const word of searchWords(f.text?.toLowerCase())) {
        const p = likePattern(word, "prefix");
        c.push(
          or(
            sql`lower(${users.firstName}) like ${p}`,
            sql`lower(${users.lastName}) like ${p}`,
            sql`lower(${users.email}) like ${p}`,
          ),
        );
      }
      const rows = await exec
        .select({
          userId: shifts.userId,
          storeId: shifts.storeId,
          workDate: shifts.workDate,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
          notes: shifts.notes,
          storeTimeZone: stores.timeZone,
          active: sql<boolean>`(coalesce(${memberships.isActive}, false) and ${users.isPlatformActive} and ${stores.isActive})`,
        })
        .from(shifts)
        .innerJoin(users, eq(users.id, shifts.userId))
        .innerJoin(
          stores,
          and(eq(stores.organizationId, shifts.organizationId), eq(stores.id, shifts.storeId)),
        )
        .leftJoin(
          memberships,
          and(eq(memberships.organizationId, shifts.organizationId), eq(memberships.userId, shifts.userId)),
        )
        .where(and(...c))
        .orderBy(asc(shifts.startsAt), asc(shifts.id));
      return rows.map((r) => ({ ...r, startTime: hm(r.startTime), endTime: hm(r.endTime) }));
    },

    /** The (person, store, day, start, end) of every shift of these people from `from` to `to`. */
    async shiftKeys(exec: Tx, ctx: Scope, userIds: number[], from: string, to: string): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await exec
        .select({
          userId: shifts.userId,
          storeId: shifts.storeId,
          workDate: shifts.workDate,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
        })
        .from(shifts)
        .where(
          and(
            eq(shifts.organizationId, ctx.organizationId),
            inArray(shifts.userId, userIds),
            gte(shifts.workDate, from),
            lte(shifts.workDate, to),
          ),
        );
      return new Set(rows.map((r) => shiftKey({ ...r, startTime: hm(r.startTime), endTime: hm(r.endTime) })));
    },

    async insertShifts(
      tx: Tx,
      ctx: Scope,
      rows: {
        userId: number;
        storeId: number;
        workDate: string;
        startTime: string;
        endTime: string;
        timeZone: string;
        startsAt: Date;
        endsAt: Date;
        notes: string | null;
      }[],
      byUserId: number,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insert(shifts).values(
          rows.slice(i, i + 500).map((r) => ({
            organizationId: ctx.organizationId,
            ...r,
            createdByUserId: byUserId,
            updatedByUserId: byUserId,
          })),
        );
      }
    },
  };
}

/** What makes two shifts the same plan: the person, the store, the day and the times. */
export const shiftKey = (s: {
  userId: number;
  storeId: number;
  workDate: string;
  startTime: string;
  endTime: string;
}) => `${s.userId}|${s.storeId}|${s.workDate}|${s.startTime}|${s.endTime}`;

export type SchedulesRepository = ReturnType<typeof schedulesRepository>;
