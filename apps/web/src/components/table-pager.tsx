import { Group, Pagination, Select, Text } from "@mantine/core";

const numberFormat = new Intl.NumberFormat("en-US");

/** The range of rows on screen, "26–50 of 1,234". */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return "No results";
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(total)}`;
}

export type TablePagerProps = {
  /** How many rows there are over every page; undefined until the first page arrives. */
  total: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Set, the pager offers `pageSizes` to choose from. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes: readonly number[];
  /** The first page is loading: the range says so rather than a count. */
  loading?: boolean;
};

/**
 * The footer of a table of server pages (DataTable, FunnelTable): the range of rows on screen, the page size and
 * the page buttons (shown when there is more than one page). The caller keeps the page and the page size.
 */
export function TablePager({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizes,
  loading = false,
}: TablePagerProps) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  return (
    <Group
      justify="space-between"
      gap="sm"
      px="md"
      py="sm"
      wrap="wrap"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group gap="md" wrap="nowrap">
        <Text fz="sm" c="dimmed" aria-live="polite" style={{ whiteSpace: "nowrap" }}>
          {loading || total === undefined ? "Loading…" : rangeLabel(page, pageSize, total)}
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
      {pages > 1 ? (
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
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
