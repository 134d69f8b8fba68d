import {
  addDays,
  type dashboardTimeLogsQuery,
  formatDate,
  type LaborHistoryRow,
  type laborHistorySearchRequest,
  type laborTodayResponse,
  type missingPunchSearchRequest,
  type TimeLogItem,
  type timeLogCreateRequest,
  type timeLogSearchRequest,
  type timeLogUpdateRequest,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { isUniqueViolation } from "../../../platform/db-errors";
import { AppError, badRequest, conflict, fieldError, notFound } from "../../../platform/errors";
import { type ExportColumn, type ExportFile, exportFile } from "../../../platform/export";
import { changes } from "../../../platform/history";
import { once } from "../../../platform/idempotency";
import { escapeHtml } from "../../../platform/mail";
import { type Page, type PageWindow, pageOf, pageResult } from "../../../platform/query-kit";
import type { Tx, UnitOfWork } from "../../../platform/unit-of-work";
import type { Notices } from "../../notifications/index";
import { groupBy } from "../common/group-by";
import { type LaborPeriod, type LaborPerson, laborPeriod, personInScope } from "../common/people";
import { assertNotPosted } from "../common/posted";
import { isShiftTimeProblem } from "../common/shift-time";
import type {
  LaborHistoryDbRow,
  LaborHistoryFilters,
  LaborHistoryRepository,
} from "./labor-history.repository";
import {
  logFlags,
  requireLabor,
  requireLaborReader,
  requireLaborTeam,
  requireProposalFor,
  requirePunchFor,
} from "./time-logs.policy";
import type {
  DueLog,
  LogRecord,
  RecordNames,
  ShiftToday,
  StoreRecord,
  TimeLogHistoryWrite,
  TimeLogRow,
  TimeLogsRepository,
} from "./time-logs.repository";
import {
  EARLIEST_WORK_DATE,
  elapsedMinutes,
  localDateTime,
  missingDueAt,
  punchDistance,
  readableDistance,
  shiftInstants,
  weekStartOf,
} from "./time-rules";

type HistorySearchInput = z.output<typeof laborHistorySearchRequest>;
type LogSearchInput = z.output<typeof timeLogSearchRequest>;
type CreateInput = z.output<typeof timeLogCreateRequest>;
type UpdateInput = z.output<typeof timeLogUpdateRequest>;
type MissingInput = z.output<typeof missingPunchSearchRequest>;
type DashboardInput = z.output<typeof dashboardTimeLogsQuery>;
type TodayAnswer = z.infer<typeof laborTodayResponse>;
type WriteAnswer = { timeLog: TimeLogItem; warnings: string[] };

type Deps = {
  uow: UnitOfWork;
  repo: TimeLogsRepository;
  history: LaborHistoryRepository;
  /** The missing-punch notice (in the app and by email) goes through the notifications' port (decision 0041). */
  notices: Notices;
  /** The server's public address: the missing-punch email links to the time logs page. */
  publicUrl: string;
  now?: () => Date;
};

/** The most rows a labor history download holds; more is a 400 that says to narrow the filters. */
export const LABOR_HISTORY_EXPORT_MAX = 100_000;
const EXPORT_CHUNK = 5_000;
/** The dashboard's drawer lists at most this many logs. */
export const DASHBOARD_MAX_LOGS = 500;
/** How many stores the phone offers at most. */
const PUNCH_STORES_MAX = 500;
/** How many sweeps' logs are flagged per transaction. */
export const SWEEP_BATCH = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

function toItem(ctx: TenantContext, r: TimeLogRow): TimeLogItem {
  const tz = r.timeZone;
  const local = (d: Date | null) => (d ? localDateTime(d, tz) : null);
  const posted = Boolean(r.posted);
  return {
    id: r.id,
    userId: r.userId,
    userName: nameOf(r.firstName, r.lastName),
    storeId: r.storeId,
    storeName: r.storeName,
    timeZone: tz,
    workDate: r.workDate,
    hoursTypeId: r.hoursTypeId,
    hoursTypeName: r.hoursTypeName ?? null,
    punchInAt: iso(r.punchInAt),
    punchOutAt: iso(r.punchOutAt),
    localPunchIn: local(r.punchInAt),
    localPunchOut: local(r.punchOutAt),
    minutes: r.punchInAt && r.punchOutAt ? elapsedMinutes(r.punchInAt, r.punchOutAt) : null,
    state: r.state,
    missing: r.missing ?? null,
    flaggedAt: iso(r.flaggedAt),
    proposal: r.proposedAt
      ? {
          punchInAt: iso(r.proposedInAt),
          punchOutAt: iso(r.proposedOutAt),
          localPunchIn: local(r.proposedInAt),
          localPunchOut: local(r.proposedOutAt),
          reason: r.proposedReason,
          proposedAt: r.proposedAt.toISOString(),
        }
      : null,
    inDistanceMeters: r.inDistanceMeters,
    outDistanceMeters: r.outDistanceMeters,
    farFromStore: [r.inDistanceMeters, r.outDistanceMeters].some(
      (m) => m !== null && m > r.punchDistanceMeters,
    ),
    source: r.source,
    notes: r.notes,
    posted,
    leadCount: Number(r.leadCount ?? 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    ...logFlags(ctx, { userId: r.userId, state: r.state, posted }),
  };
}

/** What a log's history keeps of it, under the API's names (local times included, as people read them). */
type Snapshot = Record<string, unknown>;
function snapshot(log: {
  storeId: number;
  storeName: string;
  hoursTypeId: number | null;
  workDate: string;
  timeZone: string;
  punchInAt: Date | null;
  punchOutAt: Date | null;
  state: string;
  missing: string | null;
  notes: string | null;
  proposedInAt?: Date | null;
  proposedOutAt?: Date | null;
}): Snapshot {
  const local = (d: Date | null | undefined) => (d ? localDateTime(d, log.timeZone) : null);
  return {
    storeId: log.storeId,
    storeName: log.storeName,
    hoursTypeId: log.hoursTypeId,
    workDate: log.workDate,
    timeZone: log.timeZone,
    punchInAt: iso(log.punchInAt),
    punchOutAt: iso(log.punchOutAt),
    localPunchIn: local(log.punchInAt),
    localPunchOut: local(log.punchOutAt),
    state: log.state,
    missing: log.missing,
    notes: log.notes,
    proposedPunchIn: local(log.proposedInAt),
    proposedPunchOut: local(log.proposedOutAt),
  };
}

/**
 * A history record as the trail answers it: the store's and hours type's names beside their ids, read now when
 * the record was written with the ids only (older entries, and the demo's).
 */
function withNames(record: Snapshot | null, names: RecordNames): Snapshot | null {
  if (!record) return null;
  const out = { ...record };
  if ("storeId" in out && typeof out.storeName !== "string" && names.storeName !== null)
    out.storeName = names.storeName;
  if ("hoursTypeId" in out && typeof out.hoursTypeName !== "string" && names.hoursTypeName !== null)
    out.hoursTypeName = names.hoursTypeName;
  return out;
}

/** The history entry of an open log flagged missing its punch out (by the sweep, or by a punch that found it). */
const flagEntry = (log: { id: number; userId: number }, now: Date): TimeLogHistoryWrite => ({
  entityId: log.id,
  subjectUserId: log.userId,
  action: "flag",
  before: { state: "open", missing: null },
  after: { state: "missing", missing: "punchOut", flaggedAt: now.toISOString() },
  reason: MISSING_REASON,
});

type Phone = { latitude: number; longitude: number } | null;

/** Where a punch in or out was made: the phone's location (when sent) and its distance from the store. */
function punchPlace(side: "in" | "out", phone: Phone, distance: number | null) {
  const latitude = phone?.latitude ?? null;
  const longitude = phone?.longitude ?? null;
  return side === "in"
    ? { inLatitude: latitude, inLongitude: longitude, inDistanceMeters: distance }
    : { outLatitude: latitude, outLongitude: longitude, outDistanceMeters: distance };
}

/** What a manager's correction or acceptance sets besides the times: no proposal left, the source manual. */
const settled = (updatedByUserId: number) => ({
  missing: null,
  proposedInAt: null,
  proposedOutAt: null,
  proposedReason: null,
  proposedAt: null,
  source: "manual" as const,
  updatedByUserId,
});

/** "Costco Wayne since 2026-11-24 09:02 (America/New_York)". */
const shiftLabel = (log: { storeName: string; punchInAt: Date | null; timeZone: string }) =>
  log.punchInAt
    ? `${log.storeName} since ${localDateTime(log.punchInAt, log.timeZone)} (${log.timeZone})`
    : log.storeName;

/** The shift a punch defaults to among today's: the first not over yet, else the last one. */
function scheduledShift(list: ShiftToday[], now: Date): ShiftToday | null {
  return list.find((s) => s.endsAt.getTime() > now.getTime()) ?? list.at(-1) ?? null;
}

const historyColumns: ExportColumn<LaborHistoryDbRow>[] = [
  { header: "Person", value: (r) => nameOf(r.firstName, r.lastName) },
  { header: "From", value: (r) => r.periodStart },
  { header: "To", value: (r) => r.periodEnd },
  { header: "Hours", value: (r) => Math.round((r.minutes / 60) * 100) / 100 },
  { header: "Minutes", value: (r) => r.minutes },
  { header: "Shifts", value: (r) => r.shiftCount },
  { header: "Stores", value: (r) => r.storeNames.join("; ") },
  { header: "Needing attention", value: (r) => r.attentionCount },
  { header: "Leads", value: (r) => r.leadCount },
  { header: "Leads while not punched in", value: (r) => r.leadsNotPunchedIn },
  { header: "Approaches", value: (r) => r.approaches },
  { header: "Shifts with approaches and no lead", value: (r) => r.shiftsWithApproachesNoLeads },
  { header: "Scheduled hours", value: (r) => Math.round((r.scheduledMinutes / 60) * 100) / 100 },
];

const toHistoryRow = (r: LaborHistoryDbRow): LaborHistoryRow => ({
  userId: r.userId,
  userName: nameOf(r.firstName, r.lastName),
  periodStart: r.periodStart,
  periodEnd: r.periodEnd,
  minutes: r.minutes,
  shiftCount: r.shiftCount,
  storeNames: r.storeNames,
  attentionCount: r.attentionCount,
  leadCount: r.leadCount,
  leadsNotPunchedIn: r.leadsNotPunchedIn,
  approaches: r.approaches,
  shiftsWithApproachesNoLeads: r.shiftsWithApproachesNoLeads,
  scheduledMinutes: r.scheduledMinutes,
});

/**
 * Time logs (docs/decisions/0040-labor.md): punches from the phone, shifts entered and corrected by managers,
 * missing punches found by the sweep, proposed by the person and accepted or corrected by a manager, the audit
 * trail of every change, and labor history (minutes per person and day or week, with what managers act on).
 */
export function timeLogsService(deps: Deps) {
  const d = { ...deps, now: deps.now ?? (() => new Date()) };
  const { repo } = d;

  async function itemOf(exec: Tx, ctx: TenantContext, id: number): Promise<TimeLogItem> {
    const row = await repo.item(exec, ctx.organizationId, id);
    if (!row) throw notFound("The time log");
    return toItem(ctx, row);
  }

  /** One history entry by the caller: what changed on the person's log (`before` null: it is new), and why. */
  const record = (
    tx: Tx,
    ctx: TenantContext,
    entry: {
      id: number;
      userId: number;
      action: TimeLogHistoryWrite["action"];
      before: Snapshot | null;
      after: Snapshot | null;
      reason?: string | null;
    },
  ) =>
    repo.writeHistory(tx, { organizationId: ctx.organizationId, userId: ctx.userId }, [
      {
        entityId: entry.id,
        subjectUserId: entry.userId,
        action: entry.action,
        before: entry.before,
        after: entry.after,
        reason: entry.reason,
      },
    ]);

  /** A change of a log, recorded with only the fields that changed. */
  const recordChange = (
    tx: Tx,
    ctx: TenantContext,
    log: { id: number; userId: number },
    action: TimeLogHistoryWrite["action"],
    before: Snapshot,
    after: Snapshot,
    reason?: string | null,
  ) => {
    const diff = changes(before, after);
    return record(tx, ctx, {
      id: log.id,
      userId: log.userId,
      action,
      before: diff?.before ?? null,
      after: diff?.after ?? null,
      reason,
    });
  };

  /** A store named by a request: another organization's (or none) is a 404, an inactive one a 400. */
  async function storeNamed(tx: Tx, ctx: TenantContext, id: number, opts: { active: boolean }) {
    const store = await repo.store(tx, ctx.organizationId, id);
    if (!store) throw notFound("The store");
    if (opts.active && !store.isActive)
      throw fieldError("body.storeId", `${store.name} is inactive; choose another store.`);
    return store;
  }

  async function hoursTypeOf(tx: Tx, id: number | null | undefined, fallback: number | null) {
    if (id === undefined || id === null) return id === null ? null : fallback;
    if (!(await repo.hoursTypeExists(tx, id)))
      throw fieldError("body.hoursTypeId", "Choose an hours type of the list.");
    return id;
  }

  /** Today's planned shifts of a person, each on its store's own calendar. */
  async function shiftsToday(exec: Tx, ctx: TenantContext, userId: number, now: Date) {
    const today = formatDate(now, ctx.timeZone);
    const around = await repo.shiftsAround(
      exec,
      ctx.organizationId,
      userId,
      addDays(today, -1),
      addDays(today, 1),
    );
    return around.filter((s) => formatDate(now, s.timeZone) === s.workDate);
  }

  /**
   * The store of a punch: the one asked for (a warning when today's schedule says another), else today's scheduled
   * shift's, else the membership's only store; else a 400 asking to choose.
   */
  async function punchStore(
    tx: Tx,
    ctx: TenantContext,
    userId: number,
    storeId: number | null | undefined,
    now: Date,
    warnings: string[],
  ): Promise<StoreRecord> {
    const scheduled = scheduledShift(await shiftsToday(tx, ctx, userId, now), now);
    if (storeId) {
      const store = await storeNamed(tx, ctx, storeId, { active: true });
      if (scheduled && scheduled.storeId !== store.id)
        warnings.push(`You are scheduled at ${scheduled.storeName} today, not at ${store.name}.`);
      return store;
    }
    if (scheduled) {
      const store = await repo.store(tx, ctx.organizationId, scheduled.storeId);
      if (store?.isActive) return store;
    }
    const own = await repo.membershipStoreIds(tx, ctx.organizationId, userId);
    if (own.length === 1) {
      const store = await repo.store(tx, ctx.organizationId, own[0]);
      if (store) return store;
    }
    throw fieldError(
      "body.storeId",
      "Choose the store you are at: there is no shift for you there today and you work at more than one store.",
    );
  }

  /** What a punch records of itself: the person, the store and its zone and date, by the caller, now. */
  const punchValues = (ctx: TenantContext, person: LaborPerson, store: StoreRecord, now: Date) => ({
    organizationId: ctx.organizationId,
    userId: person.userId,
    storeId: store.id,
    timeZone: store.timeZone,
    workDate: formatDate(now, store.timeZone),
    source: "punch" as const,
    createdByUserId: ctx.userId,
    updatedByUserId: ctx.userId,
  });

  function location(input: { latitude?: number | null; longitude?: number | null }) {
    const hasLat = input.latitude !== undefined && input.latitude !== null;
    const hasLon = input.longitude !== undefined && input.longitude !== null;
    if (hasLat !== hasLon) {
      const field = hasLat ? "body.longitude" : "body.latitude";
      throw fieldError(field, "Send both the latitude and the longitude of the phone, or neither.");
    }
    return hasLat ? { latitude: input.latitude as number, longitude: input.longitude as number } : null;
  }

  /** A local date a shift may have: not before 2000, not after today in the store's zone. */
  function checkWorkDate(workDate: string, timeZone: string, now: Date, field = "body.workDate") {
    if (workDate < EARLIEST_WORK_DATE)
      throw fieldError(field, `Choose a date from ${EARLIEST_WORK_DATE} on.`);
    if (workDate > formatDate(now, timeZone))
      throw fieldError(field, "This date is in the future: time is logged once it is worked.");
  }

  function checkPast(punchInAt: Date, punchOutAt: Date | null, now: Date) {
    if (punchInAt.getTime() > now.getTime())
      throw fieldError("body.startTime", "This start is in the future: time is logged once it is worked.");
    if (punchOutAt && punchOutAt.getTime() > now.getTime())
      throw fieldError("body.endTime", "This end is in the future: time is logged once it is worked.");
  }

  /** A shift's instants from store-local date and times: a past date, and no time after `now`. */
  function shiftTimes(
    input: { workDate: string; startTime: string; endTime?: string | null },
    timeZone: string,
    now: Date,
  ) {
    checkWorkDate(input.workDate, timeZone, now);
    const times = shiftInstants(input.workDate, input.startTime, input.endTime, timeZone);
    if (isShiftTimeProblem(times)) throw fieldError(`body.${times.field}`, times.message);
    checkPast(times.punchInAt, times.punchOutAt, now);
    return times;
  }

  /** A shift left open must still be running: past its longest shift or its store's day, it needs an end. */
  function checkStillRunning(
    punchInAt: Date,
    workDate: string,
    timeZone: string,
    maxShiftHours: number,
    now: Date,
  ) {
    if (missingDueAt({ punchInAt, workDate, timeZone }, maxShiftHours) <= now)
      throw fieldError("body.endTime", "This shift is over: give the time it ended.");
  }

  /** A warning for a shift longer than the organization's longest one. */
  function longShiftWarning(
    punchInAt: Date,
    punchOutAt: Date | null,
    maxShiftHours: number,
    warnings: string[],
  ) {
    if (punchOutAt && elapsedMinutes(punchInAt, punchOutAt) > maxShiftHours * 60)
      warnings.push(`This shift is longer than the organization's longest shift (${maxShiftHours} hours).`);
  }

  async function noOverlap(
    tx: Tx,
    ctx: TenantContext,
    userId: number,
    exceptId: number | null,
    start: Date,
    end: Date | null,
    workDate: string,
  ) {
    const other = await repo.overlapping(tx, ctx.organizationId, userId, exceptId, start, end, workDate);
    if (!other) return;
    const from = other.punchInAt ?? other.punchOutAt;
    const when = from ? localDateTime(from, other.timeZone) : other.workDate;
    const message = `This overlaps the shift at ${other.storeName} on ${when} (log ${other.id}); a person is in one place at a time. Correct that shift first.`;
    throw conflict(message, { "body.startTime": [message] });
  }

  const isOverdue = (log: LogRecord, maxShiftHours: number, now: Date) =>
    log.punchInAt !== null &&
    missingDueAt(
      { punchInAt: log.punchInAt, workDate: log.workDate, timeZone: log.timeZone },
      maxShiftHours,
    ) <= now;

  /** An open log found overdue by a punch: flagged as the sweep would have (by the system), never closed. */
  async function flagNow(tx: Tx, ctx: TenantContext, log: LogRecord, now: Date) {
    await repo.flag(tx, [log.id], now);
    await repo.writeHistory(tx, { organizationId: ctx.organizationId, userId: null }, [flagEntry(log, now)]);
    return `Your shift at ${shiftLabel(log)} had no punch out; it is now a missing punch. Propose the time you left.`;
  }

  const openConflict = (log: LogRecord) => {
    const message = `You are already punched in at ${shiftLabel(log)}; punch out first.`;
    return conflict(message, { "body.action": [message] });
  };

  /**
   * What a punch starts from: the organization's settings, the phone's location, and the person's open log, locked
   * (one found overdue is flagged now, with a warning, and is open no longer).
   */
  async function punchStart(
    tx: Tx,
    ctx: TenantContext,
    person: LaborPerson,
    input: { latitude?: number | null; longitude?: number | null },
    now: Date,
  ) {
    const settings = await repo.settings(tx, ctx.organizationId);
    const warnings: string[] = [];
    const phone = location(input);
    let open = await repo.lockOpen(tx, ctx.organizationId, person.userId);
    if (open && isOverdue(open, settings.maxShiftHours, now)) {
      warnings.push(await flagNow(tx, ctx, open, now));
      open = null;
    }
    return { punch: { tx, ctx, person, now, settings, warnings, phone }, open };
  }
  type Punch = Awaited<ReturnType<typeof punchStart>>["punch"];

  /**
   * The phone's distance from the store (null: no location sent), with a warning when it is farther than the
   * organization's punch distance.
   */
  function punchDistanceFrom(p: Punch, store: StoreRecord, side: "in" | "out") {
    const distance = p.phone ? punchDistance(p.phone, store) : null;
    const limit = p.settings.punchDistanceMeters;
    if (distance !== null && distance > limit)
      p.warnings.push(
        `Your punch ${side} was ${readableDistance(distance)} from ${store.name} (more than ${readableDistance(limit)}); it is recorded, and managers see it.`,
      );
    return distance;
  }

  /** A new log from a punch at `store`: outside posted periods, with the phone's distance, and on the record. */
  async function insertPunch(
    p: Punch,
    store: StoreRecord,
    side: "in" | "out",
    fields: {
      hoursTypeId: number | null;
      punchInAt: Date | null;
      punchOutAt: Date | null;
      state: "open" | "missing";
      missing: "punchIn" | null;
      flaggedAt: Date | null;
    },
    reason?: string,
  ): Promise<number> {
    const { tx, ctx, person } = p;
    const values = { ...punchValues(ctx, person, store, p.now), ...fields };
    await assertNotPosted(tx, ctx.organizationId, person.userId, [values.workDate]);
    const distance = punchDistanceFrom(p, store, side);
    const id = await repo.insert(tx, { ...values, ...punchPlace(side, p.phone, distance) });
    await record(tx, ctx, {
      id,
      userId: person.userId,
      action: side === "in" ? "punchIn" : "punchOut",
      before: null,
      after: snapshot({ ...values, storeName: store.name, notes: null }),
      reason,
    });
    return id;
  }

  async function punchIn(
    tx: Tx,
    ctx: TenantContext,
    person: LaborPerson,
    input: Extract<CreateInput, { action: "punchIn" }>,
    now: Date,
  ): Promise<WriteAnswer> {
    const { punch, open } = await punchStart(tx, ctx, person, input, now);
    if (open) throw openConflict(open);
    const store = await punchStore(tx, ctx, person.userId, input.storeId, now, punch.warnings);
    const hoursTypeId = await hoursTypeOf(tx, input.hoursTypeId, person.hoursTypeId);
    const id = await insertPunch(punch, store, "in", {
      hoursTypeId,
      punchInAt: now,
      punchOutAt: null,
      state: "open",
      missing: null,
      flaggedAt: null,
    });
    return { timeLog: await itemOf(tx, ctx, id), warnings: punch.warnings };
  }

  async function punchOut(
    tx: Tx,
    ctx: TenantContext,
    person: LaborPerson,
    input: Extract<CreateInput, { action: "punchOut" }>,
    now: Date,
  ): Promise<WriteAnswer> {
    const { punch, open } = await punchStart(tx, ctx, person, input, now);
    const { warnings } = punch;
    if (open) {
      await assertNotPosted(tx, ctx.organizationId, person.userId, [open.workDate]);
      const store = await repo.store(tx, ctx.organizationId, open.storeId);
      const distance = store ? punchDistanceFrom(punch, store, "out") : null;
      const out = { ...punchPlace("out", punch.phone, distance), punchOutAt: now, state: "closed" as const };
      await repo.update(tx, ctx.organizationId, open.id, { ...out, updatedByUserId: ctx.userId });
      await recordChange(tx, ctx, open, "punchOut", snapshot(open), snapshot({ ...open, ...out }));
      return { timeLog: await itemOf(tx, ctx, open.id), warnings };
    }
    // No open log: the punch out is kept, its punch in missing (flagged at once, for the person to propose).
    const store = await punchStore(tx, ctx, person.userId, input.storeId, now, warnings);
    const id = await insertPunch(
      punch,
      store,
      "out",
      {
        hoursTypeId: person.hoursTypeId,
        punchInAt: null,
        punchOutAt: now,
        state: "missing",
        missing: "punchIn",
        flaggedAt: now,
      },
      "Punch out with no punch in",
    );
    warnings.unshift(
      "There was no punch in: your punch out is recorded and the punch in is missing. Propose the time you started, and a manager will accept it.",
    );
    return { timeLog: await itemOf(tx, ctx, id), warnings };
  }

  async function entry(
    tx: Tx,
    ctx: TenantContext,
    person: LaborPerson,
    input: Extract<CreateInput, { action: "entry" }>,
    now: Date,
  ): Promise<WriteAnswer> {
    const settings = await repo.settings(tx, ctx.organizationId);
    const warnings: string[] = [];
    const store = await storeNamed(tx, ctx, input.storeId, { active: false });
    const hoursTypeId = await hoursTypeOf(tx, input.hoursTypeId, person.hoursTypeId);
    const { punchInAt, punchOutAt } = shiftTimes(input, store.timeZone, now);
    if (!punchOutAt) {
      checkStillRunning(punchInAt, input.workDate, store.timeZone, settings.maxShiftHours, now);
      const open = await repo.lockOpen(tx, ctx.organizationId, person.userId);
      if (open) {
        const message = `${person.name} is already punched in at ${shiftLabel(open)}; close that shift first.`;
        throw conflict(message, { "body.endTime": [message] });
      }
    }
    await assertNotPosted(tx, ctx.organizationId, person.userId, [input.workDate]);
    await noOverlap(tx, ctx, person.userId, null, punchInAt, punchOutAt, input.workDate);
    const values = {
      organizationId: ctx.organizationId,
      userId: person.userId,
      storeId: store.id,
      hoursTypeId,
      punchInAt,
      punchOutAt,
      timeZone: store.timeZone,
      workDate: input.workDate,
      state: punchOutAt ? ("closed" as const) : ("open" as const),
      source: "manual" as const,
      notes: input.notes ?? null,
      createdByUserId: ctx.userId,
      updatedByUserId: ctx.userId,
    };
    const id = await repo.insert(tx, values);
    await record(tx, ctx, {
      id,
      userId: person.userId,
      action: "entry",
      before: null,
      after: snapshot({ ...values, storeName: store.name, missing: null }),
      reason: input.reason,
    });
    longShiftWarning(punchInAt, punchOutAt, settings.maxShiftHours, warnings);
    return { timeLog: await itemOf(tx, ctx, id), warnings };
  }

  /** The person a call is about (404 outside the caller's scope), read in the call's transaction. */
  const personOf = (tx: Tx, ctx: TenantContext, userId: number) => personInScope(tx, ctx, userId);

  /** One person's logs over a period (labor.read; a person outside the caller's scope is a 404), as items. */
  async function logsOfPerson(
    ctx: TenantContext,
    userId: number,
    periodOf: () => LaborPeriod,
    filters: { storeIds?: number[] | null; states?: TimeLogItem["state"][] | null },
    sort: Parameters<TimeLogsRepository["ofPerson"]>[3],
    page: PageWindow,
  ) {
    requireLaborReader(ctx);
    const read = d.uow.read;
    await personOf(read, ctx, userId);
    const period = periodOf();
    const { rows, total, totalMinutes } = await repo.ofPerson(
      read,
      ctx,
      { userId, ...period, ...filters },
      sort,
      page,
    );
    return { period, items: rows.map((r) => toItem(ctx, r)), total, totalMinutes };
  }

  async function lockedLog(tx: Tx, ctx: TenantContext, userId: number, logId: number) {
    const log = await repo.lock(tx, ctx.organizationId, logId);
    if (!log || log.userId !== userId) throw notFound("The time log");
    return log;
  }

  return {
    /** Labor history: one row per person and day or week (labor.team), or the whole result as a file. */
    async historySearch(
      ctx: TenantContext,
      input: HistorySearchInput,
    ): Promise<
      | (Page<LaborHistoryRow> & { period: { startDate: string; endDate: string }; totalMinutes: number })
      | ExportFile
    > {
      requireLaborTeam(ctx);
      const now = d.now();
      const period = laborPeriod(ctx, input, now);
      const settings = await repo.settings(d.uow.read, ctx.organizationId);
      // History is what happened: days after today (planned shifts only) are not rows. A period wholly ahead
      // answers nothing.
      const today = formatDate(now, ctx.timeZone);
      const filters: LaborHistoryFilters = {
        startDate: period.startDate,
        endDate: period.endDate > today ? today : period.endDate,
        userIds: input.userIds,
        storeIds: input.storeIds,
        territoryIds: input.territoryIds,
        text: input.text,
        groupBy: input.groupBy,
        flaggedOnly: input.flaggedOnly === true,
        timeZone: ctx.timeZone,
        maxShiftHours: settings.maxShiftHours,
      };
      const sort = { key: input.sortBy, direction: input.sortDirection };
      if (input.format === "csv" || input.format === "xlsx") {
        const { total } = await d.history.totals(d.uow.read, ctx, filters);
        if (total > LABOR_HISTORY_EXPORT_MAX) {
          const most = LABOR_HISTORY_EXPORT_MAX.toLocaleString("en-US");
          throw badRequest(
            `More than ${most} rows match; a download holds at most ${most}. Narrow the period or the people and download again.`,
          );
        }
        const read = d.uow.read;
        const repoH = d.history;
        return exportFile({
          format: input.format,
          title: "Labor history",
          date: formatDate(now, ctx.timeZone),
          columns: historyColumns,
          chunks: (async function* () {
            for (let offset = 0; offset < total; offset += EXPORT_CHUNK) {
              const rows = await repoH.page(read, ctx, filters, sort, { limit: EXPORT_CHUNK, offset });
              if (rows.length === 0) return;
              yield rows;
            }
          })(),
        });
      }
      const page = pageOf(input);
      const [rows, totals] = await Promise.all([
        d.history.page(d.uow.read, ctx, filters, sort, page),
        d.history.totals(d.uow.read, ctx, filters),
      ]);
      return {
        ...pageResult(rows.map(toHistoryRow), totals.total, input),
        period,
        totalMinutes: totals.totalMinutes,
      };
    },

    /** One person's logs over a period (labor.read; a lead generator: their own). */
    async userSearch(ctx: TenantContext, userId: number, input: LogSearchInput) {
      const { period, items, total, totalMinutes } = await logsOfPerson(
        ctx,
        userId,
        () => laborPeriod(ctx, input, d.now()),
        { storeIds: input.storeIds, states: input.states },
        { key: input.sortBy, direction: input.sortDirection },
        pageOf(input),
      );
      return { ...pageResult(items, total, input), period, totalMinutes };
    },

    /** Punch in, punch out, or a manager's entry; an Idempotency-Key makes a retry answer the first result. */
    async create(
      ctx: TenantContext,
      userId: number,
      input: CreateInput,
      idempotencyKey?: string,
    ): Promise<WriteAnswer> {
      requireLaborReader(ctx);
      await personOf(d.uow.read, ctx, userId);
      if (input.action === "entry") requireLabor(ctx, "labor.edit");
      else requirePunchFor(ctx, userId);
      const now = d.now();
      const key = {
        organizationId: ctx.organizationId,
        actor: `u${ctx.userId}`,
        operation: "laborHistory.timeLogs.create",
      };
      return d.uow
        .run((tx) =>
          once(tx, key, idempotencyKey, { userId, ...input }, async () => {
            const person = await personOf(tx, ctx, userId);
            if (input.action === "punchIn") return punchIn(tx, ctx, person, input, now);
            if (input.action === "punchOut") return punchOut(tx, ctx, person, input, now);
            return entry(tx, ctx, person, input, now);
          }),
        )
        .catch(async (err: unknown) => {
          // Two punches in at once: the second finds the first's open log.
          if (isUniqueViolation(err, "time_logs_one_open_key")) {
            const open = await repo.lockOpen(d.uow.read, ctx.organizationId, userId, { lock: false });
            if (open) throw openConflict(open);
            throw conflict("This person already has an open shift; close it first.");
          }
          throw err;
        });
    },

    /** Edit (managers), propose (the person), accept (managers). */
    async update(
      ctx: TenantContext,
      userId: number,
      logId: number,
      input: UpdateInput,
    ): Promise<WriteAnswer> {
      requireLaborReader(ctx);
      await personOf(d.uow.read, ctx, userId);
      if (input.kind === "propose") requireProposalFor(ctx, userId);
      else requireLabor(ctx, "labor.edit");
      const now = d.now();
      return d.uow.run(async (tx): Promise<WriteAnswer> => {
        const log = await lockedLog(tx, ctx, userId, logId);
        const before = snapshot(log);
        const warnings: string[] = [];
        if (input.kind === "edit") {
          const settings = await repo.settings(tx, ctx.organizationId);
          const store =
            input.storeId === undefined || input.storeId === log.storeId
              ? await storeNamed(tx, ctx, log.storeId, { active: false })
              : await storeNamed(tx, ctx, input.storeId, { active: false });
          // A log moved to another store is read in that store's zone.
          const timeZone = store.id === log.storeId ? log.timeZone : store.timeZone;
          const hoursTypeId =
            input.hoursTypeId === undefined
              ? log.hoursTypeId
              : await hoursTypeOf(tx, input.hoursTypeId, null);
          const { punchInAt, punchOutAt } = shiftTimes(input, timeZone, now);
          if (!punchOutAt) {
            if (log.state !== "open")
              throw fieldError(
                "body.endTime",
                "Give the time the shift ended: only an open shift may stay without one.",
              );
            checkStillRunning(punchInAt, input.workDate, timeZone, settings.maxShiftHours, now);
          }
          await assertNotPosted(tx, ctx.organizationId, userId, [log.workDate, input.workDate]);
          await noOverlap(tx, ctx, userId, log.id, punchInAt, punchOutAt, input.workDate);
          const next = {
            storeId: store.id,
            timeZone,
            hoursTypeId,
            workDate: input.workDate,
            punchInAt,
            punchOutAt,
            state: punchOutAt ? ("closed" as const) : ("open" as const),
            notes: input.notes === undefined ? log.notes : input.notes,
            ...settled(ctx.userId),
          };
          const after = snapshot({ ...log, ...next, storeName: store.name });
          if (!changes(before, after))
            return { timeLog: await itemOf(tx, ctx, log.id), warnings: ["Nothing changed."] };
          await repo.update(tx, ctx.organizationId, log.id, next);
          await recordChange(tx, ctx, log, "edit", before, after, input.reason);
          longShiftWarning(punchInAt, punchOutAt, settings.maxShiftHours, warnings);
          return { timeLog: await itemOf(tx, ctx, log.id), warnings };
        }
        if (input.kind === "propose") {
          if (log.state === "closed") {
            const message = "This shift has both punches: there is nothing to propose.";
            throw conflict(message, { "body.kind": [message] });
          }
          const { punchInAt, punchOutAt } = shiftTimes(input, log.timeZone, now);
          await assertNotPosted(tx, ctx.organizationId, userId, [log.workDate, input.workDate]);
          const next = {
            state: "proposed" as const,
            missing: log.missing ?? ("punchOut" as const),
            flaggedAt: log.flaggedAt ?? now,
            proposedInAt: punchInAt,
            proposedOutAt: punchOutAt,
            proposedReason: input.reason,
            proposedAt: now,
            updatedByUserId: ctx.userId,
          };
          await repo.update(tx, ctx.organizationId, log.id, next);
          await recordChange(tx, ctx, log, "propose", before, snapshot({ ...log, ...next }), input.reason);
          return { timeLog: await itemOf(tx, ctx, log.id), warnings };
        }
        // accept
        if (log.state !== "proposed" || !log.proposedInAt || !log.proposedOutAt) {
          const message = "There is no proposal to accept on this shift: correct it instead (kind edit).";
          throw conflict(message, { "body.kind": [message] });
        }
        const workDate = formatDate(log.proposedInAt, log.timeZone);
        await assertNotPosted(tx, ctx.organizationId, userId, [log.workDate, workDate]);
        await noOverlap(tx, ctx, userId, log.id, log.proposedInAt, log.proposedOutAt, workDate);
        const next = {
          workDate,
          punchInAt: log.proposedInAt,
          punchOutAt: log.proposedOutAt,
          state: "closed" as const,
          ...settled(ctx.userId),
        };
        await repo.update(tx, ctx.organizationId, log.id, next);
        const after = snapshot({ ...log, ...next });
        await recordChange(tx, ctx, log, "accept", before, after, input.reason ?? log.proposedReason);
        return { timeLog: await itemOf(tx, ctx, log.id), warnings };
      });
    },

    /** Deletes a log (managers, with a reason); its history keeps it as it was. */
    async remove(ctx: TenantContext, userId: number, logId: number, reason: string): Promise<{ ok: true }> {
      requireLaborReader(ctx);
      await personOf(d.uow.read, ctx, userId);
      requireLabor(ctx, "labor.edit");
      await d.uow.run(async (tx) => {
        const log = await lockedLog(tx, ctx, userId, logId);
        await assertNotPosted(tx, ctx.organizationId, userId, [log.workDate]);
        await record(tx, ctx, {
          id: log.id,
          userId,
          action: "delete",
          before: snapshot(log),
          after: null,
          reason,
        });
        await repo.remove(tx, ctx.organizationId, log.id);
      });
      return { ok: true };
    },

    /** Missing punches and proposals in scope (labor.team), every outstanding one when no period is given. */
    async missingPunches(ctx: TenantContext, input: MissingInput) {
      requireLaborTeam(ctx);
      const hasPeriod = input.dateRange != null || Boolean(input.startDate) || Boolean(input.endDate);
      const period = hasPeriod ? laborPeriod(ctx, input, d.now()) : null;
      const states: ("missing" | "proposed")[] = input.states?.length
        ? [...new Set(input.states)]
        : ["missing", "proposed"];
      const { rows, counts } = await repo.missing(
        d.uow.read,
        ctx,
        {
          startDate: period?.startDate ?? null,
          endDate: period?.endDate ?? null,
          userIds: input.userIds,
          storeIds: input.storeIds,
          territoryIds: input.territoryIds,
          text: input.text,
          states,
        },
        { key: input.sortBy, direction: input.sortDirection },
        pageOf(input),
      );
      const total = states.reduce((n, s) => n + counts[s], 0);
      return {
        ...pageResult(
          rows.map((r) => toItem(ctx, r)),
          total,
          input,
        ),
        period,
        counts,
      };
    },

    /** A log's audit trail (also a deleted log's), with who made each change. */
    async logHistory(ctx: TenantContext, userId: number, logId: number) {
      requireLaborReader(ctx);
      await personOf(d.uow.read, ctx, userId);
      const rows = await repo.historyOf(d.uow.read, ctx.organizationId, userId, logId);
      if (rows.length === 0) throw notFound("The time log");
      return {
        items: rows.map((r) => ({
          id: r.id,
          timeLogId: r.timeLogId,
          action: r.action,
          at: r.at.toISOString(),
          userId: r.userId,
          userName: r.userId === null ? null : nameOf(r.firstName, r.lastName),
          before: withNames(r.before, r.names.before),
          after: withNames(r.after, r.names.after),
          reason: r.reason,
        })),
      };
    },

    /** The caller's day for the punch screen (labor.own). */
    async today(ctx: TenantContext): Promise<TodayAnswer> {
      requireLabor(ctx, "labor.own");
      const read = d.uow.read;
      const now = d.now();
      const org = ctx.organizationId;
      const today = formatDate(now, ctx.timeZone);
      const openId = await repo.openId(read, org, ctx.userId);
      const open = openId ? await itemOf(read, ctx, openId) : null;
      const shifts = await shiftsToday(read, ctx, ctx.userId, now);
      const first = scheduledShift(shifts, now);
      const ordered = first ? [first, ...shifts.filter((s) => s.id !== first.id)] : shifts;
      const stores = await repo.punchStores(read, org, ctx.userId, PUNCH_STORES_MAX);
      let suggestedStoreId = open?.storeId ?? first?.storeId ?? null;
      if (suggestedStoreId === null) {
        const own = await repo.membershipStoreIds(read, org, ctx.userId);
        if (own.length === 1) suggestedStoreId = own[0];
      }
      const missing = await repo.ofPersonInStates(read, org, ctx.userId, ["missing", "proposed"], 50);
      const weekStart = weekStartOf(today, ctx.firstDayOfWeek);
      const worked = await repo.minutesOf(read, org, ctx.userId, weekStart, today, today);
      // The open shift counts as worked so far.
      const running = open?.punchInAt ? Math.max(0, elapsedMinutes(new Date(open.punchInAt), now)) : 0;
      return {
        open,
        shifts: ordered.map((s) => ({
          id: s.id,
          storeId: s.storeId,
          storeName: s.storeName,
          workDate: s.workDate,
          startTime: s.startTime.slice(0, 5),
          endTime: s.endTime.slice(0, 5),
          timeZone: s.timeZone,
        })),
        suggestedStoreId,
        stores,
        missing: missing.map((r) => toItem(ctx, r)),
        minutesThisWeek: worked.period + (open && open.workDate >= weekStart ? running : 0),
        minutesToday: worked.day + (open && open.workDate === today ? running : 0),
      };
    },

    /** One person's logs for the dashboard's drawer (labor.read): at most 500, with the total minutes. */
    async dashboard(ctx: TenantContext, userId: number, query: DashboardInput) {
      const { period, items, total, totalMinutes } = await logsOfPerson(
        ctx,
        userId,
        () => queryPeriod(ctx, query, d.now()),
        {},
        { key: "punchInAt", direction: "desc" },
        { limit: DASHBOARD_MAX_LOGS, offset: 0 },
      );
      return {
        period,
        items,
        totalMinutes,
        truncated: total > DASHBOARD_MAX_LOGS,
      };
    },

    /**
     * The missing-punch sweep (every 15 minutes): open logs whose store's day is over (04:00 store-local the day
     * after the work date) or whose longest shift has passed become `missing` (punch out), never closed; each person
     * is emailed once per sweep with a link to their time logs. Batches of SWEEP_BATCH, each one transaction.
     */
    async sweep(now: Date = d.now()): Promise<{ flagged: number }> {
      let flagged = 0;
      for (;;) {
        const n = await d.uow.run(async (tx) => {
          const due = await repo.dueOpen(tx, now, SWEEP_BATCH);
          if (due.length === 0) return 0;
          await repo.flag(
            tx,
            due.map((l) => l.id),
            now,
          );
          for (const [organizationId, logs] of groupBy(due, (l) => l.organizationId)) {
            await repo.writeHistory(
              tx,
              { organizationId, userId: null },
              logs.map((l) => flagEntry(l, now)),
            );
          }
          const byPerson = groupBy(due, (l) => `${l.organizationId}:${l.userId}`);
          for (const logs of byPerson.values()) {
            const mail = missingMail(logs, d.publicUrl);
            await d.notices.notify(tx, {
              organizationId: logs[0].organizationId,
              kind: "missingPunch",
              userIds: [logs[0].userId],
              title: mail.subject,
              body: mail.body,
              link: MISSING_PUNCH_LINK,
              email: { subject: mail.subject, text: mail.text, html: mail.html },
            });
          }
          return due.length;
        });
        flagged += n;
        if (n < SWEEP_BATCH) break;
      }
      return { flagged };
    },
  };
}

/** A period read from a query string: its errors name the query's fields (`querystring.startDate`). */
function queryPeriod(ctx: TenantContext, query: DashboardInput, now: Date) {
  try {
    return laborPeriod(ctx, query, now);
  } catch (err) {
    if (err instanceof AppError && err.errors) {
      const errors = Object.fromEntries(
        Object.entries(err.errors).map(([k, v]) => [k.replace(/^body\./, "querystring."), v]),
      );
      throw new AppError(err.code, err.status, err.message, errors);
    }
    throw err;
  }
}

export const MISSING_REASON =
  "No punch out by the end of the store's day or the organization's longest shift";

/** Where the missing-punch notice opens: the person's time logs, to propose the time. */
const MISSING_PUNCH_LINK = "/labor/time-logs";

/**
 * The notice to a person whose punches the sweep flagged: what is missing, and where to propose the time (`body`
 * in the app, the email's text and HTML).
 */
function missingMail(logs: DueLog[], publicUrl: string) {
  const [first] = logs;
  const url = `${publicUrl}${MISSING_PUNCH_LINK}`;
  const lines = logs.map((l) => `${l.storeName}, punched in at ${localDateTime(l.punchInAt, l.timeZone)}`);
  const one = logs.length === 1;
  const subject = one
    ? `Missing punch out: ${first.storeName}, ${first.workDate}`
    : `${logs.length} missing punches out`;
  const text = [
    `Hello ${first.firstName},`,
    "",
    `${one ? "This shift has" : "These shifts have"} no punch out in ${first.organizationName}:`,
    ...lines.map((l) => `  - ${l}`),
    "",
    "Nothing was closed for you. Open your time logs and propose the time you left; a manager will accept or correct it:",
    "",
    url,
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(first.firstName)},</p><p>${one ? "This shift has" : "These shifts have"} no punch out in ${escapeHtml(first.organizationName)}:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul><p>Nothing was closed for you. <a href="${url}">Open your time logs</a> and propose the time you left; a manager will accept or correct it.</p>`;
  const body = [
    `${one ? "This shift has" : "These shifts have"} no punch out:`,
    ...lines.map((l) => `- ${l}`),
    "",
    "Nothing was closed for you. Propose the time you left; a manager will accept or correct it.",
  ].join("\n");
  return { subject, text, html, body };
}

export type TimeLogsService = ReturnType<typeof timeLogsService>;
