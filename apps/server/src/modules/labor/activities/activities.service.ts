import {
  ACTIVITY_DAYS_BACK_MAX,
  type ActivityItem,
  type ActivityRecentResponse,
  type ActivitySearchResponse,
  type ActivityType,
  type activityCreateRequest,
  type activityRecentQuery,
  type activitySearchRequest,
  type activityUpdateRequest,
  daysBetween,
  LABOR_MAX_PERIOD_DAYS,
  type MyActivityDay,
  type NoActivityRow,
  type NoActivitySearchResponse,
  type noActivitySearchRequest,
  type noActivityUpdateRequest,
  refusalOf,
} from "@fieldlead/contracts";
import type { SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { fieldError, forbidden, notFound } from "../../../platform/errors";
import { once } from "../../../platform/idempotency";
import { pageOf, pageResult } from "../../../platform/query-kit";
import { has } from "../../../platform/scope";
import type { Tx, UnitOfWork } from "../../../platform/unit-of-work";
import type { LookupsRepository } from "../../lookups/index";
import { laborPeriod, localToday, personInScope } from "../common/people";
import {
  activityScope,
  canEditActivity,
  requireActivityLogger,
  requireActivityReader,
  requireReasonEditor,
} from "./activities.policy";
import type { ActivitiesRepository, ActivityRow, NoActivityDbRow } from "./activities.repository";

type SearchInput = z.output<typeof activitySearchRequest>;
type CreateInput = z.output<typeof activityCreateRequest>;
type UpdateInput = z.output<typeof activityUpdateRequest>;
type RecentInput = z.output<typeof activityRecentQuery>;
type NoActivityInput = z.output<typeof noActivitySearchRequest>;
type NoActivityUpdateInput = z.output<typeof noActivityUpdateRequest>;

type Deps = {
  uow: UnitOfWork;
  repo: ActivitiesRepository;
  lookups: LookupsRepository;
  now?: () => Date;
};

/** The `userActivities` item whose count is approaches. */
export const APPROACHES_CODE = "approaches";
/** How many activities the recent feed lists when not told. */
export const RECENT_DEFAULT = 20;

const personName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();
const iso = (v: Date | string) => new Date(v).toISOString();

type Types = { types: ActivityType[]; showApproaches: boolean; approachesId: number | null };

/**
 * Activities and no activity (docs/decisions/0040-labor.md): what lead generators did during their shifts, logged
 * quickly from a phone (an Idempotency-Key makes a retried tap one) or by a manager, the lists with their totals,
 * the recent feed, and who had no activity with the reason a manager records.
 */
export function activitiesService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };

  /**
   * The organization's activity types in its order: Approaches first where the organization shows approaches,
   * last elsewhere (it is still there for whoever counts them); the others in the list's order.
   */
  async function typesOf(exec: Tx, ctx: TenantContext): Promise<Types> {
    const [ref, showApproaches] = await Promise.all([
      d.lookups.referenceLists(exec),
      d.repo.showApproaches(exec, ctx),
    ]);
    const list = ref.get("userActivities") ?? [];
    const approaches = list.filter((r) => r.code === APPROACHES_CODE);
    const others = list.filter((r) => r.code !== APPROACHES_CODE);
    const ordered = showApproaches ? [...approaches, ...others] : [...others, ...approaches];
    return {
      types: ordered.map((r) => ({ id: r.id, name: r.name, isApproaches: r.code === APPROACHES_CODE })),
      showApproaches,
      approachesId: approaches[0]?.id ?? null,
    };
  }

  /** A type and a reason must be on their lists (active items): a 400 naming the field otherwise. */
  async function checkReferences(input: { activityTypeId: number; reasonId?: number | null }) {
    const ref = await d.lookups.referenceLists(d.uow.read);
    const on = (list: string, id: number) => (ref.get(list) ?? []).some((r) => r.id === id);
    if (!on("userActivities", input.activityTypeId))
      throw fieldError("body.activityTypeId", "Choose an activity type from the list.");
    if (input.reasonId != null && !on("userReasons", input.reasonId))
      throw fieldError("body.reasonId", "Choose a reason from the list.");
  }

  function toItem(ctx: TenantContext, r: ActivityRow): ActivityItem {
    return {
      id: r.id,
      userId: r.userId,
      userName: personName(r.firstName, r.lastName),
      storeId: r.storeId,
      storeName: r.storeName,
      activityTypeId: r.activityTypeId,
      activityTypeName: r.activityTypeName ?? `Activity ${r.activityTypeId}`,
      isApproaches: r.activityTypeCode === APPROACHES_CODE,
      reasonId: r.reasonId,
      reasonName: r.reasonName,
      workDate: r.workDate,
      occurredAt: iso(r.occurredAt),
      timeZone: r.storeTimeZone ?? ctx.timeZone,
      count: r.count,
      minutes: r.minutes,
      notes: r.notes,
      timeLogId: r.timeLogId,
      recordedByUserId: r.recordedByUserId,
      recordedByName:
        r.recorderFirstName === null ? null : personName(r.recorderFirstName, r.recorderLastName),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      canEdit: canEditActivity(ctx, r.userId),
    };
  }

  async function itemOf(exec: Tx, ctx: TenantContext, id: number): Promise<ActivityItem> {
    const row = await d.repo.item(exec, ctx, id);
    if (!row) throw notFound("The activity");
    return toItem(ctx, row);
  }

  /** A store of the organization the activity may be at: 404 for another organization's, 400 when inactive. */
  async function storeFor(exec: Tx, ctx: TenantContext, storeId: number) {
    const store = await d.repo.store(exec, ctx, storeId);
    if (!store) throw notFound("The store");
    if (!store.isActive)
      throw fieldError("body.storeId", `${store.name} is inactive; choose an active store.`);
    return store;
  }

  /** Today or an earlier day (at most ACTIVITY_DAYS_BACK_MAX back), in the zone the activity is read in. */
  function checkWorkDate(workDate: string, timeZone: string) {
    const today = localToday(timeZone, d.now());
    if (workDate > today)
      throw fieldError("body.workDate", `Log an activity for today (${today}) or an earlier day.`);
    if (daysBetween(workDate, today) > ACTIVITY_DAYS_BACK_MAX)
      throw fieldError("body.workDate", `Log activities of the last ${ACTIVITY_DAYS_BACK_MAX} days only.`);
  }

  /**
   * Where and when an activity logged now goes: the person's open time log (its store and shift date) when the
   * request names no other store or date, else the given store (or the day's scheduled shift's) and date (or
   * today in the store's zone).
   */
  async function placeOf(
    tx: Tx,
    ctx: TenantContext,
    userId: number,
    asked: { storeId?: number | null; workDate?: string | null },
  ) {
    const open = await d.repo.openTimeLog(tx, ctx, userId);
    if (
      open &&
      (asked.storeId == null || asked.storeId === open.storeId) &&
      (asked.workDate == null || asked.workDate === open.workDate)
    ) {
      return { storeId: open.storeId, workDate: open.workDate, timeLogId: open.id as number | null };
    }
    let storeId = asked.storeId ?? null;
    if (storeId === null) {
      storeId = await d.repo.shiftStoreOn(
        tx,
        ctx,
        userId,
        asked.workDate ?? localToday(ctx.timeZone, d.now()),
      );
    }
    const store = storeId === null ? null : await storeFor(tx, ctx, storeId);
    const zone = store?.timeZone ?? ctx.timeZone;
    const workDate = asked.workDate ?? localToday(zone, d.now());
    checkWorkDate(workDate, zone);
    return { storeId, workDate, timeLogId: null as number | null };
  }

  /** The caller's own day, for the quick card. */
  async function myDay(ctx: TenantContext, approachesId: number | null): Promise<MyActivityDay | null> {
    if (!has(ctx, "labor.own")) return null;
    const read = d.uow.read;
    const open = await d.repo.openTimeLog(read, ctx, ctx.userId);
    const workDate = open?.workDate ?? localToday(ctx.timeZone, d.now());
    const storeId = open?.storeId ?? (await d.repo.shiftStoreOn(read, ctx, ctx.userId, workDate));
    const [store, totals] = await Promise.all([
      storeId === null ? null : d.repo.store(read, ctx, storeId),
      d.repo.dayTotals(read, ctx, ctx.userId, workDate, approachesId),
    ]);
    return {
      workDate,
      approaches: totals.approaches,
      entries: totals.entries,
      storeId: store?.id ?? null,
      storeName: store?.name ?? null,
      timeLogId: open?.id ?? null,
    };
  }

  const scopeOn =
    (exec: Tx, scope: (exec: Tx, column: AnyPgColumn) => SQL | undefined) => (column: AnyPgColumn) =>
      scope(exec, column);

  function toNoActivityRow(r: NoActivityDbRow): NoActivityRow {
    return {
      userId: Number(r.user_id),
      userName: personName(r.first_name, r.last_name),
      kind: r.kind,
      workDate: r.work_date,
      worked: Boolean(r.worked),
      scheduled: Boolean(r.scheduled),
      storeNames: JSON.parse(r.store_names ?? "[]") as string[],
      reasonId: r.reason_id === null ? null : Number(r.reason_id),
      reasonName: r.reason_name,
      notes: r.notes,
      reasonDate: r.reason_date,
      recordedByName:
        r.recorded_by_first === null ? null : personName(r.recorded_by_first, r.recorded_by_last),
      recordedAt: r.recorded_at === null ? null : iso(r.recorded_at),
    };
  }

  return {
    typesOf,

    /** Activities over the filter, a page at a time, with every type's totals over the whole filter. */
    async search(ctx: TenantContext, input: SearchInput): Promise<ActivitySearchResponse> {
      const scope = requireActivityReader(ctx);
      const period = laborPeriod(ctx, input, d.now());
      const read = d.uow.read;
      const filters = {
        scope: scopeOn(read, scope),
        startDate: period.startDate,
        endDate: period.endDate,
        userIds: input.userIds,
        storeIds: input.storeIds,
        territoryIds: input.territoryIds,
        text: input.text,
        activityTypeIds: input.activityTypeIds,
        reasonIds: input.reasonIds,
      };
      const { rows, total } = await d.repo.search(
        read,
        ctx,
        filters,
        { sortBy: input.sortBy, direction: input.sortDirection },
        pageOf(input),
      );
      const totals = await d.repo.totals(read, ctx, filters);
      const { types } = await typesOf(read, ctx);
      return {
        ...pageResult(
          rows.map((r) => toItem(ctx, r)),
          total,
          input,
        ),
        period,
        totals: types.map((t) => {
          const x = totals.get(t.id);
          return { ...t, entries: x?.entries ?? 0, count: x?.count ?? 0, minutes: x?.minutes ?? 0 };
        }),
      };
    },

    /** The latest activities in the caller's scope, the types in order, and the caller's own day. */
    async recent(ctx: TenantContext, input: RecentInput): Promise<ActivityRecentResponse> {
      const scope = requireActivityReader(ctx);
      const read = d.uow.read;
      const rows = await d.repo.recent(read, ctx, scopeOn(read, scope), input.limit ?? RECENT_DEFAULT);
      const t = await typesOf(read, ctx);
      return {
        items: rows.map((r) => toItem(ctx, r)),
        types: t.types,
        showApproaches: t.showApproaches,
        mine: await myDay(ctx, t.approachesId),
      };
    },

    /**
     * Logs an activity for the caller (`labor.own`) or, for a manager (`labor.edit`), a person in scope (404
     * outside it), linked to the person's open time log when it is the shift's. Once per Idempotency-Key.
     */
    async create(ctx: TenantContext, input: CreateInput, key?: string): Promise<ActivityItem> {
      const userId = input.userId ?? ctx.userId;
      requireActivityLogger(ctx, userId);
      if (userId !== ctx.userId) {
        const person = await personInScope(d.uow.read, ctx, userId);
        if (!person.isActive)
          throw fieldError("body.userId", `${person.name} is inactive here; choose an active person.`);
      }
      await checkReferences(input);
      const request = { ...input, userId };
      return d.uow.run((tx) =>
        once(
          tx,
          { organizationId: ctx.organizationId, actor: `u${ctx.userId}`, operation: "labor.activity" },
          key,
          request,
          async () => {
            const place = await placeOf(tx, ctx, userId, input);
            const id = await d.repo.insert(tx, ctx, {
              userId,
              storeId: place.storeId,
              activityTypeId: input.activityTypeId,
              reasonId: input.reasonId ?? null,
              workDate: place.workDate,
              occurredAt: d.now(),
              count: input.count,
              minutes: input.minutes ?? null,
              notes: input.notes || null,
              timeLogId: place.timeLogId,
              byUserId: ctx.userId,
            });
            return itemOf(tx, ctx, id);
          },
        ),
      );
    },

    /** Changes an activity: one's own (`labor.own`) or, for a manager, one of a person in scope. */
    async update(ctx: TenantContext, id: number, input: UpdateInput): Promise<ActivityItem> {
      const scope = requireActivityReader(ctx);
      const read = d.uow.read;
      const existing = await d.repo.item(read, ctx, id, scopeOn(read, scope));
      if (!existing) throw notFound("The activity");
      if (!canEditActivity(ctx, existing.userId)) throw forbidden(refusalOf("labor.edit"));
      await checkReferences(input);
      return d.uow.run(async (tx) => {
        const storeId = input.storeId === undefined ? existing.storeId : input.storeId;
        const workDate = input.workDate ?? existing.workDate;
        const moved = storeId !== existing.storeId || workDate !== existing.workDate;
        let timeLogId = existing.timeLogId;
        if (moved) {
          const store = storeId === null ? null : await storeFor(tx, ctx, storeId);
          checkWorkDate(workDate, store?.timeZone ?? ctx.timeZone);
          // Linked to the open shift only when it is that shift's store and date.
          const open = await d.repo.openTimeLog(tx, ctx, existing.userId);
          timeLogId = open && open.storeId === storeId && open.workDate === workDate ? open.id : null;
        }
        await d.repo.update(tx, ctx, id, {
          storeId,
          activityTypeId: input.activityTypeId,
          reasonId: input.reasonId ?? null,
          workDate,
          count: input.count,
          minutes: input.minutes ?? null,
          notes: input.notes || null,
          timeLogId,
        });
        return itemOf(tx, ctx, id);
      });
    },

    /** Deletes an activity (a mistaken tap): one's own, or for a manager one of a person in scope. */
    async remove(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      const scope = requireActivityReader(ctx);
      const read = d.uow.read;
      const existing = await d.repo.item(read, ctx, id, scopeOn(read, scope));
      if (!existing) throw notFound("The activity");
      if (!canEditActivity(ctx, existing.userId)) throw forbidden(refusalOf("labor.edit"));
      await d.uow.run((tx) => d.repo.remove(tx, ctx, id));
      return { ok: true };
    },

    /** Who had no activity on a day they worked or were scheduled, or in the whole period; with the reasons. */
    async noActivitySearch(ctx: TenantContext, input: NoActivityInput): Promise<NoActivitySearchResponse> {
      const scope = requireActivityReader(ctx);
      const now = d.now();
      const period = laborPeriod(ctx, input, now);
      const read = d.uow.read;
      const { rows, total, counts } = await d.repo.noActivity(
        read,
        ctx,
        {
          scope: scopeOn(read, scope),
          startDate: period.startDate,
          endDate: period.endDate,
          today: localToday(ctx.timeZone, now),
          userIds: input.userIds,
          storeIds: input.storeIds,
          territoryIds: input.territoryIds,
          text: input.text,
          reasonState: input.reasonState,
          reasonIds: input.reasonIds,
        },
        { sortBy: input.sortBy, direction: input.sortDirection },
        pageOf(input),
      );
      return {
        ...pageResult(rows.map(toNoActivityRow), total, input),
        period,
        counts,
        canEdit: has(ctx, "labor.edit"),
      };
    },

    /**
     * Records, changes or clears the reasons of several people's dates in one transaction (`labor.edit`). Every
     * person must be one the caller reaches (404 otherwise, as for another organization's); each person and date
     * once; a reason from `userReasons`.
     */
    async noActivityUpdate(
      ctx: TenantContext,
      input: NoActivityUpdateInput,
    ): Promise<{ saved: number; cleared: number }> {
      requireReasonEditor(ctx);
      const scope = activityScope(ctx);
      const read = d.uow.read;
      const ref = await d.lookups.referenceLists(read);
      const reasons = new Set((ref.get("userReasons") ?? []).map((r) => r.id));
      const today = localToday(ctx.timeZone, d.now());
      const seen = new Set<string>();
      input.items.forEach((item, i) => {
        const key = `${item.userId}|${item.workDate}`;
        if (seen.has(key))
          throw fieldError(`body.items.${i}.workDate`, "This person and date are already in the list.");
        seen.add(key);
        if (item.reasonId !== null && !reasons.has(item.reasonId))
          throw fieldError(`body.items.${i}.reasonId`, "Choose a reason from the list.");
        if (Math.abs(daysBetween(today, item.workDate)) > LABOR_MAX_PERIOD_DAYS)
          throw fieldError(
            `body.items.${i}.workDate`,
            `Choose a date within ${LABOR_MAX_PERIOD_DAYS} days of today (${today}).`,
          );
      });
      const userIds = [...new Set(input.items.map((i) => i.userId))];
      const found = await d.repo.peopleInScope(read, ctx, userIds, scopeOn(read, scope));
      if (userIds.some((id) => !found.has(id))) throw notFound("The person");
      const toSave = input.items
        .filter((i) => i.reasonId !== null)
        .map((i) => ({
          userId: i.userId,
          workDate: i.workDate,
          reasonId: i.reasonId as number,
          notes: i.notes || null,
        }));
      const toClear = input.items.filter((i) => i.reasonId === null);
      return d.uow.run(async (tx) => {
        await d.repo.upsertReasons(tx, ctx, toSave, ctx.userId);
        const cleared = await d.repo.clearReasons(tx, ctx, toClear);
        return { saved: toSave.length, cleared };
      });
    },
  };
}

export type ActivitiesService = ReturnType<typeof activitiesService>;
