import type { LeadListItem } from "@fieldlead/contracts";
import { Stack, Text } from "@mantine/core";
import type { DataTableColumn } from "../../../components/data-table";
import { reasonName, sourceName, zoneAbbreviation } from "./lead-names";

/** What a lead and a capture entry both carry: where it was taken, by whom, on which clock. */
type Placed = Pick<
  LeadListItem,
  "storeName" | "territoryName" | "leadGeneratorName" | "timeZone" | "source" | "rejectionReason"
>;

/** A time on the store's clock with its zone: the day above the time, or all on one line. */
export function StoreTimeCell({
  local,
  timeZone,
  at,
  stacked,
}: {
  /** "2026-11-20 18:04", as the server gives it on the store's clock. */
  local: string;
  timeZone: string;
  /** The instant (ISO), for the zone's abbreviation on that day (EST or EDT). */
  at: string;
  stacked?: boolean;
}) {
  const zone = zoneAbbreviation(timeZone, at);
  if (!stacked)
    return (
      <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
        {local}{" "}
        <Text span fz="xs" c="dimmed">
          {zone}
        </Text>
      </Text>
    );
  const [day, time] = local.split(" ");
  return (
    <Stack gap={0} style={{ whiteSpace: "nowrap" }}>
      <Text fz="sm">{day}</Text>
      <Text fz="xs" c="dimmed">
        {time} {zone}
      </Text>
    </Stack>
  );
}

/** The column of when a row happened, on the store's clock (sortable when `sortKey` is given). */
export function storeTimeColumn<T extends Placed>(column: {
  key: string;
  header: string;
  sortKey?: string;
  stacked?: boolean;
  skeletonWidth?: number;
  time: (row: T) => { local: string; at: string };
}): DataTableColumn<T> {
  const { time, stacked, ...rest } = column;
  return {
    ...rest,
    render: (row) => <StoreTimeCell {...time(row)} timeZone={row.timeZone} stacked={stacked} />,
  };
}

/** What a caller may set of a shared column: the server's sort key, the breakpoint it shows from. */
type ColumnOptions = Pick<DataTableColumn<unknown>, "sortKey" | "visibleFrom">;

/** The store; `withTerritory` adds the territory under it on screens too narrow for its own column. */
export const storeColumn = <T extends Placed>({
  withTerritory,
  ...options
}: ColumnOptions & { withTerritory?: boolean } = {}): DataTableColumn<T> => ({
  key: "store",
  header: "Store",
  ...options,
  render: (row) =>
    withTerritory ? (
      <Stack gap={0}>
        <Text fz="sm">{row.storeName}</Text>
        <Text fz="xs" c="dimmed" hiddenFrom="xl">
          {row.territoryName}
        </Text>
      </Stack>
    ) : (
      row.storeName
    ),
});

export const territoryColumn = <T extends Placed>(options: ColumnOptions = {}): DataTableColumn<T> => ({
  key: "territory",
  header: "Territory",
  ...options,
  render: (row) => row.territoryName,
});

/** Who took the lead (or sent the entry). */
export const leadGeneratorColumn = <T extends Placed>(
  options: ColumnOptions & { key?: string; header?: string } = {},
): DataTableColumn<T> => ({
  key: "leadGenerator",
  header: "Lead generator",
  ...options,
  render: (row) => row.leadGeneratorName,
});

/** A short text that keeps to one line. */
export const OneLine = ({ children }: { children: string }) => (
  <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
    {children}
  </Text>
);

export const sourceColumn = <T extends Placed>(): DataTableColumn<T> => ({
  key: "source",
  header: "Source",
  render: (row) => <OneLine>{sourceName(row.source)}</OneLine>,
});

export const reasonColumn = <T extends Placed>(): DataTableColumn<T> => ({
  key: "reason",
  header: "Reason",
  render: (row) => <OneLine>{reasonName(row.rejectionReason)}</OneLine>,
});
