import type { ActivityCreateRequest, ActivityRecentResponse } from "@fieldlead/contracts";
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, errorMessage } from "../../../../lib/api-error";
import { newIdempotencyKey } from "../../../../lib/idempotency-key";
import {
  invalidateActivities,
  logActivity,
  recentQueryOptions,
  useRecentActivities,
} from "../api/activities";

type Tap = { key: string; body: ActivityCreateRequest };

/** A tap worth sending again with its key: the answer was lost (no network) or the server failed. */
const retryable = (err: unknown) => !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The phone's quick log (docs/decisions/0040-labor.md): today's approaches and a large "+1 Approach" button. Each tap
 * is one activity with its own Idempotency-Key; a tap whose answer was lost stays listed and "Send again" repeats it
 * with the same key, so it is counted once. Shown to people who log their own activity (the feed's `mine`);
 * `onLogOther` opens the full form (a break, training, minutes, a reason).
 */
export function QuickActivityCard({ onLogOther }: { onLogOther?: () => void }) {
  const recent = useRecentActivities();
  const client = useQueryClient();
  const [inFlight, setInFlight] = useState(0);
  const [failed, setFailed] = useState<Tap[]>([]);
  const [error, setError] = useState<string | null>(null);

  if (recent.isPending)
    return (
      <Card withBorder radius="md" padding="md" aria-busy="true" aria-label="Today's approaches">
        <Skeleton height={18} width="50%" mb="sm" />
        <Skeleton height={52} />
      </Card>
    );
  const mine = recent.data?.mine;
  const approaches = recent.data?.types.find((t) => t.isApproaches);
  if (!mine || !approaches) return null;

  const send = async (tap: Tap) => {
    setInFlight((n) => n + 1);
    setError(null);
    try {
      await logActivity(tap.body, tap.key);
      setFailed((list) => list.filter((x) => x.key !== tap.key));
      // Counted at once; the refetch that follows brings the feed and the lists.
      client.setQueryData(recentQueryOptions().queryKey, (old: ActivityRecentResponse | undefined) =>
        old?.mine
          ? {
              ...old,
              mine: { ...old.mine, approaches: old.mine.approaches + 1, entries: old.mine.entries + 1 },
            }
          : old,
      );
      void invalidateActivities(client);
    } catch (err) {
      if (retryable(err)) setFailed((list) => (list.some((x) => x.key === tap.key) ? list : [...list, tap]));
      else setFailed((list) => list.filter((x) => x.key !== tap.key));
      setError(errorMessage(err));
    } finally {
      setInFlight((n) => n - 1);
    }
  };

  const tap = () =>
    void send({ key: newIdempotencyKey(), body: { activityTypeId: approaches.id, count: 1 } });
  const sendAgain = () => {
    for (const t of failed) void send(t);
  };

  const shown = mine.approaches + inFlight;
  const where = mine.storeName
    ? `${mine.storeName}${mine.timeLogId ? " · on shift" : " · scheduled"}`
    : "Not punched in: logged for today, with no store";

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Today's approaches">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              Today · {mine.workDate}
            </Text>
            <Text fz={28} fw={700} lh={1.1} aria-live="polite" data-testid="approaches-today">
              {plural(shown, "approach", "approaches")}
            </Text>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {where}
            </Text>
          </Stack>
        </Group>
        <Button
          size="xl"
          fullWidth
          onClick={tap}
          aria-label={`+1 ${approaches.name === "Approaches" ? "Approach" : approaches.name}`}
        >
          +1 {approaches.name === "Approaches" ? "Approach" : approaches.name}
        </Button>
        {failed.length ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            <Stack gap="xs">
              <Text fz="sm">
                {plural(failed.length, "tap was", "taps were")} not saved{error ? `: ${error}` : "."} Sending
                again counts each once.
              </Text>
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={sendAgain}
                >
                  Send again
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {onLogOther ? (
          <Button variant="default" onClick={onLogOther}>
            Log another activity
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
