import type { HoursGroupBy, HoursSortKey, HoursSource } from "@fieldlead/contracts";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  hoursEntries,
  hoursPostings,
  hoursPostingUsers,
  memberships,
  organizations,
  referenceItems,
  stores,
  timeLogs,
  users,
} from "../../../db/schema/index";
import type { TenantContext } from "../../../platform/context";
import { rowsOf } from "../../../platform/db";
import { likePattern, type PageWindow, searchWords, sortBy } from "../../../platform/query-kit";
import type { Tx } from "../../../platform/unit-of-work";
import { inTerritoriesCondition, type LaborPeriod, peopleCondition } from "../common/people";
import { lockPostings } from "../common/posted";

/**
 * Hours (docs/decisions/0040-labor.md). A person's hours in a period are LINES:
 * - stored rows of `hours_entries`: manual entries, and hours from time logs written down by a posting;
 * - live lines from `time_logs`: the real minutes (instants) of CLOSED logs per person, store-local date, hours type
 *   (the log's, else the person's default) and store, for dates NOT in a posted period of that person.
 * A posted period's live lines are exactly what its posting wrote down, so a date is counted once either way.
 * Every method takes the executor first (docs/decisions/0018).
 */

type Ctx = TenantContext;

/** What narrows the lines: the caller's scope always, then the list's filters. */
export type HoursFilters = {
  period: LaborPeriod;
  userIds?: number[];
  storeIds?: number[];
  territoryIds?: number[];
  hoursTypeIds?: number[];
  text?: string | null;
  sources?: HoursSource[];
  posted?: boolean | null;
};

export type HoursLineRow = {
  key: string;
  entryId: number | null;
  userId: number;
  firstName: string;
  lastName: string;
  workDate: string | null;
  hoursTypeId: number | null;
  hoursTypeName: string | null;
  storeId: number | null;
  storeName: string | null;
  minutes: number;
  timeLogMinutes: number;
  manualMinutes: number;
  source: HoursSource | null;
  logCount: number;
  lineCount: number;
  notes: string | null;
  postingId: number | null;
  posted: boolean;
  postedMinutes: number;
};

export type HoursTotalsRow = {
  minutes: number;
  timeLogMinutes: number;
  manualMinutes: number;
  postedMinutes: number;
  people: number;
};

export type PostingRow = {
  id: number;
  startDate: string;
  endDate: string;
  postedAt: Date;
  postedByUserId: number | null;
  postedByFirstName: string | null;
  postedByLastName: string | null;
  note: string | null;
  peopleCount: number;
  totalMinutes: number;
};

export type PayrollLine = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  workDate: string;
  hoursTypeId: number | null;
  hoursTypeName: string | null;
  minutes: number;
  timeLogMinutes: number;
  manualMinutes: number;
  postingId: number;
};

export type PersonRef = { userId: number; firstName: string; lastName: string };

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const nn = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The real minutes of closed logs (instants, so a shift across a daylight-saving change counts what it lasted). */
const LOG_MINUTES = sql`round(sum(extract(epoch from (${timeLogs.punchOutAt} - ${timeLogs.punchInAt}))) / 60)::int`;
/** A log's hours type: its own, else the person's default (their membership's). */
const LOG_TYPE = sql`coalesce(${timeLogs.hoursTypeId}, ${memberships.hoursTypeId})`;
const CLOSED = sql`${timeLogs.state} = 'closed' and ${timeLogs.punchInAt} is not null and ${timeLogs.punchOutAt} is not null`;
/** The log's date is inside a posted period of its person. */
const LOG_POSTED = sql`exists (select 1 from ${hoursPostingUsers} where ${hoursPostingUsers.organizationId} = ${timeLogs.organizationId}
  and ${hoursPostingUsers.userId} = ${timeLogs.userId} and ${timeLogs.workDate} between ${hoursPostingUsers.startDate} and ${hoursPostingUsers.endDate})`;
const MEMBERSHIP_OF_LOG = sql`left join ${memberships} on ${memberships.organizationId} = ${timeLogs.organizationId} and ${memberships.userId} = ${timeLogs.userId}`;

const ids = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A person's name or email, prefix of each word (the `u` alias of users). */
function textCondition(text: string | null | undefined): SQL | undefined {
  const words = searchWords(text?.toLowerCase());
  if (!words.length) return undefined;
  return and(
    ...words.map((w) => {
      const p = likePattern(w, "prefix");
      return sql`(lower(u.first_name) like ${p} or lower(u.last_name) like ${p} or lower(u.email) like ${p})`;
    }),
  );
}

const where = (conditions: (SQL | undefined)[]) => {
  const kept = conditions.filter((c): c is SQL => c !== undefined);
  return kept.length ? sql`where ${sql.join(kept, sql` and `)}` : sql``;
};

export function hoursRepository() {
  /** The conditions every part of the lines shares, on a table's person, date and store columns. */
  function partConditions(
    exec: Tx,
    ctx: Ctx,
    f: Pick<HoursFilters, "period" | "userIds" | "storeIds" | "territoryIds">,
    cols: { org: AnyPgColumn; user: AnyPgColumn; date: SQL; store: SQL },
  ): (SQL | undefined)[] {
    return [
      sql`${cols.org} = ${ctx.organizationId}`,
      sql`${cols.date} between ${f.period.startDate} and ${f.period.endDate}`,
      peopleCondition(exec, ctx, cols.user),
      f.userIds?.length ? sql`${cols.user} in (${ids(f.userIds)})` : undefined,
      f.storeIds?.length ? sql`${cols.store} in (${ids(f.storeIds)})` : undefined,
      f.territoryIds?.length
        ? inTerritoriesCondition(exec, ctx.organizationId, f.territoryIds, cols.user)
        : undefined,
    ];
  }

  /** `with lines as (...), f as (...)`: every line of the filter, with the person's and names' columns. */
  function linesCte(exec: Tx, ctx: Ctx, f: HoursFilters): SQL {
    const stored = partConditions(exec, ctx, f, {
      org: hoursEntries.organizationId,
      user: hoursEntries.userId,
      date: sql`${hoursEntries.workDate}`,
      store: sql`${hoursEntries.storeId}`,
    });
    const live = partConditions(exec, ctx, f, {
      org: timeLogs.organizationId,
      user: timeLogs.userId,
      date: sql`${timeLogs.workDate}`,
      store: sql`${timeLogs.storeId}`,
    });
    // Live lines are never posted (a posted date's hours are stored rows), and are all from time logs.
    const wantsLive = f.posted !== true && (!f.sources?.length || f.sources.includes("timeLogs"));
    const storedPart = sql`select ${hoursEntries.id}::bigint as entry_id, ${hoursEntries.userId} as user_id,
          ${hoursEntries.workDate} as work_date, ${hoursEntries.hoursTypeId} as hours_type_id,
          ${hoursEntries.storeId} as store_id, ${hoursEntries.minutes} as minutes, ${hoursEntries.source} as source,
          ${hoursEntries.notes} as notes, ${hoursEntries.postingId} as posting_id, 0 as log_count
        from ${hoursEntries} ${where(stored)}`;
    const livePart = wantsLive
      ? sql`select null::bigint as entry_id, ${timeLogs.userId} as user_id, ${timeLogs.workDate} as work_date,
          ${LOG_TYPE} as hours_type_id, ${timeLogs.storeId} as store_id, ${LOG_MINUTES} as minutes,
          'timeLogs'::text as source, null::text as notes, null::int as posting_id, count(*)::int as log_count
        from ${timeLogs} ${MEMBERSHIP_OF_LOG}
        ${where([...live, CLOSED, sql`not ${LOG_POSTED}`])}
        group by ${timeLogs.userId}, ${timeLogs.workDate}, ${LOG_TYPE}, ${timeLogs.storeId}`
      : null;
    const parts = livePart ? [storedPart, livePart] : [storedPart];
    const outer = where([
      f.hoursTypeIds?.length ? sql`l.hours_type_id in (${ids(f.hoursTypeIds)})` : undefined,
      f.sources?.length
        ? sql`l.source in (${sql.join(
            f.sources.map((x) => sql`${x}`),
            sql`, `,
          )})`
        : undefined,
      f.posted === true ? sql`l.posting_id is not null` : undefined,
      f.posted === false ? sql`l.posting_id is null` : undefined,
      textCondition(f.text),
    ]);
    return sql`with lines as (${sql.join(parts, sql` union all `)}),
      f as (
        select l.*, u.first_name, u.last_name, rt.name as type_name, st.name as store_name
        from lines l
        join ${users} u on u.id = l.user_id
        left join ${referenceItems} rt on rt.list = 'userHoursTypes' and rt.id = l.hours_type_id
        left join ${stores} st on st.organization_id = ${ctx.organizationId} and st.id = l.store_id
        ${outer}
      )`;
  }

  /** The rows of a grouping, over `f`. */
  function groupedSql(groupBy: HoursGroupBy): SQL {
    const sums = sql`sum(minutes)::int as minutes,
      sum(case when source = 'timeLogs' then minutes else 0 end)::int as time_log_minutes,
      sum(case when source = 'manual' then minutes else 0 end)::int as manual_minutes,
      sum(log_count)::int as log_count, count(*)::int as line_count,
      sum(case when posting_id is not null then minutes else 0 end)::int as posted_minutes,
      bool_and(posting_id is not null) as posted`;
    if (groupBy === "day")
      return sql`select user_id::text || ':' || to_char(work_date, 'YYYY-MM-DD') as key, null::bigint as entry_id,
          user_id, first_name, last_name, to_char(work_date, 'YYYY-MM-DD') as work_date, work_date as sort_date,
          null::int as hours_type_id, null::text as type_name, null::int as store_id, null::text as store_name,
          null::text as source, null::text as notes, null::int as posting_id, ${sums}
        from f group by user_id, first_name, last_name, work_date`;
    if (groupBy === "person")
      return sql`select user_id::text as key, null::bigint as entry_id, user_id, first_name, last_name,
          null::text as work_date, null::date as sort_date, null::int as hours_type_id, null::text as type_name,
          null::int as store_id, null::text as store_name, null::text as source, null::text as notes,
          null::int as posting_id, ${sums}
        from f group by user_id, first_name, last_name`;
    return sql`select case when entry_id is null
          then 't' || user_id::text || ':' || to_char(work_date, 'YYYY-MM-DD') || ':' || coalesce(hours_type_id, 0)::text || ':' || coalesce(store_id, 0)::text
          else 'e' || entry_id::text end as key,
        entry_id, user_id, first_name, last_name, to_char(work_date, 'YYYY-MM-DD') as work_date, work_date as sort_date,
        hours_type_id, type_name, store_id, store_name, source, notes, posting_id, minutes,
        case when source = 'timeLogs' then minutes else 0 end as time_log_minutes,
        case when source = 'manual' then minutes else 0 end as manual_minutes,
        log_count, 1 as line_count,
        case when posting_id is not null then minutes else 0 end as posted_minutes,
        (posting_id is not null) as posted
      from f`;
  }

  const SORTS: Record<HoursSortKey, SQL[]> = {
    userName: [sql`lower(g.last_name)`, sql`lower(g.first_name)`, sql`g.user_id`],
    workDate: [sql`g.sort_date`],
    minutes: [sql`g.minutes`],
    hoursType: [sql`lower(g.type_name)`],
    storeName: [sql`lower(g.store_name)`],
  };
  const TIE_BREAK: SQL[] = [
    sql`lower(g.last_name)`,
    sql`lower(g.first_name)`,
    sql`g.user_id`,
    sql`g.sort_date`,
    sql`lower(g.type_name)`,
    sql`lower(g.store_name)`,
    sql`g.key`,
  ];

  const lineOf = (r: Record<string, unknown>): HoursLineRow => ({
    key: String(r.key),
    entryId: nn(r.entry_id),
    userId: n(r.user_id),
    firstName: String(r.first_name ?? ""),
    lastName: String(r.last_name ?? ""),
    workDate: s(r.work_date),
    hoursTypeId: nn(r.hours_type_id),
    hoursTypeName: s(r.type_name),
    storeId: nn(r.store_id),
    storeName: s(r.store_name),
    minutes: n(r.minutes),
    timeLogMinutes: n(r.time_log_minutes),
    manualMinutes: n(r.manual_minutes),
    source: s(r.source) as HoursSource | null,
    logCount: n(r.log_count),
    lineCount: n(r.line_count),
    notes: s(r.notes),
    postingId: nn(r.posting_id),
    posted: r.posted === true || r.posted === "t",
    postedMinutes: n(r.posted_minutes),
  });

  return {
    /** A page of lines (or groups) in the sort's order, how many there are, and the totals of the whole filter. */
    async search(
      exec: Tx,
      ctx: Ctx,
      f: HoursFilters,
      opts: { groupBy: HoursGroupBy; sortBy: HoursSortKey; direction: "asc" | "desc"; page: PageWindow },
    ) {
      const cte = linesCte(exec, ctx, f);
      const grouped = groupedSql(opts.groupBy);
      const order = sortBy(
        SORTS,
        { key: opts.sortBy, direction: opts.direction },
        { key: "userName", direction: "asc" },
        { tieBreak: TIE_BREAK },
      );
      const [rows, [count], [totals]] = await Promise.all([
        rowsOf<Record<string, unknown>>(
          exec,
          sql`${cte} select g.* from (${grouped}) g order by ${sql.join(order, sql`, `)}
            limit ${opts.page.limit} offset ${opts.page.offset}`,
        ),
        rowsOf<{ n: unknown }>(exec, sql`${cte} select count(*)::int as n from (${grouped}) g`),
        rowsOf<Record<string, unknown>>(
          exec,
          sql`${cte} select coalesce(sum(minutes), 0)::int as minutes,
            coalesce(sum(case when source = 'timeLogs' then minutes else 0 end), 0)::int as time_log_minutes,
            coalesce(sum(case when source = 'manual' then minutes else 0 end), 0)::int as manual_minutes,
            coalesce(sum(case when posting_id is not null then minutes else 0 end), 0)::int as posted_minutes,
            count(distinct user_id)::int as people
            from f`,
        ),
      ]);
      return {
        rows: rows.map(lineOf),
        total: n(count?.n),
        totals: {
          minutes: n(totals?.minutes),
          timeLogMinutes: n(totals?.time_log_minutes),
          manualMinutes: n(totals?.manual_minutes),
          postedMinutes: n(totals?.posted_minutes),
          people: n(totals?.people),
        } satisfies HoursTotalsRow,
      };
    },

    /**
     * Time logs of the filter that count no hours (open, missing a punch, a proposal waiting), outside posted
     * periods: how many, and of how many people.
     */
    async attention(exec: Tx, ctx: Ctx, f: HoursFilters): Promise<{ logs: number; people: number }> {
      const conditions = partConditions(exec, ctx, f, {
        org: timeLogs.organizationId,
        user: timeLogs.userId,
        date: sql`${timeLogs.workDate}`,
        store: sql`${timeLogs.storeId}`,
      });
      const [row] = await rowsOf<Record<string, unknown>>(
        exec,
        sql`select count(*)::int as logs, count(distinct ${timeLogs.userId})::int as people
          from ${timeLogs} join ${users} u on u.id = ${timeLogs.userId}
          ${where([...conditions, sql`${timeLogs.state} <> 'closed'`, sql`not ${LOG_POSTED}`, textCondition(f.text)])}`,
      );
      return { logs: n(row?.logs), people: n(row?.people) };
    },

    /** One line of a stored entry, as the search shows it. */
    async entryLine(exec: Tx, ctx: Ctx, id: number): Promise<HoursLineRow | null> {
      const [row] = await rowsOf<Record<string, unknown>>(
        exec,
        sql`select 'e' || e.id::text as key, e.id as entry_id, e.user_id, u.first_name, u.last_name,
            to_char(e.work_date, 'YYYY-MM-DD') as work_date, e.hours_type_id, rt.name as type_name, e.store_id,
            st.name as store_name, e.minutes, case when e.source = 'timeLogs' then e.minutes else 0 end as time_log_minutes,
            case when e.source = 'manual' then e.minutes else 0 end as manual_minutes, e.source, 0 as log_count,
            1 as line_count, e.notes, e.posting_id, (e.posting_id is not null) as posted,
            case when e.posting_id is not null then e.minutes else 0 end as posted_minutes
          from ${hoursEntries} e join ${users} u on u.id = e.user_id
          left join ${referenceItems} rt on rt.list = 'userHoursTypes' and rt.id = e.hours_type_id
          left join ${stores} st on st.organization_id = e.organization_id and st.id = e.store_id
          where e.organization_id = ${ctx.organizationId} and e.id = ${id}`,
      );
      return row ? lineOf(row) : null;
    },

    /** A stored entry of the organization (whoever's it is: the service checks the scope). */
    async entry(exec: Tx, ctx: Ctx, id: number) {
      const [row] = await exec
        .select({
          id: hoursEntries.id,
          userId: hoursEntries.userId,
          workDate: hoursEntries.workDate,
          source: hoursEntries.source,
          postingId: hoursEntries.postingId,
        })
        .from(hoursEntries)
        .where(and(eq(hoursEntries.organizationId, ctx.organizationId), eq(hoursEntries.id, id)));
      return row ?? null;
    },

    async insertEntry(
      tx: Tx,
      ctx: Ctx,
      v: {
        userId: number;
        workDate: string;
        hoursTypeId: number | null;
        storeId: number | null;
        minutes: number;
        notes: string | null;
      },
    ): Promise<number> {
      const [row] = await tx
        .insert(hoursEntries)
        .values({
          organizationId: ctx.organizationId,
          ...v,
          source: "manual",
          createdByUserId: ctx.userId,
          updatedByUserId: ctx.userId,
        })
        .returning({ id: hoursEntries.id });
      return row.id;
    },

    async updateEntry(
      tx: Tx,
      ctx: Ctx,
      id: number,
      v: {
        userId: number;
        workDate: string;
        hoursTypeId: number | null;
        storeId: number | null;
        minutes: number;
        notes: string | null;
      },
    ): Promise<void> {
      await tx
        .update(hoursEntries)
        .set({ ...v, updatedByUserId: ctx.userId, updatedAt: sql`now()` })
        .where(and(eq(hoursEntries.organizationId, ctx.organizationId), eq(hoursEntries.id, id)));
    },

    async deleteEntry(tx: Tx, ctx: Ctx, id: number): Promise<void> {
      await tx
        .delete(hoursEntries)
        .where(and(eq(hoursEntries.organizationId, ctx.organizationId), eq(hoursEntries.id, id)));
    },

    /** Whether an hours type is on the `userHoursTypes` list (and active). */
    async hoursTypeExists(exec: Tx, id: number): Promise<boolean> {
      const [row] = await exec
        .select({ id: referenceItems.id })
        .from(referenceItems)
        .where(
          and(
            eq(referenceItems.list, "userHoursTypes"),
            eq(referenceItems.id, id),
            eq(referenceItems.isActive, true),
          ),
        );
      return !!row;
    },

    async store(exec: Tx, ctx: Ctx, storeId: number) {
      const [row] = await exec
        .select({ id: stores.id, name: stores.name })
        .from(stores)
        .where(and(eq(stores.organizationId, ctx.organizationId), eq(stores.id, storeId)));
      return row ?? null;
    },

    async organizationName(exec: Tx, ctx: Ctx): Promise<string> {
      const [row] = await exec
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, ctx.organizationId));
      return row?.name ?? "";
    },

    // -------------------------------------------------------------------------------------------------------
    // Posting
    // -------------------------------------------------------------------------------------------------------

    /** The organization's posting lock (common/posted.ts). */
    lockPostings,

    /** Members of the organization among `userIds` that the caller reaches, by name. */
    async peopleByIds(exec: Tx, ctx: Ctx, userIds: readonly number[]): Promise<PersonRef[]> {
      if (!userIds.length) return [];
      return exec
        .select({ userId: memberships.userId, firstName: users.firstName, lastName: users.lastName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, ctx.organizationId),
            inArray(memberships.userId, [...userIds]),
            peopleCondition(exec, ctx, memberships.userId),
          ),
        );
    },

    /**
     * The people a filter picks for a posting: those the caller reaches with something unposted in the period (a
     * manual entry, or a time log of any state on a date not posted for them), narrowed by the filters (a store, a
     * territory, a type, a name). Someone already posted for the whole period is not picked again.
     */
    async peopleOfFilter(
      exec: Tx,
      ctx: Ctx,
      f: Pick<HoursFilters, "period" | "storeIds" | "territoryIds" | "hoursTypeIds" | "text">,
    ): Promise<PersonRef[]> {
      const stored = partConditions(exec, ctx, f, {
        org: hoursEntries.organizationId,
        user: hoursEntries.userId,
        date: sql`${hoursEntries.workDate}`,
        store: sql`${hoursEntries.storeId}`,
      });
      const live = partConditions(exec, ctx, f, {
        org: timeLogs.organizationId,
        user: timeLogs.userId,
        date: sql`${timeLogs.workDate}`,
        store: sql`${timeLogs.storeId}`,
      });
      const types = f.hoursTypeIds?.length ? ids(f.hoursTypeIds) : null;
      const rows = await rowsOf<Record<string, unknown>>(
        exec,
        sql`with p as (
            select ${hoursEntries.userId} as user_id from ${hoursEntries}
            ${where([
              ...stored,
              sql`${hoursEntries.postingId} is null`,
              types ? sql`${hoursEntries.hoursTypeId} in (${types})` : undefined,
            ])}
            union
            select ${timeLogs.userId} from ${timeLogs} ${MEMBERSHIP_OF_LOG}
            ${where([...live, sql`not ${LOG_POSTED}`, types ? sql`${LOG_TYPE} in (${types})` : undefined])}
          )
          select u.id as user_id, u.first_name, u.last_name from p join ${users} u on u.id = p.user_id
          ${where([textCondition(f.text)])}`,
      );
      return rows.map((r) => ({
        userId: n(r.user_id),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
      }));
    },

    /** The postings of these people overlapping the period (each person's first, by date). */
    async overlapping(exec: Tx, ctx: Ctx, userIds: readonly number[], period: LaborPeriod) {
      if (!userIds.length) return [];
      return exec
        .select({
          userId: hoursPostingUsers.userId,
          postingId: hoursPostingUsers.postingId,
          startDate: hoursPostingUsers.startDate,
          endDate: hoursPostingUsers.endDate,
        })
        .from(hoursPostingUsers)
        .where(
          and(
            eq(hoursPostingUsers.organizationId, ctx.organizationId),
            inArray(hoursPostingUsers.userId, [...userIds]),
            sql`${hoursPostingUsers.startDate} <= ${period.endDate}`,
            sql`${hoursPostingUsers.endDate} >= ${period.startDate}`,
          ),
        )
        .orderBy(hoursPostingUsers.userId, hoursPostingUsers.startDate);
    },

    /** Per person: time logs in the period that count no hours yet (open, missing, proposed). */
    async attentionByPerson(exec: Tx, ctx: Ctx, userIds: readonly number[], period: LaborPeriod) {
      if (!userIds.length) return new Map<number, number>();
      const rows = await exec
        .select({ userId: timeLogs.userId, logs: sql<number>`count(*)::int` })
        .from(timeLogs)
        .where(
          and(
            eq(timeLogs.organizationId, ctx.organizationId),
            inArray(timeLogs.userId, [...userIds]),
            sql`${timeLogs.workDate} between ${period.startDate} and ${period.endDate}`,
            sql`${timeLogs.state} <> 'closed'`,
          ),
        )
        .groupBy(timeLogs.userId);
      return new Map(rows.map((r) => [r.userId, Number(r.logs)]));
    },

    /** Per person: what a posting of the period would hold (unposted hours from time logs, and manual entries). */
    async unpostedMinutesByPerson(exec: Tx, ctx: Ctx, userIds: readonly number[], period: LaborPeriod) {
      const out = new Map<number, { timeLogMinutes: number; manualMinutes: number }>();
      if (!userIds.length) return out;
      const rows = await rowsOf<Record<string, unknown>>(
        exec,
        sql`select user_id, sum(case when source = 'timeLogs' then minutes else 0 end)::int as time_log_minutes,
            sum(case when source = 'manual' then minutes else 0 end)::int as manual_minutes
          from (
            select ${hoursEntries.userId} as user_id, ${hoursEntries.minutes} as minutes, ${hoursEntries.source} as source
            from ${hoursEntries}
            where ${hoursEntries.organizationId} = ${ctx.organizationId} and ${hoursEntries.userId} in (${ids(userIds)})
              and ${hoursEntries.workDate} between ${period.startDate} and ${period.endDate}
              and ${hoursEntries.postingId} is null
            union all
            select ${timeLogs.userId}, round(extract(epoch from (${timeLogs.punchOutAt} - ${timeLogs.punchInAt})) / 60)::int, 'timeLogs'
            from ${timeLogs}
            where ${timeLogs.organizationId} = ${ctx.organizationId} and ${timeLogs.userId} in (${ids(userIds)})
              and ${timeLogs.workDate} between ${period.startDate} and ${period.endDate} and ${CLOSED} and not ${LOG_POSTED}
          ) x group by user_id`,
      );
      for (const r of rows)
        out.set(n(r.user_id), {
          timeLogMinutes: n(r.time_log_minutes),
          manualMinutes: n(r.manual_minutes),
        });
      return out;
    },

    async insertPosting(tx: Tx, ctx: Ctx, v: { period: LaborPeriod; note: string | null }): Promise<number> {
      const [row] = await tx
        .insert(hoursPostings)
        .values({
          organizationId: ctx.organizationId,
          startDate: v.period.startDate,
          endDate: v.period.endDate,
          postedByUserId: ctx.userId,
          note: v.note,
        })
        .returning({ id: hoursPostings.id });
      return row.id;
    },

    /**
     * Freezes the period for the posting's people (expects the transaction and the exclusive posting lock): one
     * `hours_posting_users` row per person, their hours from closed time logs written down as `timeLogs` rows of the
     * posting (per date, type and store, as the list showed them), their manual entries stamped with it.
     */
    async freeze(tx: Tx, ctx: Ctx, postingId: number, period: LaborPeriod, userIds: readonly number[]) {
      for (let i = 0; i < userIds.length; i += 1000) {
        const chunk = userIds.slice(i, i + 1000);
        await tx.insert(hoursPostingUsers).values(
          chunk.map((userId) => ({
            organizationId: ctx.organizationId,
            postingId,
            userId,
            startDate: period.startDate,
            endDate: period.endDate,
          })),
        );
      }
      const ofPosting = (userColumn: SQL) =>
        sql`${userColumn} in (select ${hoursPostingUsers.userId} from ${hoursPostingUsers}
          where ${hoursPostingUsers.organizationId} = ${ctx.organizationId} and ${hoursPostingUsers.postingId} = ${postingId})`;
      await tx.execute(sql`insert into ${hoursEntries} (organization_id, user_id, work_date, hours_type_id, store_id,
          minutes, source, posting_id, created_by_user_id, updated_by_user_id)
        select ${ctx.organizationId}, ${timeLogs.userId}, ${timeLogs.workDate}, ${LOG_TYPE}, ${timeLogs.storeId},
          ${LOG_MINUTES}, 'timeLogs', ${postingId}, ${ctx.userId}, ${ctx.userId}
        from ${timeLogs} ${MEMBERSHIP_OF_LOG}
        where ${timeLogs.organizationId} = ${ctx.organizationId}
          and ${timeLogs.workDate} between ${period.startDate} and ${period.endDate}
          and ${CLOSED} and ${ofPosting(sql`${timeLogs.userId}`)}
        group by ${timeLogs.userId}, ${timeLogs.workDate}, ${LOG_TYPE}, ${timeLogs.storeId}`);
      await tx.execute(sql`update ${hoursEntries} set posting_id = ${postingId}, updated_at = now()
        where ${hoursEntries.organizationId} = ${ctx.organizationId}
          and ${hoursEntries.workDate} between ${period.startDate} and ${period.endDate}
          and ${hoursEntries.postingId} is null and ${ofPosting(sql`${hoursEntries.userId}`)}`);
    },

    // -------------------------------------------------------------------------------------------------------
    // Postings and payroll
    // -------------------------------------------------------------------------------------------------------

    /**
     * Postings holding someone the caller reaches (their people and hours counted over the scope), newest first.
     * `id`: that posting only.
     */
    async postings(
      exec: Tx,
      ctx: Ctx,
      q: { id?: number; startDate?: string; endDate?: string; userId?: number },
      page: PageWindow,
    ): Promise<{ rows: PostingRow[]; total: number }> {
      const scoped = peopleCondition(exec, ctx, hoursPostingUsers.userId);
      const theirs = sql`select ${hoursPostingUsers.postingId} as posting_id, count(*)::int as people
        from ${hoursPostingUsers}
        ${where([
          sql`${hoursPostingUsers.organizationId} = ${ctx.organizationId}`,
          scoped,
          q.userId ? sql`${hoursPostingUsers.userId} = ${q.userId}` : undefined,
        ])}
        group by ${hoursPostingUsers.postingId}`;
      const conditions = where([
        sql`p.organization_id = ${ctx.organizationId}`,
        q.id ? sql`p.id = ${q.id}` : undefined,
        q.endDate ? sql`p.start_date <= ${q.endDate}` : undefined,
        q.startDate ? sql`p.end_date >= ${q.startDate}` : undefined,
      ]);
      const minutesScope = peopleCondition(exec, ctx, hoursEntries.userId);
      const [rows, [count]] = await Promise.all([
        rowsOf<Record<string, unknown>>(
          exec,
          sql`select p.id, to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date,
              to_char(p.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as posted_at,
              p.posted_by_user_id, pb.first_name as by_first, pb.last_name as by_last, p.note, t.people,
              (select coalesce(sum(${hoursEntries.minutes}), 0)::int from ${hoursEntries}
                ${where([
                  sql`${hoursEntries.organizationId} = ${ctx.organizationId}`,
                  sql`${hoursEntries.postingId} = p.id`,
                  minutesScope,
                  q.userId ? sql`${hoursEntries.userId} = ${q.userId}` : undefined,
                ])}) as minutes
            from ${hoursPostings} p join (${theirs}) t on t.posting_id = p.id
            left join ${users} pb on pb.id = p.posted_by_user_id
            ${conditions}
            order by p.posted_at desc, p.id desc
            limit ${page.limit} offset ${page.offset}`,
        ),
        rowsOf<{ n: unknown }>(
          exec,
          sql`select count(*)::int as n from ${hoursPostings} p join (${theirs}) t on t.posting_id = p.id ${conditions}`,
        ),
      ]);
      return {
        rows: rows.map((r) => ({
          id: n(r.id),
          startDate: String(r.start_date),
          endDate: String(r.end_date),
          postedAt: new Date(String(r.posted_at)),
          postedByUserId: nn(r.posted_by_user_id),
          postedByFirstName: s(r.by_first),
          postedByLastName: s(r.by_last),
          note: s(r.note),
          peopleCount: n(r.people),
          totalMinutes: n(r.minutes),
        })),
        total: n(count?.n),
      };
    },

    /**
     * Posted hours the caller reaches, per person, date and type (manual and from time logs summed), ordered by
     * person then date: of one posting, or of every posting overlapping a period (its posted dates in the period).
     */
    async payroll(
      exec: Tx,
      ctx: Ctx,
      q: { postingId: number } | { period: LaborPeriod },
    ): Promise<PayrollLine[]> {
      const e = hoursEntries;
      const rows = await rowsOf<Record<string, unknown>>(
        exec,
        sql`select ${e.userId} as user_id, u.first_name, u.last_name, u.email,
            to_char(${e.workDate}, 'YYYY-MM-DD') as work_date, ${e.hoursTypeId} as hours_type_id, rt.name as type_name,
            sum(${e.minutes})::int as minutes,
            sum(case when ${e.source} = 'timeLogs' then ${e.minutes} else 0 end)::int as time_log_minutes,
            sum(case when ${e.source} = 'manual' then ${e.minutes} else 0 end)::int as manual_minutes,
            min(${e.postingId}) as posting_id
          from ${e} join ${users} u on u.id = ${e.userId}
          left join ${referenceItems} rt on rt.list = 'userHoursTypes' and rt.id = ${e.hoursTypeId}
          ${where([
            sql`${e.organizationId} = ${ctx.organizationId}`,
            sql`${e.postingId} is not null`,
            "postingId" in q ? sql`${e.postingId} = ${q.postingId}` : undefined,
            "period" in q
              ? sql`${e.workDate} between ${q.period.startDate} and ${q.period.endDate}`
              : undefined,
            peopleCondition(exec, ctx, e.userId),
          ])}
          group by ${e.userId}, u.first_name, u.last_name, u.email, ${e.workDate}, ${e.hoursTypeId}, rt.name
          order by lower(u.last_name), lower(u.first_name), ${e.userId}, ${e.workDate}, lower(rt.name) nulls last,
            ${e.hoursTypeId}`,
      );
      return rows.map((r) => ({
        userId: n(r.user_id),
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        email: String(r.email),
        workDate: String(r.work_date),
        hoursTypeId: nn(r.hours_type_id),
        hoursTypeName: s(r.type_name),
        minutes: n(r.minutes),
        timeLogMinutes: n(r.time_log_minutes),
        manualMinutes: n(r.manual_minutes),
        postingId: n(r.posting_id),
      }));
    },
  };
}

export type HoursRepository = ReturnType<typeof hoursRepository>;
