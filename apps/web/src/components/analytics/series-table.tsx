import { FUNNEL_COLUMNS, type TimeSeriesResponse } from "@fieldlead/contracts";
import { ChartTable } from "./chart-card";
import { formatMeasure } from "./format";

// A time series' numbers (the charts' lead count and the dashboard's leads chart): shared, so it imports nothing
// of either screen.

export type SeriesPoint = TimeSeriesResponse["points"][number];
export const SERIES_MEASURES = ["leads", "appointmentsSet", "sold", "revenue"] as const;
export type SeriesMeasure = (typeof SERIES_MEASURES)[number];

/** A measure summed over the period. */
export const seriesSum = (points: readonly SeriesPoint[], key: SeriesMeasure) =>
  points.reduce((n, p) => n + p[key], 0);

/** Nothing happened in any day, week or month of the period. */
export const isEmptySeries = (points: readonly SeriesPoint[]) =>
  points.every((p) => p.leads === 0 && p.appointmentsSet === 0 && p.sold === 0);

/** The series as a table: one row per day, week or month, and the period's totals. */
export function SeriesTable({
  caption,
  points,
  measures = SERIES_MEASURES,
}: {
  caption: string;
  points: readonly SeriesPoint[];
  measures?: readonly SeriesMeasure[];
}) {
  return (
    <ChartTable
      caption={caption}
      rows={points}
      rowKey={(p) => p.date}
      columns={[
        { key: "label", header: "Period", render: (p) => p.label },
        ...measures.map((m) => ({
          key: m,
          header: FUNNEL_COLUMNS[m].label,
          render: (p: SeriesPoint) => formatMeasure(FUNNEL_COLUMNS[m].kind, p[m]),
        })),
      ]}
      totals={["Total", ...measures.map((m) => formatMeasure(FUNNEL_COLUMNS[m].kind, seriesSum(points, m)))]}
    />
  );
}
