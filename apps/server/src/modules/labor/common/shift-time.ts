import { addDays, zonedDateTimeParts, zonedDateTimeToUtc } from "@fieldlead/contracts";

/**
 * A shift written as a store-local date, a start and an end (docs/decisions/0040-labor.md), for planned shifts and
 * for time logs alike: the instants are in the store's zone (decision 0035: a time that happens twice is the
 * earlier one), an end at or before the start ends the next day, and a time the clocks skip that day is a problem
 * naming its field, never silently moved. Pure functions.
 */

/** Real elapsed whole minutes between two instants (rounded to the nearest minute). */
export function elapsedMinutes(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 60_000);
}

export type ShiftTime = {
  startsAt: Date;
  endsAt: Date;
  endsNextDay: boolean;
  /** Real minutes between the instants. */
  minutes: number;
};

/** Why a shift's time cannot be planned: the field and the sentence. */
export type ShiftTimeProblem = { field: "startTime" | "endTime"; message: string };

const hhmm = (d: Date, timeZone: string) => {
  const p = zonedDateTimeParts(d, timeZone);
  return `${String(p.hour).padStart(2, "0")}:${String(p.minute).padStart(2, "0")}`;
};

/**
 * The instants of a shift on `workDate` from `startTime` to `endTime` (`HH:mm`) in `timeZone`; an end at or before
 * the start is on the next day. A wall-clock time the clocks skip (02:30 on the spring-forward night in New York)
 * is a problem naming its field, never silently moved.
 */
export function shiftTime(
  workDate: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): ShiftTime | ShiftTimeProblem {
  const endsNextDay = endTime <= startTime;
  const endDate = endsNextDay ? addDays(workDate, 1) : workDate;
  const startsAt = zonedDateTimeToUtc(workDate, startTime, timeZone);
  const endsAt = zonedDateTimeToUtc(endDate, endTime, timeZone);
  if (hhmm(startsAt, timeZone) !== startTime)
    return {
      field: "startTime",
      message: `${startTime} does not exist on ${workDate} in ${timeZone} (the clocks go forward); start at ${hhmm(startsAt, timeZone)} instead`,
    };
  if (hhmm(endsAt, timeZone) !== endTime)
    return {
      field: "endTime",
      message: `${endTime} does not exist on ${endDate} in ${timeZone} (the clocks go forward); end at ${hhmm(endsAt, timeZone)} instead`,
    };
  return {
    startsAt,
    endsAt,
    endsNextDay,
    minutes: elapsedMinutes(startsAt, endsAt),
  };
}

export const isShiftTimeProblem = <T extends object>(t: T | ShiftTimeProblem): t is ShiftTimeProblem =>
  "field" in t;
