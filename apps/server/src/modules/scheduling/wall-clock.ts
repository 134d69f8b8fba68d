import { Temporal } from "temporal-polyfill";

/**
 * Wall clock to instants for windows (docs/decisions/0035-windows-and-time.md), on Temporal (the
 * `temporal-polyfill` implementation, chosen over the other libraries and alongside the contracts' own
 * `zonedDateTimeToUtc` after measuring them at every daylight-saving edge). Server-side only: the web never
 * loads it.
 *
 * The rules, Temporal's "compatible" disambiguation:
 * - a wall-clock time the clocks skip (02:30 on a spring-forward day in New York) moves forward by the length of
 *   the gap (03:30 EDT);
 * - a wall-clock time that happens twice (01:30 on a fall-back day) is the earlier of the two (01:30 EDT).
 */

/** The instant the wall clock in `timeZone` reads `localDate` (`yyyy-MM-dd`) `localTime` (`HH:mm[:ss]`). */
export function wallClockInstant(localDate: string, localTime: string, timeZone: string): Date {
  return new Date(zoned(localDate, localTime, timeZone).epochMilliseconds);
}

function zoned(localDate: string, localTime: string, timeZone: string) {
  return Temporal.PlainDateTime.from(`${localDate}T${localTime}`).toZonedDateTime(timeZone, {
    disambiguation: "compatible",
  });
}

/** True when the wall clock of `timeZone` never reads `localDate` `localTime` (the clocks skip it). */
export function isSkippedTime(localDate: string, localTime: string, timeZone: string): boolean {
  const plain = Temporal.PlainDateTime.from(`${localDate}T${localTime}`);
  return !plain.equals(zoned(localDate, localTime, timeZone).toPlainDateTime());
}

export type WindowInstants = { startsAt: Date; endsAt: Date };

/**
 * The instants of a window that reads `startTime` to `endTime` on `localDate` in `timeZone`. The wall-clock
 * labels are kept; the real length follows the clocks: 01:00-03:00 on a spring-forward day is one real hour
 * (01:00 EST to 03:00 EDT), 01:00-02:00 on a fall-back day two (01:00 EDT to 02:00 EST). Null when both ends
 * fall in the skipped hour (02:00-03:00, or 02:15-02:45, on a spring-forward day): the window does not happen.
 */
export function windowInstants(
  localDate: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): WindowInstants | null {
  const startsAt = wallClockInstant(localDate, startTime, timeZone);
  const endsAt = wallClockInstant(localDate, endTime, timeZone);
  if (startsAt.getTime() >= endsAt.getTime()) return null;
  if (isSkippedTime(localDate, startTime, timeZone) && isSkippedTime(localDate, endTime, timeZone))
    return null;
  return { startsAt, endsAt };
}

/** Today's date (`yyyy-MM-dd`) on the wall calendar of `timeZone` at `now`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();
}

/** `08:00:00` (as PostgreSQL's `time` reads) or `08:00` -> `08:00`. */
export const hhmm = (time: string): string => time.slice(0, 5);
