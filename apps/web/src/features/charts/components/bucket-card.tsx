import { CHART_MEASURES, FUNNEL_COLUMNS } from "@fieldlead/contracts";
import { Select } from "@mantine/core";
import { lazy } from "react";
import { ChartCard, ChartTable, chartQueryState } from "../../../components/analytics/chart-card";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import {
  type BucketChart,
  type BucketChartKind,
  type ChartFilter,
  type ChartMeasure,
  useBucketChart,
} from "../api/charts";
import { bucketRows, bucketSeries, isEmptyBucketChart } from "./bucket-data";

const BucketDrawing = lazy(() => import("./bucket-drawing").then((m) => ({ default: m.BucketDrawing })));

/** How many lead generators get a bar of their own; the rest are "Everyone else". */
export const TOP_LEAD_GENERATORS = 8;

export const MEASURE_OPTIONS = CHART_MEASURES.map((m) => ({ value: m, label: FUNNEL_COLUMNS[m].label }));

const TEXTS = {
  daysOfWeek: {
    title: "Lead generators by day of week",
    bucket: "Day",
    per: "day of week",
  },
  hoursOfDay: {
    title: "Lead generators by hour of day",
    bucket: "Hour",
    per: "hour of day, in the store's time zone",
  },
} as const;

/** One row per day or hour, a column per lead generator (and everyone else), and the total. */
function BucketTable({ chart, caption, bucket }: { chart: BucketChart; caption: string; bucket: string }) {
  const series = bucketSeries(chart);
  const rows = bucketRows(chart);
  return (
    <ChartTable
      caption={caption}
      rows={rows}
      rowKey={(r) => r.key as number}
      columns={[
        { key: "label", header: bucket, render: (r) => r.label },
        ...series.map((s) => ({
          key: s.key,
          header: s.name,
          render: (r: (typeof rows)[number]) => formatMeasure("count", r[s.key] as number),
        })),
        { key: "total", header: "Total", render: (r) => formatMeasure("count", r.total as number) },
      ]}
      totals={[
        "Total",
        ...series.map((s) =>
          formatMeasure(
            "count",
            s.values.reduce((a, b) => a + b, 0),
          ),
        ),
        formatMeasure(
          "count",
          chart.totals.reduce((a, b) => a + b, 0),
        ),
      ]}
    />
  );
}

/**
 * Lead generators by day of week or by hour of day: the top eight (by leads) stacked per bucket, everyone else
 * summed on top, counting leads, appointments set or sold (`measure`).
 */
export function BucketCard({
  kind,
  filter,
  measure,
  onMeasureChange,
}: {
  kind: BucketChartKind;
  filter: ChartFilter;
  measure: ChartMeasure;
  onMeasureChange: (measure: ChartMeasure) => void;
}) {
  const texts = TEXTS[kind];
  const query = useBucketChart(kind, { ...filter, measure, top: TOP_LEAD_GENERATORS });
  const data = query.data;
  const measureLabel = FUNNEL_COLUMNS[measure].label;
  const height = kind === "hoursOfDay" ? 320 : 280;
  return (
    <ChartCard
      title={texts.title}
      description={
        data
          ? `${measureLabel} per ${texts.per}, the top ${TOP_LEAD_GENERATORS} lead generators and everyone else, ${formatPeriod(data.period)}`
          : null
      }
      state={chartQueryState(query)}
      controls={
        <Select
          size="xs"
          w={170}
          label="Count"
          data={MEASURE_OPTIONS}
          value={measure}
          onChange={(v) => v && onMeasureChange(v as ChartMeasure)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      }
      empty={
        data && isEmptyBucketChart(data)
          ? {
              title: `No ${measureLabel.toLowerCase()} in this period`,
              description: "Choose another period or fewer filters.",
            }
          : null
      }
      summary={
        data
          ? `Stacked bar chart of ${measureLabel.toLowerCase()} per ${texts.per}, one colour per lead generator: ${data.series.map((s) => s.name).join(", ")}${data.others ? ", and everyone else" : ""}. Choose Table for the numbers.`
          : ""
      }
      height={height}
      chart={data ? <BucketDrawing chart={data} height={height} /> : null}
      table={
        data ? (
          <BucketTable chart={data} caption={`${texts.title}: ${measureLabel}`} bucket={texts.bucket} />
        ) : null
      }
    />
  );
}
