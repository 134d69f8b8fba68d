import { formatDate, zonedDateTimeParts } from "@fieldlead/contracts";

type DateInput = string | number | Date | null | undefined;

/** The browser's IANA zone (the server receives its offset in the Offset header). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * yyyy-MM-dd (docs/spec/product-spec.md, §9 Business constants and limits) in the given zone, the browser's
 * by default; "" for no date.
 */
export function formatDay(value: DateInput, timeZone = browserTimeZone()): string {
  const d = toDate(value);
  return d ? formatDate(d, timeZone) : "";
}

/** yyyy-MM-dd HH:mm, for timestamps (sent, created, updated). */
export function formatDateTime(value: DateInput, timeZone = browserTimeZone()): string {
  const d = toDate(value);
  if (!d) return "";
  const p = zonedDateTimeParts(d, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${formatDate(d, timeZone)} ${two(p.hour)}:${two(p.minute)}`;
}
