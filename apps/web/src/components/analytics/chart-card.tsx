import {
  Box,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { type ReactNode, Suspense, useId, useState } from "react";
import { LoadError } from "../query-state";

export type ChartView = "chart" | "table";

/** What a card shows of its query: the first load, a later one (the old answer dims), or a failure. */
export type ChartQueryState = {
  /** An answer is on screen (the current one, or the last one while the next loads). */
  hasData: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
};

/** A react-query result as a card's state. */
export const chartQueryState = (q: {
  data: unknown;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
}): ChartQueryState => ({
  hasData: q.data !== undefined,
  fetching: q.isFetching && q.isPlaceholderData,
  error: q.error,
  onRetry: () => void q.refetch(),
});

/**
 * A chart in a card, with its numbers one click away: a "Chart | Table" switch (keyboard: arrow keys) shows the
 * same answer as a table, the text alternative of the drawing (WCAG 1.1.1). The drawing is a lazily loaded
 * component (`chart`), so the card's heading, controls and placeholder draw before the charting library arrives.
 * The card says when the period has nothing to draw (`empty`) rather than drawing empty axes.
 */
export function ChartCard({
  title,
  description,
  controls,
  state,
  empty,
  chart,
  table,
  summary,
  height = 280,
}: {
  title: string;
  description?: ReactNode;
  /** The card's own settings (an interval, a measure), beside the Chart/Table switch. */
  controls?: ReactNode;
  state: ChartQueryState;
  /** Set when the answer has nothing to draw: what the empty card says. */
  empty: { title: string; description?: string } | null;
  /** The drawing (a lazy component); rendered only while the Chart view is on and there is data. */
  chart: ReactNode;
  /** The same numbers as a table. */
  table: ReactNode;
  /** One sentence read before the drawing: what it shows (the Table view has the numbers). */
  summary: string;
  height?: number;
}) {
  const headingId = useId();
  const [view, setView] = useState<ChartView>("chart");

  let body: ReactNode;
  if (!state.hasData && state.error) body = <LoadError error={state.error} onRetry={state.onRetry} />;
  else if (!state.hasData)
    body = (
      <Skeleton height={height} radius="md" data-testid="chart-loading">
        <VisuallyHidden>Loading {title}</VisuallyHidden>
      </Skeleton>
    );
  else if (empty)
    body = (
      <EmptyState
        py={48}
        px="md"
        variant="light"
        icon={<IconChartBar size={26} stroke={1.6} aria-hidden />}
        title={empty.title}
        description={empty.description}
        mih={height}
      />
    );
  else if (view === "table") body = table;
  else
    body = (
      <Box component="figure" m={0} aria-labelledby={headingId} aria-describedby={`${headingId}-summary`}>
        <VisuallyHidden id={`${headingId}-summary`}>{summary}</VisuallyHidden>
        <Suspense fallback={<Skeleton height={height} radius="md" aria-hidden />}>{chart}</Suspense>
      </Box>
    );

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: "1 1 200px" }}>
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
            {description ? (
              <Text fz="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm" wrap="wrap" align="flex-end">
            {controls}
            <SegmentedControl
              size="xs"
              aria-label={`Show ${title} as`}
              data={[
                { value: "chart", label: "Chart" },
                { value: "table", label: "Table" },
              ]}
              value={view}
              onChange={(v) => setView(v as ChartView)}
            />
          </Group>
        </Group>
        <Box
          aria-busy={!state.hasData || state.fetching}
          style={{ opacity: state.fetching ? 0.6 : 1, transition: "opacity 120ms" }}
        >
          {state.error && state.hasData ? (
            <Box mb="sm">
              <LoadError error={state.error} onRetry={state.onRetry} />
            </Box>
          ) : null}
          {body}
        </Box>
      </Stack>
    </Card>
  );
}

export type ChartTableColumn<R> = {
  key: string;
  header: ReactNode;
  render: (row: R) => ReactNode;
  align?: "left" | "right";
};

/**
 * A chart's numbers as a table: the first column names each row (a row header), the others are right-aligned
 * numbers; a last row of totals when given. Scrolls sideways on a phone rather than squeezing the numbers.
 */
export function ChartTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  totals,
}: {
  caption: string;
  columns: ChartTableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The totals row, one cell per column (the first is its label). */
  totals?: ReactNode[];
}) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <Table.ScrollContainer minWidth={Math.min(720, 160 + rest.length * 96)} type="native" mah={420}>
      <Table striped verticalSpacing="xs" fz="sm" stickyHeader>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align ?? (c === first ? "left" : "right")} scope="col">
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={rowKey(r)}>
              <Table.Th scope="row" fw={500}>
                {first.render(r)}
              </Table.Th>
              {rest.map((c) => (
                <Table.Td key={c.key} ta={c.align ?? "right"} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {c.render(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals ? (
          <Table.Tfoot>
            <Table.Tr>
              {totals.map((cell, i) =>
                i === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the totals' cells are the columns, in order
                  <Table.Th key={i} scope="row">
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the totals' cells are the columns, in order
                    key={i}
                    ta="right"
                    fw={700}
                    style={{ fontVariantNumeric: "tabular-nums" }}
                  >
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
