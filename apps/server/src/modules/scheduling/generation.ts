import { addDays, dayOfWeek } from "@fieldlead/contracts";
import { hhmm, todayIn, windowInstants } from "./wall-clock";

/**
 * Generating dated windows from the weekly template (docs/decisions/0035-windows-and-time.md). The plan is pure:
 * for each day of the range and each active template window of that day of week, the window's wall-clock day and
 * times in its zone and the instants they are. Writing it is the repository's `insertWindows`, which skips a
 * (template, day) already there through the unique index, so generating twice creates nothing the second time.
 * The service's generate call, the settings save, the recurring job and the demo seed all use this code.
 */

/** A template window as generation needs it: `timeZone` is its store's, else its organization's. */
export type GenerationTemplate = {
  id: number;
  organizationId: number;
  appointmentTypeId: number;
  territoryId: number | null;
  storeId: number | null;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  capacity: number;
  timeZone: string;
};

export type NewWindow = {
  organizationId: number;
  appointmentTypeId: number;
  territoryId: number | null;
  storeId: number | null;
  templateId: number | null;
  timeZone: string;
  localDate: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
};

export type WindowPlan = { windows: NewWindow[]; skippedInPast: number; skippedInGap: number };

/** The range of local days to generate, per zone (a range given by the caller is the same in every zone). */
export type DayRange = { from: string; to: string } | ((timeZone: string) => { from: string; to: string });

/**
 * The windows `templates` make over `range` (both days included). A window that would already have started at
 * `now` is skipped (`skippedInPast`), and so is one whose whole span the clocks skip that day (`skippedInGap`).
 */
export function planWindows(
  templates: readonly GenerationTemplate[],
  range: DayRange,
  now: Date,
): WindowPlan {
  const plan: WindowPlan = { windows: [], skippedInPast: 0, skippedInGap: 0 };
  const rangeOf = typeof range === "function" ? range : () => range;
  const ranges = new Map<string, { from: string; to: string }>();
  for (const t of templates) {
    let r = ranges.get(t.timeZone);
    if (!r) {
      r = rangeOf(t.timeZone);
      ranges.set(t.timeZone, r);
    }
    // The first day of the range that falls on the template's day of week, then every 7 days.
    let day = addDays(r.from, (t.dayOfWeek - dayOfWeek(r.from) + 7) % 7);
    for (; day <= r.to; day = addDays(day, 7)) {
      const instants = windowInstants(day, t.startTime, t.endTime, t.timeZone);
      if (!instants) {
        plan.skippedInGap++;
        continue;
      }
      if (instants.startsAt.getTime() <= now.getTime()) {
        plan.skippedInPast++;
        continue;
      }
      plan.windows.push({
        organizationId: t.organizationId,
        appointmentTypeId: t.appointmentTypeId,
        territoryId: t.territoryId,
        storeId: t.storeId,
        templateId: t.id,
        timeZone: t.timeZone,
        localDate: day,
        startTime: hhmm(t.startTime),
        endTime: hhmm(t.endTime),
        startsAt: instants.startsAt,
        endsAt: instants.endsAt,
        capacity: t.capacity,
      });
    }
  }
  plan.windows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return plan;
}

/** The next `weeks` weeks from today in each zone (today included): what the recurring job keeps generated. */
export const weeksAhead =
  (weeks: number, now: Date) =>
  (timeZone: string): { from: string; to: string } => {
    const from = todayIn(timeZone, now);
    return { from, to: addDays(from, weeks * 7 - 1) };
  };
