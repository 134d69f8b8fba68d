import {
  Box,
  Card,
  EmptyState,
  type MantineBreakpoint,
  Skeleton,
  Table,
  UnstyledButton,
  useMatches,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { type ReactNode, useDeferredValue } from "react";
import { LoadError } from "./query-state";
import { type PagingProps, TablePager } from "./table-pager";

export type SortDirection = "asc" | "desc";
export type SortState<K extends string = string> = { by: K; direction: SortDirection };

export type DataTableColumn<T> = {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** The server's sort key: set, the header becomes a button that sorts by it. */
  sortKey?: string;
  width?: number | string;
  /** Keeps the column from being squeezed below this width when the table is tight. */
  minWidth?: number;
  align?: "left" | "right" | "center";
  /** Shown from this breakpoint up only (narrow screens keep the essential columns). */
  visibleFrom?: MantineBreakpoint;
  /** Width of the loading placeholder bar. */
  skeletonWidth?: number | string;
};

export type DataTableEmpty = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export type DataTableProps<T> = PagingProps & {
  /** Names the table for assistive technology (a visually hidden caption). */
  label: string;
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** First load: placeholder rows. */
  loading?: boolean;
  /** A later load (another page, a filter): the current rows dim until the new ones arrive. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What the table says when nothing matches. */
  empty: DataTableEmpty;
  /** Minimum width before the table scrolls sideways (from the `sm` breakpoint; phones hide columns instead). */
  minWidth?: number;
  /** Marks a row (e.g. inactive people), for styling. */
  rowProps?: (row: T) => { "data-inactive"?: boolean; c?: string };
};

function SortHeader({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<unknown>;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
}) {
  const active = sort?.by === column.sortKey;
  const Icon = !active ? IconArrowsSort : sort?.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <UnstyledButton
      onClick={() =>
        column.sortKey &&
        onSortChange?.({
          by: column.sortKey,
          direction: active && sort?.direction === "asc" ? "desc" : "asc",
        })
      }
      style={{ display: "inline-flex", alignItems: "center", gap: 4, fontWeight: 600, fontSize: "inherit" }}
    >
      {column.header}
      <Icon
        size={14}
        stroke={1.8}
        aria-hidden
        style={{
          opacity: active ? 1 : 0.45,
          color: active ? "var(--mantine-primary-color-filled)" : undefined,
        }}
      />
    </UnstyledButton>
  );
}

/**
 * A table of one page of server results: sortable headers, page size, total, placeholder rows while the
 * first page loads, an empty state and an error with a retry. Paging, sorting and filtering happen on the
 * server; the caller keeps the state (page, sort) and passes the page it got.
 */
export function DataTable<T>({
  label,
  columns,
  rows: givenRows,
  rowKey,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  sort,
  onSortChange,
  loading: givenLoading = false,
  fetching = false,
  error,
  onRetry,
  empty,
  minWidth = 720,
  rowProps,
}: DataTableProps<T>) {
  const tableMinWidth = useMatches({ base: 0, sm: minWidth });
  // Tighter cells on laptop widths keep more columns in view before the table scrolls sideways.
  const spacing = useMatches({ base: "xs", sm: "sm", xl: "md" });
  // The first page's rows are drawn in a render React may interrupt (a deferred value), with the placeholder rows
  // meanwhile: drawing a page of rows in the update that brought them held the main thread (docs/decisions/0029).
  const deferredRows = useDeferredValue(givenRows);
  const firstRows = givenRows !== undefined && deferredRows === undefined;
  const rows = firstRows ? undefined : givenRows;
  const loading = givenLoading || firstRows;
  if (error && !rows) return <LoadError error={error} onRetry={onRetry} />;
  const isEmpty = !loading && (rows?.length ?? 0) === 0;

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
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
        >
          {empty.action ? <EmptyState.Actions>{empty.action}</EmptyState.Actions> : null}
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={tableMinWidth} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing={spacing}
            highlightOnHover
            aria-busy={loading || fetching}
            style={{ opacity: fetching && !loading ? 0.6 : 1, transition: "opacity 120ms" }}
          >
            <Table.Caption>
              <VisuallyHidden>{label}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th
                    key={c.key}
                    w={c.width}
                    ta={c.align}
                    visibleFrom={c.visibleFrom}
                    aria-sort={
                      c.sortKey && sort?.by === c.sortKey
                        ? sort.direction === "asc"
                          ? "ascending"
                          : "descending"
                        : undefined
                    }
                    miw={c.minWidth}
                    style={{ whiteSpace: "nowrap" }}
                  >
                    {c.sortKey && onSortChange ? (
                      <SortHeader
                        column={c as DataTableColumn<unknown>}
                        sort={sort}
                        onSortChange={onSortChange}
                      />
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loading
                ? // As many placeholder rows as the page will have (up to 25): the rows arriving do not push the
                  // footer up into view and out again (Lighthouse counted that as a layout shift of the page).
                  Array.from({ length: Math.min(pageSize, 25) }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else
                    <Table.Tr key={i} data-testid="skeleton-row">
                      {columns.map((c) => (
                        <Table.Td key={c.key} visibleFrom={c.visibleFrom}>
                          <Skeleton height={14} width={c.skeletonWidth ?? "70%"} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows?.map((row) => (
                    <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                      {columns.map((c) => (
                        <Table.Td key={c.key} ta={c.align} visibleFrom={c.visibleFrom}>
                          {c.render(row)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!isEmpty || page > 1 ? (
        <TablePager
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
          pageSizes={pageSizes}
          loading={loading}
        />
      ) : null}
    </Card>
  );
}
