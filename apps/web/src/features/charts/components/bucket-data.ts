import { OTHERS_COLOR, seriesColor } from "../../../components/analytics/palette";
import type { BucketChart } from "../api/charts";

/** A series of a lead generator chart as drawn and tabled: a key for the drawing, a name, a colour, its values. */
export type BucketSeries = { key: string; name: string; color: string; values: readonly number[] };

export const EVERYONE_ELSE = "Everyone else";

/** The top lead generators in the server's order (most first), then everyone else when there is anyone. */
export function bucketSeries(chart: BucketChart): BucketSeries[] {
  const top = chart.series.map((s, i) => ({
    key: `s${i}`,
    name: s.name,
    color: seriesColor(i),
    values: s.values,
  }));
  return chart.others
    ? [...top, { key: "others", name: EVERYONE_ELSE, color: OTHERS_COLOR, values: chart.others }]
    : top;
}

/** One row per day or hour, a value per series by its key (what the drawing reads), and the total. */
export function bucketRows(chart: BucketChart): Record<string, string | number>[] {
  const series = bucketSeries(chart);
  return chart.buckets.map((b, i) => ({
    key: b.key,
    label: b.label,
    ...Object.fromEntries(series.map((s) => [s.key, s.values[i] ?? 0])),
    total: chart.totals[i] ?? 0,
  }));
}

/** Nothing counted in any bucket. */
export const isEmptyBucketChart = (chart: BucketChart) => chart.totals.every((t) => t === 0);
