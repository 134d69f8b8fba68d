import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { formatMeasure } from "../../../components/analytics/format";
import { legendInOrder } from "../../../components/analytics/palette";
import type { BucketChart } from "../api/charts";
import { bucketRows, bucketSeries } from "./bucket-data";

/** The top lead generators stacked per day or hour, everyone else in grey on top; loaded lazily. */
export function BucketDrawing({ chart, height }: { chart: BucketChart; height: number }) {
  const series = bucketSeries(chart);
  return (
    <BarChart
      h={height}
      data={bucketRows(chart)}
      dataKey="label"
      type="stacked"
      series={series.map((s) => ({ name: s.key, label: s.name, color: s.color }))}
      withLegend
      legendProps={legendInOrder(series.map((s) => s.key))}
      valueFormatter={(v) => formatMeasure("count", v)}
      yAxisProps={{ allowDecimals: false, width: 48 }}
      tickLine="y"
      gridAxis="y"
    />
  );
}
