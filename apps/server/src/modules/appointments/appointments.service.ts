import {
  APPOINTMENT_STATUS_NAMES,
  type AppointmentDetail,
  type AppointmentListItem,
  type AvailableWindows,
  type appointmentSearchRequest,
  type availableWindowsRequest,
  type bookAppointmentRequest,
  type CrmCapacityState,
  type cancelAppointmentRequest,
  type FreeWindow,
  formatDate,
  formatOffsetDate,
  isLegalLeadTransition,
  LEAD_STATUS,
  type LeadAppointments,
  leadStatusName,
  type moveAppointmentRequest,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../platform/context";
import { isUniqueViolation } from "../../platform/db-errors";
import { AppError, badRequest, conflict, fieldError, notFound } from "../../platform/errors";
import { type ExportColumn, type ExportFile, exportFile } from "../../platform/export";
import { once } from "../../platform/idempotency";
import type { Outbox } from "../../platform/outbox";
import { inChunks, type Page, pageOf, pageResult, tenantDateRange } from "../../platform/query-kit";
import type { Tx, UnitOfWork } from "../../platform/unit-of-work";
import type { LeadsRepository } from "../leads/index";
import {
  appointmentListScope,
  inLeadScope,
  readerLeadScope,
  requireBooker,
  requireBookingReader,
} from "./appointments.policy";
import type {
  AppointmentRow,
  AppointmentsRepository,
  WindowPlace,
  WindowRow,
} from "./appointments.repository";
import type { CrmCapacity } from "./crm-capacity";

type AvailableInput = z.output<typeof availableWindowsRequest>;
type BookInput = z.output<typeof bookAppointmentRequest>;
type MoveInput = z.output<typeof moveAppointmentRequest>;
type CancelInput = z.output<typeof cancelAppointmentRequest>;
type SearchInput = z.output<typeof appointmentSearchRequest>;

/** The outbox topics of the shopper's notices (handlers in appointments.jobs.ts). */
export const NOTICE_TOPICS = {
  email: "appointments.notice.email",
  sms: "appointments.notice.sms",
  reminder: "appointments.reminder",
} as const;

export type NoticePayload = {
  organizationId: number;
  appointmentId: number;
  kind: "booked" | "moved" | "cancelled" | "reminder";
  /** The calendar file's SEQUENCE: how many times the booking changed before this notice. */
  sequence: number;
};

export type ReminderPayload = {
  organizationId: number;
  appointmentId: number;
  sequence: number;
  /** The start the reminder was set for: moved since, it says nothing (the move set a new one). */
  startsAt: string;
};

/** The most windows one availability answer lists (60 days of 20 windows a day fit with room). */
export const AVAILABLE_MAX_WINDOWS = 2000;
export const NEXT_WINDOWS = 3;
/** An export holds at most this many rows; narrow the filters for more. */
export const APPOINTMENT_EXPORT_MAX_ROWS = 50_000;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A window that is full, closed or too soon: 409 "That window was just taken" with the next free windows of the
 * type for the same place. The route writes `nextWindows` beside the problem's message.
 */
export class WindowTaken extends AppError {
  nextWindows: FreeWindow[] = [];
  constructor(
    message: string,
    readonly typeId: number,
    readonly place: WindowPlace,
    readonly windowId: number,
  ) {
    super("window_taken", 409, message, { "body.windowId": [message] });
  }
}

/** The organization a booking is made in, when no person is signed in (the shopper's own booking, decision 0037). */
export type BookingOrg = { organizationId: number; timeZone: string };
/** Who makes a change: a signed-in person, or nobody (`userId` null: the shopper on the QR page). */
type Actor = BookingOrg & { userId: number | null };
type Scope = { organizationId: number };
type LockedLead = NonNullable<Awaited<ReturnType<LeadsRepository["lock"]>>>;
/** What a booking reads of its lead (locked by the caller's transaction, or inserted in it). */
export type BookableLead = Pick<
  LockedLead,
  "id" | "statusId" | "storeId" | "territoryId" | "email" | "phone"
>;
type BookingType = NonNullable<Awaited<ReturnType<AppointmentsRepository["type"]>>>;

/** What a booking made: the appointment, the window it took (with its type's name) and whether an email is queued. */
export type Booked = { id: number; window: WindowRow; typeName: string; emailQueued: boolean };

/**
 * Whether a window serves a place, as `freeWindows` reads it: the store's own, or one with no store in the place's
 * territory or the whole organization.
 */
function serves(w: { storeId: number | null; territoryId: number | null }, place: WindowPlace): boolean {
  if (place.storeId !== null && w.storeId === place.storeId) return true;
  if (w.storeId !== null) return false;
  if (place.storeId === null && place.territoryId === null) return true;
  return w.territoryId === null || w.territoryId === place.territoryId;
}

type Deps = {
  uow: UnitOfWork;
  repo: AppointmentsRepository;
  leads: LeadsRepository;
  outbox: Outbox;
  crmCapacity: CrmCapacity;
  /**
   * Records a delivery per destination in the change's transaction (modules/deliveries; decision 0039): a booking,
   * a move or a cancel reaches the organization's CRM, retailer and programs.
   */
  deliveries?: {
    leadChanged(tx: Tx, organizationId: number, leadId: number, appointmentId: number): Promise<number[]>;
  };
  now?: () => Date;
};

const hhmm = (t: string) => t.slice(0, 5);
const iso = (d: Date | string) => new Date(d).toISOString();
const personName = (first: string | null, last: string | null) =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

export const toFreeWindow = (w: WindowRow): FreeWindow => ({
  id: w.id,
  localDate: w.localDate,
  startTime: hhmm(w.startTime),
  endTime: hhmm(w.endTime),
  timeZone: w.timeZone,
  startsAt: iso(w.startsAt),
  endsAt: iso(w.endsAt),
  left: w.capacity - w.booked,
});

export const toDetail = (r: AppointmentRow): AppointmentDetail => ({
  id: r.id,
  leadId: r.leadId,
  leadName: `${r.leadFirstName} ${r.leadLastName}`.trim(),
  windowId: r.windowId,
  appointmentTypeId: r.appointmentTypeId,
  appointmentTypeName: r.appointmentTypeName,
  storeId: r.storeId,
  storeName: r.storeName,
  territoryId: r.territoryId,
  status: r.status,
  startsAt: iso(r.startsAt),
  endsAt: iso(r.endsAt),
  timeZone: r.timeZone,
  localDate: r.localDate,
  startTime: hhmm(r.startTime),
  endTime: hhmm(r.endTime),
  source: r.source,
  bookedByUserId: r.bookedByUserId,
  bookedByName: personName(r.bookedByFirstName, r.bookedByLastName),
  bookedAt: iso(r.bookedAt),
  cancelledAt: r.cancelledAt ? iso(r.cancelledAt) : null,
  cancelReason: r.cancelReason,
  notes: r.notes,
});

const toListItem = (r: AppointmentRow): AppointmentListItem => ({
  ...toDetail(r),
  leadPhone: r.leadPhone,
  leadEmail: r.leadEmail,
});

const exportColumns: ExportColumn<AppointmentListItem>[] = [
  { header: "Date", value: (a) => a.localDate },
  { header: "Start", value: (a) => a.startTime },
  { header: "End", value: (a) => a.endTime },
  { header: "Time zone", value: (a) => a.timeZone },
  { header: "Type", value: (a) => a.appointmentTypeName },
  { header: "Store", value: (a) => a.storeName },
  { header: "Lead", value: (a) => a.leadName },
  { header: "Phone", value: (a) => a.leadPhone },
  { header: "Email", value: (a) => a.leadEmail },
  { header: "Status", value: (a) => APPOINTMENT_STATUS_NAMES[a.status] },
  { header: "Booked by", value: (a) => a.bookedByName },
  { header: "Booked at (UTC)", value: (a) => new Date(a.bookedAt) },
  { header: "Lead id", value: (a) => a.leadId },
  { header: "Appointment id", value: (a) => a.id },
];

/** Groups windows (soonest first) by their local day. */
function byDay(windows: FreeWindow[]) {
  const days: { localDate: string; windows: FreeWindow[] }[] = [];
  for (const w of windows) {
    const last = days.at(-1);
    if (last && last.localDate === w.localDate) last.windows.push(w);
    else days.push({ localDate: w.localDate, windows: [w] });
  }
  return days;
}

export function appointmentsService(d: Deps) {
  const now = d.now ?? (() => new Date());

  /** The store and territory whose windows a lead (or a store) is offered. */
  async function placeOfLead(
    exec: Tx,
    org: BookingOrg,
    lead: { storeId: number | null; territoryId: number | null },
  ) {
    const store = lead.storeId ? await d.repo.store(exec, org, lead.storeId) : null;
    return {
      place: {
        storeId: store?.id ?? null,
        territoryId: store?.territoryId ?? lead.territoryId,
      } as WindowPlace,
      timeZone: store?.timeZone ?? org.timeZone,
    };
  }

  /** The next free windows of a type for a place, from the earliest time it can be booked. */
  async function nextWindows(scope: Scope, taken: WindowTaken): Promise<FreeWindow[]> {
    const type = await d.repo.type(d.uow.read, scope, taken.typeId);
    if (!type) return [];
    const t = now().getTime();
    const rows = await d.repo.freeWindows(d.uow.read, scope, {
      typeId: type.id,
      place: taken.place,
      from: new Date(t + type.minimumNoticeMinutes * MINUTE_MS),
      to: new Date(t + type.bookingHorizonDays * DAY_MS),
      limit: NEXT_WINDOWS,
      excludeId: taken.windowId,
    });
    return rows.map(toFreeWindow);
  }

  /** Fills a lost race's next windows (read after the transaction rolled back). */
  async function withNextWindows<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof WindowTaken) err.nextWindows = await nextWindows(scope, err);
      throw err;
    }
  }

  /**
   * The window a booking or a move goes to: this organization's, of an active type, not too soon. `offered`: the
   * shopper's booking, which may only take a window the page offered (of that type, serving the place); any other
   * id is a 400 on `body.windowId`, never a 404 (which the page reads as "this code is not in use").
   */
  async function targetWindow(
    tx: Tx,
    scope: Scope,
    windowId: number,
    place: WindowPlace,
    offered?: { appointmentTypeId: number },
  ) {
    const window = await d.repo.window(tx, scope, windowId);
    if (
      offered &&
      (!window || window.appointmentTypeId !== offered.appointmentTypeId || !serves(window, place))
    )
      throw fieldError("body.windowId", "Choose one of the times offered for this appointment.");
    if (!window) throw notFound("The window");
    const type = await d.repo.type(tx, scope, window.appointmentTypeId);
    if (!type?.isActive) {
      throw new WindowTaken(
        `${window.typeName} is no longer booked; choose another window.`,
        window.appointmentTypeId,
        place,
        window.id,
      );
    }
    const earliest = now().getTime() + type.minimumNoticeMinutes * MINUTE_MS;
    if (window.startsAt.getTime() < earliest) {
      const hours = Math.round((type.minimumNoticeMinutes / 60) * 10) / 10;
      throw new WindowTaken(
        window.startsAt.getTime() <= now().getTime()
          ? "That window has already started; choose a later one."
          : `That window starts too soon: ${type.name} needs ${hours} hours' notice. Choose a later one.`,
        type.id,
        place,
        window.id,
      );
    }
    return window;
  }

  /** The outbox rows of the shopper's notices, in the change's transaction (keyed: a retry adds nothing). */
  async function queueNotices(
    tx: Tx,
    scope: Scope,
    a: { id: number; startsAt: Date },
    lead: { email: string | null; phone: string | null },
    kind: "booked" | "moved" | "cancelled",
    sequence: number,
  ): Promise<{ email: boolean }> {
    const settings = await d.repo.settings(tx, scope);
    const payload: NoticePayload = {
      organizationId: scope.organizationId,
      appointmentId: a.id,
      kind,
      sequence,
    };
    const base = `appointment:${a.id}:${kind}:${sequence}`;
    const organizationId = scope.organizationId;
    if (lead.email) {
      await d.outbox.add(tx, { topic: NOTICE_TOPICS.email, key: `${base}:email`, payload, organizationId });
    }
    if (lead.phone && settings.smsEnabled) {
      await d.outbox.add(tx, { topic: NOTICE_TOPICS.sms, key: `${base}:sms`, payload, organizationId });
    }
    if (kind !== "cancelled" && (lead.email || (lead.phone && settings.smsEnabled))) {
      const due = a.startsAt.getTime() - settings.reminderHoursBefore * 3_600_000;
      const reminder: ReminderPayload = {
        organizationId,
        appointmentId: a.id,
        sequence,
        startsAt: a.startsAt.toISOString(),
      };
      await d.outbox.add(tx, {
        topic: NOTICE_TOPICS.reminder,
        key: `appointment:${a.id}:reminder:${sequence}`,
        payload: reminder,
        organizationId,
        delaySeconds: Math.max(0, Math.ceil((due - now().getTime()) / 1000)),
      });
    }
    return { email: Boolean(lead.email) };
  }

  /** The lead's status after a booking or a cancel, as the leads' transitions allow, with the lead's history. */
  async function leadStatus(
    tx: Tx,
    actor: Actor,
    lead: { id: number; statusId: number },
    to: number,
    reason: string,
  ) {
    if (lead.statusId === to || !isLegalLeadTransition(lead.statusId, to)) return;
    await d.leads.update(tx, actor, lead.id, {
      statusId: to,
      updatedByUserId: actor.userId,
      updatedAt: new Date(),
    });
    await d.leads.addHistory(tx, { organizationId: actor.organizationId, userId: actor.userId }, [
      {
        entityId: lead.id,
        action: "status",
        before: { statusId: lead.statusId, status: leadStatusName(lead.statusId) },
        after: { statusId: to, status: leadStatusName(to) },
        reason,
      },
    ]);
  }

  async function detailOf(ctx: TenantContext, id: number): Promise<AppointmentDetail> {
    const row = await d.repo.detail(d.uow.read, ctx, id);
    if (!row) throw notFound("The appointment");
    return toDetail(row);
  }

  /** The booked appointment and its lead, locked, for a move or a cancel by someone who may book for the lead. */
  async function lockForChange(tx: Tx, ctx: TenantContext, id: number, doing: string) {
    const scope = requireBooker(ctx);
    const appointment = await d.repo.lock(tx, ctx, id);
    if (!appointment) throw notFound("The appointment");
    const lead = await d.leads.lock(tx, ctx, appointment.leadId);
    if (!lead || lead.deletedAt || !inLeadScope(scope, lead)) throw notFound("The appointment");
    if (appointment.status !== "booked") {
      throw conflict(
        `Only a booked appointment can be ${doing}; this one is ${APPOINTMENT_STATUS_NAMES[appointment.status].toLowerCase()}.`,
      );
    }
    return { appointment, lead };
  }

  /**
   * Books one place of a window for a locked lead, in the caller's transaction: the one booking path, for staff
   * (`book`) and for the shopper's own booking (`bookForLead`, decision 0037). The place is taken by the
   * conditional update of decision 0033 (`takePlace`); a full, closed or too-soon window throws `WindowTaken` and
   * the caller's transaction rolls back. Writes the appointment, its history, the lead's status (as the leads'
   * transitions allow) and the shopper's notices (outbox rows), all with `tx`.
   */
  async function bookLocked(
    tx: Tx,
    actor: Actor,
    lead: BookableLead,
    input: {
      windowId: number;
      notes: string | null;
      source: "app" | "qr";
      offered?: { appointmentTypeId: number };
      /** The lead was inserted by this transaction: it has no appointment yet (nothing to look for). */
      isNew?: boolean;
    },
  ): Promise<Booked> {
    if (lead.statusId === LEAD_STATUS.rejected) {
      throw conflict("This lead is rejected; a manager restores it before it can be booked.");
    }
    const existing = input.isNew ? null : await d.repo.bookedOfLead(tx, actor, lead.id);
    if (existing) {
      throw fieldError(
        "body.leadId",
        `This lead already has a booked appointment (${formatDate(existing.startsAt, actor.timeZone)}); move it instead of booking another.`,
        409,
      );
    }
    const { place } = await placeOfLead(tx, actor, lead);
    const window = await targetWindow(tx, actor, input.windowId, place, input.offered);
    const taken = await d.repo.takePlace(tx, actor, window.id);
    if (!taken) {
      throw new WindowTaken(
        "That window was just taken; choose another.",
        window.appointmentTypeId,
        place,
        window.id,
      );
    }
    const appointmentId = await d.repo.insert(tx, actor, {
      leadId: lead.id,
      windowId: taken.id,
      appointmentTypeId: taken.appointmentTypeId,
      storeId: lead.storeId ?? taken.storeId,
      territoryId: lead.territoryId ?? taken.territoryId,
      status: "booked",
      startsAt: taken.startsAt,
      endsAt: taken.endsAt,
      timeZone: taken.timeZone,
      source: input.source,
      bookedByUserId: actor.userId,
      notes: input.notes,
      updatedByUserId: actor.userId,
    });
    await d.repo.addHistory(tx, { organizationId: actor.organizationId, userId: actor.userId }, [
      {
        entityId: appointmentId,
        action: "booked",
        before: null,
        after: {
          windowId: taken.id,
          appointmentTypeId: taken.appointmentTypeId,
          startsAt: taken.startsAt.toISOString(),
          endsAt: taken.endsAt.toISOString(),
          timeZone: taken.timeZone,
        },
      },
    ]);
    await leadStatus(tx, actor, lead, LEAD_STATUS.appointmentSet, "Appointment booked");
    await d.deliveries?.leadChanged(tx, actor.organizationId, lead.id, appointmentId);
    const queued = await queueNotices(
      tx,
      actor,
      { id: appointmentId, startsAt: taken.startsAt },
      lead,
      "booked",
      0,
    );
    return { id: appointmentId, window: taken, typeName: window.typeName, emailQueued: queued.email };
  }

  /**
   * The free windows of an (active) type for a place, narrowed to what the organization's CRM can take (decision
   * 0033: the CRM being down keeps our own capacity and says so). Shared by staff availability and the QR page.
   */
  async function freeWindowsFor(
    scope: Scope,
    type: BookingType,
    place: WindowPlace,
    timeZone: string,
    range: { from?: string | null; to?: string | null },
  ): Promise<AvailableWindows> {
    const t = now().getTime();
    const earliest = t + type.minimumNoticeMinutes * MINUTE_MS;
    const horizon = t + type.bookingHorizonDays * DAY_MS;
    const from = new Date(Math.max(range.from ? Date.parse(range.from) : t, earliest));
    const to = new Date(Math.min(range.to ? Date.parse(range.to) : horizon, horizon));
    if (range.from && range.to && Date.parse(range.from) > Date.parse(range.to))
      throw badRequest("`from` is after `to`.", { "body.from": ["Choose a start before the end"] });
    const [rows, crm] = await Promise.all([
      from < to
        ? d.repo.freeWindows(d.uow.read, scope, {
            typeId: type.id,
            place,
            from,
            to,
            limit: AVAILABLE_MAX_WINDOWS,
          })
        : Promise.resolve([]),
      d.crmCapacity
        .check({
          organizationId: scope.organizationId,
          from,
          to,
          businessUnitIds: type.businessUnitIds,
          jobTypeId: type.crmJobTypeId,
        })
        .catch((err: unknown) => ({
          status: "unavailable" as const,
          reason: err instanceof Error ? err.message : String(err),
        })),
    ]);
    let windows = rows;
    let crmMessage: string | null = null;
    if (crm.status === "checked")
      windows = rows.filter((w) => crm.takes({ startsAt: w.startsAt, endsAt: w.endsAt }));
    if (crm.status === "unavailable") crmMessage = "The CRM did not answer: showing our own capacity.";
    return {
      appointmentTypeId: type.id,
      appointmentTypeName: type.name,
      storeId: place.storeId,
      timeZone,
      from: from.toISOString(),
      to: to.toISOString(),
      crm: crm.status as CrmCapacityState,
      crmMessage,
      days: byDay(windows.map(toFreeWindow)),
    };
  }

  return {
    async available(ctx: TenantContext, input: AvailableInput): Promise<AvailableWindows> {
      requireBookingReader(ctx);
      const type = await d.repo.type(d.uow.read, ctx, input.appointmentTypeId);
      if (!type) throw notFound("The appointment type");
      if (!type.isActive)
        throw fieldError("body.appointmentTypeId", `${type.name} is inactive; choose another type.`);
      let place: WindowPlace;
      let timeZone: string;
      if (input.leadId) {
        const scope = readerLeadScope(ctx);
        const lead = await d.leads.find(d.uow.read, ctx, input.leadId);
        if (!lead || !inLeadScope(scope, lead)) throw notFound("The lead");
        ({ place, timeZone } = await placeOfLead(d.uow.read, ctx, lead));
      } else {
        const store = await d.repo.store(d.uow.read, ctx, input.storeId as number);
        if (!store) throw notFound("The store");
        place = { storeId: store.id, territoryId: store.territoryId };
        timeZone = store.timeZone;
      }
      return freeWindowsFor(ctx, type, place, timeZone, input);
    },

    /**
     * The free windows of a type at a store, for a caller who is not signed in (the QR page, decision 0037): the
     * same windows and CRM narrowing as `available`. The caller has already decided the organization and that the
     * type is offered at the store; an inactive or unknown type or store answers 404.
     */
    async availableAt(
      org: Scope,
      q: { storeId: number; appointmentTypeId: number },
    ): Promise<AvailableWindows> {
      const [type, store] = await Promise.all([
        d.repo.type(d.uow.read, org, q.appointmentTypeId),
        d.repo.store(d.uow.read, org, q.storeId),
      ]);
      if (!type?.isActive) throw notFound("The appointment type");
      if (!store) throw notFound("The store");
      const place = { storeId: store.id, territoryId: store.territoryId };
      return freeWindowsFor(org, type, place, store.timeZone, {});
    },

    /**
     * Books a window for a lead inside the caller's transaction, with no person signed in: the shopper's own
     * booking from a QR code (decision 0037). Source `qr`, booked by nobody, the same conditional update, lead
     * status and notices as a staff booking (`bookLocked`). Only a window the page offered is taken (of the type,
     * serving the lead's store), else a 400 on `body.windowId`. A full, closed or too-soon window throws
     * `WindowTaken`: the caller rolls back, then asks `fillNextWindows` for the next ones.
     */
    async bookForLead(
      tx: Tx,
      org: BookingOrg,
      input: {
        /** The lead this transaction just inserted (its insert holds it: no other transaction sees it yet). */
        lead: BookableLead;
        windowId: number;
        appointmentTypeId: number;
        notes?: string | null;
      },
    ): Promise<Booked> {
      return bookLocked(tx, { ...org, userId: null }, input.lead, {
        windowId: input.windowId,
        notes: input.notes ?? null,
        source: "qr",
        offered: { appointmentTypeId: input.appointmentTypeId },
        isNew: true,
      });
    },

    /** A lost race's next free windows, read after its transaction rolled back (the 409's `nextWindows`). */
    async fillNextWindows(org: Scope, err: WindowTaken): Promise<void> {
      err.nextWindows = await nextWindows(org, err);
    },

    async book(ctx: TenantContext, input: BookInput, key?: string): Promise<AppointmentDetail> {
      const scope = requireBooker(ctx);
      const idempotency = {
        organizationId: ctx.organizationId,
        actor: `u${ctx.userId}`,
        operation: "appointments.book",
      };
      const { id } = await withNextWindows(ctx, () =>
        d.uow
          .run((tx) =>
            once(tx, idempotency, key, input, async () => {
              const lead = await d.leads.lock(tx, ctx, input.leadId);
              if (!lead || lead.deletedAt || !inLeadScope(scope, lead)) throw notFound("The lead");
              const booked = await bookLocked(tx, ctx, lead, {
                windowId: input.windowId,
                notes: input.notes ?? null,
                source: "app",
              });
              return { id: booked.id };
            }),
          )
          .catch((err: unknown) => {
            // The partial unique index is the backstop of "one booked appointment per lead".
            if (isUniqueViolation(err, "appointments_one_booked_per_lead_key")) {
              throw fieldError(
                "body.leadId",
                "This lead already has a booked appointment; move it instead of booking another.",
                409,
              );
            }
            throw err;
          }),
      );
      return detailOf(ctx, id);
    },

    async move(ctx: TenantContext, id: number, input: MoveInput): Promise<AppointmentDetail> {
      await withNextWindows(ctx, () =>
        d.uow.run(async (tx) => {
          const { appointment: a, lead } = await lockForChange(tx, ctx, id, "moved");
          if (a.windowId === input.windowId) {
            throw fieldError("body.windowId", "The appointment is already in that window; choose another.");
          }
          const { place } = await placeOfLead(tx, ctx, lead);
          const target = await targetWindow(tx, ctx, input.windowId, place);
          // Both windows in id order, so two moves in opposite directions never wait on each other.
          let taken: WindowRow | null;
          if (a.windowId < target.id) {
            await d.repo.givePlace(tx, ctx, a.windowId);
            taken = await d.repo.takePlace(tx, ctx, target.id);
          } else {
            taken = await d.repo.takePlace(tx, ctx, target.id);
            if (taken) await d.repo.givePlace(tx, ctx, a.windowId);
          }
          // Thrown, the transaction rolls back: the old place is still the appointment's.
          if (!taken)
            throw new WindowTaken(
              "That window was just taken; choose another.",
              target.appointmentTypeId,
              place,
              target.id,
            );
          await d.repo.update(tx, ctx, a.id, {
            windowId: taken.id,
            appointmentTypeId: taken.appointmentTypeId,
            startsAt: taken.startsAt,
            endsAt: taken.endsAt,
            timeZone: taken.timeZone,
            updatedByUserId: ctx.userId,
          });
          await d.repo.addHistory(tx, { organizationId: ctx.organizationId, userId: ctx.userId }, [
            {
              entityId: a.id,
              action: "moved",
              before: {
                windowId: a.windowId,
                appointmentTypeId: a.appointmentTypeId,
                startsAt: a.startsAt.toISOString(),
                endsAt: a.endsAt.toISOString(),
                timeZone: a.timeZone,
              },
              after: {
                windowId: taken.id,
                appointmentTypeId: taken.appointmentTypeId,
                startsAt: taken.startsAt.toISOString(),
                endsAt: taken.endsAt.toISOString(),
                timeZone: taken.timeZone,
              },
              reason: input.reason ?? null,
            },
          ]);
          const sequence = await d.repo.changeCount(tx, ctx, a.id);
          await queueNotices(tx, ctx, { id: a.id, startsAt: taken.startsAt }, lead, "moved", sequence);
          await d.deliveries?.leadChanged(tx, ctx.organizationId, lead.id, a.id);
        }),
      );
      return detailOf(ctx, id);
    },

    async cancel(ctx: TenantContext, id: number, input: CancelInput): Promise<AppointmentDetail> {
      await d.uow.run(async (tx) => {
        const { appointment: a, lead } = await lockForChange(tx, ctx, id, "cancelled");
        await d.repo.givePlace(tx, ctx, a.windowId);
        const cancelledAt = new Date();
        await d.repo.update(tx, ctx, a.id, {
          status: "cancelled",
          cancelledAt,
          cancelReason: input.reason,
          updatedByUserId: ctx.userId,
        });
        await d.repo.addHistory(tx, { organizationId: ctx.organizationId, userId: ctx.userId }, [
          {
            entityId: a.id,
            action: "cancelled",
            before: { status: "booked" },
            after: { status: "cancelled", cancelledAt: cancelledAt.toISOString() },
            reason: input.reason,
          },
        ]);
        if (lead.statusId === LEAD_STATUS.appointmentSet) {
          await leadStatus(tx, ctx, lead, LEAD_STATUS.cancelled, `Appointment cancelled: ${input.reason}`);
        }
        const sequence = await d.repo.changeCount(tx, ctx, a.id);
        await queueNotices(tx, ctx, { id: a.id, startsAt: a.startsAt }, lead, "cancelled", sequence);
        await d.deliveries?.leadChanged(tx, ctx.organizationId, lead.id, a.id);
      });
      return detailOf(ctx, id);
    },

    async ofLead(ctx: TenantContext, leadId: number): Promise<LeadAppointments> {
      const scope = readerLeadScope(ctx);
      const lead = await d.leads.find(d.uow.read, ctx, leadId);
      if (!lead || !inLeadScope(scope, lead)) throw notFound("The lead");
      const rows = await d.repo.ofLead(d.uow.read, ctx, leadId);
      const history = await d.repo.history(
        d.uow.read,
        ctx,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) => ({
          ...toDetail(r),
          history: history
            .filter((h) => h.appointmentId === r.id)
            .map((h) => ({
              id: h.id,
              action: h.action,
              at: iso(h.at),
              userId: h.userId,
              userName: personName(h.firstName, h.lastName),
              before: h.before,
              after: h.after,
              reason: h.reason,
            })),
        })),
      };
    },

    async search(
      ctx: TenantContext,
      input: SearchInput,
    ): Promise<{ kind: "page"; page: Page<AppointmentListItem> } | ExportFile> {
      const scope = appointmentListScope(ctx);
      const at = now();
      const range = tenantDateRange(ctx, input, at) ?? {
        // Upcoming: from the start of today in the organization's zone.
        start: zonedDateTimeToUtc(formatDate(at, ctx.timeZone), "00:00", ctx.timeZone),
        end: null,
      };
      const filters = {
        range,
        appointmentTypeIds: input.appointmentTypeIds,
        storeIds: input.storeIds,
        statuses: input.statuses,
        bookedByUserIds: input.bookedByUserIds,
        ...scope,
      };
      const sort = { sortBy: input.sortBy, direction: input.sortDirection };
      if (input.format !== "json") {
        const ids = await d.repo.searchIds(d.uow.read, ctx, filters, sort, APPOINTMENT_EXPORT_MAX_ROWS);
        const read = async (slice: number[]) =>
          (await d.repo.byIds(d.uow.read, ctx, slice, sort)).map(toListItem);
        return exportFile({
          format: input.format,
          title: "Appointments",
          date: formatOffsetDate(at, ctx.offsetMinutes),
          columns: exportColumns,
          chunks: inChunks(ids, 1000, read),
        });
      }
      const { rows, total } = await d.repo.search(d.uow.read, ctx, filters, sort, pageOf(input));
      return { kind: "page", page: pageResult(rows.map(toListItem), total, input) };
    },
  };
}

export type AppointmentsService = ReturnType<typeof appointmentsService>;
