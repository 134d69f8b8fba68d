import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import { formatMeasure } from "../../../components/analytics/format";
import { MEASURE_COLORS } from "../../../components/analytics/palette";

export type SummarySlice = { name: string; count: number; color: string };

/** The period's leads by status as a donut with the total in its middle. */
function StatusDonut({ slices, total }: { slices: readonly SummarySlice[]; total: number }) {
  return (
    <DonutChart
      data={slices.filter((s) => s.count > 0).map((s) => ({ name: s.name, value: s.count, color: s.color }))}
      chartLabel={formatMeasure("count", total)}
      size={180}
      thickness={28}
      paddingAngle={1}
      tooltipDataSource="segment"
      valueFormatter={(v) => formatMeasure("count", v)}
    />
  );
}

/** The period's leads by source as horizontal bars (a source's name reads along its bar). */
function SourceBars({ sources, height }: { sources: readonly SummarySlice[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={sources.map((s) => ({ name: s.name, count: s.count }))}
      dataKey="name"
      orientation="vertical"
      series={[{ name: "count", label: "Leads", color: MEASURE_COLORS.leads }]}
      valueFormatter={(v) => formatMeasure("count", v)}
      yAxisProps={{ width: 110 }}
      xAxisProps={{ allowDecimals: false }}
      gridAxis="x"
      tickLine="x"
    />
  );
}

/** Either drawing of the summary: one lazily loaded component, so the two share one load of this file. */
export function SummaryDrawing(
  props:
    | { kind: "status"; slices: readonly SummarySlice[]; total: number }
    | { kind: "source"; sources: readonly SummarySlice[]; height: number },
) {
  return props.kind === "status" ? <StatusDonut {...props} /> : <SourceBars {...props} />;
}
