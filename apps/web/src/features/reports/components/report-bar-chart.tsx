import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Box, Card, Text } from "@mantine/core";
import { formatMeasure } from "../../../components/analytics/format";
import type { ChartSpec } from "./report-chart";

const NAME_WIDTH = 132;
const cut = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

/**
 * The bars above a funnel report (loaded on its own, after the table's code: report-chart.tsx). Screen readers
 * read one sentence of it (its title and the values); the table below holds every number.
 */
export default function ReportBarChart({ title, column, data, periods }: ChartSpec) {
  const format = (v: number) => formatMeasure(column.kind, v);
  const summary = `${title}: ${data.map((d) => `${d.name} ${format(d.value)}`).join(", ")}.`;
  const height = periods ? 240 : Math.max(120, data.length * 28 + 40);
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      component="figure"
      style={{ margin: 0, marginBottom: "var(--mantine-spacing-md)" }}
    >
      <Text component="figcaption" fw={600} fz="sm" mb="sm">
        {title}
      </Text>
      <Box role="img" aria-label={summary} style={{ minWidth: 0, overflow: "hidden" }}>
        <BarChart
          h={height}
          data={data}
          dataKey="name"
          orientation={periods ? "horizontal" : "vertical"}
          series={[{ name: "value", label: column.label, color: "indigo.7" }]}
          valueFormatter={format}
          gridAxis={periods ? "y" : "x"}
          tickLine="none"
          textColor="gray.7"
          yAxisProps={periods ? { width: 64 } : { width: NAME_WIDTH, tickFormatter: cut }}
          xAxisProps={periods ? { tickFormatter: cut } : undefined}
          barProps={{ isAnimationActive: false }}
          maxBarWidth={periods ? 28 : 20}
        />
      </Box>
    </Card>
  );
}
