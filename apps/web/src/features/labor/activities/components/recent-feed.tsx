import type { ActivityItem } from "@fieldlead/contracts";
import { Badge, EmptyState, Group, Paper, Stack, Text } from "@mantine/core";
import { IconActivity } from "@tabler/icons-react";
import { LoadError } from "../../../../components/query-state";
import { formatDateTime } from "../../../../lib/dates";
import { LoadingCards } from "../../components/loading-cards";
import { useRecentActivities } from "../api/activities";
import { amountOf } from "./activities-table";

function FeedRow({ a }: { a: ActivityItem }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: "none" }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={600}>
              {a.userName}
            </Text>
            <Badge size="sm" variant="light" color={a.isApproaches ? "teal" : "gray"}>
              {a.activityTypeName}
            </Badge>
            <Text fz="sm">{amountOf(a)}</Text>
          </Group>
          <Text fz="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {[a.storeName, a.reasonName, a.notes].filter(Boolean).join(" · ") || "No store"}
          </Text>
        </Stack>
        <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          <time dateTime={a.occurredAt}>{formatDateTime(a.occurredAt, a.timeZone)}</time>
        </Text>
      </Group>
    </Paper>
  );
}

/** The latest activities in the caller's scope (a manager's feed; a lead generator's own), newest first. */
export function RecentFeed() {
  const recent = useRecentActivities();
  if (recent.isPending) return <LoadingCards label="Loading the latest activities" heights={[58, 58, 58]} />;
  if (recent.isError) return <LoadError error={recent.error} onRetry={() => void recent.refetch()} />;
  const items = recent.data.items;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<IconActivity size={26} stroke={1.6} aria-hidden />}
        title="Nothing logged yet"
        description="Activities show here as soon as they are logged."
      />
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Latest activities">
      {items.map((a) => (
        <FeedRow key={a.id} a={a} />
      ))}
    </Stack>
  );
}
