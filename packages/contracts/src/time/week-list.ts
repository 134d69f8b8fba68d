/**
 * The list of weeks offered when picking a week (e.g. for a schedule), around today in the organization's zone.
 */
import {
  addDays,
  DAY_NAMES,
  dayOfWeek,
  formatLocalDateShort,
  normalizeFirstDayOfWeek,
  startOfWeek,
} from "./local-date";
import { assertTimeZone, formatDate } from "./zone";

/** The week list starts with the week containing the day this many days before today... */
export const WEEK_LIST_DAYS_BACK = 30;
/** ...and ends with the week containing the day this many days after today. */
export const WEEK_LIST_DAYS_AHEAD = 112;

export interface WeekEntry {
  /** e.g. "Nov 16, 2026 - Nov 22, 2026" */
  description: string;
  /** Same as `startDate`. */
  date: string;
  /** First day of the week, `yyyy-MM-dd`. */
  startDate: string;
  /** Last day of the week (inclusive), `yyyy-MM-dd`. */
  endDate: string;
  /** English name of the week's first day, e.g. "Monday". */
  dayName: string;
  /** True for the one week containing today. */
  isCurrentWeek: boolean;
}

/** The week starting on `startDate`, `isCurrentWeek` when it contains `today`. */
export function weekEntry(startDate: string, today: string): WeekEntry {
  const endDate = addDays(startDate, 6);
  return {
    description: `${formatLocalDateShort(startDate)} - ${formatLocalDateShort(endDate)}`,
    date: startDate,
    startDate,
    endDate,
    dayName: DAY_NAMES[dayOfWeek(startDate)],
    isCurrentWeek: startDate <= today && today <= endDate,
  };
}

/**
 * The weeks (each starting on `firstDayOfWeek`, Monday when null/undefined) whose span intersects
 * [today - 30 days, today + 112 days], today being the local date of `now` in `timeZone`. Oldest first;
 * 21 or 22 entries depending on where the window falls in the week, exactly one of them the current week.
 */
export function weekList(now: Date, timeZone: string, firstDayOfWeek?: number | null): WeekEntry[] {
  const first = normalizeFirstDayOfWeek(firstDayOfWeek);
  assertTimeZone(timeZone);
  const today = formatDate(now, timeZone);
  const last = addDays(today, WEEK_LIST_DAYS_AHEAD);
  const weeks: WeekEntry[] = [];
  for (
    let start = startOfWeek(addDays(today, -WEEK_LIST_DAYS_BACK), first);
    start <= last;
    start = addDays(start, 7)
  ) {
    weeks.push(weekEntry(start, today));
  }
  return weeks;
}
