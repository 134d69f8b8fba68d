import {
  daysBetween,
  decimalHours,
  formatHoursMinutes,
  HOURS_POSTING_PEOPLE_LISTED,
  type HoursPostingItem,
  type HoursPostResponse,
  type HoursRow,
  type HoursSearchResponse,
  type hoursPayrollExportQuery,
  type hoursPostingsQuery,
  type hoursPostRequest,
  type hoursSearchRequest,
  type hoursUpsertRequest,
  LABOR_MAX_PERIOD_DAYS,
  LABOR_PERIOD_MESSAGE,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { AppError, badRequest, conflict, fieldError, notFound } from "../../../platform/errors";
import { type ExportColumn, type ExportFile, exportFile } from "../../../platform/export";
import { type Page, pageOf, pageResult } from "../../../platform/query-kit";
import type { Tx, UnitOfWork } from "../../../platform/unit-of-work";
import { type LaborPeriod, laborPeriod, localToday, personInScope } from "../common/people";
import { assertNotPosted } from "../common/posted";
import { canEditHours, requireHoursEditor, requireHoursReader } from "./hours.policy";
import type {
  HoursFilters,
  HoursLineRow,
  HoursRepository,
  PayrollLine,
  PersonRef,
  PostingRow,
} from "./hours.repository";

type SearchInput = z.output<typeof hoursSearchRequest>;
type UpsertInput = z.output<typeof hoursUpsertRequest>;
type PostInput = z.output<typeof hoursPostRequest>;
type PostingsInput = z.output<typeof hoursPostingsQuery>;
type ExportInput = z.output<typeof hoursPayrollExportQuery>;

type Deps = { uow: UnitOfWork; repo: HoursRepository; now?: () => Date };

const nameOf = (p: { firstName: string | null; lastName: string | null }) =>
  `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim();
const byName = (a: PersonRef, b: PersonRef) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.userId - b.userId;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const periodText = (p: LaborPeriod) =>
  p.startDate === p.endDate ? p.startDate : `${p.startDate} to ${p.endDate}`;
/** "a, b, c and 4 more" */
const listed = (items: string[], most = 5) =>
  items.length <= most
    ? items.join(", ")
    : `${items.slice(0, most).join(", ")} and ${items.length - most} more`;

function rowOf(line: HoursLineRow, canEdit: boolean): HoursRow {
  return {
    key: line.key,
    id: line.entryId,
    userId: line.userId,
    userName: nameOf(line),
    workDate: line.workDate,
    hoursTypeId: line.hoursTypeId,
    hoursTypeName: line.hoursTypeName,
    storeId: line.storeId,
    storeName: line.storeName,
    minutes: line.minutes,
    hours: decimalHours(line.minutes),
    timeLogMinutes: line.timeLogMinutes,
    manualMinutes: line.manualMinutes,
    source: line.source,
    logCount: line.logCount,
    lineCount: line.lineCount,
    notes: line.notes,
    posted: line.posted,
    postedMinutes: line.postedMinutes,
    postingId: line.postingId,
    canEdit: canEdit && line.entryId !== null && line.source === "manual" && !line.posted,
  };
}

const postingOf = (r: PostingRow): HoursPostingItem => ({
  id: r.id,
  startDate: r.startDate,
  endDate: r.endDate,
  postedAt: r.postedAt.toISOString(),
  postedByUserId: r.postedByUserId,
  postedByName:
    r.postedByUserId === null
      ? null
      : nameOf({ firstName: r.postedByFirstName, lastName: r.postedByLastName }),
  note: r.note,
  peopleCount: r.peopleCount,
  totalMinutes: r.totalMinutes,
});

/** A period of two given dates: in order, and not longer than a labor list covers (400 naming the field). */
function checkedPeriod(
  startDate: string,
  endDate: string,
  fields: { start: string; end: string },
): LaborPeriod {
  if (startDate > endDate) {
    const message = `The start date ${startDate} is after the end date ${endDate}.`;
    throw badRequest(message, { [fields.start]: ["The start date is after the end date."] });
  }
  if (daysBetween(startDate, endDate) + 1 > LABOR_MAX_PERIOD_DAYS)
    throw badRequest(LABOR_PERIOD_MESSAGE, { [fields.end]: [LABOR_PERIOD_MESSAGE] });
  return { startDate, endDate };
}

/** One row of the payroll file: a person's date and type, or a total (a person's, or everyone's). */
type PayrollRow = {
  name: string;
  email: string;
  userId: number | null;
  date: string;
  type: string;
  minutes: number;
  timeLogMinutes: number;
  manualMinutes: number;
  postingId: number | null;
};

const PAYROLL_COLUMNS: ExportColumn<PayrollRow>[] = [
  { header: "Person", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "User id", value: (r) => r.userId },
  { header: "Date", value: (r) => r.date },
  { header: "Hours type", value: (r) => r.type },
  { header: "Hours", value: (r) => decimalHours(r.minutes) },
  { header: "Hours (h:mm)", value: (r) => formatHoursMinutes(r.minutes) },
  { header: "From time logs (h:mm)", value: (r) => formatHoursMinutes(r.timeLogMinutes) },
  { header: "Manual (h:mm)", value: (r) => formatHoursMinutes(r.manualMinutes) },
  { header: "Posting", value: (r) => r.postingId },
];

/** The payroll file's rows: each person's lines, then their total; everyone's total last. */
function payrollRows(lines: PayrollLine[]): PayrollRow[] {
  const out: PayrollRow[] = [];
  const all = { minutes: 0, timeLogMinutes: 0, manualMinutes: 0, people: 0 };
  let i = 0;
  while (i < lines.length) {
    const first = lines[i];
    const total = { minutes: 0, timeLogMinutes: 0, manualMinutes: 0 };
    const name = nameOf(first);
    for (; i < lines.length && lines[i].userId === first.userId; i++) {
      const l = lines[i];
      out.push({
        name,
        email: l.email,
        userId: l.userId,
        date: l.workDate,
        type: l.hoursTypeName ?? "",
        minutes: l.minutes,
        timeLogMinutes: l.timeLogMinutes,
        manualMinutes: l.manualMinutes,
        postingId: l.postingId,
      });
      total.minutes += l.minutes;
      total.timeLogMinutes += l.timeLogMinutes;
      total.manualMinutes += l.manualMinutes;
    }
    out.push({
      name,
      email: first.email,
      userId: first.userId,
      date: "Total",
      type: "",
      ...total,
      postingId: null,
    });
    all.minutes += total.minutes;
    all.timeLogMinutes += total.timeLogMinutes;
    all.manualMinutes += total.manualMinutes;
    all.people++;
  }
  out.push({
    name: `All people (${all.people})`,
    email: "",
    userId: null,
    date: "Total",
    type: "",
    minutes: all.minutes,
    timeLogMinutes: all.timeLogMinutes,
    manualMinutes: all.manualMinutes,
    postingId: null,
  });
  return out;
}

async function* chunksOf<T>(rows: T[], size = 1000): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Hours and payroll (docs/decisions/0040-labor.md): the list of hours (from time logs, live until posted, and
 * manual entries), manual entries, posting a pay period for a set of people, the postings and the payroll file.
 */
export function hoursService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  /** A stored entry the caller reaches, or 404 (another organization's, outside the scope, or none). */
  async function reachableEntry(tx: Tx, ctx: TenantContext, id: number) {
    const entry = await d.repo.entry(tx, ctx, id);
    if (!entry) throw notFound("The hours entry");
    try {
      await personInScope(tx, ctx, entry.userId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw notFound("The hours entry");
      throw err;
    }
    return entry;
  }

  /** A stored entry may change only while it is a manual one and not posted (409 naming the period). */
  async function assertChangeable(
    tx: Tx,
    ctx: TenantContext,
    entry: { userId: number; workDate: string; source: string; postingId: number | null },
  ) {
    await assertNotPosted(tx, ctx.organizationId, entry.userId, [entry.workDate]);
    if (entry.postingId !== null)
      throw conflict("These hours are posted for payroll; nothing about them can change.");
    if (entry.source !== "manual")
      throw conflict("Hours from time logs change with the time logs: fix the time logs instead.");
  }

  /** Who a posting covers, and what stops it, read with `exec` (the posting's transaction, or a dry run's read). */
  async function plan(exec: Tx, ctx: TenantContext, input: PostInput, period: LaborPeriod) {
    let people: PersonRef[];
    if (input.userIds?.length) {
      const wanted = [...new Set(input.userIds)];
      people = await d.repo.peopleByIds(exec, ctx, wanted);
      if (people.length !== wanted.length) throw notFound("The person");
    } else {
      people = await d.repo.peopleOfFilter(exec, ctx, {
        period,
        storeIds: input.storeIds,
        territoryIds: input.territoryIds,
        hoursTypeIds: input.hoursTypeIds,
        text: input.text,
      });
    }
    people.sort(byName);
    const userIds = people.map((p) => p.userId);
    // One after another: inside the posting's transaction they share one connection.
    const overlaps = await d.repo.overlapping(exec, ctx, userIds, period);
    const attention = await d.repo.attentionByPerson(exec, ctx, userIds, period);
    const minutes = await d.repo.unpostedMinutesByPerson(exec, ctx, userIds, period);
    const named = new Map(people.map((p) => [p.userId, nameOf(p)]));
    const firstOverlap = new Map<number, (typeof overlaps)[number]>();
    for (const o of overlaps) if (!firstOverlap.has(o.userId)) firstOverlap.set(o.userId, o);
    const summary = people.map((p) => {
      const m = minutes.get(p.userId) ?? { timeLogMinutes: 0, manualMinutes: 0 };
      return {
        userId: p.userId,
        userName: nameOf(p),
        minutes: m.timeLogMinutes + m.manualMinutes,
        timeLogMinutes: m.timeLogMinutes,
        manualMinutes: m.manualMinutes,
      };
    });
    return {
      people,
      summary,
      totalMinutes: summary.reduce((sum, p) => sum + p.minutes, 0),
      blockers: {
        attention: people
          .filter((p) => attention.has(p.userId))
          .map((p) => ({ userId: p.userId, userName: nameOf(p), logs: attention.get(p.userId) ?? 0 })),
        alreadyPosted: [...firstOverlap.values()].map((o) => ({
          userId: o.userId,
          userName: named.get(o.userId) ?? "",
          postingId: o.postingId,
          startDate: o.startDate,
          endDate: o.endDate,
        })),
      },
    };
  }

  type Plan = Awaited<ReturnType<typeof plan>>;

  /** The 409 of a posting something stops, naming the periods already posted, or the time logs to fix. */
  function refusal(p: Plan, period: LaborPeriod): AppError | null {
    const posted = p.blockers.alreadyPosted;
    if (posted.length) {
      const message = `Already posted: ${listed(
        posted.map((o) => `${o.userName} for ${periodText(o)} (posting ${o.postingId})`),
      )}. A person's date is posted once: choose another period, or leave ${posted.length === 1 ? "them" : "those people"} out.`;
      return conflict(message, { "body.startDate": [message] });
    }
    const open = p.blockers.attention;
    if (open.length) {
      const logs = open.reduce((sum, a) => sum + a.logs, 0);
      const message = `${plural(logs, "time log", "time logs")} of ${plural(open.length, "person", "people")} in ${periodText(period)} ${logs === 1 ? "still misses a punch or waits" : "still miss a punch or wait"} for a manager (${listed(
        open.map((a) => `${a.userName}: ${a.logs}`),
      )}). Fix ${logs === 1 ? "it" : "them"} under Missing punches, then post: payroll never carries a hole.`;
      return conflict(message, { "body.userIds": [message] });
    }
    return null;
  }

  async function postingItem(ctx: TenantContext, id: number): Promise<HoursPostingItem | null> {
    const { rows } = await d.repo.postings(d.uow.read, ctx, { id }, { limit: 1, offset: 0 });
    return rows[0] ? postingOf(rows[0]) : null;
  }

  return {
    /**
     * Hours over the period, per line or summed per day or per person, sorted and paged on the server, with the
     * totals of the whole filter and the time logs that count no hours yet.
     */
    async search(ctx: TenantContext, input: SearchInput): Promise<HoursSearchResponse> {
      requireHoursReader(ctx);
      const period = laborPeriod(ctx, input, d.now());
      const filters: HoursFilters = {
        period,
        userIds: input.userIds,
        storeIds: input.storeIds,
        territoryIds: input.territoryIds,
        hoursTypeIds: input.hoursTypeIds,
        text: input.text,
        sources: input.sources,
        posted: input.posted,
      };
      // Logs that count nothing matter only where unposted hours from time logs are listed.
      const listsLiveHours =
        input.posted !== true && (!input.sources?.length || input.sources.includes("timeLogs"));
      const [found, attention] = await Promise.all([
        d.repo.search(d.uow.read, ctx, filters, {
          groupBy: input.groupBy,
          sortBy: input.sortBy,
          direction: input.sortDirection,
          page: pageOf(input),
        }),
        listsLiveHours ? d.repo.attention(d.uow.read, ctx, filters) : Promise.resolve({ logs: 0, people: 0 }),
      ]);
      const canEdit = canEditHours(ctx);
      return {
        ...pageResult(
          found.rows.map((r) => rowOf(r, canEdit)),
          found.total,
          input,
        ),
        period,
        groupBy: input.groupBy,
        totals: { ...found.totals, unpostedMinutes: found.totals.minutes - found.totals.postedMinutes },
        attention,
        canEdit,
      };
    },

    /**
     * Adds (no `id`) or changes a manual entry. The person must be one the caller reaches (404), the date begun and
     * not in a posted period of the person (409 naming it), the type on the list (the person's default when none
     * is given), the store the organization's.
     */
    async upsert(ctx: TenantContext, input: UpsertInput): Promise<HoursRow> {
      requireHoursEditor(ctx);
      const today = localToday(ctx.timeZone, d.now());
      if (input.workDate > today)
        throw fieldError("body.workDate", `Enter hours for days that have begun: ${today} or earlier.`);
      const read = d.uow.read;
      if (input.hoursTypeId != null && !(await d.repo.hoursTypeExists(read, input.hoursTypeId)))
        throw fieldError("body.hoursTypeId", "Choose an hours type from the list.");
      if (input.storeId != null && !(await d.repo.store(read, ctx, input.storeId)))
        throw notFound("The store");
      const id = await d.uow.run(async (tx) => {
        // Shared: a posting of this organization waits for this write, and this write for a posting in flight.
        await d.repo.lockPostings(tx, ctx.organizationId, "shared");
        const existing = input.id ? await reachableEntry(tx, ctx, input.id) : null;
        const person = await personInScope(tx, ctx, input.userId);
        if (existing) await assertChangeable(tx, ctx, existing);
        await assertNotPosted(tx, ctx.organizationId, input.userId, [input.workDate]);
        const values = {
          userId: input.userId,
          workDate: input.workDate,
          hoursTypeId: input.hoursTypeId ?? person.hoursTypeId ?? null,
          storeId: input.storeId ?? null,
          minutes: input.minutes,
          notes: input.notes || null,
        };
        if (!existing) return d.repo.insertEntry(tx, ctx, values);
        await d.repo.updateEntry(tx, ctx, existing.id, values);
        return existing.id;
      });
      const line = await d.repo.entryLine(read, ctx, id);
      if (!line) throw notFound("The hours entry");
      return rowOf(line, true);
    },

    /** Deletes a manual entry the caller reaches; a posted one (or hours from time logs) answers 409. */
    async remove(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireHoursEditor(ctx);
      await d.uow.run(async (tx) => {
        await d.repo.lockPostings(tx, ctx.organizationId, "shared");
        const entry = await reachableEntry(tx, ctx, id);
        await assertChangeable(tx, ctx, entry);
        await d.repo.deleteEntry(tx, ctx, id);
      });
      return { ok: true };
    },

    /**
     * Posts a pay period for a set of people in one transaction, under the organization's posting lock: refused
     * (409) when one of them is already posted for part of it (naming the posting and its dates) or has time logs
     * in it that count no hours yet (open, missing a punch, a proposal waiting: payroll never carries a hole).
     * `dryRun` answers the same summary, blockers included, and writes nothing.
     */
    async post(ctx: TenantContext, input: PostInput): Promise<HoursPostResponse> {
      requireHoursEditor(ctx);
      const period = checkedPeriod(input.startDate, input.endDate, {
        start: "body.startDate",
        end: "body.endDate",
      });
      const today = localToday(ctx.timeZone, d.now());
      if (period.endDate >= today)
        throw fieldError(
          "body.endDate",
          `Post days that are over: choose an end date before today (${today}).`,
        );
      const answer = (p: Plan, posting: HoursPostingItem | null): HoursPostResponse => ({
        dryRun: posting === null,
        posting,
        period,
        peopleCount: p.people.length,
        people: p.summary.slice(0, HOURS_POSTING_PEOPLE_LISTED),
        totalMinutes: p.totalMinutes,
        blockers: p.blockers,
      });
      const nobody = () => {
        const message = `No one has hours or time logs in ${periodText(period)} among the people chosen: nothing to post.`;
        return badRequest(message, { "body.userIds": [message] });
      };
      if (input.dryRun) return answer(await plan(d.uow.read, ctx, input, period), null);

      const done = await d.uow.run(async (tx) => {
        // Exclusive: no hours of this organization change while a posting reads and freezes them.
        await d.repo.lockPostings(tx, ctx.organizationId, "exclusive");
        const p = await plan(tx, ctx, input, period);
        if (p.people.length === 0) throw nobody();
        const refused = refusal(p, period);
        if (refused) throw refused;
        const postingId = await d.repo.insertPosting(tx, ctx, { period, note: input.note || null });
        await d.repo.freeze(
          tx,
          ctx,
          postingId,
          period,
          p.people.map((x) => x.userId),
        );
        return { p, postingId };
      });
      return answer(done.p, await postingItem(ctx, done.postingId));
    },

    /** The postings holding people the caller reaches, newest first, paged. */
    async postings(ctx: TenantContext, input: PostingsInput): Promise<Page<HoursPostingItem>> {
      requireHoursReader(ctx);
      if (input.startDate && input.endDate)
        checkedPeriod(input.startDate, input.endDate, {
          start: "querystring.startDate",
          end: "querystring.endDate",
        });
      const { rows, total } = await d.repo.postings(
        d.uow.read,
        ctx,
        { startDate: input.startDate, endDate: input.endDate, userId: input.userId },
        pageOf(input),
      );
      return pageResult(rows.map(postingOf), total, input);
    },

    /**
     * The payroll file of posted hours the caller reaches: one posting's, or every posted hour of a period. One row
     * per person, date and type (hours as a decimal and as h:mm, from time logs and manual), each person's total
     * after their rows, everyone's total last; the XLSX opens with the organization, the period and the posting.
     */
    async payrollExport(ctx: TenantContext, input: ExportInput): Promise<ExportFile> {
      requireHoursReader(ctx);
      const read = d.uow.read;
      let period: LaborPeriod;
      let lines: PayrollLine[];
      let posting: HoursPostingItem | null = null;
      if (input.postingId) {
        posting = await postingItem(ctx, input.postingId);
        if (!posting) throw notFound("The posting");
        period = { startDate: posting.startDate, endDate: posting.endDate };
        lines = await d.repo.payroll(read, ctx, { postingId: posting.id });
      } else if (input.startDate && input.endDate) {
        period = checkedPeriod(input.startDate, input.endDate, {
          start: "querystring.startDate",
          end: "querystring.endDate",
        });
        lines = await d.repo.payroll(read, ctx, { period });
      } else {
        const message = "Choose a posting, or a period (a start and an end date).";
        throw badRequest(message, { "querystring.postingId": [message] });
      }
      const rows = payrollRows(lines);
      const total = rows[rows.length - 1];
      const organizationName = await d.repo.organizationName(read, ctx);
      return exportFile({
        format: input.format,
        title: `Payroll ${period.startDate}–${period.endDate}`,
        date: localToday(ctx.timeZone, d.now()),
        columns: PAYROLL_COLUMNS,
        chunks: chunksOf(rows),
        intro: [
          ["Payroll: posted hours"],
          ["Organization", organizationName],
          ["Period", periodText(period)],
          ...(posting
            ? [
                [
                  "Posting",
                  `${posting.id}, posted ${posting.postedAt.slice(0, 10)}${posting.postedByName ? ` by ${posting.postedByName}` : ""}`,
                ],
              ]
            : []),
          ["Total hours", decimalHours(total.minutes), formatHoursMinutes(total.minutes)],
        ],
      });
    },
  };
}

export type HoursService = ReturnType<typeof hoursService>;
