import type { ActivityItem, ActivityTypeTotal } from "@fieldlead/contracts";
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconActivity, IconPencil, IconTrash } from "@tabler/icons-react";
import type { DataTableColumn } from "../../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
} from "../../../../components/list-table";
import { formatDateTime } from "../../../../lib/dates";

const number = new Intl.NumberFormat("en-US");

/** "3 h 20 min", "45 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** What an activity counted: "12" approaches, "30 min", "4 · 30 min". */
export function amountOf(a: Pick<ActivityItem, "count" | "minutes">): string {
  const parts = [];
  if (a.count) parts.push(number.format(a.count));
  if (a.minutes) parts.push(formatMinutes(a.minutes));
  return parts.join(" · ") || "—";
}

/** The totals of each type over the filter, in the organization's order (Approaches first where it counts them). */
export function TypeTotals({
  totals,
  loading,
}: {
  totals: readonly ActivityTypeTotal[] | undefined;
  loading: boolean;
}) {
  if (!totals?.length || loading) return null;
  const used = totals.filter((t) => t.entries > 0 || t.isApproaches);
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: Math.min(6, Math.max(used.length, 1)) }} spacing="sm" mb="md">
      {used.map((t) => (
        <Paper key={t.id} withBorder radius="md" p="sm" aria-label={`${t.name} totals`}>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase" truncate>
            {t.name}
          </Text>
          <Text fz="xl" fw={700} lh={1.2}>
            {t.isApproaches || t.count ? number.format(t.count) : formatMinutes(t.minutes)}
          </Text>
          <Text fz="xs" c="dimmed">
            {t.entries === 1 ? "1 entry" : `${number.format(t.entries)} entries`}
            {t.count && t.minutes ? ` · ${formatMinutes(t.minutes)}` : ""}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * One page of activities, sortable by when, day, person, type, count, minutes and store; a row's own buttons
 * when the caller may change it. On a phone the person's cell carries the type, the amount and the store.
 */
export function ActivitiesTable({
  onEdit,
  onDelete,
  ...list
}: ListTableProps<ActivityItem> & {
  onEdit: (a: ActivityItem) => void;
  onDelete: (a: ActivityItem) => void;
}) {
  const anyEditable = (list.data?.items ?? []).some((a) => a.canEdit);
  const columns: DataTableColumn<ActivityItem>[] = [
    {
      key: "occurredAt",
      header: "When",
      sortKey: "occurredAt",
      visibleFrom: "sm",
      skeletonWidth: 110,
      render: (a) => (
        <Stack gap={0}>
          <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
            {a.workDate}
          </Text>
          <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            logged {formatDateTime(a.occurredAt, a.timeZone).slice(11)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 140,
      render: (a) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {a.userName}
          </Text>
          <Group gap={6} hiddenFrom="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {a.workDate}
            </Text>
            <Badge size="xs" variant="light" color={a.isApproaches ? "teal" : "gray"}>
              {a.activityTypeName}
            </Badge>
            <Text fz="xs">{amountOf(a)}</Text>
          </Group>
          {a.storeName ? (
            <Text fz="xs" c="dimmed" hiddenFrom="md">
              {a.storeName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "activityType",
      header: "Activity",
      sortKey: "activityType",
      visibleFrom: "sm",
      skeletonWidth: 80,
      render: (a) => (
        <Badge variant="light" color={a.isApproaches ? "teal" : "gray"}>
          {a.activityTypeName}
        </Badge>
      ),
    },
    {
      key: "count",
      header: "Count",
      sortKey: "count",
      visibleFrom: "sm",
      align: "right",
      width: 90,
      skeletonWidth: 24,
      render: (a) => <Text fz="sm">{a.count ? number.format(a.count) : "—"}</Text>,
    },
    {
      key: "minutes",
      header: "Minutes",
      sortKey: "minutes",
      visibleFrom: "sm",
      align: "right",
      width: 100,
      skeletonWidth: 30,
      render: (a) => <Text fz="sm">{a.minutes ? formatMinutes(a.minutes) : "—"}</Text>,
    },
    {
      key: "storeName",
      header: "Store",
      sortKey: "storeName",
      visibleFrom: "md",
      skeletonWidth: 120,
      render: (a) => (
        <Text fz="sm" c={a.storeName ? undefined : "dimmed"}>
          {a.storeName ?? "—"}
        </Text>
      ),
    },
    {
      key: "reason",
      header: "Reason and notes",
      visibleFrom: "lg",
      skeletonWidth: 120,
      render: (a) => (
        <Stack gap={0}>
          {a.reasonName ? <Text fz="sm">{a.reasonName}</Text> : null}
          {a.notes ? (
            <Text fz="xs" c="dimmed" style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
              {a.notes}
            </Text>
          ) : null}
          {!a.reasonName && !a.notes ? (
            <Text fz="sm" c="dimmed">
              —
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];
  if (anyEditable)
    columns.push(
      actionsColumn(80, (a) =>
        a.canEdit ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <RowActionIcon
              label="Edit"
              name={`${a.activityTypeName} of ${a.userName}`}
              icon={<IconPencil size={16} aria-hidden />}
              onClick={() => onEdit(a)}
            />
            <RowActionIcon
              label="Delete"
              name={`${a.activityTypeName} of ${a.userName}`}
              icon={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(a)}
            />
          </Group>
        ) : null,
      ),
    );

  return (
    <ListTable
      {...list}
      label="Activities"
      columns={columns}
      rowKey={(a) => a.id}
      minWidth={0}
      empty={{
        filtered: {
          title: "No activity matches these filters",
          description: "Try another period, more people or every type.",
          icon: <IconActivity size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "Nothing logged in this period",
          description: "Approaches, breaks and training show here as they are logged.",
          icon: <IconActivity size={26} stroke={1.6} aria-hidden />,
        },
      }}
    />
  );
}
