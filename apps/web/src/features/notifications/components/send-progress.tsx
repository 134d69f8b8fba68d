import type { SentNotificationItem } from "@fieldlead/contracts";
import { Badge, CloseButton, Group, Paper, Progress, Stack, Text, VisuallyHidden } from "@mantine/core";
import { LoadError } from "../../../components/query-state";
import { useSentProgress } from "../api/send";
import { formatCount, people } from "./format";

export const progressPercent = (n: Pick<SentNotificationItem, "processedCount" | "recipientCount">) =>
  n.recipientCount > 0 ? Math.min(100, Math.round((n.processedCount / n.recipientCount) * 100)) : 100;

/** A notification's status: Sending blue, Sent green (light badges: the theme keeps their text AA). */
export function StatusBadge({
  status,
  size,
}: {
  status: SentNotificationItem["status"];
  size?: "xs" | "sm";
}) {
  return (
    <Badge variant="light" color={status === "sending" ? "blue" : "green"} size={size}>
      {status === "sending" ? "Sending" : "Sent"}
    </Badge>
  );
}

/**
 * The notification just sent, on its way: how many of the people it reaches are done (in the app, and emailed or
 * not wanted by email), asked every second until it is sent.
 */
export function SendProgress({ id, onDismiss }: { id: number; onDismiss: () => void }) {
  const query = useSentProgress(id);
  const n = query.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Sending progress">
      {!n ? (
        query.error ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Text fz="sm">Reading its progress…</Text>
        )
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {n.title}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={n.status} />
              <CloseButton aria-label="Hide the progress" onClick={onDismiss} />
            </Group>
          </Group>
          <Progress
            value={progressPercent(n)}
            aria-label={`Progress of ${n.title}`}
            striped={n.status === "sending"}
            animated={n.status === "sending"}
            color={n.status === "sending" ? undefined : "green"}
          />
          <Text fz="sm" data-testid="send-progress">
            {n.status === "sending"
              ? `${formatCount(n.processedCount)} of ${people(n.recipientCount)} done`
              : `Sent to ${people(n.recipientCount)}`}
            {n.sendEmail ? ` · ${formatCount(n.emailedCount)} emailed` : " · in the app only"}
          </Text>
          {/* Said once when it changes, not at every step of the count. */}
          <VisuallyHidden aria-live="polite">
            {n.status === "sending" ? "Sending" : `Sent to ${people(n.recipientCount)}`}
          </VisuallyHidden>
        </Stack>
      )}
    </Paper>
  );
}
