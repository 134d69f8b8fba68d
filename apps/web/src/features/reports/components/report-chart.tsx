import type { AnalyticsColumn, FunnelReportDef } from "@fieldlead/contracts";
import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import { type AnalyticsRowBase, analyticsValue } from "../../../components/analytics/funnel-table";

/** What the bars show: a title, the measure's column and one bar per row. */
export type ChartSpec = {
  title: string;
  column: AnalyticsColumn;
  data: { name: string; value: number }[];
  /** Rows are periods: in time order, as columns. */
  periods: boolean;
};

const TOP = 10;
const MAX_PERIODS = 31;

// @mantine/charts and recharts (about 100 kB) load after the screen: the table draws without waiting for them.
const ReportBarChart = lazy(() => import("./report-bar-chart"));

/**
 * What a funnel report charts: the measure it is sorted by (else its default sort's, else its first column), the
 * ten largest rows of the page; a period report its periods in time order.
 */
export function chartSpec(
  def: FunnelReportDef,
  columns: readonly AnalyticsColumn[],
  rows: readonly AnalyticsRowBase[],
  sortBy: string,
  /** A period report's interval, for the title ("Leads by week"). */
  interval?: string | null,
): ChartSpec | null {
  const column =
    columns.find((c) => c.key === sortBy) ?? columns.find((c) => c.key === def.defaultSort.key) ?? columns[0];
  if (!column) return null;
  const periods = def.dimension === "period";
  const label = (r: AnalyticsRowBase) => (r.subName ? `${r.name} · ${r.subName}` : r.name);
  const withValues = rows.flatMap((r) => {
    const value = analyticsValue(r, column.key);
    return value === null ? [] : [{ key: r.key, name: label(r), value }];
  });
  const data = periods
    ? [...withValues].sort((a, b) => a.key.localeCompare(b.key)).slice(0, MAX_PERIODS)
    : [...withValues].sort((a, b) => b.value - a.value).slice(0, TOP);
  if (data.length === 0) return null;
  const title = periods
    ? `${column.label} by ${interval ?? def.rowLabel.toLowerCase()}`
    : `Top ${data.length} by ${column.label.toLowerCase()}`;
  return { title, column, periods, data: data.map(({ name, value }) => ({ name, value })) };
}

export function ReportChart({ spec }: { spec: ChartSpec | null }) {
  if (!spec) return null;
  const height = spec.periods ? 240 : Math.max(120, spec.data.length * 28 + 40);
  return (
    <Suspense fallback={<Skeleton height={height + 62} radius="lg" mb="md" />}>
      <ReportBarChart {...spec} />
    </Suspense>
  );
}
