/**
 * Time zone helpers built only on `Intl.DateTimeFormat` and `Date`.
 *
 * Instants are `Date`s; local dates are `yyyy-MM-dd` strings and local times `HH:mm` or `HH:mm:ss`
 * strings read on the wall clock of an IANA time zone.
 */
import { formatLocalDate, parseLocalDate, wallClockMs } from "./local-date";

export interface ZonedDateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MS_PER_DAY = 86_400_000;
const LOCAL_TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    if (typeof timeZone !== "string" || timeZone.trim() === "") {
      throw new RangeError(
        `Invalid time zone ${JSON.stringify(timeZone)}: expected an IANA name such as "America/New_York"`,
      );
    }
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        calendar: "gregory",
        numberingSystem: "latn",
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw new RangeError(
        `Unknown time zone ${JSON.stringify(timeZone)}: expected an IANA name such as "America/New_York"`,
      );
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when `timeZone` is a time zone name that `Intl` knows (e.g. "Europe/Berlin", "UTC"). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== "string") return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Throws a readable `RangeError` unless `timeZone` is a known time zone. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

function assertInstant(date: Date, name = "date"): number {
  const ms = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new RangeError(`Invalid ${name}: expected a valid Date`);
  }
  return ms;
}

function partsAt(timeZone: string, epochMs: number): ZonedDateTimeParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  if (parts.era !== undefined || !(parts.year >= 1 && parts.year <= 9999)) {
    throw new RangeError("Date out of range: the year must be 0001 to 9999");
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The wall-clock fields of the instant `date` in `timeZone`. */
export function zonedDateTimeParts(date: Date, timeZone: string): ZonedDateTimeParts {
  return partsAt(timeZone, assertInstant(date));
}

/** UTC offset of `timeZone` at `epochMs` in milliseconds (local wall clock minus UTC). */
function offsetMs(timeZone: string, epochMs: number): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const p = partsAt(timeZone, wholeSecond);
  return wallClockMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/**
 * Minutes that `timeZone` is ahead of UTC at the instant `at`
 * (e.g. America/New_York in January -> -300, Europe/Berlin in July -> 120).
 */
export function timeZoneOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  return Math.round(offsetMs(timeZone, assertInstant(at, "instant")) / 60_000) || 0;
}

/** The local date (`yyyy-MM-dd`) of the instant `date` in the IANA `timeZone`. */
export function formatDate(date: Date, timeZone: string): string {
  const { year, month, day } = zonedDateTimeParts(date, timeZone);
  return formatLocalDate({ year, month, day });
}

/** Parses `HH:mm` or `HH:mm:ss` (24-hour clock, 00:00 to 23:59:59). */
export function parseLocalTime(value: string): { hour: number; minute: number; second: number } {
  const match = typeof value === "string" ? LOCAL_TIME_PATTERN.exec(value) : null;
  if (!match) {
    throw new RangeError(`Invalid time ${JSON.stringify(value)}: expected the format HH:mm or HH:mm:ss`);
  }
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = match[3] === undefined ? 0 : Number(match[3]);
  if (hour > 23 || minute > 59 || second > 59) {
    throw new RangeError(`Invalid time "${value}": expected 00:00 to 23:59:59`);
  }
  return { hour, minute, second };
}

/**
 * The UTC instant at which the wall clock in `timeZone` reads `localDate` `localTime`.
 *
 * Daylight-saving rules:
 * - Nonexistent local time (spring-forward gap, e.g. 02:30 on 2026-03-08 in America/New_York): the time is
 *   moved forward by the length of the gap, i.e. read with the offset in force before the change
 *   (02:30 -> 03:30 EDT = 07:30Z). A zone whose midnight is skipped thus starts its day at 01:00.
 * - Ambiguous local time (fall-back overlap, e.g. 01:30 on 2026-11-01 in America/New_York happens twice):
 *   the earlier instant is picked (01:30 EDT = 05:30Z, not 01:30 EST = 06:30Z).
 * This matches `Temporal`'s "compatible" disambiguation.
 */
export function zonedDateTimeToUtc(localDate: string, localTime: string, timeZone: string): Date {
  const { year, month, day } = parseLocalDate(localDate);
  const { hour, minute, second } = parseLocalTime(localTime);
  assertTimeZone(timeZone);
  const wall = wallClockMs(year, month, day, hour, minute, second);

  // Offsets on either side of the wall time; any transition affecting it lies between these instants.
  const offsetBefore = offsetMs(timeZone, wall - MS_PER_DAY);
  const offsetAfter = offsetMs(timeZone, wall + MS_PER_DAY);
  const candidates = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant) => offsetMs(timeZone, instant) === wall - instant)
    .sort((a, b) => a - b);
  if (candidates.length > 0) {
    // One candidate: an ordinary time. Two different ones: an ambiguous time, the earlier wins.
    return new Date(candidates[0]);
  }
  // Neither offset reads back as this wall time: it falls in a gap. Reading it with the offset in force
  // before the gap lands the same distance after the gap's end (e.g. 02:30 -> 03:30 for a 1-hour gap).
  return new Date(wall - offsetBefore);
}

/** `UTC+05:30`, `UTC-05:00`, `UTC+00:00` for an offset in minutes ahead of UTC. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The wall clock of the instant `date` at a fixed offset (minutes ahead of UTC): used where no time zone
 * applies, such as a report across organizations read in the caller's browser (`Offset` header).
 */
export function offsetDateTimeParts(date: Date, offsetMinutes: number): ZonedDateTimeParts {
  const shifted = new Date(assertInstant(date) + offsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** `yyyy-MM-dd` of the instant `date` at a fixed offset (minutes ahead of UTC). */
export function formatOffsetDate(date: Date, offsetMinutes: number): string {
  const { year, month, day } = offsetDateTimeParts(date, offsetMinutes);
  return formatLocalDate({ year, month, day });
}

/** `yyyy-MM-dd HH:mm` of the instant `date` at a fixed offset (minutes ahead of UTC). */
export function formatOffsetDateTime(date: Date, offsetMinutes: number): string {
  const p = offsetDateTimeParts(date, offsetMinutes);
  return `${formatLocalDate(p)} ${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
}
