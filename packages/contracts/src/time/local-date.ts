/**
 * Pure calendar arithmetic on local dates written as `yyyy-MM-dd` strings.
 *
 * A "local date" is a day on the wall calendar with no time zone attached, so nothing here looks at the
 * host's zone: the arithmetic runs on UTC epoch days, where every day is exactly 24 hours long.
 */

/** The date format used throughout the contracts. */
export const DATE_FORMAT = "yyyy-MM-dd";

/** English day names indexed by day of week: 0 = Sunday ... 6 = Saturday. */
export const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** Short English month names indexed 0 = January ... 11 = December. */
export const MONTH_SHORT_NAMES = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** The week starts on Monday when the organization gives no first day of week. */
export const DEFAULT_FIRST_DAY_OF_WEEK = 1;

/** 0 (Sunday) to 6 (Saturday). */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface LocalDateParts {
  year: number;
  /** 1..12 */
  month: number;
  /** 1..31 */
  day: number;
}

const MIN_YEAR = 1;
const MAX_YEAR = 9999;
const MS_PER_DAY = 86_400_000;
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Number of days in `month` (1..12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Invalid month ${month}: expected 1 to 12`);
  }
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Milliseconds since the epoch of the given wall-clock fields read as UTC (years below 100 are kept as is). */
export function wallClockMs(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** Writes calendar fields as `yyyy-MM-dd`, validating them. */
export function formatLocalDate(parts: LocalDateParts): string {
  const { year, month, day } = parts;
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new RangeError(`Invalid year ${year}: expected ${MIN_YEAR} to ${MAX_YEAR}`);
  }
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Invalid day ${day} for ${year}-${pad(month, 2)}`);
  }
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Parses a `yyyy-MM-dd` local date, rejecting anything that is not a real calendar day
 * (e.g. `2026-02-30`, `2026-13-01`, `2026-1-5`). Throws a `RangeError` with a readable message.
 */
export function parseLocalDate(value: string): LocalDateParts {
  const match = typeof value === "string" ? LOCAL_DATE_PATTERN.exec(value) : null;
  if (!match) {
    throw new RangeError(`Invalid date ${JSON.stringify(value)}: expected the format ${DATE_FORMAT}`);
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < MIN_YEAR) {
    throw new RangeError(`Invalid date "${value}": the year must be ${pad(MIN_YEAR, 4)} or later`);
  }
  if (month < 1 || month > 12) {
    throw new RangeError(`Invalid date "${value}": the month must be 01 to 12`);
  }
  const lastDay = daysInMonth(year, month);
  if (day < 1 || day > lastDay) {
    throw new RangeError(`Invalid date "${value}": the day must be 01 to ${lastDay} in that month`);
  }
  return { year, month, day };
}

/** True when `value` is a real calendar day written as `yyyy-MM-dd`. */
export function isValidLocalDate(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    parseLocalDate(value);
    return true;
  } catch {
    return false;
  }
}

function toEpochDay(localDate: string): number {
  const { year, month, day } = parseLocalDate(localDate);
  return Math.round(wallClockMs(year, month, day) / MS_PER_DAY);
}

function fromEpochDay(epochDay: number): string {
  const d = new Date(epochDay * MS_PER_DAY);
  if (Number.isNaN(d.getTime())) throw new RangeError("Date out of range");
  return formatLocalDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The local date `days` calendar days after `localDate` (negative goes back). */
export function addDays(localDate: string, days: number): string {
  if (!Number.isInteger(days)) {
    throw new RangeError(`Invalid number of days ${days}: expected an integer`);
  }
  return fromEpochDay(toEpochDay(localDate) + days);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Day of week of a local date: 0 (Sunday) to 6 (Saturday). */
export function dayOfWeek(localDate: string): DayOfWeek {
  // Epoch day 0 (1970-01-01) was a Thursday (4).
  return ((((toEpochDay(localDate) + 4) % 7) + 7) % 7) as DayOfWeek;
}

/**
 * The organization's first day of week, or Monday (1) when it gives none (null/undefined).
 * Throws a `RangeError` for anything other than an integer 0..6.
 */
export function normalizeFirstDayOfWeek(firstDayOfWeek?: number | null): DayOfWeek {
  if (firstDayOfWeek === null || firstDayOfWeek === undefined) return DEFAULT_FIRST_DAY_OF_WEEK;
  if (!Number.isInteger(firstDayOfWeek) || firstDayOfWeek < 0 || firstDayOfWeek > 6) {
    throw new RangeError(
      `Invalid first day of week ${typeof firstDayOfWeek === "string" ? JSON.stringify(firstDayOfWeek) : String(firstDayOfWeek)}: expected 0 (Sunday) to 6 (Saturday)`,
    );
  }
  return firstDayOfWeek as DayOfWeek;
}

/** The first day (on or before `localDate`) of the week containing it, weeks starting on `firstDayOfWeek`. */
export function startOfWeek(localDate: string, firstDayOfWeek?: number | null): string {
  const first = normalizeFirstDayOfWeek(firstDayOfWeek);
  const back = (dayOfWeek(localDate) - first + 7) % 7;
  return addDays(localDate, -back);
}

/** The first day of the month of `localDate`. */
export function startOfMonth(localDate: string): string {
  const { year, month } = parseLocalDate(localDate);
  return formatLocalDate({ year, month, day: 1 });
}

/** The last day of the month of `localDate`. */
export function endOfMonth(localDate: string): string {
  const { year, month } = parseLocalDate(localDate);
  return formatLocalDate({ year, month, day: daysInMonth(year, month) });
}

/** English name of the day of week of `localDate`, e.g. "Monday". */
export function dayName(localDate: string): (typeof DAY_NAMES)[number] {
  return DAY_NAMES[dayOfWeek(localDate)];
}

/** A local date written for people, e.g. "Nov 16, 2026". */
export function formatLocalDateShort(localDate: string): string {
  const { year, month, day } = parseLocalDate(localDate);
  return `${MONTH_SHORT_NAMES[month - 1]} ${day}, ${year}`;
}
