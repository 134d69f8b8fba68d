import type { TimeLogItem, TimeLogState } from "@fieldlead/contracts";
import { zoneAbbreviation } from "../../../../lib/zone-abbreviation";

/**
 * How the time logs' screens write durations, times and states (hours as `h:mm` and counts are Labor's own:
 * ../../components/format). Durations are whole minutes from the server (real elapsed time between instants); times
 * are the store-local `yyyy-MM-dd HH:mm` the server writes in the log's zone.
 */

/** 125 -> "2 h 05 min", 45 -> "45 min", 0 -> "0 min": a duration for people to read. */
export function durationText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return "—";
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  if (h === 0) return `${m} min`;
  return `${h} h ${String(m % 60).padStart(2, "0")} min`;
}

/** 125 -> "2 hours 5 minutes": what a screen reader says for "2:05". */
export function durationWords(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  const hours = h ? `${h} hour${h === 1 ? "" : "s"}` : "";
  const mins = rest || !h ? `${rest} minute${rest === 1 ? "" : "s"}` : "";
  return [hours, mins].filter(Boolean).join(" ");
}

/** A running time, "1:02:09" (hours, minutes, seconds), from a number of seconds. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** "2025-03-03 09:05" -> "09:05". */
export const timeOf = (local: string | null | undefined): string => local?.slice(11, 16) ?? "";
/** "2025-03-03 09:05" -> "2025-03-03". */
export const dateOf = (local: string | null | undefined): string => local?.slice(0, 10) ?? "";

/** The zone's abbreviation at the log's first punch ("EST", "PDT"). */
export const logZone = (log: Pick<TimeLogItem, "timeZone" | "punchInAt" | "punchOutAt" | "workDate">) =>
  zoneAbbreviation(log.timeZone, log.punchInAt ?? log.punchOutAt ?? `${log.workDate}T12:00:00Z`);

type Span = { localPunchIn: string | null; localPunchOut: string | null };

/**
 * A shift's times in its store's zone: "09:00 – 17:30", "22:00 – 06:00 (next day)", "09:00 – no punch out",
 * "no punch in – 17:30".
 */
export function spanText({ localPunchIn, localPunchOut }: Span): string {
  const start = localPunchIn ? timeOf(localPunchIn) : "no punch in";
  if (!localPunchOut) return `${start} – no punch out`;
  const end = timeOf(localPunchOut);
  const later = localPunchIn && dateOf(localPunchOut) !== dateOf(localPunchIn);
  return `${start} – ${end}${later ? ` (${dateOf(localPunchOut)})` : ""}`;
}

/** The log's times with its zone: "09:00 – 17:30 EST". */
export const logSpanText = (log: TimeLogItem) => `${spanText(log)} ${logZone(log)}`;

export const STATE_LABEL: Record<TimeLogState, string> = {
  open: "Punched in",
  closed: "Closed",
  missing: "Missing punch",
  proposed: "Proposed",
};
export const STATE_COLOR: Record<TimeLogState, string> = {
  open: "blue",
  closed: "gray",
  missing: "red",
  proposed: "orange",
};

/** What a missing log lacks, in words. */
export const missingText = (log: Pick<TimeLogItem, "missing">) =>
  log.missing === "punchIn" ? "No punch in" : log.missing === "punchOut" ? "No punch out" : null;

/** A badge that shows its whole label (a narrow table cell wraps the row instead of cutting "No punch out"). */
export const WHOLE_BADGE = {
  root: { maxWidth: "none", flexShrink: 0 },
  label: { overflow: "visible" },
} as const;
