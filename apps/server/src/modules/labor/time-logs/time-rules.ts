import {
  addDays,
  normalizeFirstDayOfWeek,
  startOfWeek,
  zonedDateTimeParts,
  zonedDateTimeToUtc,
} from "@fieldlead/contracts";
import { elapsedMinutes, isShiftTimeProblem, type ShiftTimeProblem, shiftTime } from "../common/shift-time";

/**
 * The time rules of time logs (docs/decisions/0040-labor.md), pure so they are tested without a database:
 *
 * - A log is two instants; its local date and times are read in the store's zone, and its length is the real time
 *   between the instants (a shift across a daylight-saving change is an hour shorter or longer than its labels).
 * - A shift written as a local date, a start and an end: an end at or before the start ends the next day. Local
 *   times the clocks skip or repeat are read as Temporal's "compatible" rule (`zonedDateTimeToUtc`).
 * - A punch in with no punch out is missing at the earlier of the store's day end (04:00 store-local the day after
 *   its work date: a late shift that runs past midnight is not flagged at midnight) and the organization's longest
 *   shift after the punch in.
 */

/** When the store's day is over for a work date: 04:00 store-local the next day. */
export const DAY_END_LOCAL_TIME = "04:00";

/** The earliest work date a log may have (older dates are not labor data; they would also overflow the clock). */
export const EARLIEST_WORK_DATE = "2000-01-01";

const pad = (n: number) => String(n).padStart(2, "0");

/** `yyyy-MM-dd HH:mm` of an instant on the wall clock of `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = zonedDateTimeParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

export { elapsedMinutes };

/**
 * The instants of a shift written as a local date and times in `timeZone` (`common/shift-time.ts`): the start on
 * `workDate`, the end on the same date or on the next one when it is at or before the start, and a time the clocks
 * skip that day a problem naming its field. No end: an open shift.
 */
export function shiftInstants(
  workDate: string,
  startTime: string,
  endTime: string | null | undefined,
  timeZone: string,
): { punchInAt: Date; punchOutAt: Date | null } | ShiftTimeProblem {
  const start = startTime.slice(0, 5);
  // With no end, the start alone is checked (the end given is the start itself: not a shift, only its instant).
  const t = shiftTime(workDate, start, endTime ? endTime.slice(0, 5) : start, timeZone);
  if (isShiftTimeProblem(t)) return t;
  return { punchInAt: t.startsAt, punchOutAt: endTime ? t.endsAt : null };
}

/** When the store's day of `workDate` is over (see DAY_END_LOCAL_TIME). */
export function dayEndsAt(workDate: string, timeZone: string): Date {
  return zonedDateTimeToUtc(addDays(workDate, 1), DAY_END_LOCAL_TIME, timeZone);
}

/** When an open log with this punch in becomes a missing punch: the store's day end or the longest shift. */
export function missingDueAt(
  log: { punchInAt: Date; workDate: string; timeZone: string },
  maxShiftHours: number,
): Date {
  const longest = log.punchInAt.getTime() + maxShiftHours * 3_600_000;
  return new Date(Math.min(dayEndsAt(log.workDate, log.timeZone).getTime(), longest));
}

/** The first day of the week holding `date`, weeks starting on the organization's first day (Monday when unset). */
export function weekStartOf(date: string, firstDayOfWeek: number | null | undefined): string {
  return startOfWeek(date, normalizeFirstDayOfWeek(firstDayOfWeek));
}

const EARTH_RADIUS_METERS = 6_371_008.8;

/** Great-circle distance in whole meters (haversine). */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** A store's coordinate as stored (text, possibly empty or junk): a number in range, or null. */
export function coordinate(value: string | null | undefined, limit: 90 | 180): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** How far a punch was from its store, when both places are known. */
export function punchDistance(
  phone: { latitude?: number | null; longitude?: number | null },
  store: { latitude: string | null; longitude: string | null },
): number | null {
  const lat = coordinate(store.latitude, 90);
  const lon = coordinate(store.longitude, 180);
  if (lat === null || lon === null || phone.latitude == null || phone.longitude == null) return null;
  return distanceMeters(phone.latitude, phone.longitude, lat, lon);
}

/** A distance as people read it: meters under a kilometer, else kilometers with one decimal. */
export function readableDistance(meters: number): string {
  return meters < 1000 ? `${meters} m` : `${(meters / 1000).toFixed(1)} km`;
}
