/**
 * Named date ranges ("Today", "Last Month", ...) resolved in an organization's time zone.
 */
import {
  addDays,
  daysInMonth,
  endOfMonth,
  formatLocalDate,
  parseLocalDate,
  startOfMonth,
  startOfWeek,
} from "./local-date";
import { assertTimeZone, formatDate, zonedDateTimeToUtc } from "./zone";

export const DATE_RANGE_OPTIONS = [
  { id: 1, name: "Today" },
  { id: 2, name: "Yesterday" },
  { id: 3, name: "This Week" },
  { id: 4, name: "Last Week" },
  { id: 5, name: "This Month" },
  { id: 6, name: "Last Month" },
  { id: 7, name: "This Year" },
  { id: 8, name: "Last Year" },
  { id: 9, name: "Last Year to Date" },
  { id: 10, name: "Year Before Last" },
] as const;

/** 1 (Today) to 10 (Year Before Last); see `DATE_RANGE_OPTIONS`. */
export type DateRangeOption = (typeof DATE_RANGE_OPTIONS)[number]["id"];

/** Named ids of the date range options, e.g. `DATE_RANGE.LAST_MONTH === 6`. */
export const DATE_RANGE = {
  TODAY: 1,
  YESTERDAY: 2,
  THIS_WEEK: 3,
  LAST_WEEK: 4,
  THIS_MONTH: 5,
  LAST_MONTH: 6,
  THIS_YEAR: 7,
  LAST_YEAR: 8,
  LAST_YEAR_TO_DATE: 9,
  YEAR_BEFORE_LAST: 10,
} as const satisfies Record<string, DateRangeOption>;

export interface ResolvedDateRange {
  /** First local day of the range, inclusive (`yyyy-MM-dd`). */
  startDate: string;
  /** Last local day of the range, inclusive (`yyyy-MM-dd`). */
  endDate: string;
  /** UTC instant of local midnight at the start of `startDate` (inclusive). */
  start: Date;
  /** UTC instant of local midnight at the start of the day after `endDate` (exclusive). */
  end: Date;
}

export function isDateRangeOption(value: unknown): value is DateRangeOption {
  return (
    typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= DATE_RANGE_OPTIONS.length
  );
}

/** Display name of a date range option, e.g. 9 -> "Last Year to Date". */
export function dateRangeName(option: DateRangeOption): string {
  if (!isDateRangeOption(option)) throw unknownOption(option);
  return DATE_RANGE_OPTIONS[option - 1].name;
}

function unknownOption(option: unknown): RangeError {
  return new RangeError(
    `Unknown date range option ${typeof option === "string" ? JSON.stringify(option) : String(option)}: expected 1 to ${DATE_RANGE_OPTIONS.length} (${DATE_RANGE_OPTIONS.map((o) => `${o.id} = ${o.name}`).join(", ")})`,
  );
}

function yearRange(year: number): [string, string] {
  return [formatLocalDate({ year, month: 1, day: 1 }), formatLocalDate({ year, month: 12, day: 31 })];
}

/** Inclusive local start and end dates of `option` given today's local date. */
export function dateRangeLocalDates(
  option: DateRangeOption,
  today: string,
  firstDayOfWeek?: number | null,
): [startDate: string, endDate: string] {
  if (!isDateRangeOption(option)) throw unknownOption(option);
  const { year, month, day } = parseLocalDate(today);
  switch (option) {
    case 1:
      return [today, today];
    case 2: {
      const yesterday = addDays(today, -1);
      return [yesterday, yesterday];
    }
    case 3: {
      const first = startOfWeek(today, firstDayOfWeek);
      return [first, addDays(first, 6)];
    }
    case 4: {
      const first = addDays(startOfWeek(today, firstDayOfWeek), -7);
      return [first, addDays(first, 6)];
    }
    case 5:
      return [startOfMonth(today), endOfMonth(today)];
    case 6: {
      const lastOfPreviousMonth = addDays(startOfMonth(today), -1);
      return [startOfMonth(lastOfPreviousMonth), lastOfPreviousMonth];
    }
    case 7:
      return yearRange(year);
    case 8:
      return yearRange(year - 1);
    case 9: {
      // Same month/day a year ago; Feb 29 has no counterpart in a common year and becomes Feb 28.
      const sameDay = Math.min(day, daysInMonth(year - 1, month));
      return [
        formatLocalDate({ year: year - 1, month: 1, day: 1 }),
        formatLocalDate({ year: year - 1, month, day: sameDay }),
      ];
    }
    case 10:
      return yearRange(year - 2);
  }
}

function toResolved(startDate: string, endDate: string, timeZone: string): ResolvedDateRange {
  return {
    startDate,
    endDate,
    start: zonedDateTimeToUtc(startDate, "00:00", timeZone),
    end: zonedDateTimeToUtc(addDays(endDate, 1), "00:00", timeZone),
  };
}

/**
 * Resolves a named date range for the instant `now` in `timeZone`.
 *
 * `startDate`/`endDate` are inclusive local dates; `start` is the UTC instant of local midnight at `startDate`
 * and `end` that of local midnight of the day after `endDate` (exclusive), so a DST day spans 23 or 25 hours.
 * When a zone skips midnight, the day starts at the first instant that exists (see `zonedDateTimeToUtc`).
 * Weeks start on `firstDayOfWeek` (0 = Sunday ... 6 = Saturday; Monday when null/undefined).
 * Throws a `RangeError` for an unknown option, an invalid `now`, time zone or first day of week.
 */
export function resolveDateRange(
  option: DateRangeOption,
  now: Date,
  timeZone: string,
  firstDayOfWeek?: number | null,
): ResolvedDateRange {
  if (!isDateRangeOption(option)) throw unknownOption(option);
  assertTimeZone(timeZone);
  const today = formatDate(now, timeZone);
  const [startDate, endDate] = dateRangeLocalDates(option, today, firstDayOfWeek);
  return toResolved(startDate, endDate, timeZone);
}

/**
 * Resolves a custom range of inclusive local dates (`yyyy-MM-dd`) in `timeZone`, in the same shape as
 * `resolveDateRange`. Throws a `RangeError` for an invalid date or time zone, or when `startDate` is after `endDate`.
 */
export function resolveCustomRange(startDate: string, endDate: string, timeZone: string): ResolvedDateRange {
  parseLocalDate(startDate);
  parseLocalDate(endDate);
  assertTimeZone(timeZone);
  if (startDate > endDate) {
    throw new RangeError(`Invalid date range: the start date ${startDate} is after the end date ${endDate}`);
  }
  return toResolved(startDate, endDate, timeZone);
}
