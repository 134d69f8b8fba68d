import {
  DAY_NAMES,
  MONTH_SHORT_NAMES,
  parseLocalDate,
  type ScheduleConflict,
  type ScheduleShift,
  SHIFT_CONFLICT_LABELS,
  type ShiftConflictKind,
} from "@fieldlead/contracts";
import { zoneAbbreviation } from "../../../../lib/zone-abbreviation";

/** "Mon 3 Jun". */
export function shortDay(date: string): string {
  const { month, day } = parseLocalDate(date);
  const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
  return `${DAY_NAMES[dow].slice(0, 3)} ${day} ${MONTH_SHORT_NAMES[month - 1]}`;
}

/** "Monday 3 June 2030", for headings and accessible names. */
export function longDay(date: string): string {
  const { year, month, day } = parseLocalDate(date);
  const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return `${DAY_NAMES[dow]} ${day} ${monthName} ${year}`;
}

/**
 * A shift's times as people read them: "09:00–17:00"; in another zone than the organization's, or across a clock
 * change, each end says its zone ("22:00 EST–06:00 EDT"), so the odd night reads as it is.
 */
export function shiftTimeLabel(
  s: Pick<ScheduleShift, "startTime" | "endTime" | "timeZone" | "startsAt" | "endsAt">,
  orgTimeZone: string,
): string {
  const start = zoneAbbreviation(s.timeZone, s.startsAt);
  const end = zoneAbbreviation(s.timeZone, s.endsAt);
  if (start !== end) return `${s.startTime} ${start}–${s.endTime} ${end}`;
  if (s.timeZone !== orgTimeZone) return `${s.startTime}–${s.endTime} ${start}`;
  return `${s.startTime}–${s.endTime}`;
}

/** The kinds of a shift's conflicts, each once, in the contract's order. */
export function conflictKinds(conflicts: readonly ScheduleConflict[]): ShiftConflictKind[] {
  return (Object.keys(SHIFT_CONFLICT_LABELS) as ShiftConflictKind[]).filter((k) =>
    conflicts.some((c) => c.kind === k),
  );
}

/** A person's available hours of one day of week, as a line: "09:00–19:00", or null when they have none set. */
export function availableLine(
  slots: readonly { dayOfWeek: number; startTime: string; endTime: string }[],
  dayOfWeek: number,
): string | null {
  if (slots.length === 0) return null;
  const day = slots.filter((s) => s.dayOfWeek === dayOfWeek).map((s) => `${s.startTime}–${s.endTime}`);
  return day.length ? day.join(", ") : "Not available";
}

/** The days of week in the order the organization's weeks run: [1, 2, 3, 4, 5, 6, 0] from Monday. */
export const orderedDays = (firstDayOfWeek: number): number[] =>
  [0, 1, 2, 3, 4, 5, 6].map((i) => (firstDayOfWeek + i) % 7);
