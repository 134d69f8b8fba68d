import { decimalHours, formatHoursMinutes } from "@fieldlead/contracts";

/**
 * How every Labor screen writes counts, hours and periods. Durations are whole minutes from the server; hours read
 * as payroll reads them (`h:mm`), with the decimal where a payroll file's number matters.
 */

/** 125 -> "2:05"; none -> "—". */
export const hoursMinutes = (minutes: number | null | undefined): string =>
  minutes === null || minutes === undefined ? "—" : formatHoursMinutes(minutes);

/** 450 -> "7:30 (7.5 h)". */
export const hoursWithDecimal = (minutes: number): string =>
  `${formatHoursMinutes(minutes)} (${decimalHours(minutes)} h)`;

/** 1 -> "1 person", 1200 -> "1,200 people". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A period as the lists head it: "2025-10-06 to 2025-10-12", or the one day. */
export const periodText = (p: { startDate: string; endDate: string }): string =>
  p.startDate === p.endDate ? p.startDate : `${p.startDate} to ${p.endDate}`;
