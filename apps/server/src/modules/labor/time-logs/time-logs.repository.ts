import type { TimeLogState } from "@fieldlead/contracts";
import { and, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import {
  activities,
  hoursPostingUsers,
  leads,
  membershipStores,
  memberships,
  membershipTerritories,
  organizations,
  referenceItems,
  shifts,
  stores,
  timeLogHistory,
  timeLogs,
  users,
} from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { rowsOf, type Tx } from "../../../platform/db";
import { type HistoryEntry, type HistoryScope, historyOf } from "../../../platform/history";
import {
  likePattern,
  type OrderTerm,
  type PageWindow,
  searchWords,
  sortBy,
} from "../../../platform/query-kit";
import { inTerritoriesCondition, peopleCondition } from "../common/people";

/** Every action a time log's history knows (the audit trail shows them). */
export const TIME_LOG_HISTORY_ACTIONS = [
  "punchIn",
  "punchOut",
  "entry",
  "edit",
  "propose",
  "accept",
  "flag",
  "delete",
] as const;
export type TimeLogHistoryAction = (typeof TIME_LOG_HISTORY_ACTIONS)[number];

const history = historyOf(timeLogHistory, "timeLogId", { actions: TIME_LOG_HISTORY_ACTIONS });

/** A history entry and whose log it is (`subject_user_id`, kept after the log is deleted). */
export type TimeLogHistoryWrite = HistoryEntry<TimeLogHistoryAction> & { subjectUserId: number };

/** Who and where a list is about: the request's filters (the row scope is added from the context). */
export type PeopleFilters = {
  userIds?: number[] | null;
  territoryIds?: number[] | null;
  text?: string | null;
};

/**
 * The condition on a person column for the caller's scope and a list's people filters (people, their territories,
 * a name or email prefix), each an uncorrelated subquery PostgreSQL runs once. `undefined`: no condition.
 */
export function peopleFilter(exec: Tx, ctx: TenantContext, column: AnyPgColumn, f: PeopleFilters) {
  const parts: (SQL | undefined)[] = [peopleCondition(exec, ctx, column)];
  if (f.userIds?.length) parts.push(inArray(column, f.userIds));
  if (f.territoryIds?.length)
    parts.push(inTerritoriesCondition(exec, ctx.organizationId, f.territoryIds, column));
  const words = searchWords(f.text?.toLowerCase());
  if (words.length) {
    const matches = words.map((w) => {
      const p = likePattern(w, "prefix");
      return sql`(lower(${users.firstName}) like ${p} or lower(${users.lastName}) like ${p} or lower(${users.email}) like ${p})`;
    });
    parts.push(
      sql`${column} = any(array(select ${memberships.userId} from ${memberships} inner join ${users} on ${users.id} = ${memberships.userId} where ${memberships.organizationId} = ${ctx.organizationId} and ${and(...matches)}))`,
    );
  }
  return and(...parts);
}

const hoursTypes = alias(referenceItems, "hours_types");

/** The minutes of a log with both punches: real elapsed time. */
const minutesOf = sql<
  number | null
>`round(extract(epoch from (${timeLogs.punchOutAt} - ${timeLogs.punchInAt})) / 60)::int`;

/** A log's date is in a posted pay period for its person. */
const postedOf = sql<boolean>`exists (select 1 from ${hoursPostingUsers} where ${hoursPostingUsers.organizationId} = ${timeLogs.organizationId}
  and ${hoursPostingUsers.userId} = ${timeLogs.userId} and ${hoursPostingUsers.startDate} <= ${timeLogs.workDate}
  and ${hoursPostingUsers.endDate} >= ${timeLogs.workDate})`;

/** Leads the person captured during the shift (an open shift: until now). */
const leadCountOf = sql<number>`(select count(*)::int from ${leads} where ${leads.organizationId} = ${timeLogs.organizationId}
  and ${leads.capturedByUserId} = ${timeLogs.userId} and ${leads.deletedAt} is null
  and ${leads.capturedAt} >= ${timeLogs.punchInAt}
  and ${leads.capturedAt} <= coalesce(${timeLogs.punchOutAt}, case when ${timeLogs.state} = 'open' then now() end))`;

/** A log's store (same organization). */
const storeOfLog = and(eq(stores.organizationId, timeLogs.organizationId), eq(stores.id, timeLogs.storeId));

/** One log of an organization. */
const logById = (organizationId: number, id: number) =>
  and(eq(timeLogs.organizationId, organizationId), eq(timeLogs.id, id));

/** The logs of one person in one organization. */
const logsOf = (organizationId: number, userId: number) =>
  and(eq(timeLogs.organizationId, organizationId), eq(timeLogs.userId, userId));

const itemColumns = {
  id: timeLogs.id,
  organizationId: timeLogs.organizationId,
  userId: timeLogs.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  storeId: timeLogs.storeId,
  storeName: stores.name,
  timeZone: timeLogs.timeZone,
  workDate: timeLogs.workDate,
  hoursTypeId: timeLogs.hoursTypeId,
  hoursTypeName: hoursTypes.name,
  punchInAt: timeLogs.punchInAt,
  punchOutAt: timeLogs.punchOutAt,
  state: timeLogs.state,
  missing: timeLogs.missing,
  flaggedAt: timeLogs.flaggedAt,
  proposedInAt: timeLogs.proposedInAt,
  proposedOutAt: timeLogs.proposedOutAt,
  proposedReason: timeLogs.proposedReason,
  proposedAt: timeLogs.proposedAt,
  inDistanceMeters: timeLogs.inDistanceMeters,
  outDistanceMeters: timeLogs.outDistanceMeters,
  punchDistanceMeters: organizations.punchDistanceMeters,
  source: timeLogs.source,
  notes: timeLogs.notes,
  createdAt: timeLogs.createdAt,
  updatedAt: timeLogs.updatedAt,
  posted: postedOf,
  leadCount: leadCountOf,
};

const selectItems = (exec: Tx) =>
  exec
    .select(itemColumns)
    .from(timeLogs)
    .innerJoin(users, eq(users.id, timeLogs.userId))
    .innerJoin(stores, storeOfLog)
    .innerJoin(organizations, eq(organizations.id, timeLogs.organizationId))
    .leftJoin(hoursTypes, and(eq(hoursTypes.list, "userHoursTypes"), eq(hoursTypes.id, timeLogs.hoursTypeId)))
    .$dynamic();

export type TimeLogRow = Awaited<ReturnType<ReturnType<typeof selectItems>["execute"]>>[number];

/** A log as the writes read it (locked). */
export type LogRecord = typeof timeLogs.$inferSelect & { storeName: string };

/** Logs as the writes read them: the whole row and its store's name. */
const selectRecords = (exec: Tx) =>
  exec
    .select({ log: timeLogs, storeName: stores.name })
    .from(timeLogs)
    .innerJoin(stores, storeOfLog)
    .$dynamic();

const recordOf = (row: { log: typeof timeLogs.$inferSelect; storeName: string } | undefined) =>
  row ? { ...row.log, storeName: row.storeName } : null;

export type StoreRecord = {
  id: number;
  name: string;
  timeZone: string;
  latitude: string | null;
  longitude: string | null;
  isActive: boolean;
};

export type LogSortKey = "punchInAt" | "workDate" | "minutes" | "storeName";

const LOG_SORTS: Record<LogSortKey, OrderTerm | readonly OrderTerm[]> = {
  punchInAt: sql`coalesce(${timeLogs.punchInAt}, ${timeLogs.punchOutAt})`,
  workDate: [timeLogs.workDate, sql`coalesce(${timeLogs.punchInAt}, ${timeLogs.punchOutAt})`],
  minutes: { by: minutesOf, nulls: "last" },
  storeName: [sql`lower(${stores.name})`, sql`coalesce(${timeLogs.punchInAt}, ${timeLogs.punchOutAt})`],
};

export type MissingSortKey = "workDate" | "userName" | "storeName";

const MISSING_SORTS: Record<MissingSortKey, readonly OrderTerm[]> = {
  workDate: [timeLogs.workDate, sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  userName: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, timeLogs.workDate],
  storeName: [sql`lower(${stores.name})`, timeLogs.workDate],
};

/** The two states the missing-punch list is about, literal so the partial attention index applies. */
const needsPerson = sql`${timeLogs.state} in ('missing', 'proposed')`;

export type ShiftToday = {
  id: number;
  storeId: number;
  storeName: string;
  workDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
};

export type DueLog = {
  id: number;
  organizationId: number;
  organizationName: string;
  userId: number;
  email: string;
  firstName: string;
  storeName: string;
  timeZone: string;
  workDate: string;
  punchInAt: Date;
};

/** The person's membership in the organization (one at most), as a subquery. */
const membershipOf = (exec: Tx, organizationId: number, userId: number) =>
  sql`(${exec
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))})`;

/** The store ids a membership names, as a subquery. */
const membershipStoreIdsOf = (exec: Tx, organizationId: number, membership: SQL) =>
  exec
    .select({ id: membershipStores.storeId })
    .from(membershipStores)
    .where(
      and(eq(membershipStores.organizationId, organizationId), eq(membershipStores.membershipId, membership)),
    );

export type HistoryRow = {
  id: number;
  timeLogId: number;
  action: string;
  at: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  /** The names of the store and hours type ids `before` and `after` hold, read now (null: none, or not found). */
  names: { before: RecordNames; after: RecordNames };
};

export type RecordNames = { storeName: string | null; hoursTypeName: string | null };

/** An id a history record holds under `key` (a JSON number), else null: never a cast that fails. */
const idIn = (record: AnyPgColumn, key: "storeId" | "hoursTypeId") => {
  const k = sql.raw(`'${key}'`);
  return sql`case when jsonb_typeof(${record}->${k}) = 'number' and (${record}->>${k}) ~ '^[0-9]{1,9}$' then (${record}->>${k})::int end`;
};

/** The names of the store and hours type a history record (`before` or `after`) holds, as subqueries by key. */
const namesIn = (record: AnyPgColumn) => ({
  storeName: sql<
    string | null
  >`(select ${stores.name} from ${stores} where ${stores.organizationId} = ${timeLogHistory.organizationId} and ${stores.id} = ${idIn(record, "storeId")})`,
  hoursTypeName: sql<
    string | null
  >`(select ${referenceItems.name} from ${referenceItems} where ${referenceItems.list} = 'userHoursTypes' and ${referenceItems.id} = ${idIn(record, "hoursTypeId")})`,
});
const beforeNames = namesIn(timeLogHistory.before);
const afterNames = namesIn(timeLogHistory.after);

/**
 * Time logs' reads and writes (docs/decisions/0040-labor.md). Every method takes the executor first (docs/decisions
 * 0018) and every query leads with the organization.
 */
export function timeLogsRepository() {
  return {
    /** One log as the lists show it, or null (another organization's, or none). */
    async item(exec: Tx, organizationId: number, id: number): Promise<TimeLogRow | null> {
      const [row] = await selectItems(exec).where(logById(organizationId, id)).limit(1);
      return row ?? null;
    },

    /** One person's logs over a period, a page of them, and the count and minutes of closed ones. */
    async ofPerson(
      exec: Tx,
      ctx: TenantContext,
      f: {
        userId: number;
        startDate: string;
        endDate: string;
        storeIds?: number[] | null;
        states?: TimeLogState[] | null;
      },
      sort: { key: LogSortKey; direction: "asc" | "desc" },
      page: PageWindow,
    ): Promise<{ rows: TimeLogRow[]; total: number; totalMinutes: number }> {
      const where = and(
        logsOf(ctx.organizationId, f.userId),
        gte(timeLogs.workDate, f.startDate),
        lte(timeLogs.workDate, f.endDate),
        f.storeIds?.length ? inArray(timeLogs.storeId, f.storeIds) : undefined,
        f.states?.length ? inArray(timeLogs.state, f.states) : undefined,
      );
      const rows = await selectItems(exec)
        .where(where)
        .orderBy(
          ...sortBy(
            LOG_SORTS,
            { key: sort.key, direction: sort.direction },
            { key: "punchInAt", direction: "desc" },
            {
              tieBreak: [timeLogs.id],
            },
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const [totals] = await exec
        .select({
          n: sql<number>`count(*)::int`,
          minutes: sql<number>`coalesce(sum(case when ${timeLogs.state} = 'closed' then ${minutesOf} end), 0)::float8`,
        })
        .from(timeLogs)
        .where(where);
      return { rows, total: Number(totals?.n ?? 0), totalMinutes: Number(totals?.minutes ?? 0) };
    },

    /** Missing punches and proposals in scope over the filter: a page, and both counts. */
    async missing(
      exec: Tx,
      ctx: TenantContext,
      f: PeopleFilters & {
        startDate: string | null;
        endDate: string | null;
        storeIds?: number[] | null;
        states: ("missing" | "proposed")[];
      },
      sort: { key: MissingSortKey; direction: "asc" | "desc" },
      page: PageWindow,
    ): Promise<{ rows: TimeLogRow[]; counts: { missing: number; proposed: number } }> {
      const base = and(
        eq(timeLogs.organizationId, ctx.organizationId),
        needsPerson,
        f.startDate ? gte(timeLogs.workDate, f.startDate) : undefined,
        f.endDate ? lte(timeLogs.workDate, f.endDate) : undefined,
        f.storeIds?.length ? inArray(timeLogs.storeId, f.storeIds) : undefined,
        peopleFilter(exec, ctx, timeLogs.userId, f),
      );
      const [counts] = await exec
        .select({
          missing: sql<number>`count(*) filter (where ${timeLogs.state} = 'missing')::int`,
          proposed: sql<number>`count(*) filter (where ${timeLogs.state} = 'proposed')::int`,
        })
        .from(timeLogs)
        .where(base);
      const rows = await selectItems(exec)
        .where(and(base, inArray(timeLogs.state, f.states)))
        .orderBy(
          ...sortBy(MISSING_SORTS, sort, { key: "workDate", direction: "asc" }, { tieBreak: [timeLogs.id] }),
        )
        .limit(page.limit)
        .offset(page.offset);
      return {
        rows,
        counts: { missing: Number(counts?.missing ?? 0), proposed: Number(counts?.proposed ?? 0) },
      };
    },

    /** A person's logs in a state (the phone's missing punches), newest first. */
    async ofPersonInStates(
      exec: Tx,
      organizationId: number,
      userId: number,
      states: TimeLogState[],
      limit: number,
    ): Promise<TimeLogRow[]> {
      return selectItems(exec)
        .where(and(logsOf(organizationId, userId), inArray(timeLogs.state, states)))
        .orderBy(sql`${timeLogs.workDate} desc`, sql`${timeLogs.id} desc`)
        .limit(limit);
    },

    /** Minutes of a person's closed logs between two dates, and of those on one date. */
    async minutesOf(
      exec: Tx,
      organizationId: number,
      userId: number,
      startDate: string,
      endDate: string,
      day: string,
    ): Promise<{ period: number; day: number }> {
      const [r] = await exec
        .select({
          period: sql<number>`coalesce(sum(${minutesOf}), 0)::float8`,
          day: sql<number>`coalesce(sum(${minutesOf}) filter (where ${timeLogs.workDate} = ${day}), 0)::float8`,
        })
        .from(timeLogs)
        .where(
          and(
            logsOf(organizationId, userId),
            gte(timeLogs.workDate, startDate),
            lte(timeLogs.workDate, endDate),
            eq(timeLogs.state, "closed"),
          ),
        );
      return { period: Number(r?.period ?? 0), day: Number(r?.day ?? 0) };
    },

    /** A log for a write, locked until the transaction ends, with its store's name. */
    async lock(tx: Tx, organizationId: number, id: number): Promise<LogRecord | null> {
      const [row] = await selectRecords(tx)
        .where(logById(organizationId, id))
        .for("update", { of: timeLogs });
      return recordOf(row);
    },

    /** The person's open log, if they are punched in: locked for a write, or read as is (`lock: false`). */
    async lockOpen(
      tx: Tx,
      organizationId: number,
      userId: number,
      opts: { lock?: boolean } = {},
    ): Promise<LogRecord | null> {
      const query = selectRecords(tx).where(and(logsOf(organizationId, userId), eq(timeLogs.state, "open")));
      const [row] = await (opts.lock === false ? query : query.for("update", { of: timeLogs }));
      return recordOf(row);
    },

    /** The open log's id, if any (the phone's day). */
    async openId(exec: Tx, organizationId: number, userId: number): Promise<number | null> {
      const [row] = await exec
        .select({ id: timeLogs.id })
        .from(timeLogs)
        .where(and(logsOf(organizationId, userId), eq(timeLogs.state, "open")))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Another log of the person whose time overlaps `start`..`end` (`end` null: still open). A log missing a punch
     * counts as the moment it has; an open log runs until now and beyond.
     */
    async overlapping(
      tx: Tx,
      organizationId: number,
      userId: number,
      exceptId: number | null,
      start: Date,
      end: Date | null,
      nearDate: string,
    ): Promise<LogRecord | null> {
      const from = timeLogs.punchInAt;
      const to = timeLogs.punchOutAt;
      const [row] = await selectRecords(tx)
        .where(
          and(
            logsOf(organizationId, userId),
            exceptId === null ? undefined : ne(timeLogs.id, exceptId),
            sql`${timeLogs.workDate} between (${nearDate}::date - 2) and (${nearDate}::date + 2)`,
            sql`coalesce(${from}, ${to}) < ${end ? end.toISOString() : "infinity"}::timestamptz`,
            sql`coalesce(${to}, case when ${timeLogs.state} = 'open' then 'infinity'::timestamptz else ${from} end) > ${start.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(sql`coalesce(${from}, ${to})`)
        .limit(1);
      return recordOf(row);
    },

    async insert(tx: Tx, values: typeof timeLogs.$inferInsert): Promise<number> {
      const [row] = await tx.insert(timeLogs).values(values).returning({ id: timeLogs.id });
      return row.id;
    },

    async update(
      tx: Tx,
      organizationId: number,
      id: number,
      values: Partial<typeof timeLogs.$inferInsert>,
    ): Promise<void> {
      await tx
        .update(timeLogs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(logById(organizationId, id));
    },

    /** Deletes a log; activities that named it keep their record, without the shift. */
    async remove(tx: Tx, organizationId: number, id: number): Promise<void> {
      await tx
        .update(activities)
        .set({ timeLogId: null })
        .where(and(eq(activities.organizationId, organizationId), eq(activities.timeLogId, id)));
      await tx.delete(timeLogs).where(logById(organizationId, id));
    },

    /** History rows in the caller's transaction, each with its log's person. */
    async writeHistory(tx: Tx, scope: HistoryScope, entries: readonly TimeLogHistoryWrite[]): Promise<void> {
      if (entries.length === 0) return;
      await history.write(
        tx,
        scope,
        entries.map(({ subjectUserId: _s, ...e }) => e),
      );
      // historyOf writes the standard columns; the person of each log is this table's own.
      const bySubject = new Map<number, number[]>();
      for (const e of entries)
        bySubject.set(e.subjectUserId, [...(bySubject.get(e.subjectUserId) ?? []), e.entityId]);
      for (const [subject, ids] of bySubject) {
        await tx
          .update(timeLogHistory)
          .set({ subjectUserId: subject })
          .where(
            and(
              eq(timeLogHistory.organizationId, scope.organizationId),
              inArray(timeLogHistory.timeLogId, ids),
              isNull(timeLogHistory.subjectUserId),
            ),
          );
      }
    },

    /**
     * A log's audit trail (also of a deleted log), oldest first, with the names of who and, read in the same query,
     * of the stores and hours types its records name by id (older records hold the id only).
     */
    async historyOf(exec: Tx, organizationId: number, userId: number, logId: number): Promise<HistoryRow[]> {
      const rows = await exec
        .select({
          id: timeLogHistory.id,
          timeLogId: timeLogHistory.timeLogId,
          action: timeLogHistory.action,
          at: timeLogHistory.at,
          userId: timeLogHistory.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          before: timeLogHistory.before,
          after: timeLogHistory.after,
          reason: timeLogHistory.reason,
          beforeStoreName: beforeNames.storeName,
          beforeHoursTypeName: beforeNames.hoursTypeName,
          afterStoreName: afterNames.storeName,
          afterHoursTypeName: afterNames.hoursTypeName,
        })
        .from(timeLogHistory)
        .leftJoin(users, eq(users.id, timeLogHistory.userId))
        .where(
          and(
            eq(timeLogHistory.organizationId, organizationId),
            eq(timeLogHistory.timeLogId, logId),
            eq(timeLogHistory.subjectUserId, userId),
          ),
        )
        .orderBy(timeLogHistory.at, timeLogHistory.id);
      return rows.map(
        ({ beforeStoreName, beforeHoursTypeName, afterStoreName, afterHoursTypeName, ...r }) => ({
          ...r,
          names: {
            before: { storeName: beforeStoreName, hoursTypeName: beforeHoursTypeName },
            after: { storeName: afterStoreName, hoursTypeName: afterHoursTypeName },
          },
        }),
      );
    },

    /** A store of the organization, or null. */
    async store(exec: Tx, organizationId: number, id: number): Promise<StoreRecord | null> {
      const [row] = await exec
        .select({
          id: stores.id,
          name: stores.name,
          timeZone: stores.timeZone,
          latitude: stores.latitude,
          longitude: stores.longitude,
          isActive: stores.isActive,
        })
        .from(stores)
        .where(and(eq(stores.organizationId, organizationId), eq(stores.id, id)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The stores a person may punch into: the membership's stores; without any, its territories' stores; without
     * territories, every active store of the organization (at most `limit`, by name).
     */
    async punchStores(
      exec: Tx,
      organizationId: number,
      userId: number,
      limit: number,
    ): Promise<{ id: number; name: string; timeZone: string }[]> {
      const membership = membershipOf(exec, organizationId, userId);
      const list = (where?: SQL) =>
        exec
          .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone })
          .from(stores)
          .where(and(eq(stores.organizationId, organizationId), eq(stores.isActive, true), where))
          .orderBy(sql`lower(${stores.name})`, stores.id)
          .limit(limit);
      const own = await list(inArray(stores.id, membershipStoreIdsOf(exec, organizationId, membership)));
      if (own.length) return own;
      const territoryIds = exec
        .select({ id: membershipTerritories.territoryId })
        .from(membershipTerritories)
        .where(
          and(
            eq(membershipTerritories.organizationId, organizationId),
            eq(membershipTerritories.membershipId, membership),
          ),
        );
      const inTerritories = await list(inArray(stores.territoryId, territoryIds));
      if (inTerritories.length) return inTerritories;
      return list();
    },

    /** The membership's own active stores (at most two: the punch default needs to know whether there is one). */
    async membershipStoreIds(exec: Tx, organizationId: number, userId: number): Promise<number[]> {
      const membership = membershipOf(exec, organizationId, userId);
      const rows = await exec
        .select({ id: stores.id })
        .from(stores)
        .where(
          and(
            eq(stores.organizationId, organizationId),
            eq(stores.isActive, true),
            inArray(stores.id, membershipStoreIdsOf(exec, organizationId, membership)),
          ),
        )
        .limit(2);
      return rows.map((r) => r.id);
    },

    /** The person's planned shifts with a work date in `from`..`to` (the caller keeps those of the store's today). */
    async shiftsAround(
      exec: Tx,
      organizationId: number,
      userId: number,
      from: string,
      to: string,
    ): Promise<ShiftToday[]> {
      return exec
        .select({
          id: shifts.id,
          storeId: shifts.storeId,
          storeName: stores.name,
          workDate: shifts.workDate,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
          timeZone: shifts.timeZone,
          startsAt: shifts.startsAt,
          endsAt: shifts.endsAt,
        })
        .from(shifts)
        .innerJoin(
          stores,
          and(eq(stores.organizationId, shifts.organizationId), eq(stores.id, shifts.storeId)),
        )
        .where(
          and(
            eq(shifts.organizationId, organizationId),
            eq(shifts.userId, userId),
            gte(shifts.workDate, from),
            lte(shifts.workDate, to),
          ),
        )
        .orderBy(shifts.startsAt, shifts.id);
    },

    /** The organization's labor settings. */
    async settings(
      exec: Tx,
      organizationId: number,
    ): Promise<{ name: string; maxShiftHours: number; punchDistanceMeters: number }> {
      const [row] = await exec
        .select({
          name: organizations.name,
          maxShiftHours: organizations.maxShiftHours,
          punchDistanceMeters: organizations.punchDistanceMeters,
        })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row;
    },

    /** Whether an hours type is on the `userHoursTypes` list. */
    async hoursTypeExists(exec: Tx, id: number): Promise<boolean> {
      const [row] = await exec
        .select({ id: referenceItems.id })
        .from(referenceItems)
        .where(and(eq(referenceItems.list, "userHoursTypes"), eq(referenceItems.id, id)))
        .limit(1);
      return Boolean(row);
    },

    /**
     * Open logs that are due to be flagged at `now` (the store's day is over, or the longest shift has passed),
     * locked for the sweep (`skip locked`: two sweeps share the work), at most `limit`.
     */
    async dueOpen(tx: Tx, now: Date, limit: number): Promise<DueLog[]> {
      const at = now.toISOString();
      const rows = await rowsOf<{
        id: number | string;
        organization_id: number;
        organization_name: string;
        user_id: number;
        email: string;
        first_name: string;
        store_name: string;
        time_zone: string;
        work_date: string;
        punch_in_ms: number | string;
      }>(
        tx,
        sql`select l.id, l.organization_id, o.name as organization_name, l.user_id, u.email, u.first_name,
              s.name as store_name, l.time_zone, l.work_date::text as work_date,
              (extract(epoch from l.punch_in_at) * 1000)::float8 as punch_in_ms
            from time_logs l
            join organizations o on o.id = l.organization_id
            join users u on u.id = l.user_id
            join stores s on s.organization_id = l.organization_id and s.id = l.store_id
            where l.state = 'open' and l.punch_in_at is not null and (
              l.punch_in_at + make_interval(hours => o.max_shift_hours::int) <= ${at}::timestamptz
              or ((l.work_date + 1)::timestamp + time '04:00') at time zone l.time_zone <= ${at}::timestamptz)
            order by l.id
            limit ${limit}
            for update of l skip locked`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        organizationId: r.organization_id,
        organizationName: r.organization_name,
        userId: r.user_id,
        email: r.email,
        firstName: r.first_name,
        storeName: r.store_name,
        timeZone: r.time_zone,
        workDate: r.work_date,
        punchInAt: new Date(Number(r.punch_in_ms)),
      }));
    },

    /** Marks open logs missing their punch out (the sweep, or a punch that found one overdue). */
    async flag(tx: Tx, ids: number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await tx
        .update(timeLogs)
        .set({ state: "missing", missing: "punchOut", flaggedAt: now, updatedAt: sql`now()` })
        .where(and(inArray(timeLogs.id, ids), eq(timeLogs.state, "open")));
    },
  };
}

export type TimeLogsRepository = ReturnType<typeof timeLogsRepository>;
