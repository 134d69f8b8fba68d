import {
  type AppointmentWindow,
  addDays,
  DAY_NAMES,
  type DayOfWeek,
  type LoggedInUser,
  MONTH_SHORT_NAMES,
  normalizeFirstDayOfWeek,
  parseLocalDate,
  startOfWeek,
} from "@fieldlead/contracts";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";

/** The current organization's first day of week (Monday when it sets none). */
export function firstDayOfWeekOf(user: LoggedInUser | null): DayOfWeek {
  const org = user?.organizations.find((o) => o.id === user.currentOrganizationId);
  return normalizeFirstDayOfWeek(org?.intFirstDayOfWeek ?? user?.intFirstDayOfWeek ?? null);
}

/** The days of the week in the order the organization's weeks run: [1, 2, 3, 4, 5, 6, 0] from Monday. */
export const orderedDays = (firstDayOfWeek: number): DayOfWeek[] =>
  [0, 1, 2, 3, 4, 5, 6].map((i) => ((firstDayOfWeek + i) % 7) as DayOfWeek);

/** The 7 local dates of the week holding `day`. */
export function weekDates(day: string, firstDayOfWeek: number): string[] {
  const first = startOfWeek(day, firstDayOfWeek);
  return [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(first, i));
}

/** "Mon 8 Mar". */
export function shortDay(day: string): string {
  const { month, day: d } = parseLocalDate(day);
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  return `${DAY_NAMES[dow].slice(0, 3)} ${d} ${MONTH_SHORT_NAMES[month - 1]}`;
}

/** "Monday 8 March 2027" for headings and accessible names. */
export function longDay(day: string): string {
  const { year, month, day: d } = parseLocalDate(day);
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return `${DAY_NAMES[dow]} ${d} ${monthName} ${year}`;
}

/** "08:00–10:00". */
export const timeRange = (w: { startTime: string; endTime: string }) => `${w.startTime}–${w.endTime}`;

/**
 * The wall-clock label of a window in its zone: "08:00–10:00 EST"; across a clock change each end has its
 * own abbreviation ("01:00 EST–03:00 EDT"), so a night with a skipped or doubled hour reads as it is.
 */
export function windowTimeLabel(
  w: Pick<AppointmentWindow, "startTime" | "endTime" | "timeZone" | "startsAt" | "endsAt">,
) {
  const start = zoneAbbreviation(w.timeZone, w.startsAt);
  const end = zoneAbbreviation(w.timeZone, w.endsAt);
  return start === end ? `${timeRange(w)} ${start}` : `${w.startTime} ${start}–${w.endTime} ${end}`;
}

export type Occupancy = { status: "closed" | "full" | "some" | "empty"; color: string; words: string };

/** How full a window is, in words and a colour (the words say it: the colour is never the only sign). */
export function occupancyOf(w: Pick<AppointmentWindow, "booked" | "capacity" | "isClosed">): Occupancy {
  if (w.isClosed) return { status: "closed", color: "gray", words: "Closed" };
  if (w.booked >= w.capacity) return { status: "full", color: "red", words: "Full" };
  if (w.booked > 0) return { status: "some", color: "yellow", words: `${w.capacity - w.booked} left` };
  return { status: "empty", color: "teal", words: "Empty" };
}

/** "2 of 3 booked". */
export const bookedLabel = (w: Pick<AppointmentWindow, "booked" | "capacity">) =>
  `${w.booked} of ${w.capacity} booked`;

export const places = (n: number) => `${n} ${n === 1 ? "place" : "places"}`;
