import { Box, ColorSwatch, Group, SimpleGrid, Stack, Text, Title, useMantineTheme } from "@mantine/core";
import { lazy, Suspense } from "react";
import { ChartCard, ChartTable, chartQueryState } from "../../../components/analytics/chart-card";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import { seriesColor } from "../../../components/analytics/palette";
import { type ChartFilter, type LeadCountSummary, useLeadCountSummaryChart } from "../api/charts";
import type { SummarySlice } from "./summary-drawing";

const SummaryDrawing = lazy(() => import("./summary-drawing").then((m) => ({ default: m.SummaryDrawing })));

/** A share of the total as a percent, "12.5%". */
const share = (count: number, total: number) => formatMeasure("percent", total ? count / total : null);

/** Statuses and sources with the colour each is drawn in (statuses in the server's order). */
function slicesOf(summary: LeadCountSummary) {
  const statuses: SummarySlice[] = summary.byStatus.map((s, i) => ({
    name: s.name,
    count: s.count,
    color: seriesColor(i),
  }));
  const sources: SummarySlice[] = summary.bySource.map((s) => ({ name: s.name, count: s.count, color: "" }));
  return { statuses, sources };
}

/** The numbers beside a drawing: each name with its colour, count and share of the total. */
function NumbersList({
  title,
  slices,
  total,
}: {
  title: string;
  slices: readonly SummarySlice[];
  total: number;
}) {
  const theme = useMantineTheme();
  const swatch = (color: string) => {
    const [name, shade] = color.split(".");
    return theme.colors[name as string]?.[Number(shade)] ?? color;
  };
  return (
    <Box component="ul" m={0} p={0} aria-label={title} style={{ listStyle: "none" }}>
      {slices.map((s) => (
        <Group component="li" key={s.name} justify="space-between" gap="sm" wrap="nowrap" py={2}>
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            {s.color ? <ColorSwatch color={swatch(s.color)} size={12} aria-hidden /> : null}
            <Text fz="sm" truncate>
              {s.name}
            </Text>
          </Group>
          <Text fz="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
            {formatMeasure("count", s.count)}{" "}
            <Text span fz="xs" c="dimmed" fw={400}>
              ({share(s.count, total)})
            </Text>
          </Text>
        </Group>
      ))}
    </Box>
  );
}

/** A table of counts and shares by status or source. */
function CountsTable({
  caption,
  nameHeader,
  slices,
  total,
}: {
  caption: string;
  nameHeader: string;
  slices: SummarySlice[];
  total: number;
}) {
  return (
    <ChartTable
      caption={caption}
      rows={slices}
      rowKey={(s) => s.name}
      columns={[
        { key: "name", header: nameHeader, render: (s) => s.name },
        { key: "count", header: "Leads", render: (s) => formatMeasure("count", s.count) },
        { key: "share", header: "Share", render: (s) => share(s.count, total) },
      ]}
      totals={["Total", formatMeasure("count", total), share(total, total)]}
    />
  );
}

/**
 * Lead count summary: the period's leads (rejected ones included) by status as a donut and by source as bars,
 * each with its numbers listed beside it.
 */
export function SummaryCard({ filter }: { filter: ChartFilter }) {
  const query = useLeadCountSummaryChart(filter);
  const data = query.data;
  const slices = data ? slicesOf(data) : null;
  const sourceHeight = Math.max(120, (data?.bySource.length ?? 0) * 36);
  const subtitle = (text: string) => (
    <Title order={3} fz="sm" fw={600} mb={6}>
      {text}
    </Title>
  );
  return (
    <ChartCard
      title="Lead count summary"
      description={data ? `${formatMeasure("count", data.total)} leads, ${formatPeriod(data.period)}` : null}
      state={chartQueryState(query)}
      empty={
        data && data.total === 0
          ? { title: "No leads in this period", description: "Choose another period or fewer filters." }
          : null
      }
      summary={
        data && slices
          ? `A donut of the ${formatMeasure("count", data.total)} leads by status and bars by source; the numbers are listed beside each.`
          : ""
      }
      chart={
        data && slices ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="xs">
              {subtitle("By status")}
              <Group gap="md" align="center" wrap="wrap">
                <Suspense fallback={<Box w={180} h={180} />}>
                  <SummaryDrawing kind="status" slices={slices.statuses} total={data.total} />
                </Suspense>
                <Box style={{ flex: "1 1 160px", minWidth: 0 }}>
                  <NumbersList title="Leads by status" slices={slices.statuses} total={data.total} />
                </Box>
              </Group>
            </Stack>
            <Stack gap="xs">
              {subtitle("By source")}
              <Suspense fallback={<Box h={sourceHeight} />}>
                <SummaryDrawing kind="source" sources={slices.sources} height={sourceHeight} />
              </Suspense>
              <NumbersList title="Leads by source" slices={slices.sources} total={data.total} />
            </Stack>
          </SimpleGrid>
        ) : null
      }
      table={
        data && slices ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <CountsTable
              caption="Leads by status"
              nameHeader="Status"
              slices={slices.statuses}
              total={data.total}
            />
            <CountsTable
              caption="Leads by source"
              nameHeader="Source"
              slices={slices.sources}
              total={data.total}
            />
          </SimpleGrid>
        ) : null
      }
    />
  );
}
