import type { AnalyticsPeriod, ColumnKind } from "@fieldlead/contracts";

// How the dashboard, the charts and the reports write their numbers and periods (docs/decisions/0042). Fixed to
// US English: the product's money is US dollars and every other screen writes en-US numbers.

/** What a measure with no value shows (a rate over nothing, labor of a grouping without labor). */
export const NO_VALUE = "–";

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const upToTwo = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const percent = new Intl.NumberFormat("en-US", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "12 min", "3 h 5 min", "2 d 4 h": a duration read at a glance, never more than two units. */
function formatMinutes(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  if (abs > 0 && abs < 1) return `${sign}< 1 min`;
  const minutes = Math.round(abs);
  if (minutes < 60) return `${sign}${minutes} min`;
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return `${sign}${h} h${m ? ` ${m} min` : ""}`;
  }
  // Hours rounded to the nearest: 2 d 3 h 50 min reads "2 d 4 h".
  const hours = Math.round(minutes / 60);
  const d = Math.floor(hours / 24);
  const h = hours % 24;
  return `${sign}${whole.format(d)} d${h ? ` ${h} h` : ""}`;
}

/**
 * A measure as its column's kind writes it: counts with thousands separators, money in US dollars (cents below
 * $1,000 only: "$12.50", "$12,345"), a share (0..1) as a percent with one decimal, hours and rates with at most two
 * decimals, minutes as a duration; "–" for none.
 */
export function formatMeasure(kind: ColumnKind, value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NO_VALUE;
  switch (kind) {
    case "count":
      return whole.format(value);
    case "money":
      return Math.abs(value) >= 1000 ? dollars.format(value) : dollarsAndCents.format(value);
    case "percent":
      return percent.format(value);
    case "hours":
    case "rate":
      return upToTwo.format(value);
    case "minutes":
      return formatMinutes(value);
    default:
      return String(value);
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A local date "2026-11-02" read as its parts, without a time zone that could move it a day. */
function parts(date: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

/**
 * A report's period in words: "2 Nov 2026" for one day, "1 – 30 Nov 2026" within a month, "28 Oct – 3 Nov 2026"
 * within a year, "28 Dec 2025 – 3 Jan 2026" across years.
 */
export function formatPeriod(period: Pick<AnalyticsPeriod, "startDate" | "endDate">): string {
  const a = parts(period.startDate);
  const b = parts(period.endDate);
  if (!a || !b) return `${period.startDate} – ${period.endDate}`;
  const month = (p: { m: number }) => MONTHS[p.m - 1] ?? "";
  const full = (p: { y: number; m: number; d: number }) => `${p.d} ${month(p)} ${p.y}`;
  if (a.y === b.y && a.m === b.m && a.d === b.d) return full(a);
  if (a.y === b.y && a.m === b.m) return `${a.d} – ${b.d} ${month(b)} ${b.y}`;
  if (a.y === b.y) return `${a.d} ${month(a)} – ${full(b)}`;
  return `${full(a)} – ${full(b)}`;
}
