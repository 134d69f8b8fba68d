import { ActionIcon, Tooltip, VisuallyHidden } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  DataTable,
  type DataTableColumn,
  type DataTableEmpty,
  type DataTableProps,
  type SortState,
} from "./data-table";

/** What a list page hands its table: the query's page of rows, the paging and sorting, and the filters' use. */
export type ListTableProps<T> = {
  data: { items: readonly T[]; total: number } | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  sort: SortState;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (sort: SortState) => void;
  /** Filters narrow the list: an empty list then says nothing matches rather than that there is nothing yet. */
  filtered: boolean;
};

/** What a table shows of its list query: the page, and whether it is loading, refreshing or failed. */
export const queryTableState = <T,>(query: UseQueryResult<{ items: readonly T[]; total: number }>) => ({
  data: query.data,
  loading: query.isPending,
  fetching: query.isFetching && query.isPlaceholderData,
  error: query.error,
  onRetry: () => void query.refetch(),
});

/**
 * A {@link DataTable} of one page of a server list (see `useListPage`), with its two empty states: nothing
 * matches the filters, or nothing yet.
 */
export function ListTable<T>({
  data,
  filtered,
  empty,
  ...props
}: ListTableProps<T> &
  Pick<DataTableProps<T>, "label" | "columns" | "rowKey" | "minWidth" | "rowProps"> & {
    empty: { filtered: DataTableEmpty; none: DataTableEmpty };
  }) {
  return (
    <DataTable
      {...props}
      rows={data?.items}
      total={data?.total}
      empty={filtered ? empty.filtered : empty.none}
    />
  );
}

/** The "Status" column: a fixed width that fits the widest badge. */
export const statusColumn = <T,>(
  render: (row: T) => ReactNode,
  visibleFrom: DataTableColumn<T>["visibleFrom"],
  /** Wide enough for the longest status the list shows (a badge cuts its label short). */
  width = 112,
): DataTableColumn<T> => ({
  key: "status",
  header: "Status",
  visibleFrom,
  width,
  minWidth: width,
  skeletonWidth: 60,
  render,
});

/** The last column, the row's buttons, right-aligned under a header only screen readers read. */
export const actionsColumn = <T,>(
  width: number,
  render: (row: T) => ReactNode,
  skeletonWidth = 24,
): DataTableColumn<T> => ({
  key: "actions",
  header: <VisuallyHidden>Actions</VisuallyHidden>,
  width,
  align: "right",
  skeletonWidth,
  render,
});

/** An icon button of a row, with a tooltip ("Edit") and the row's name in its accessible name ("Edit Jo Park"). */
export function RowActionIcon({
  label,
  name,
  icon,
  onClick,
}: {
  label: string;
  name: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" aria-label={`${label} ${name}`} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
