import {
  type AppointmentWindow,
  DAY_NAMES,
  type GenerateWindowsResponse,
  type generateWindowsRequest,
  type LeftAloneWindow,
  normalizeFirstDayOfWeek,
  type SchedulingSettings,
  type schedulingSettingsRequest,
  type TemplateChangeResponse,
  type TemplateWindow,
  type templateSearchRequest,
  type templateUpsertRequest,
  type WindowBooking,
  type windowSearchRequest,
  type windowUpsertRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import type { Tx } from "../../platform/db";
import { conflict, fieldError, notFound } from "../../platform/errors";
import { pageOf, pageResult } from "../../platform/query-kit";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { type DayRange, planWindows, weeksAhead } from "./generation";
import { requireSchedulingSetup, schedulingReadScope } from "./scheduling.policy";
import type {
  SchedulingRepository,
  TemplateRow,
  TemplateValues,
  TemplateWindowState,
  WindowRow,
} from "./scheduling.repository";
import { hhmm, todayIn, windowInstants } from "./wall-clock";

type TemplateSearchInput = z.output<typeof templateSearchRequest>;
type TemplateUpsertInput = z.output<typeof templateUpsertRequest>;
type WindowSearchInput = z.output<typeof windowSearchRequest>;
type WindowUpsertInput = z.output<typeof windowUpsertRequest>;
type GenerateInput = z.output<typeof generateWindowsRequest>;
type SettingsInput = z.output<typeof schedulingSettingsRequest>;

export type SchedulingDeps = {
  uow: UnitOfWork;
  repo: SchedulingRepository;
  /** The clock (tests pin it). */
  now?: () => Date;
};

export const DEFAULT_SCHEDULING_SETTINGS = {
  generateWeeksAhead: 0,
  smsEnabled: false,
  reminderHoursBefore: 24,
} as const;

export const toTemplateWindow = (t: TemplateRow): TemplateWindow => ({
  id: t.id,
  appointmentTypeId: t.appointmentTypeId,
  appointmentTypeName: t.appointmentTypeName,
  territoryId: t.territoryId,
  territoryName: t.territoryName,
  storeId: t.storeId,
  storeName: t.storeName,
  dayOfWeek: t.dayOfWeek,
  startTime: hhmm(t.startTime),
  endTime: hhmm(t.endTime),
  capacity: t.capacity,
  isActive: t.isActive,
  timeZone: t.timeZone,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export const toAppointmentWindow = (w: WindowRow): AppointmentWindow => ({
  id: w.id,
  appointmentTypeId: w.appointmentTypeId,
  appointmentTypeName: w.appointmentTypeName,
  territoryId: w.territoryId,
  territoryName: w.territoryName,
  storeId: w.storeId,
  storeName: w.storeName,
  templateId: w.templateId,
  localDate: w.localDate,
  startTime: hhmm(w.startTime),
  endTime: hhmm(w.endTime),
  timeZone: w.timeZone,
  startsAt: w.startsAt.toISOString(),
  endsAt: w.endsAt.toISOString(),
  capacity: w.capacity,
  booked: w.booked,
  left: w.isClosed ? 0 : Math.max(0, w.capacity - w.booked),
  isClosed: w.isClosed,
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const describeTemplate = (t: { dayOfWeek: number; startTime: string; endTime: string; capacity: number }) =>
  `${DAY_NAMES[t.dayOfWeek]} ${hhmm(t.startTime)}-${hhmm(t.endTime)} window (${plural(t.capacity, "place")})`;

const inScope = (scope: number[] | null, territoryId: number | null) =>
  scope === null || territoryId === null || scope.includes(territoryId);

/** Generation of the next `weeks` weeks of an organization's active templates, for the job, the settings and the seed. */
export async function keepWindowsGenerated(
  repo: SchedulingRepository,
  exec: Tx,
  organizationId: number,
  weeks: number,
  now: Date,
): Promise<GenerateWindowsResponse> {
  return generateInto(repo, exec, organizationId, {}, weeksAhead(weeks, now), now);
}

async function generateInto(
  repo: SchedulingRepository,
  exec: Tx,
  organizationId: number,
  filters: { templateId?: number; appointmentTypeId?: number; storeId?: number; territoryId?: number },
  range: DayRange,
  now: Date,
): Promise<GenerateWindowsResponse> {
  const templates = await repo.templatesForGeneration(exec, organizationId, filters);
  const plan = planWindows(templates, range, now);
  const created = await repo.insertWindows(exec, plan.windows);
  return {
    created,
    alreadyThere: plan.windows.length - created,
    skippedInPast: plan.skippedInPast,
    skippedInGap: plan.skippedInGap,
  };
}

export function schedulingService(d: SchedulingDeps) {
  const now = d.now ?? (() => new Date());
  const repo = d.repo;

  /** The type a template or window is of; another organization's is not found. */
  async function typeOf(tx: Tx, ctx: TenantContext, id: number) {
    const type = await repo.appointmentType(tx, ctx.organizationId, id);
    if (!type) throw notFound("The appointment type");
    return type;
  }

  /**
   * Where a template or window is: a store (its territory comes with it, and its zone), a territory (the
   * organization's zone: territories have none), or the whole organization. Another organization's store or
   * territory is not found.
   */
  async function placeOf(
    tx: Tx,
    ctx: TenantContext,
    type: { name: string; territoryId: number | null },
    territoryId: number | null,
    storeId: number | null,
  ) {
    let zone = ctx.timeZone;
    if (storeId !== null) {
      const store = await repo.store(tx, ctx.organizationId, storeId);
      if (!store) throw notFound("The store");
      if (territoryId !== null && store.territoryId !== territoryId) {
        throw fieldError(
          "body.territoryId",
          `${store.name} is in another territory: leave the territory empty or choose the store's.`,
        );
      }
      territoryId = store.territoryId;
      zone = store.timeZone;
    } else if (territoryId !== null) {
      if (!(await repo.territory(tx, ctx.organizationId, territoryId))) throw notFound("The territory");
    }
    if (type.territoryId !== null && territoryId !== null && territoryId !== type.territoryId) {
      throw fieldError(
        storeId !== null ? "body.storeId" : "body.territoryId",
        `${type.name} is booked in one territory only: choose a store or territory there, or none.`,
      );
    }
    return { territoryId, storeId, timeZone: zone };
  }

  /**
   * What a template change does to the template's future windows (decision 0035). Windows holding no booking
   * follow it: new times and capacity, or removed when the template moves to another day, type or place or is
   * switched off (closed instead when cancelled bookings' history points at them). Windows holding bookings keep
   * their day and times; their capacity follows the template but never below what they hold; on a move they
   * stop following the template. Those are listed in `leftAlone`.
   */
  async function applyTemplateChange(
    tx: Tx,
    ctx: TenantContext,
    before: TemplateRow,
    after: TemplateRow | null,
  ): Promise<Omit<TemplateChangeResponse, "template">> {
    const at = now();
    const org = ctx.organizationId;
    const windows = await repo.futureWindowsOfTemplate(tx, org, before.id, at);
    const result = { updatedWindows: 0, removedWindows: 0, closedWindows: 0, createdWindows: 0 };
    const leftAlone: LeftAloneWindow[] = [];
    const moved =
      after === null ||
      !after.isActive ||
      after.dayOfWeek !== before.dayOfWeek ||
      after.appointmentTypeId !== before.appointmentTypeId ||
      after.storeId !== before.storeId ||
      after.territoryId !== before.territoryId;
    const timesChanged =
      after !== null &&
      (hhmm(after.startTime) !== hhmm(before.startTime) || hhmm(after.endTime) !== hhmm(before.endTime));
    const left = (w: TemplateWindowState, capacity = w.capacity) =>
      leftAlone.push({
        windowId: w.id,
        localDate: w.localDate,
        startTime: hhmm(w.startTime),
        endTime: hhmm(w.endTime),
        booked: w.booked,
        capacity,
      });
    const remove: number[] = [];
    const close: number[] = [];
    const detach: number[] = [];
    for (const w of windows) {
      if (w.booked > 0) {
        if (moved || after === null) {
          detach.push(w.id);
          left(w);
          continue;
        }
        const capacity = Math.max(after.capacity, w.booked);
        if (capacity !== w.capacity) await repo.updateWindow(tx, org, w.id, { capacity });
        if (timesChanged || capacity !== after.capacity) left(w, capacity);
        else if (capacity !== w.capacity) result.updatedWindows++;
        continue;
      }
      if (moved || after === null) {
        (w.hasHistory ? close : remove).push(w.id);
        continue;
      }
      if (!timesChanged && w.capacity === after.capacity) continue;
      // Only what the template changed: a window's own (hand-edited) times stay unless the template's moved.
      const startTime = hhmm(timesChanged ? after.startTime : w.startTime);
      const endTime = hhmm(timesChanged ? after.endTime : w.endTime);
      const instants = windowInstants(w.localDate, startTime, endTime, w.timeZone);
      if (!instants) {
        // The new times fall wholly in the hour the clocks skip that day: the window cannot happen.
        (w.hasHistory ? close : remove).push(w.id);
        continue;
      }
      await repo.updateWindow(tx, org, w.id, {
        startTime,
        endTime,
        startsAt: instants.startsAt,
        endsAt: instants.endsAt,
        capacity: after.capacity,
      });
      result.updatedWindows++;
    }
    await repo.deleteWindows(tx, org, remove);
    result.removedWindows = remove.length;
    await repo.closeWindows(tx, org, close);
    result.closedWindows = close.length;
    await repo.detachWindows(tx, org, before.id, detach);
    // Moved to another day, type or place: the same stretch of days gets the template's windows again.
    if (after?.isActive && moved && windows.length > 0) {
      const to = windows[windows.length - 1].localDate;
      const generated = await generateInto(
        repo,
        tx,
        org,
        { templateId: after.id },
        (zone) => ({ from: todayIn(zone, at), to }),
        at,
      );
      result.createdWindows = generated.created;
    }
    return { ...result, leftAlone };
  }

  return {
    // --- The weekly template -------------------------------------------------------------------------

    async searchTemplates(ctx: TenantContext, input: TemplateSearchInput) {
      const scope = schedulingReadScope(ctx);
      const { rows, total } = await repo.searchTemplates(
        d.uow.read,
        ctx.organizationId,
        scope,
        input,
        pageOf(input),
      );
      return pageResult(rows.map(toTemplateWindow), total, input);
    },

    async upsertTemplate(ctx: TenantContext, input: TemplateUpsertInput): Promise<TemplateChangeResponse> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        await repo.lockTemplates(tx, org);
        const before = input.id ? await repo.templateById(tx, org, input.id) : null;
        if (input.id && !before) throw notFound("The template window");
        const type = await typeOf(tx, ctx, input.appointmentTypeId);
        const place = await placeOf(tx, ctx, type, input.territoryId, input.storeId);
        const values: TemplateValues = {
          appointmentTypeId: type.id,
          territoryId: place.territoryId,
          storeId: place.storeId,
          dayOfWeek: input.dayOfWeek,
          startTime: input.startTime,
          endTime: input.endTime,
          capacity: input.capacity,
          isActive: input.isActive,
        };
        if (values.isActive) {
          const other = await repo.overlappingTemplate(tx, org, values, before?.id);
          if (other) {
            const message = `It overlaps the ${describeTemplate(other)} of ${type.name} here: change the times, or edit that window.`;
            throw conflict(message, { "body.startTime": [message] });
          }
        }
        let id = before?.id;
        if (id) await repo.updateTemplate(tx, org, id, values);
        else id = await repo.insertTemplate(tx, org, values);
        const after = (await repo.templateById(tx, org, id)) as TemplateRow;
        const change = before
          ? await applyTemplateChange(tx, ctx, before, after)
          : { updatedWindows: 0, removedWindows: 0, closedWindows: 0, createdWindows: 0, leftAlone: [] };
        return { template: toTemplateWindow(after), ...change };
      });
    },

    async deleteTemplate(ctx: TenantContext, id: number): Promise<TemplateChangeResponse> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        await repo.lockTemplates(tx, org);
        const before = await repo.templateById(tx, org, id);
        if (!before) throw notFound("The template window");
        const change = await applyTemplateChange(tx, ctx, before, null);
        // Past windows (and those kept for their bookings) stay, no longer following a template.
        await repo.detachWindows(tx, org, id);
        await repo.deleteTemplate(tx, org, id);
        return { template: null, ...change };
      });
    },

    // --- Dated windows -------------------------------------------------------------------------------

    async searchWindows(ctx: TenantContext, input: WindowSearchInput) {
      const scope = schedulingReadScope(ctx);
      const { rows, total } = await repo.searchWindows(
        d.uow.read,
        ctx.organizationId,
        scope,
        input,
        pageOf(input),
      );
      return pageResult(rows.map(toAppointmentWindow), total, input);
    },

    async upsertWindow(ctx: TenantContext, input: WindowUpsertInput): Promise<AppointmentWindow> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        const before = input.id ? await repo.windowById(tx, org, input.id, true) : null;
        if (input.id && !before) throw notFound("The window");
        const type = await typeOf(tx, ctx, input.appointmentTypeId);
        const place = await placeOf(tx, ctx, type, input.territoryId, input.storeId);
        const samePlace =
          before !== null &&
          before.appointmentTypeId === type.id &&
          before.storeId === place.storeId &&
          before.territoryId === place.territoryId;
        // A window keeps the zone it was made in while it stays where it is.
        const timeZone = samePlace && before ? before.timeZone : place.timeZone;
        const sameWhen =
          before !== null &&
          before.localDate === input.localDate &&
          hhmm(before.startTime) === input.startTime &&
          hhmm(before.endTime) === input.endTime;
        if (before && before.booked > 0) {
          const holds = plural(before.booked, "booking");
          if (!samePlace || !sameWhen) {
            const field = !samePlace
              ? "body.appointmentTypeId"
              : before.localDate !== input.localDate
                ? "body.localDate"
                : "body.startTime";
            const message = `This window holds ${holds}: its day, times, type and place stay as they are. Close it and add another window instead.`;
            throw conflict(message, { [field]: [message] });
          }
          if (input.capacity < before.booked) {
            throw fieldError(
              "body.capacity",
              `This window holds ${holds}: its capacity can go down to ${before.booked}, not below.`,
              409,
            );
          }
        }
        const instants = windowInstants(input.localDate, input.startTime, input.endTime, timeZone);
        if (!instants) {
          throw fieldError(
            "body.startTime",
            `On ${input.localDate} the clocks in ${timeZone} skip the hour these times are in: choose times outside it.`,
          );
        }
        if ((!before || !sameWhen) && instants.startsAt.getTime() <= now().getTime()) {
          throw fieldError(
            "body.localDate",
            "Choose a day and time still to come: this window would have started.",
          );
        }
        const values = {
          appointmentTypeId: type.id,
          territoryId: place.territoryId,
          storeId: place.storeId,
          timeZone,
          localDate: input.localDate,
          startTime: input.startTime,
          endTime: input.endTime,
          startsAt: instants.startsAt,
          endsAt: instants.endsAt,
          capacity: input.capacity,
          isClosed: input.isClosed,
        };
        let id = before?.id;
        if (id) {
          // Moved to another day, type or place, it no longer follows its template (which may make a window on
          // that day itself: one window per template and day).
          const follows = samePlace && before?.localDate === input.localDate;
          await repo.updateWindow(tx, org, id, follows ? values : { ...values, templateId: null });
        } else {
          id = await repo.insertWindow(tx, { organizationId: org, templateId: null, ...values });
        }
        return toAppointmentWindow((await repo.windowById(tx, org, id)) as WindowRow);
      });
    },

    async deleteWindow(ctx: TenantContext, id: number): Promise<{ ok: true }> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        const w = await repo.windowById(tx, org, id, true);
        if (!w) throw notFound("The window");
        if (w.booked > 0) {
          throw conflict(
            `This window holds ${plural(w.booked, "booking")}: it cannot be deleted. Close it instead: it keeps its bookings and takes no more.`,
          );
        }
        const rows = await repo.appointmentRows(tx, org, id);
        if (rows > 0) {
          throw conflict(
            `${plural(rows, "cancelled booking")} of this window keep their history here: close it instead of deleting it.`,
          );
        }
        await repo.deleteWindows(tx, org, [id]);
        return { ok: true as const };
      });
    },

    async generate(ctx: TenantContext, input: GenerateInput): Promise<GenerateWindowsResponse> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        await typeOf(tx, ctx, input.appointmentTypeId);
        if (input.storeId !== undefined && !(await repo.store(tx, org, input.storeId))) {
          throw notFound("The store");
        }
        if (input.territoryId !== undefined && !(await repo.territory(tx, org, input.territoryId))) {
          throw notFound("The territory");
        }
        return generateInto(
          repo,
          tx,
          org,
          {
            appointmentTypeId: input.appointmentTypeId,
            storeId: input.storeId,
            territoryId: input.territoryId,
          },
          { from: input.from, to: input.to },
          now(),
        );
      });
    },

    async windowBookings(ctx: TenantContext, id: number): Promise<WindowBooking[]> {
      const scope = schedulingReadScope(ctx);
      const w = await repo.windowById(d.uow.read, ctx.organizationId, id);
      if (!w || !inScope(scope, w.territoryId)) throw notFound("The window");
      const rows = await repo.windowBookings(d.uow.read, ctx.organizationId, id, scope);
      return rows.map((r) => ({
        id: r.id,
        leadId: r.leadId,
        leadName: `${r.leadFirstName} ${r.leadLastName}`.trim(),
        phone: r.phone,
        status: r.status,
        source: r.source,
        bookedByUserId: r.bookedByUserId,
        bookedByName:
          r.bookedByFirstName === null ? null : `${r.bookedByFirstName} ${r.bookedByLastName ?? ""}`.trim(),
        bookedAt: r.bookedAt.toISOString(),
      }));
    },

    // --- Settings ------------------------------------------------------------------------------------

    async settings(ctx: TenantContext): Promise<SchedulingSettings> {
      requireSchedulingSetup(ctx);
      const row = await repo.settings(d.uow.read, ctx.organizationId);
      return settingsOf(ctx, row, null);
    },

    async saveSettings(ctx: TenantContext, input: SettingsInput): Promise<SchedulingSettings> {
      requireSchedulingSetup(ctx);
      const org = ctx.organizationId;
      return d.uow.run(async (tx) => {
        await repo.saveSettings(tx, org, input, ctx.userId);
        const generated =
          input.generateWeeksAhead > 0
            ? await keepWindowsGenerated(repo, tx, org, input.generateWeeksAhead, now())
            : null;
        return settingsOf(ctx, await repo.settings(tx, org), generated);
      });
    },
  };

  function settingsOf(
    ctx: TenantContext,
    row: Awaited<ReturnType<SchedulingRepository["settings"]>>,
    generated: GenerateWindowsResponse | null,
  ): SchedulingSettings {
    return {
      generateWeeksAhead: row?.generateWeeksAhead ?? DEFAULT_SCHEDULING_SETTINGS.generateWeeksAhead,
      smsEnabled: row?.smsEnabled ?? DEFAULT_SCHEDULING_SETTINGS.smsEnabled,
      reminderHoursBefore: row?.reminderHoursBefore ?? DEFAULT_SCHEDULING_SETTINGS.reminderHoursBefore,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      timeZone: ctx.timeZone,
      firstDayOfWeek: normalizeFirstDayOfWeek(ctx.firstDayOfWeek),
      today: todayIn(ctx.timeZone, now()),
      generated,
    };
  }
}

export type SchedulingService = ReturnType<typeof schedulingService>;
