import {
  type AvailableHoursResponse,
  addDays,
  type availableHoursReplaceRequest,
  DAY_NAMES,
  dayOfWeek,
  daysBetween,
  FULL_PRODUCT,
  formatDate,
  formatLocalDateShort,
  fullProductRolesWith,
  LEAD_GENERATOR_ROLE_IDS,
  normalizeFirstDayOfWeek,
  SCHEDULE_EXPORT_MAX_PEOPLE,
  type ScheduleCopyResponse,
  type SchedulePerson,
  type ScheduleShift,
  type SchedulesResponse,
  SHIFT_CONFLICT_LABELS,
  type scheduleCopyRequest,
  type schedulesExportRequest,
  type schedulesRequest,
  type shiftUpsertRequest,
  startOfWeek,
  weekEntry,
  weekList,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { badRequest, fieldError, notFound } from "../../../platform/errors";
import { type ExportColumn, type ExportFile, exportFile, exportFileName } from "../../../platform/export";
import { inChunks, pageOf, pageResult } from "../../../platform/query-kit";
import { territoryScope } from "../../../platform/scope";
import type { UnitOfWork } from "../../../platform/unit-of-work";
import { xlsxStream } from "../../../platform/xlsx";
import { groupBy } from "../common/group-by";
import { personInScope } from "../common/people";
import { isShiftTimeProblem, shiftTime } from "../common/shift-time";
import { canEditSchedules, requireScheduleEditor, requireScheduleReader } from "./schedules.policy";
import {
  type AvailableRow,
  type PeopleFilter,
  type SchedulePersonRow,
  type SchedulesRepository,
  type ShiftRow,
  shiftKey,
} from "./schedules.repository";
import { minutesBetween, personConflicts } from "./shift-time";

type GridInput = z.output<typeof schedulesRequest>;
type ExportInput = z.output<typeof schedulesExportRequest>;
type UpsertInput = z.output<typeof shiftUpsertRequest>;
type CopyInput = z.output<typeof scheduleCopyRequest>;
type AvailableInput = z.output<typeof availableHoursReplaceRequest>;

type Deps = { uow: UnitOfWork; repo: SchedulesRepository; now?: () => Date };

type Week = { startDate: string; endDate: string };

const personName = (first: string, last: string) => `${first} ${last}`.trim();

/** The organization's week holding `date` (weeks start on its first day, Monday when it sets none). */
const weekHolding = (ctx: TenantContext, date: string): Week => {
  const startDate = startOfWeek(date, ctx.firstDayOfWeek);
  return { startDate, endDate: addDays(startDate, 6) };
};

const weekDays = (week: Week) => [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(week.startDate, i));

/** Hours as a number for a spreadsheet: 7.5. */
const hoursNumber = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const slotLabel = (s: { dayOfWeek: number; startTime: string; endTime: string }) =>
  `${DAY_NAMES[s.dayOfWeek].slice(0, 3)} ${s.startTime}–${s.endTime}`;

function toShift(r: ShiftRow, conflicts: ScheduleShift["conflicts"]): ScheduleShift {
  return {
    id: r.id,
    userId: r.userId,
    userName: personName(r.firstName, r.lastName),
    storeId: r.storeId,
    storeName: r.storeName,
    workDate: r.workDate,
    startTime: r.startTime,
    endTime: r.endTime,
    timeZone: r.timeZone,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    minutes: minutesBetween(r),
    endsNextDay: r.endTime <= r.startTime,
    notes: r.notes,
    conflicts,
  };
}

/**
 * Schedules and available hours (docs/decisions/0040-labor.md): the week grid (people by days, each shift with its
 * conflicts), planning, moving and deleting shifts, copying a week, the export, and each person's available hours.
 * Conflicts are computed when read, from the shifts around the week: they are shown, never refused, and never stale.
 * Shifts are plans, not pay: a posted pay period does not lock them.
 */
export function schedulesService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  const filterOf = (
    week: Week,
    f: Pick<GridInput, "userIds" | "storeIds" | "territoryIds" | "text" | "everyone">,
  ): PeopleFilter => ({
    week,
    userIds: f.userIds,
    storeIds: f.storeIds,
    territoryIds: f.territoryIds,
    text: f.text,
    // The field team unless everyone who logs time is asked for (or people are named).
    roleIds:
      f.everyone || f.userIds?.length ? fullProductRolesWith("labor.own") : [...LEAD_GENERATOR_ROLE_IDS],
    fullProductId: FULL_PRODUCT,
  });

  /** The rows of these people for the week: their shifts by day with conflicts, available hours and totals. */
  async function peopleOf(
    ctx: TenantContext,
    rows: SchedulePersonRow[],
    week: Week,
    weeklyHoursLimit: number,
  ): Promise<SchedulePerson[]> {
    const ids = rows.map((r) => r.userId);
    // A day either side: a double booking across the week's edges (an overnight shift) is still seen.
    const [shiftRows, available] = await Promise.all([
      d.repo.shiftsOf(d.uow.read, ctx, ids, addDays(week.startDate, -1), addDays(week.endDate, 1)),
      d.repo.availableHoursOf(d.uow.read, ctx, ids),
    ]);
    const shiftsBy = groupBy(shiftRows, (s) => s.userId);
    const availableBy = groupBy(available, (a) => a.userId);
    const days = weekDays(week);
    return rows.map((p) => {
      const mine = shiftsBy.get(p.userId) ?? [];
      const slots = availableBy.get(p.userId) ?? [];
      const c = personConflicts(mine, slots, {
        orgTimeZone: ctx.timeZone,
        week,
        weeklyLimitMinutes: weeklyHoursLimit * 60,
      });
      const items = mine.filter((s) => c.byShift.has(s.id)).map((s) => toShift(s, c.byShift.get(s.id) ?? []));
      return {
        userId: p.userId,
        userName: personName(p.firstName, p.lastName),
        email: p.email,
        isActive: Boolean(p.isActive),
        availableHours: slots.map(({ id, dayOfWeek, startTime, endTime }) => ({
          id,
          dayOfWeek,
          startTime,
          endTime,
        })),
        days: days.map((date) => ({ date, shifts: items.filter((s) => s.workDate === date) })),
        minutes: c.weekMinutes,
        overWeeklyLimit: c.overWeeklyLimit,
        conflictCount: items.filter((s) => s.conflicts.length > 0).length,
      };
    });
  }

  /** One shift as the grid shows it, its conflicts computed over its person's week. */
  async function shiftOf(ctx: TenantContext, id: number): Promise<ScheduleShift> {
    const row = await d.repo.shift(d.uow.read, ctx, id);
    if (!row) throw notFound("The shift");
    const week = weekHolding(ctx, row.workDate);
    const [shiftRows, available, limit] = await Promise.all([
      d.repo.shiftsOf(d.uow.read, ctx, [row.userId], addDays(week.startDate, -1), addDays(week.endDate, 1)),
      d.repo.availableHoursOf(d.uow.read, ctx, [row.userId]),
      d.repo.weeklyHoursLimit(d.uow.read, ctx),
    ]);
    const c = personConflicts(shiftRows, available, {
      orgTimeZone: ctx.timeZone,
      week,
      weeklyLimitMinutes: limit * 60,
    });
    return toShift(row, c.byShift.get(row.id) ?? []);
  }

  /** A store the caller may plan at: the organization's, inside a territory-limited caller's territories. */
  async function plannableStore(ctx: TenantContext, storeId: number) {
    const store = await d.repo.store(d.uow.read, ctx, storeId);
    const territories = territoryScope(ctx);
    if (!store || (territories && (store.territoryId === null || !territories.includes(store.territoryId))))
      throw notFound("The store");
    return store;
  }

  async function availableOf(
    ctx: TenantContext,
    userId: number,
    userName: string,
  ): Promise<AvailableHoursResponse> {
    const rows = await d.repo.availableHoursOf(d.uow.read, ctx, [userId]);
    return {
      userId,
      userName,
      slots: rows.map(({ id, dayOfWeek, startTime, endTime }) => ({ id, dayOfWeek, startTime, endTime })),
    };
  }

  const shiftColumns: ExportColumn<ScheduleShift & { email: string }>[] = [
    { header: "Person", value: (s) => s.userName },
    { header: "Email", value: (s) => s.email },
    { header: "Store", value: (s) => s.storeName },
    { header: "Date", value: (s) => s.workDate },
    { header: "Day", value: (s) => DAY_NAMES[dayOfWeek(s.workDate)] },
    { header: "Start", value: (s) => s.startTime },
    { header: "End", value: (s) => s.endTime },
    { header: "Ends next day", value: (s) => (s.endsNextDay ? "Yes" : "") },
    { header: "Hours", value: (s) => hoursNumber(s.minutes) },
    { header: "Time zone", value: (s) => s.timeZone },
    {
      header: "Conflicts",
      value: (s) => s.conflicts.map((c) => `${SHIFT_CONFLICT_LABELS[c.kind]}: ${c.message}`).join("; "),
    },
    { header: "Notes", value: (s) => s.notes ?? "" },
  ];

  return {
    /** The week grid: a page of people, each with the week's shifts by day and their conflicts. */
    async grid(ctx: TenantContext, input: GridInput): Promise<SchedulesResponse> {
      requireScheduleReader(ctx);
      const now = d.now();
      const today = formatDate(now, ctx.timeZone);
      const week = weekHolding(ctx, input.week ?? today);
      const [{ rows, total }, limit] = await Promise.all([
        d.repo.peoplePage(d.uow.read, ctx, filterOf(week, input), pageOf(input)),
        d.repo.weeklyHoursLimit(d.uow.read, ctx),
      ]);
      const items = await peopleOf(ctx, rows, week, limit);
      const entry = weekEntry(week.startDate, today);
      const shifts = items.flatMap((p) => p.days.flatMap((x) => x.shifts));
      return {
        ...pageResult(items, total, input),
        week: {
          startDate: week.startDate,
          endDate: week.endDate,
          description: entry.description,
          isCurrentWeek: entry.isCurrentWeek,
          firstDayOfWeek: normalizeFirstDayOfWeek(ctx.firstDayOfWeek),
          days: weekDays(week).map((date) => ({
            date,
            dayOfWeek: dayOfWeek(date),
            dayName: DAY_NAMES[dayOfWeek(date)],
          })),
        },
        weeks: weekList(now, ctx.timeZone, ctx.firstDayOfWeek).map((w) => ({
          description: w.description,
          startDate: w.startDate,
          endDate: w.endDate,
          dayName: w.dayName,
          isCurrentWeek: w.isCurrentWeek,
        })),
        timeZone: ctx.timeZone,
        weeklyHoursLimit: limit,
        shiftCount: shifts.length,
        conflictCount: shifts.filter((s) => s.conflicts.length > 0).length,
        canEdit: canEditSchedules(ctx),
      };
    },

    /**
     * Plans a shift (no `id`) or moves or changes one. The person must be one the caller reaches (404 otherwise, as
     * for another organization's), the store one of the organization (and of a territory-limited caller's
     * territories); a new person or store must be active. A time the clocks skip is a 400 naming the field. Conflicts
     * are answered with the shift, never refused.
     */
    async upsert(ctx: TenantContext, input: UpsertInput): Promise<{ shift: ScheduleShift }> {
      requireScheduleEditor(ctx);
      const read = d.uow.read;
      const existing = input.id ? await d.repo.shift(read, ctx, input.id) : null;
      if (input.id && !existing) throw notFound("The shift");
      if (existing) await personInScope(read, ctx, existing.userId);
      const person = await personInScope(read, ctx, input.userId);
      if (
        (!existing || existing.userId !== input.userId) &&
        !(await d.repo.isActiveMember(read, ctx, input.userId))
      )
        throw fieldError("body.userId", `${person.name} is inactive here; choose an active person.`);
      // A shift staying at its store keeps it (even one since made inactive or out of the caller's territories).
      const sameStore = existing?.storeId === input.storeId;
      const store = sameStore
        ? await d.repo.store(read, ctx, input.storeId)
        : await plannableStore(ctx, input.storeId);
      if (!store) throw notFound("The store");
      if (!sameStore && !store.isActive)
        throw fieldError("body.storeId", `${store.name} is inactive; choose an active store.`);
      // A shift keeps the zone it was planned in; moved to another store, it takes that store's.
      const timeZone = existing && sameStore ? existing.timeZone : store.timeZone;
      const time = shiftTime(input.workDate, input.startTime, input.endTime, timeZone);
      if (isShiftTimeProblem(time)) throw fieldError(`body.${time.field}`, time.message);
      const values = {
        userId: input.userId,
        storeId: input.storeId,
        workDate: input.workDate,
        startTime: input.startTime,
        endTime: input.endTime,
        timeZone,
        startsAt: time.startsAt,
        endsAt: time.endsAt,
        notes: input.notes ?? null,
        byUserId: ctx.userId,
      };
      const id = await d.uow.run(async (tx) => {
        if (!existing) return d.repo.insertShift(tx, ctx, values);
        await d.repo.updateShift(tx, ctx, existing.id, values);
        return existing.id;
      });
      return { shift: await shiftOf(ctx, id) };
    },

    async remove(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireScheduleEditor(ctx);
      const row = await d.repo.shift(d.uow.read, ctx, id);
      if (!row) throw notFound("The shift");
      await personInScope(d.uow.read, ctx, row.userId);
      await d.uow.run((tx) => d.repo.deleteShift(tx, ctx, id));
      return { ok: true };
    },

    /**
     * Copies a week's shifts into another (the week before `toWeek` by default): the shifts of the people the caller
     * reaches, narrowed by the filters, each on the same day of the target week at the same wall-clock times, its
     * instants computed in the store's zone that week. Skipped and counted: one already there identically, one whose
     * person or store is no longer active, one at a time the clocks skip that day.
     */
    async copy(ctx: TenantContext, input: CopyInput): Promise<ScheduleCopyResponse> {
      requireScheduleEditor(ctx);
      const to = weekHolding(ctx, input.toWeek);
      const from = input.fromWeek
        ? weekHolding(ctx, input.fromWeek)
        : weekHolding(ctx, addDays(to.startDate, -7));
      if (from.startDate === to.startDate)
        throw fieldError(
          "body.fromWeek",
          "Choose another week to copy from: that is the week being copied into.",
        );
      const offset = daysBetween(from.startDate, to.startDate);
      const counts = await d.uow.run(async (tx) => {
        await d.repo.lockCopies(tx, ctx);
        const source = await d.repo.copySource(tx, ctx, {
          from: from.startDate,
          to: from.endDate,
          userIds: input.userIds,
          storeIds: input.storeIds,
          territoryIds: input.territoryIds,
          text: input.text,
        });
        const there = await d.repo.shiftKeys(
          tx,
          ctx,
          [...new Set(source.map((s) => s.userId))],
          to.startDate,
          to.endDate,
        );
        const c = { copied: 0, skippedExisting: 0, skippedInactive: 0, skippedInGap: 0 };
        const rows: Parameters<SchedulesRepository["insertShifts"]>[2] = [];
        for (const s of source) {
          if (!s.active) {
            c.skippedInactive++;
            continue;
          }
          const workDate = addDays(s.workDate, offset);
          const key = shiftKey({ ...s, workDate });
          if (there.has(key)) {
            c.skippedExisting++;
            continue;
          }
          const time = shiftTime(workDate, s.startTime, s.endTime, s.storeTimeZone);
          if (isShiftTimeProblem(time)) {
            c.skippedInGap++;
            continue;
          }
          there.add(key);
          rows.push({
            userId: s.userId,
            storeId: s.storeId,
            workDate,
            startTime: s.startTime,
            endTime: s.endTime,
            timeZone: s.storeTimeZone,
            startsAt: time.startsAt,
            endsAt: time.endsAt,
            notes: s.notes,
          });
        }
        await d.repo.insertShifts(tx, ctx, rows, ctx.userId);
        c.copied = rows.length;
        return c;
      });
      return {
        fromStartDate: from.startDate,
        toStartDate: to.startDate,
        ...counts,
        message: copyMessage(counts, from.startDate, to.startDate),
      };
    },

    /** The week's schedule as a file: CSV (one row per shift) or XLSX (shifts, and the week grid of people by days). */
    async export(ctx: TenantContext, input: ExportInput): Promise<ExportFile> {
      requireScheduleReader(ctx);
      const now = d.now();
      const today = formatDate(now, ctx.timeZone);
      const week = weekHolding(ctx, input.week ?? today);
      const [people, limit] = await Promise.all([
        d.repo.peopleList(d.uow.read, ctx, filterOf(week, input), SCHEDULE_EXPORT_MAX_PEOPLE + 1),
        d.repo.weeklyHoursLimit(d.uow.read, ctx),
      ]);
      if (people.length > SCHEDULE_EXPORT_MAX_PEOPLE) {
        const most = SCHEDULE_EXPORT_MAX_PEOPLE.toLocaleString("en-US");
        throw badRequest(
          `More than ${most} people match; an export holds at most ${most}. Narrow the filters (stores, territories, people) and export again.`,
        );
      }
      const byId = new Map(people.map((p) => [p.userId, p]));
      const ids = people.map((p) => p.userId);
      const chunksOfPeople = () =>
        inChunks(ids, 200, (chunk) =>
          peopleOf(
            ctx,
            chunk.map((id) => byId.get(id) as SchedulePersonRow),
            week,
            limit,
          ),
        );
      async function* shiftChunks() {
        for await (const chunk of chunksOfPeople())
          yield chunk.flatMap((p) => p.days.flatMap((x) => x.shifts.map((s) => ({ ...s, email: p.email }))));
      }
      const entry = weekEntry(week.startDate, today);
      const title = "Schedule";
      if (input.format === "csv")
        return exportFile({
          format: "csv",
          title,
          date: today,
          columns: shiftColumns,
          chunks: shiftChunks(),
        });

      const days = weekDays(week);
      async function* shiftCells() {
        for await (const chunk of shiftChunks()) yield chunk.map((s) => shiftColumns.map((c) => c.value(s)));
      }
      async function* gridCells() {
        for await (const chunk of chunksOfPeople())
          yield chunk.map((p) => [
            p.userName,
            ...p.days.map((day) =>
              day.shifts
                .map(
                  (s) =>
                    `${s.storeName} ${s.startTime}–${s.endTime}${s.conflicts.length ? ` (${s.conflicts.map((c) => SHIFT_CONFLICT_LABELS[c.kind]).join(", ")})` : ""}`,
                )
                .join("\n"),
            ),
            hoursNumber(p.minutes),
            p.overWeeklyLimit ? "Yes" : "",
            p.availableHours.map(slotLabel).join(", "),
          ]);
      }
      const intro = [
        ["Schedule"],
        ["Week", entry.description],
        ["Weekly hours limit", limit],
        ["Exported", today],
      ];
      return {
        kind: "xlsx",
        filename: exportFileName(title, today, "xlsx"),
        body: xlsxStream([
          { name: "Shifts", header: shiftColumns.map((c) => c.header), intro, rows: shiftCells() },
          {
            name: "Week",
            header: [
              "Person",
              ...days.map((x) => `${DAY_NAMES[dayOfWeek(x)].slice(0, 3)} ${x}`),
              "Hours",
              "Over weekly limit",
              "Available hours",
            ],
            intro,
            rows: gridCells(),
          },
        ]),
      };
    },

    /**
     * Replaces a person's available hours (days of week with from/to, in the organization's zone) and answers them.
     * The person must be one the caller reaches (404 otherwise).
     */
    async replaceAvailable(ctx: TenantContext, input: AvailableInput): Promise<AvailableHoursResponse> {
      requireScheduleEditor(ctx);
      const person = await personInScope(d.uow.read, ctx, input.userId);
      await d.uow.run((tx) => d.repo.replaceAvailableHours(tx, ctx, input.userId, input.slots));
      return availableOf(ctx, input.userId, person.name);
    },

    async removeAvailable(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireScheduleEditor(ctx);
      const row = await d.repo.availableRow(d.uow.read, ctx, id);
      if (!row) throw notFound("The available hours");
      await personInScope(d.uow.read, ctx, row.userId);
      await d.uow.run((tx) => d.repo.deleteAvailableRow(tx, ctx, id));
      return { ok: true };
    },
  };
}

const shiftsWord = (n: number) => `${n} ${n === 1 ? "shift" : "shifts"}`;

function copyMessage(
  c: { copied: number; skippedExisting: number; skippedInactive: number; skippedInGap: number },
  from: string,
  to: string,
): string {
  const head = `Copied ${shiftsWord(c.copied)} from the week of ${formatLocalDateShort(from)} into the week of ${formatLocalDateShort(to)}`;
  const skipped = [
    c.skippedExisting ? `${shiftsWord(c.skippedExisting)} already there` : "",
    c.skippedInactive ? `${shiftsWord(c.skippedInactive)} of an inactive person or store` : "",
    c.skippedInGap ? `${shiftsWord(c.skippedInGap)} at a time the clocks skip` : "",
  ].filter(Boolean);
  return skipped.length ? `${head}; skipped ${skipped.join(", ")}.` : `${head}.`;
}

export type SchedulesService = ReturnType<typeof schedulesService>;
export type { AvailableRow };
