import type { SentNotificationItem } from "@fieldlead/contracts";
import { Group, Progress, Stack, Text } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import { formatDateTime } from "../../../lib/dates";
import { firstLine, formatCount, KIND_LABELS, people, senderOf } from "./format";
import { progressPercent, StatusBadge } from "./send-progress";

/** "42 of 120 read". */
export const readText = (n: SentNotificationItem) =>
  `${formatCount(n.readCount)} of ${formatCount(n.recipientCount)} read`;

function ProgressCell({ n }: { n: SentNotificationItem }) {
  if (n.status === "sent")
    return (
      <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        Done
      </Text>
    );
  return (
    <Stack gap={4} miw={110}>
      <Progress value={progressPercent(n)} aria-label={`Progress of ${n.title}`} striped animated />
      <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {formatCount(n.processedCount)} of {formatCount(n.recipientCount)}
      </Text>
    </Stack>
  );
}

/**
 * The notifications sent (by the caller, or by anyone for an organization-wide manager), newest first, a page at a
 * time: reach, progress, read count and status. On a phone the title's cell carries the status, reach and reads;
 * the other columns come back as the window widens.
 */
export function SentTable({
  query,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  filtered,
}: {
  query: UseQueryResult<{ items: SentNotificationItem[]; total: number }>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  filtered: boolean;
}) {
  const columns: DataTableColumn<SentNotificationItem>[] = [
    {
      key: "title",
      header: "Notification",
      minWidth: 180,
      skeletonWidth: 180,
      render: (n) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {n.title}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: "anywhere" }}>
            {firstLine(n.body)}
          </Text>
          {/* Below xl the kind and sender are hidden, below sm the status, reach and reads: they show here. */}
          <Text fz="xs" c="dimmed" hiddenFrom="xl">
            {KIND_LABELS[n.kind]} from {senderOf(n)}
          </Text>
          <Group gap={6} hiddenFrom="sm" wrap="wrap">
            <StatusBadge status={n.status} size="xs" />
            <Text fz="xs" c="dimmed">
              {people(n.recipientCount)} · {readText(n)} · {formatDateTime(n.createdAt)}
            </Text>
          </Group>
        </Stack>
      ),
    },
    {
      key: "kind",
      header: "Kind",
      visibleFrom: "xl",
      skeletonWidth: 70,
      render: (n) => <Text fz="sm">{KIND_LABELS[n.kind]}</Text>,
    },
    {
      key: "sender",
      header: "Sender",
      visibleFrom: "xl",
      skeletonWidth: 90,
      render: (n) => <Text fz="sm">{senderOf(n)}</Text>,
    },
    {
      key: "audience",
      header: "Audience",
      visibleFrom: "lg",
      minWidth: 160,
      skeletonWidth: 140,
      render: (n) => (
        <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
          {n.audienceSummary}
        </Text>
      ),
    },
    {
      key: "createdAt",
      header: "Sent at",
      visibleFrom: "sm",
      skeletonWidth: 110,
      render: (n) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(n.createdAt)}
        </Text>
      ),
    },
    {
      key: "reach",
      header: "Reach",
      visibleFrom: "sm",
      align: "right",
      skeletonWidth: 40,
      render: (n) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {formatCount(n.recipientCount)}
        </Text>
      ),
    },
    {
      key: "progress",
      header: "Progress",
      visibleFrom: "md",
      skeletonWidth: 90,
      render: (n) => <ProgressCell n={n} />,
    },
    {
      key: "read",
      header: "Read",
      visibleFrom: "sm",
      skeletonWidth: 80,
      render: (n) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {readText(n)}
        </Text>
      ),
    },
    {
      key: "status",
      header: "Status",
      visibleFrom: "sm",
      // Wide enough for "Sending" (a badge cuts its label short).
      width: 112,
      minWidth: 112,
      skeletonWidth: 60,
      render: (n) => <StatusBadge status={n.status} />,
    },
  ];

  return (
    <DataTable
      label="Sent notifications"
      columns={columns}
      rows={query.data?.items}
      rowKey={(n) => n.id}
      total={query.data?.total}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      loading={query.isPending}
      fetching={query.isFetching && query.isPlaceholderData}
      error={query.error}
      onRetry={() => void query.refetch()}
      minWidth={0}
      empty={
        filtered
          ? {
              title: "No notification of this kind",
              description: "Pick another kind, or every kind.",
              icon: <IconSend size={26} stroke={1.6} aria-hidden />,
            }
          : {
              title: "Nothing sent yet",
              description: "Notifications you send show here with their reach, progress and reads.",
              icon: <IconSend size={26} stroke={1.6} aria-hidden />,
            }
      }
    />
  );
}
