import {
  addDays,
  DAY_NAMES,
  dayOfWeek,
  formatDate,
  type ScheduleConflict,
  scheduleHoursLabel,
  zonedDateTimeParts,
} from "@fieldlead/contracts";
import { elapsedMinutes } from "../common/shift-time";

/**
 * The conflicts of a person's planned shifts (docs/decisions/0040-labor.md): two at once, outside the available
 * hours, over the weekly hours limit. A shift's instants come from `common/shift-time.ts`. Pure functions.
 */

// ---------------------------------------------------------------------------------------------------------
// Conflicts
// ---------------------------------------------------------------------------------------------------------

/** What the conflicts need of a shift. */
export type PlannedShift = {
  id: number;
  storeName: string;
  workDate: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
};

export type AvailabilityRow = { dayOfWeek: number; startTime: string; endTime: string };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** An available row's end in minutes of the day: 23:59 reads as midnight (the day's last minute included). */
const endMinutesOf = (time: string) => (time.slice(0, 5) === "23:59" ? 1440 : minutesOf(time));

/** The day's available intervals in minutes, touching rows joined (09:00-12:00 and 12:00-17:00 cover 10:00-15:00). */
function dayIntervals(rows: readonly AvailabilityRow[], day: number): [number, number][] {
  const list = rows
    .filter((r) => r.dayOfWeek === day)
    .map((r): [number, number] => [minutesOf(r.startTime), endMinutesOf(r.endTime)])
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of list) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

const wallMinutes = (d: Date, timeZone: string) => {
  const p = zonedDateTimeParts(d, timeZone);
  return p.hour * 60 + p.minute;
};

const describeDay = (rows: readonly AvailabilityRow[], day: number) => {
  const list = rows
    .filter((r) => r.dayOfWeek === day)
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((r) => `${r.startTime.slice(0, 5)}–${r.endTime.slice(0, 5)}`);
  return list.length
    ? `available ${DAY_NAMES[day]} ${list.join(", ")}`
    : `not available on ${DAY_NAMES[day]}s`;
};

/**
 * Whether a shift lies inside the available hours, read on the organization's wall clock (`timeZone`): each day it
 * touches must hold its part. Null when it does; else the day that does not, described.
 */
export function outsideAvailability(
  shift: Pick<PlannedShift, "startsAt" | "endsAt">,
  rows: readonly AvailabilityRow[],
  timeZone: string,
): string | null {
  if (rows.length === 0) return null;
  const startDate = formatDate(shift.startsAt, timeZone);
  // The last minute worked (an end at midnight belongs to the day before).
  const last = new Date(shift.endsAt.getTime() - 60_000);
  const endDate = formatDate(last, timeZone);
  const startMin = wallMinutes(shift.startsAt, timeZone);
  const endMin = wallMinutes(last, timeZone) + 1;
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const from = date === startDate ? startMin : 0;
    const to = date === endDate ? endMin : 1440;
    const day = dayOfWeek(date);
    const covered = dayIntervals(rows, day).some(([a, b]) => a <= from && to <= b);
    if (!covered) return describeDay(rows, day);
  }
  return null;
}

/**
 * The conflicts of one person's shifts. `shifts` are every shift of theirs near the week (a day either side, for a
 * double booking across the week's edges); conflicts are answered for those in `week` only.
 */
export function personConflicts(
  shifts: readonly PlannedShift[],
  availability: readonly AvailabilityRow[],
  opts: { orgTimeZone: string; week: { startDate: string; endDate: string }; weeklyLimitMinutes: number },
): { byShift: Map<number, ScheduleConflict[]>; weekMinutes: number; overWeeklyLimit: boolean } {
  const inWeek = (s: PlannedShift) => s.workDate >= opts.week.startDate && s.workDate <= opts.week.endDate;
  const ordered = [...shifts].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  const byShift = new Map<number, ScheduleConflict[]>();
  for (const s of ordered) if (inWeek(s)) byShift.set(s.id, []);
  const add = (s: PlannedShift, c: ScheduleConflict) => byShift.get(s.id)?.push(c);

  // Two at once: overlapping instants (touching ends do not overlap).
  for (let i = 0; i < ordered.length; i++) {
    for (let j = i + 1; j < ordered.length; j++) {
      const a = ordered[i];
      const b = ordered[j];
      if (b.startsAt.getTime() >= a.endsAt.getTime()) break;
      const say = (o: PlannedShift) => `Also at ${o.storeName} ${o.startTime}–${o.endTime} on ${o.workDate}`;
      add(a, { kind: "overlap", message: say(b), otherShiftId: b.id });
      add(b, { kind: "overlap", message: say(a), otherShiftId: a.id });
    }
  }

  for (const s of ordered) {
    if (!inWeek(s)) continue;
    const outside = outsideAvailability(s, availability, opts.orgTimeZone);
    if (outside)
      add(s, {
        kind: "outsideAvailability",
        message: `Outside available hours: ${outside}`,
        otherShiftId: null,
      });
  }

  // The week's total, in real minutes; the shifts from the one that passes the limit on are marked.
  const week = ordered.filter(inWeek);
  const weekMinutes = week.reduce((n, s) => n + minutesBetween(s), 0);
  const overWeeklyLimit = weekMinutes > opts.weeklyLimitMinutes;
  if (overWeeklyLimit) {
    const message = `${scheduleHoursLabel(weekMinutes)} planned this week, over the limit of ${scheduleHoursLabel(opts.weeklyLimitMinutes)}`;
    let running = 0;
    for (const s of week) {
      running += minutesBetween(s);
      if (running > opts.weeklyLimitMinutes) add(s, { kind: "overWeeklyLimit", message, otherShiftId: null });
    }
  }
  return { byShift, weekMinutes, overWeeklyLimit };
}

export const minutesBetween = (s: Pick<PlannedShift, "startsAt" | "endsAt">) =>
  elapsedMinutes(s.startsAt, s.endsAt);
