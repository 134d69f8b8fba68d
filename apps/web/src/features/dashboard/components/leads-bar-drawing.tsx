import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { formatMeasure } from "../../../components/analytics/format";
import { legendInOrder, MEASURE_COLORS } from "../../../components/analytics/palette";
import type { DashboardSeries } from "../api/dashboard";

/** Leads and appointments set side by side per day, week or month; loaded lazily with the charting library. */
export function LeadsBarDrawing({ points, height }: { points: DashboardSeries["points"]; height: number }) {
  return (
    <BarChart
      h={height}
      data={points}
      dataKey="label"
      series={[
        { name: "leads", label: "Leads", color: MEASURE_COLORS.leads },
        { name: "appointmentsSet", label: "Appointments set", color: MEASURE_COLORS.appointmentsSet },
      ]}
      withLegend
      legendProps={legendInOrder(["leads", "appointmentsSet"])}
      valueFormatter={(v) => formatMeasure("count", v)}
      yAxisProps={{ allowDecimals: false, width: 48 }}
      maxBarWidth={28}
      tickLine="y"
      gridAxis="y"
    />
  );
}
