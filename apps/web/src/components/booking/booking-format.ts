import { zoneAbbreviation } from "../../lib/zone-abbreviation";

const noonOf = (localDate: string) => new Date(`${localDate}T12:00:00Z`);

/** "Tuesday, March 10" (and the year when it is not this one): a day heading in words. */
export function dayHeading(localDate: string, today = new Date()): string {
  const d = noonOf(localDate);
  const sameYear = d.getUTCFullYear() === today.getFullYear();
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  }).format(d);
}

/** "9:00 AM" from "09:00". */
export function clock(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** "9:00 AM – 11:00 AM EDT": a window's times in its own zone, with the zone's abbreviation. */
export function windowTimes(w: { startTime: string; endTime: string; timeZone: string; startsAt: string }) {
  return `${clock(w.startTime)} – ${clock(w.endTime)} ${zoneAbbreviation(w.timeZone, w.startsAt)}`;
}

/** "Tuesday, March 10, 9:00 AM – 11:00 AM EDT". */
export function whenText(a: {
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  startsAt: string;
}) {
  return `${dayHeading(a.localDate)}, ${windowTimes(a)}`;
}
