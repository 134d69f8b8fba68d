import {
  type AnalyticsColumn,
  FUNNEL_RATES,
  type FunnelMeasures,
  type FunnelRateKey,
} from "@fieldlead/contracts";
import {
  Box,
  Card,
  EmptyState,
  ScrollArea,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  useMatches,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChartBarOff } from "@tabler/icons-react";
import type { CSSProperties, ReactNode } from "react";
import type { SortDirection } from "../data-table";
import { LoadError } from "../query-state";
import { type PagingProps, TablePager } from "../table-pager";
import { formatMeasure } from "./format";

/** What every analytics row has besides its measures (funnel, speed and outcome rows alike). */
export type AnalyticsRowBase = {
  key: string;
  name: string;
  detail?: string | null;
  isActive?: boolean;
  subId?: number | null;
  subName?: string | null;
};

/**
 * A column's value for a row or the totals: a funnel rate computed from the row's measures (FUNNEL_RATES, the one
 * definition of each rate), else the measure itself; null when there is none.
 */
export function analyticsValue(row: object, key: string): number | null {
  if (Object.hasOwn(FUNNEL_RATES, key)) return FUNNEL_RATES[key as FunnelRateKey](row as FunnelMeasures);
  const value = (row as Record<string, unknown>)[key];
  return typeof value === "number" ? value : null;
}

export const ANALYTICS_PAGE_SIZES = [25, 50, 100, 200] as const;

/** `total` is how many rows the report has. */
export type FunnelTableProps<R extends AnalyticsRowBase> = PagingProps & {
  /** Names the table for assistive technology (a visually hidden caption). */
  label: string;
  /** The heading of the name column ("Lead generator"). */
  rowLabel: string;
  /** The heading of a second name column (`subName`), when the rows have one. */
  subLabel?: string;
  columns: readonly AnalyticsColumn[];
  rows: readonly R[] | undefined;
  /** The measures over every row of the report (not only the page): the table's last row. */
  totals?: object | null;
  /** The server's sort: the column key (or "name") and direction. */
  sortBy?: string;
  sortDirection?: SortDirection;
  /** Set, the headers of `sortKeys` become buttons; a first click sorts a number from the largest. */
  onSort?: (sortBy: string, sortDirection: SortDirection) => void;
  /** The keys the server sorts by (default: "name" and every column). */
  sortKeys?: readonly string[];
  /** First load: placeholder rows. */
  loading?: boolean;
  /** A later load (another page, a filter): the rows dim until the new ones arrive. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What the table says when the report has no rows (its icon a bar chart unless given). */
  empty?: { title: string; description?: ReactNode; icon?: ReactNode };
  rowKey?: (row: R) => string;
  /**
   * Set, a row's name is a button that opens what is behind it (the dashboard's time logs of a lead generator),
   * named by `openLabel` ("Time logs of Jo Park": the visible name inside it, for voice control). Rows that
   * `canOpen` refuses (a row with no one behind it) keep a plain name.
   */
  onOpen?: (row: R) => void;
  openLabel?: (row: R) => string;
  canOpen?: (row: R) => boolean;
};

const DEFAULT_EMPTY = {
  title: "No leads in this period",
  description: "Choose a longer period, such as This Year, or fewer filters.",
};

const NUMERIC: CSSProperties = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" };
// The name column stays in view while the numbers scroll sideways (a phone shows it and two or three numbers).
const STICKY: CSSProperties = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  background: "var(--mantine-color-body)",
  // Borders of their own: a sticky cell's background covers the row's border.
  boxShadow:
    "inset -1px 0 0 var(--mantine-color-default-border), inset 0 -1px 0 var(--mantine-color-default-border)",
};
const NAME_WIDTH = { base: 116, sm: 220 };
const COLUMN_WIDTH = 104;

// A link's look (the primary colour, underlined) for a name that opens something, left-aligned as a name is.
const OPEN_NAME: CSSProperties = {
  textAlign: "left",
  textDecoration: "underline",
  textUnderlineOffset: 3,
  color: "var(--mantine-primary-color-filled)",
};

const defaultRowKey = (row: AnalyticsRowBase) => `${row.key}|${row.subId ?? row.subName ?? ""}`;

function SortButton({
  label,
  sortKey,
  numeric,
  sortBy,
  sortDirection,
  onSort,
}: {
  label: string;
  sortKey: string;
  numeric: boolean;
  sortBy?: string;
  sortDirection?: SortDirection;
  onSort: (sortBy: string, sortDirection: SortDirection) => void;
}) {
  const active = sortBy === sortKey;
  const Icon = !active ? IconArrowsSort : sortDirection === "asc" ? IconArrowUp : IconArrowDown;
  // A number's first click shows the largest first; a name's, A to Z.
  const next: SortDirection = active ? (sortDirection === "asc" ? "desc" : "asc") : numeric ? "desc" : "asc";
  return (
    <UnstyledButton
      aria-label={`Sort by ${label}`}
      onClick={() => onSort(sortKey, next)}
      style={{
        display: "inline-flex",
        alignItems: "center",
        gap: 4,
        fontWeight: 600,
        fontSize: "inherit",
        textAlign: numeric ? "right" : "left",
        flexDirection: numeric ? "row-reverse" : "row",
      }}
    >
      <span>{label}</span>
      <Icon
        size={14}
        stroke={1.8}
        aria-hidden
        style={{
          flex: "none",
          opacity: active ? 1 : 0.45,
          color: active ? "var(--mantine-primary-color-filled)" : undefined,
        }}
      />
    </UnstyledButton>
  );
}

/**
 * The table of a funnel, speed or outcome report: the rows' names (a second dimmed line of detail, inactive rows
 * dimmed), an optional second name column, each column's numbers right-aligned in tabular figures as its kind
 * writes them, the report's totals in the footer, sortable headers and pages (both on the server: the caller keeps
 * them), placeholder rows while loading and an empty state. Wider than the screen, it scrolls sideways with the
 * names kept in view. A name may open what is behind its row (`onOpen`).
 */
export function FunnelTable<R extends AnalyticsRowBase>({
  label,
  rowLabel,
  subLabel,
  columns,
  rows,
  totals,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizes = ANALYTICS_PAGE_SIZES,
  sortBy,
  sortDirection,
  onSort,
  sortKeys,
  loading = false,
  fetching = false,
  error,
  onRetry,
  empty = DEFAULT_EMPTY,
  rowKey = defaultRowKey,
  onOpen,
  openLabel = (row) => `Open ${row.name}`,
  canOpen,
}: FunnelTableProps<R>) {
  // A phone: smaller type and tighter cells, so the names and two or three numbers fit before the scroll.
  const phone = useMatches({ base: true, sm: false });
  if (error && !rows) return <LoadError error={error} onRetry={onRetry} />;
  const showLoading = loading && !rows;
  const isEmpty = !showLoading && (rows?.length ?? 0) === 0;
  const sortable = (key: string) => !!onSort && (sortKeys ? sortKeys.includes(key) : true);
  const ariaSort = (key: string) =>
    sortBy === key ? (sortDirection === "asc" ? "ascending" : "descending") : undefined;
  const minWidth =
    (phone ? NAME_WIDTH.base : NAME_WIDTH.sm) +
    (subLabel ? 140 : 0) +
    columns.length * (phone ? 72 : COLUMN_WIDTH);
  const spacing = phone ? "xs" : "sm";
  const fontSize = phone ? "xs" : "sm";
  const numberWidth = phone ? 64 : 84;

  const header = (key: string, text: string, numeric: boolean) =>
    sortable(key) && onSort ? (
      <SortButton
        label={text}
        sortKey={key}
        numeric={numeric}
        sortBy={sortBy}
        sortDirection={sortDirection}
        onSort={onSort}
      />
    ) : (
      text
    );

  return (
    <Card withBorder radius="lg" p={0}>
      {error ? (
        <Box p="sm">
          <LoadError error={error} onRetry={onRetry} />
        </Box>
      ) : null}
      {isEmpty ? (
        <EmptyState
          py={56}
          px="md"
          variant="light"
          icon={empty.icon ?? <IconChartBarOff size={26} stroke={1.6} />}
          title={empty.title}
          description={empty.description}
        />
      ) : (
        <ScrollArea
          type="auto"
          scrollbars="x"
          offsetScrollbars="x"
          // The sideways scroll is reachable with the keyboard (arrow keys once focused).
          viewportProps={{ tabIndex: 0, role: "group", "aria-label": `${label}, scrolls sideways` } as object}
        >
          <Table
            verticalSpacing="xs"
            horizontalSpacing={spacing}
            fz={fontSize}
            aria-busy={showLoading || fetching}
            style={{
              minWidth,
              opacity: fetching && !showLoading ? 0.6 : 1,
              transition: "opacity 120ms",
            }}
          >
            <Table.Caption>
              <VisuallyHidden>{label}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" aria-sort={ariaSort("name")} w={NAME_WIDTH} style={STICKY}>
                  {header("name", rowLabel, false)}
                </Table.Th>
                {subLabel ? <Table.Th scope="col">{subLabel}</Table.Th> : null}
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    scope="col"
                    ta="right"
                    aria-sort={ariaSort(c.key)}
                    miw={numberWidth}
                    style={{ verticalAlign: "bottom" }}
                  >
                    {header(c.key, c.label, true)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {showLoading
                ? Array.from({ length: Math.min(pageSize, 10) }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else
                    <Table.Tr key={i} data-testid="skeleton-row">
                      <Table.Td style={STICKY}>
                        <Skeleton height={14} width="70%" radius="sm" />
                      </Table.Td>
                      {subLabel ? (
                        <Table.Td>
                          <Skeleton height={14} width="60%" radius="sm" />
                        </Table.Td>
                      ) : null}
                      {columns.map((c) => (
                        <Table.Td key={c.key}>
                          <Skeleton height={14} width="60%" radius="sm" ml="auto" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows?.map((row) => {
                    const inactive = row.isActive === false;
                    return (
                      <Table.Tr
                        key={rowKey(row)}
                        data-inactive={inactive || undefined}
                        c={inactive ? "dimmed" : undefined}
                      >
                        <Table.Th scope="row" fw={500} style={STICKY}>
                          {onOpen && (canOpen?.(row) ?? true) ? (
                            <UnstyledButton
                              onClick={() => onOpen(row)}
                              aria-label={openLabel(row)}
                              display="block"
                              fz={fontSize}
                              fw={600}
                              style={OPEN_NAME}
                            >
                              {row.name}
                            </UnstyledButton>
                          ) : (
                            <Text fz={fontSize} fw={500}>
                              {row.name}
                            </Text>
                          )}
                          {row.detail ? (
                            <Text fz="xs" c="dimmed" fw={400}>
                              {row.detail}
                            </Text>
                          ) : null}
                        </Table.Th>
                        {subLabel ? <Table.Td>{row.subName ?? "–"}</Table.Td> : null}
                        {columns.map((c) => (
                          <Table.Td key={c.key} ta="right" style={NUMERIC}>
                            {formatMeasure(c.kind, analyticsValue(row, c.key))}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
            </Table.Tbody>
            {totals && !showLoading ? (
              <Table.Tfoot bg="var(--mantine-color-gray-0)">
                <Table.Tr>
                  <Table.Th scope="row" style={{ ...STICKY, background: "var(--mantine-color-gray-0)" }}>
                    Total
                  </Table.Th>
                  {subLabel ? <Table.Td /> : null}
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta="right" fw={700} style={NUMERIC}>
                      {formatMeasure(c.kind, analyticsValue(totals, c.key))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </ScrollArea>
      )}
      {!isEmpty || page > 1 ? (
        <TablePager
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
          pageSizes={pageSizes}
          loading={showLoading}
        />
      ) : null}
    </Card>
  );
}
