import { decimalHours, formatHoursMinutes, type HoursGroupBy, type HoursRow } from "@fieldlead/contracts";
import { Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconClockHour4, IconEdit, IconLock, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { DataTableColumn } from "../../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
  statusColumn,
} from "../../../../components/list-table";

export type HoursRowAction = "edit" | "delete";

/** How a row's buttons name it: "Jo Park, 2026-10-05, Hourly". */
export const hoursRowName = (r: HoursRow) =>
  [r.userName, r.workDate, r.hoursTypeName].filter(Boolean).join(", ");

/** "7:30" with "7.5 h" beside it. */
export function HoursAmount({ minutes, strong = true }: { minutes: number; strong?: boolean }) {
  return (
    <Text fz="sm" span style={{ whiteSpace: "nowrap" }}>
      <Text span inherit fw={strong ? 600 : undefined}>
        {formatHoursMinutes(minutes)}
      </Text>{" "}
      <Text span inherit c="dimmed" fz="xs">
        ({decimalHours(minutes)} h)
      </Text>
    </Text>
  );
}

/** Posted (locked for payroll), partly posted (a group), or open. */
export function PostedBadge({ row, size = "sm" }: { row: HoursRow; size?: "xs" | "sm" }) {
  if (row.posted)
    return (
      <Tooltip
        label={
          row.postingId
            ? `Posted for payroll (posting ${row.postingId}): nothing in it can change`
            : "Posted for payroll: nothing in it can change"
        }
      >
        <Badge size={size} color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
          Posted
        </Badge>
      </Tooltip>
    );
  if (row.postedMinutes > 0)
    return (
      <Badge size={size} color="yellow" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
        Part posted
      </Badge>
    );
  return (
    <Badge size={size} color="teal" variant="light">
      Open
    </Badge>
  );
}

function Source({ row }: { row: HoursRow }) {
  if (row.source === "manual")
    return (
      <Badge size="sm" variant="outline" color="grape">
        Manual
      </Badge>
    );
  if (row.source === "timeLogs")
    return (
      <Tooltip label="From closed time logs: fix the time logs to change these hours">
        <Badge size="sm" variant="outline" leftSection={<IconClockHour4 size={12} aria-hidden />}>
          {row.logCount > 1 ? `${row.logCount} time logs` : "Time logs"}
        </Badge>
      </Tooltip>
    );
  return (
    <Text fz="xs" c="dimmed">
      {formatHoursMinutes(row.timeLogMinutes)} time logs · {formatHoursMinutes(row.manualMinutes)} manual
    </Text>
  );
}

/**
 * One page of hours: per entry (a manual entry, or a date/type/store of time logs), per day or per person.
 * Posted rows carry a lock and no buttons; manual entries not posted can be changed and deleted by managers.
 */
export function HoursTable({
  groupBy,
  onAction,
  emptyAction,
  ...list
}: ListTableProps<HoursRow> & {
  groupBy: HoursGroupBy;
  onAction: (action: HoursRowAction, row: HoursRow) => void;
  emptyAction?: ReactNode;
}) {
  const entries = groupBy === "entry";
  const anyEditable = entries && (list.data?.items.some((r) => r.canEdit) ?? false);
  const columns: DataTableColumn<HoursRow>[] = [
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 140,
      render: (r) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {r.userName}
          </Text>
          {/* Narrow screens hide the date, type and store columns: they show here. */}
          {r.workDate ? (
            <Text fz="xs" c="dimmed" hiddenFrom="md">
              <Text span inherit hiddenFrom="sm">
                {r.workDate}
                {r.hoursTypeName || r.storeName ? " · " : ""}
              </Text>
              {[r.hoursTypeName, r.storeName].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
          {r.notes ? (
            <Text fz="xs" c="dimmed" lineClamp={1}>
              {r.notes}
            </Text>
          ) : null}
          <Group hiddenFrom="xs" mt={2} gap={4}>
            <PostedBadge row={r} size="xs" />
          </Group>
        </Stack>
      ),
    },
    ...(groupBy !== "person"
      ? [
          {
            key: "workDate",
            header: "Date",
            sortKey: "workDate",
            visibleFrom: "sm",
            width: 110,
            skeletonWidth: 80,
            render: (r: HoursRow) => (
              <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
                {r.workDate}
              </Text>
            ),
          } satisfies DataTableColumn<HoursRow>,
        ]
      : []),
    ...(entries
      ? [
          {
            key: "hoursType",
            header: "Type",
            sortKey: "hoursType",
            visibleFrom: "md",
            skeletonWidth: 70,
            render: (r: HoursRow) => (
              <Text fz="sm" c={r.hoursTypeName ? undefined : "dimmed"}>
                {r.hoursTypeName ?? "No type"}
              </Text>
            ),
          } satisfies DataTableColumn<HoursRow>,
          {
            key: "storeName",
            header: "Store",
            sortKey: "storeName",
            visibleFrom: "lg",
            skeletonWidth: 110,
            render: (r: HoursRow) => (
              <Text fz="sm" c={r.storeName ? undefined : "dimmed"}>
                {r.storeName ?? "—"}
              </Text>
            ),
          } satisfies DataTableColumn<HoursRow>,
        ]
      : []),
    {
      key: "minutes",
      header: "Hours",
      sortKey: "minutes",
      align: "right",
      width: 120,
      skeletonWidth: 60,
      render: (r) => <HoursAmount minutes={r.minutes} />,
    },
    {
      key: "source",
      header: "From",
      visibleFrom: "md",
      skeletonWidth: 80,
      render: (r) => <Source row={r} />,
    },
    statusColumn((r) => <PostedBadge row={r} />, "xs", 120),
    ...(anyEditable
      ? [
          actionsColumn<HoursRow>(88, (r) =>
            r.canEdit ? (
              <Group gap={2} wrap="nowrap" justify="flex-end">
                <RowActionIcon
                  label="Edit"
                  name={hoursRowName(r)}
                  icon={<IconEdit size={18} aria-hidden />}
                  onClick={() => onAction("edit", r)}
                />
                <RowActionIcon
                  label="Delete"
                  name={hoursRowName(r)}
                  icon={<IconTrash size={18} aria-hidden />}
                  onClick={() => onAction("delete", r)}
                />
              </Group>
            ) : null,
          ),
        ]
      : []),
  ];

  return (
    <ListTable
      {...list}
      label="Hours"
      columns={columns}
      rowKey={(r) => r.key}
      minWidth={0}
      empty={{
        filtered: {
          title: "No hours match these filters",
          description: "Try another period, fewer people or stores, or both posted and open hours.",
          icon: <IconClockHour4 size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "No hours in this period",
          description:
            "Hours come from closed time logs, and from entries managers add here. Try another period.",
          icon: <IconClockHour4 size={26} stroke={1.6} aria-hidden />,
          action: emptyAction,
        },
      }}
    />
  );
}
