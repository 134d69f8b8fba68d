import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import { formatMeasure } from "../../../components/analytics/format";
import { legendInOrder, MEASURE_COLORS } from "../../../components/analytics/palette";
import type { LeadCountSeries } from "../api/charts";

/**
 * Leads, appointments set and sold over time as lines; each line has its own dash as well as its colour, so the
 * three are told apart in grey too. Loaded lazily with the charting library (the `charts` file).
 */
export function LeadCountDrawing({ points, height }: { points: LeadCountSeries["points"]; height: number }) {
  return (
    <LineChart
      h={height}
      data={points}
      dataKey="label"
      series={[
        { name: "leads", label: "Leads", color: MEASURE_COLORS.leads },
        {
          name: "appointmentsSet",
          label: "Appointments set",
          color: MEASURE_COLORS.appointmentsSet,
          strokeDasharray: "6 4",
        },
        { name: "sold", label: "Sold", color: MEASURE_COLORS.sold, strokeDasharray: "2 3" },
      ]}
      curveType="monotone"
      withLegend
      legendProps={legendInOrder(["leads", "appointmentsSet", "sold"])}
      withDots={points.length <= 45}
      strokeWidth={2}
      valueFormatter={(v) => formatMeasure("count", v)}
      yAxisProps={{ allowDecimals: false, width: 48 }}
      tickLine="y"
      gridAxis="y"
    />
  );
}
