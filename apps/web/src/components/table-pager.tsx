import { Group, Pagination, Select, Text } from "@mantine/core";

const numberFormat = new Intl.NumberFormat("en-US");

/** The range of rows on screen, "26–50 of 1,234". */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return "No results";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(total)}`;
}

/** The paging a table takes and hands to its {@link TablePager}. */
export type PagingProps = Pick<
  TablePagerProps,
  "total" | "page" | "pageSize" | "onPageChange" | "onPageSizeChange" | "pageSizes"
>;

export type TablePagerProps = {
  /** How many rows there are over every page; undefined until the first page arrives. */
  total: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Set, the pager offers `pageSizes` to choose from. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  /** The first page is loading: the range says so rather than a count. */
  loading?: boolean;
  /**
   * False, the page buttons alone, centred, for a list that gives its count elsewhere (a drawer's list of cards, the
   * tutorials); then nothing at all while there is a single page.
   */
  withRange?: boolean;
  /** Set, the pager stands under a list of its own rather than at the foot of a table's card: no rule, no padding. */
  bare?: boolean;
};

/**
 * The footer of a table of server pages (DataTable, FunnelTable) and the pager of the other paged lists (the inbox,
 * the tutorials, a person's time logs): the range of rows on screen, the page size and the page buttons (shown when
 * there is more than one page). The caller keeps the page and the page size.
 */
export function TablePager({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizes = [],
  loading = false,
  withRange = true,
  bare = false,
}: TablePagerProps) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // A page past the last (the list shrank under the reader, or an old link) is shown as the last one, and keeps its
  // buttons even when one page is left: they are the way back to the rows.
  const shown = Math.min(page, pages);
  const buttons = pages > 1 || (!loading && total !== undefined && page > pages);
  if (!withRange && !buttons) return null;
  return (
    <Group
      justify={withRange ? "space-between" : "center"}
      gap="sm"
      px={bare ? undefined : "md"}
      py={bare ? undefined : "sm"}
      wrap="wrap"
      style={bare ? undefined : { borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      {withRange ? (
        <Group gap="md" wrap="nowrap">
          <Text fz="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: "nowrap" }}>
            {loading || total === undefined ? "Loading…" : rangeLabel(shown, pageSize, total)}
          </Text>
          {onPageSizeChange ? (
            <Select
              aria-label="Rows per page"
              size="xs"
              w={84}
              data={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(pageSize)}
              onChange={(v) => v && onPageSizeChange(Number(v))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
        </Group>
      ) : null}
      {buttons ? (
        <Pagination
          size="sm"
          total={pages}
          value={shown}
          onChange={onPageChange}
          siblings={1}
          boundaries={1}
          getControlProps={(control) =>
            control === "previous"
              ? { "aria-label": "Previous page" }
              : control === "next"
                ? { "aria-label": "Next page" }
                : {}
          }
          getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
        />
      ) : null}
    </Group>
  );
}
