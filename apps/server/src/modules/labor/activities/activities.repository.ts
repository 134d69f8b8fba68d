import { LEAD_GENERATOR_ROLE_IDS } from "@fieldlead/contracts";
import { and, asc, between, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import {
  activities,
  memberships,
  noActivityReasons,
  organizations,
  referenceItems,
  shifts,
  stores,
  timeLogs,
  users,
} from "../../../db/schema/index";
import { rowsOf } from "../../../platform/db";
import {
  likePattern,
  type OrderTerm,
  type PageWindow,
  searchWords,
  sortBy,
} from "../../../platform/query-kit";
import type { Tx } from "../../../platform/unit-of-work";
import { inTerritoriesCondition } from "../common/people";

type Org = { organizationId: number };

/** The caller's row scope on a person column (undefined: the whole organization). */
export type ScopeOn = (column: AnyPgColumn) => SQL | undefined;

/**
 * The people a list reaches: the caller's row scope (`scope`, built by the policy on the column it is given) and the
 * list's own filters on people.
 */
export type PeopleFilter = {
  scope: ScopeOn;
  userIds?: number[];
  territoryIds?: number[];
  text?: string | null;
};

export type ActivityFilters = PeopleFilter & {
  startDate: string;
  endDate: string;
  storeIds?: number[];
  activityTypeIds?: number[];
  reasonIds?: number[];
};

export type ActivitySort = { sortBy: string; direction: "asc" | "desc" };

const activityType = alias(referenceItems, "activity_type");
const activityReason = alias(referenceItems, "activity_reason");
const recorder = alias(users, "recorder");

const itemColumns = {
  id: activities.id,
  userId: activities.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  storeId: activities.storeId,
  storeName: stores.name,
  storeTimeZone: stores.timeZone,
  activityTypeId: activities.activityTypeId,
  activityTypeName: activityType.name,
  activityTypeCode: activityType.code,
  reasonId: activities.reasonId,
  reasonName: activityReason.name,
  workDate: activities.workDate,
  occurredAt: activities.occurredAt,
  count: activities.count,
  minutes: activities.minutes,
  notes: activities.notes,
  timeLogId: activities.timeLogId,
  recordedByUserId: activities.createdByUserId,
  recorderFirstName: recorder.firstName,
  recorderLastName: recorder.lastName,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

const selectItems = (exec: Tx) =>
  exec
    .select(itemColumns)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(
      stores,
      and(eq(stores.organizationId, activities.organizationId), eq(stores.id, activities.storeId)),
    )
    .leftJoin(
      activityType,
      and(eq(activityType.list, "userActivities"), eq(activityType.id, activities.activityTypeId)),
    )
    .leftJoin(
      activityReason,
      and(eq(activityReason.list, "userReasons"), eq(activityReason.id, activities.reasonId)),
    )
    .leftJoin(recorder, eq(recorder.id, activities.createdByUserId))
    .$dynamic();

export type ActivityRow = Awaited<ReturnType<ReturnType<typeof selectItems>["execute"]>>[number];

const occurred: OrderTerm = activities.occurredAt;
const ACTIVITY_SORTS: Record<string, OrderTerm[]> = {
  occurredAt: [occurred],
  workDate: [activities.workDate, occurred],
  userName: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, occurred],
  storeName: [{ by: sql`lower(${stores.name})`, nulls: "last" }, occurred],
  activityType: [sql`lower(${activityType.name})`, occurred],
  count: [activities.count, occurred],
  minutes: [{ by: activities.minutes, nulls: "low" }, occurred],
};

/** A person's name search: each word a prefix of the first name, the last name or the email. */
function textCondition(text: string | null | undefined) {
  const c: SQL[] = [];
  for (const word of searchWords(text?.toLowerCase())) {
    const p = likePattern(word, "prefix");
    c.push(
      or(
        sql`lower(${users.firstName}) like ${p}`,
        sql`lower(${users.lastName}) like ${p}`,
        sql`lower(${users.email}) like ${p}`,
      ) as SQL,
    );
  }
  return c;
}

export type NoActivityFilters = PeopleFilter & {
  startDate: string;
  endDate: string;
  /** The organization's today: later dates have not happened yet. */
  today: string;
  storeIds?: number[];
  reasonState: "all" | "missing" | "recorded";
  reasonIds?: number[];
};

export type NoActivityDbRow = {
  user_id: number;
  work_date: string;
  kind: "day" | "period";
  worked: boolean;
  scheduled: boolean;
  first_name: string;
  last_name: string;
  store_names: string;
  reason_id: number | null;
  reason_name: string | null;
  notes: string | null;
  reason_date: string | null;
  recorded_by_first: string | null;
  recorded_by_last: string | null;
  recorded_at: string | Date | null;
};

const NO_ACTIVITY_SORTS = {
  workDate: (d: SQL) => sql`l.work_date ${d}, lower(l.last_name) asc, lower(l.first_name) asc, l.user_id asc`,
  userName: (d: SQL) =>
    sql`lower(l.last_name) ${d}, lower(l.first_name) ${d}, l.user_id ${d}, l.work_date desc`,
  reasonName: (d: SQL) =>
    sql`lower(l.reason_name) ${d} nulls last, l.work_date desc, lower(l.last_name) asc, l.user_id asc`,
} as const;

/**
 * Activities and no-activity reasons (docs/decisions/0040-labor.md). Every method takes the executor first
 * (docs/decisions/0018); every query leads with the organization (the tables' indexes do).
 */
export function activitiesRepository() {
  const activityWhere = (exec: Tx, ctx: Org, f: ActivityFilters) => {
    const c: (SQL | undefined)[] = [
      eq(activities.organizationId, ctx.organizationId),
      between(activities.workDate, f.startDate, f.endDate),
      f.scope(activities.userId),
    ];
    if (f.userIds?.length) c.push(inArray(activities.userId, f.userIds));
    if (f.storeIds?.length) c.push(inArray(activities.storeId, f.storeIds));
    if (f.activityTypeIds?.length) c.push(inArray(activities.activityTypeId, f.activityTypeIds));
    if (f.reasonIds?.length) c.push(inArray(activities.reasonId, f.reasonIds));
    if (f.territoryIds?.length)
      c.push(inTerritoriesCondition(exec, ctx.organizationId, f.territoryIds, activities.userId));
    c.push(...textCondition(f.text));
    return and(...c);
  };

  return {
    /** A page of activities in the sort's order, and how many match. */
    async search(exec: Tx, ctx: Org, f: ActivityFilters, sort: ActivitySort, page: PageWindow) {
      const where = activityWhere(exec, ctx, f);
      const order = sortBy(
        ACTIVITY_SORTS,
        { key: sort.sortBy, direction: sort.direction },
        { key: "occurredAt", direction: "desc" },
        { tieBreak: [activities.id] },
      );
      const [rows, [total]] = await Promise.all([
        selectItems(exec)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        exec
          .select({ n: count() })
          .from(activities)
          .innerJoin(users, eq(users.id, activities.userId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Per type over the whole filter: entries, the count summed, the minutes summed. */
    async totals(exec: Tx, ctx: Org, f: ActivityFilters) {
      const rows = await exec
        .select({
          activityTypeId: activities.activityTypeId,
          entries: count(),
          count: sql<number>`coalesce(sum(${activities.count}), 0)::int`,
          minutes: sql<number>`coalesce(sum(${activities.minutes}), 0)::int`,
        })
        .from(activities)
        .innerJoin(users, eq(users.id, activities.userId))
        .where(activityWhere(exec, ctx, f))
        .groupBy(activities.activityTypeId);
      return new Map(rows.map((r) => [r.activityTypeId, r]));
    },

    /** The latest logged activities in the scope. */
    async recent(exec: Tx, ctx: Org, scope: ScopeOn, limit: number) {
      return selectItems(exec)
        .where(and(eq(activities.organizationId, ctx.organizationId), scope(activities.userId)))
        .orderBy(sql`${activities.occurredAt} desc`, sql`${activities.id} desc`)
        .limit(limit);
    },

    async item(exec: Tx, ctx: Org, id: number, scope?: ScopeOn): Promise<ActivityRow | null> {
      const [row] = await selectItems(exec).where(
        and(
          eq(activities.organizationId, ctx.organizationId),
          eq(activities.id, id),
          scope?.(activities.userId),
        ),
      );
      return row ?? null;
    },

    async insert(
      tx: Tx,
      ctx: Org,
      v: {
        userId: number;
        storeId: number | null;
        activityTypeId: number;
        reasonId: number | null;
        workDate: string;
        occurredAt: Date;
        count: number;
        minutes: number | null;
        notes: string | null;
        timeLogId: number | null;
        byUserId: number;
      },
    ): Promise<number> {
      const [row] = await tx
        .insert(activities)
        .values({
          organizationId: ctx.organizationId,
          userId: v.userId,
          storeId: v.storeId,
          activityTypeId: v.activityTypeId,
          reasonId: v.reasonId,
          workDate: v.workDate,
          occurredAt: v.occurredAt,
          count: v.count,
          minutes: v.minutes,
          notes: v.notes,
          timeLogId: v.timeLogId,
          createdByUserId: v.byUserId,
        })
        .returning({ id: activities.id });
      return row.id;
    },

    async update(
      tx: Tx,
      ctx: Org,
      id: number,
      v: {
        storeId: number | null;
        activityTypeId: number;
        reasonId: number | null;
        workDate: string;
        count: number;
        minutes: number | null;
        notes: string | null;
        timeLogId: number | null;
      },
    ) {
      await tx
        .update(activities)
        .set({ ...v, updatedAt: sql`now()` })
        .where(and(eq(activities.organizationId, ctx.organizationId), eq(activities.id, id)));
    },

    async remove(tx: Tx, ctx: Org, id: number) {
      await tx
        .delete(activities)
        .where(and(eq(activities.organizationId, ctx.organizationId), eq(activities.id, id)));
    },

    /** The person's open time log (at most one: `time_logs_one_open_key`). */
    async openTimeLog(exec: Tx, ctx: Org, userId: number) {
      const [row] = await exec
        .select({
          id: timeLogs.id,
          storeId: timeLogs.storeId,
          workDate: timeLogs.workDate,
          timeZone: timeLogs.timeZone,
        })
        .from(timeLogs)
        .where(
          and(
            eq(timeLogs.organizationId, ctx.organizationId),
            eq(timeLogs.userId, userId),
            eq(timeLogs.state, "open"),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The store of the person's first scheduled shift on a date. */
    async shiftStoreOn(exec: Tx, ctx: Org, userId: number, workDate: string): Promise<number | null> {
      const [row] = await exec
        .select({ storeId: shifts.storeId })
        .from(shifts)
        .where(
          and(
            eq(shifts.organizationId, ctx.organizationId),
            eq(shifts.workDate, workDate),
            eq(shifts.userId, userId),
          ),
        )
        .orderBy(asc(shifts.startsAt), asc(shifts.id))
        .limit(1);
      return row?.storeId ?? null;
    },

    async store(exec: Tx, ctx: Org, storeId: number) {
      const [row] = await exec
        .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone, isActive: stores.isActive })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, storeId)));
      return row ?? null;
    },

    async showApproaches(exec: Tx, ctx: Org): Promise<boolean> {
      const [row] = await exec
        .select({ show: organizations.showApproaches })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return row?.show ?? false;
    },

    /** A person's entries on a date, and the approaches counted in them. */
    async dayTotals(exec: Tx, ctx: Org, userId: number, workDate: string, approachesTypeId: number | null) {
      const [row] = await exec
        .select({
          entries: count(),
          approaches:
            approachesTypeId === null
              ? sql<number>`0`
              : sql<number>`coalesce(sum(${activities.count}) filter (where ${activities.activityTypeId} = ${approachesTypeId}), 0)::int`,
        })
        .from(activities)
        .where(
          and(
            eq(activities.organizationId, ctx.organizationId),
            eq(activities.userId, userId),
            eq(activities.workDate, workDate),
          ),
        );
      return { entries: Number(row?.entries ?? 0), approaches: Number(row?.approaches ?? 0) };
    },

    // -------------------------------------------------------------------------------------------------------
    // No activity
    // -------------------------------------------------------------------------------------------------------

    /**
     * Active lead generators in the scope with no activity on a day they worked (a time log) or were scheduled (a
     * shift), one row per person and date; and those with no activity and no such day in the whole period, one row
     * dated the period's first day. Each with the reason recorded for it (a period row: the first recorded in the
     * period). Dates after `today` have not happened and are left out.
     */
    async noActivity(exec: Tx, ctx: Org, f: NoActivityFilters, sort: ActivitySort, page: PageWindow) {
      const org = ctx.organizationId;
      const last = f.endDate < f.today ? f.endDate : f.today;
      const people = [
        eq(memberships.organizationId, org),
        inArray(memberships.roleId, [...LEAD_GENERATOR_ROLE_IDS]),
        eq(memberships.isActive, true),
        eq(users.isPlatformActive, true),
        f.scope(memberships.userId),
        f.userIds?.length ? inArray(memberships.userId, f.userIds) : undefined,
        f.territoryIds?.length
          ? inTerritoriesCondition(exec, org, f.territoryIds, memberships.userId)
          : undefined,
        ...textCondition(f.text),
      ];
      const logStores = f.storeIds?.length ? sql`and ${inArray(timeLogs.storeId, f.storeIds)}` : sql``;
      const shiftStores = f.storeIds?.length ? sql`and ${inArray(shifts.storeId, f.storeIds)}` : sql``;
      // A store filter asks about days at those stores: a person with no day anywhere is not "at" one.
      const periodRows = !f.storeIds?.length && f.startDate <= f.today;
      const reasonFilter: SQL[] = [];
      if (f.reasonState === "missing") reasonFilter.push(sql`nr.reason_id is null`);
      if (f.reasonState === "recorded") reasonFilter.push(sql`nr.reason_id is not null`);
      if (f.reasonIds?.length)
        reasonFilter.push(
          sql`nr.reason_id in (${sql.join(
            f.reasonIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );

      const listed = sql`
        with people as (
          select ${memberships.userId} as user_id, ${users.firstName} as first_name, ${users.lastName} as last_name
          from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
          where ${and(...people)}
        ),
        days as (
          select ${timeLogs.userId} as user_id, ${timeLogs.workDate} as work_date, true as worked,
            false as scheduled, ${timeLogs.storeId} as store_id
          from ${timeLogs}
          where ${timeLogs.organizationId} = ${org} and ${timeLogs.workDate} between ${f.startDate} and ${last}
            and ${timeLogs.userId} in (select user_id from people) ${logStores}
          union all
          select ${shifts.userId}, ${shifts.workDate}, false, true, ${shifts.storeId}
          from ${shifts}
          where ${shifts.organizationId} = ${org} and ${shifts.workDate} between ${f.startDate} and ${last}
            and ${shifts.userId} in (select user_id from people) ${shiftStores}
        ),
        day_rows as (
          select d.user_id, d.work_date, bool_or(d.worked) as worked, bool_or(d.scheduled) as scheduled,
            array_agg(distinct d.store_id) as store_ids
          from days d
          where not exists (
            select 1 from ${activities}
            where ${activities.organizationId} = ${org} and ${activities.userId} = d.user_id
              and ${activities.workDate} = d.work_date
          )
          group by d.user_id, d.work_date
        ),
        period_rows as (
          select p.user_id from people p
          where ${periodRows ? sql`true` : sql`false`}
            and not exists (
              select 1 from ${activities}
              where ${activities.organizationId} = ${org} and ${activities.userId} = p.user_id
                and ${activities.workDate} between ${f.startDate} and ${f.endDate}
            )
            and not exists (select 1 from days d where d.user_id = p.user_id)
        ),
        all_rows as (
          select user_id, work_date, worked, scheduled, store_ids, 'day' as kind from day_rows
          union all
          select user_id, ${f.startDate}::date, false, false, '{}'::int[], 'period' from period_rows
        ),
        listed as (
          select r.user_id, r.work_date, r.kind, r.worked, r.scheduled, r.store_ids, p.first_name, p.last_name,
            nr.reason_id, nr.notes, nr.work_date as reason_date, nr.recorded_by_user_id, nr.updated_at as recorded_at,
            ri.name as reason_name
          from all_rows r
          join people p on p.user_id = r.user_id
          left join lateral (
            select n.reason_id, n.notes, n.work_date, n.recorded_by_user_id, n.updated_at
            from ${noActivityReasons} n
            where n.organization_id = ${org} and n.user_id = r.user_id
              and (n.work_date = r.work_date
                or (r.kind = 'period' and n.work_date between ${f.startDate} and ${f.endDate}))
            order by (n.work_date = r.work_date) desc, n.work_date asc
            limit 1
          ) nr on true
          left join ${referenceItems} ri on ri.list = 'userReasons' and ri.id = nr.reason_id
          ${reasonFilter.length ? sql`where ${and(...reasonFilter)}` : sql``}
        )`;

      const key = (
        sort.sortBy in NO_ACTIVITY_SORTS ? sort.sortBy : "workDate"
      ) as keyof typeof NO_ACTIVITY_SORTS;
      const order = NO_ACTIVITY_SORTS[key](sql.raw(sort.direction === "asc" ? "asc" : "desc"));
      const [rows, [counts]] = await Promise.all([
        rowsOf<NoActivityDbRow>(
          exec,
          sql`${listed}
          select l.user_id, l.work_date::text as work_date, l.kind, l.worked, l.scheduled, l.first_name, l.last_name,
            coalesce((select json_agg(s.name order by s.name) from ${stores} s
              where s.organization_id = ${org} and s.id = any(l.store_ids)), '[]'::json)::text as store_names,
            l.reason_id, l.reason_name, l.notes, l.reason_date::text as reason_date,
            rb.first_name as recorded_by_first, rb.last_name as recorded_by_last, l.recorded_at
          from listed l
          left join ${users} rb on rb.id = l.recorded_by_user_id
          order by ${order}
          limit ${page.limit} offset ${page.offset}`,
        ),
        rowsOf<{ n: number; days: number; people: number; with_reason: number }>(
          exec,
          sql`${listed}
          select count(*)::int as n, (count(*) filter (where kind = 'day'))::int as days,
            (count(*) filter (where kind = 'period'))::int as people,
            (count(*) filter (where reason_id is not null))::int as with_reason
          from listed`,
        ),
      ]);
      const total = Number(counts?.n ?? 0);
      const withReason = Number(counts?.with_reason ?? 0);
      return {
        rows,
        total,
        counts: {
          days: Number(counts?.days ?? 0),
          people: Number(counts?.people ?? 0),
          withReason,
          withoutReason: total - withReason,
        },
      };
    },

    /** Records or changes the reasons of several people's dates (one statement; expects a transaction). */
    async upsertReasons(
      tx: Tx,
      ctx: Org,
      items: { userId: number; workDate: string; reasonId: number; notes: string | null }[],
      byUserId: number,
    ) {
      if (items.length === 0) return;
      await tx
        .insert(noActivityReasons)
        .values(
          items.map((i) => ({
            organizationId: ctx.organizationId,
            userId: i.userId,
            workDate: i.workDate,
            reasonId: i.reasonId,
            notes: i.notes,
            recordedByUserId: byUserId,
          })),
        )
        .onConflictDoUpdate({
          target: [noActivityReasons.organizationId, noActivityReasons.userId, noActivityReasons.workDate],
          set: {
            reasonId: sql`excluded.reason_id`,
            notes: sql`excluded.notes`,
            recordedByUserId: sql`excluded.recorded_by_user_id`,
            updatedAt: sql`now()`,
          },
        });
    },

    /** Clears the reasons of several people's dates; answers how many there were. */
    async clearReasons(tx: Tx, ctx: Org, items: { userId: number; workDate: string }[]): Promise<number> {
      if (items.length === 0) return 0;
      const removed = await tx
        .delete(noActivityReasons)
        .where(
          and(
            eq(noActivityReasons.organizationId, ctx.organizationId),
            or(
              ...items.map((i) =>
                and(eq(noActivityReasons.userId, i.userId), eq(noActivityReasons.workDate, i.workDate)),
              ),
            ),
          ),
        )
        .returning({ id: noActivityReasons.id });
      return removed.length;
    },

    /** Which of these people are members of the organization the scope reaches (the others answer 404). */
    async peopleInScope(exec: Tx, ctx: Org, userIds: number[], scope: ScopeOn): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await exec
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            inArray(memberships.userId, userIds),
            scope(memberships.userId),
          ),
        );
      return new Set(rows.map((r) => r.userId));
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof activitiesRepository>;
