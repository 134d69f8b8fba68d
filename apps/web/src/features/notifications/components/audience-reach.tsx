import { Anchor, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { errorMessage } from "../../../lib/api-error";
import { formatCount, people } from "./format";

export type Reach = { count: number; emailOff: number; sample: string[] };

/** "Ann Lee, Bo Chen and 1,232 more". */
export function sampleText(sample: readonly string[], count: number): string {
  const shown = sample.slice(0, Math.min(sample.length, count));
  const more = count - shown.length;
  if (shown.length === 0) return "";
  if (more <= 0)
    return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
  return `${shown.join(", ")} and ${formatCount(more)} more`;
}

/** The line under "Reaches …": who gets it in the app only. */
function channelsText(reach: Reach, sendEmail: boolean): string {
  if (!sendEmail) return "in the app only";
  if (reach.emailOff === 0) return "in the app and by email";
  if (reach.emailOff === reach.count) return "in the app only: they turned email off";
  return `${formatCount(reach.emailOff)} get it in the app only`;
}

/**
 * How many people the audience reaches now ("Reaches 1,234 people (12 get it in the app only)") with a few of
 * their names, as the server counts it; read politely by screen readers as it changes.
 */
export function AudienceReach({
  picked,
  reach,
  counting,
  error,
  onRetry,
  sendEmail,
}: {
  /** The audience names someone: without it there is nothing to count. */
  picked: boolean;
  reach: Reach | undefined;
  /** A count for the audience as it is now is on its way (or the typing has not settled yet). */
  counting: boolean;
  error: unknown;
  onRetry: () => void;
  sendEmail: boolean;
}) {
  let content: React.ReactNode;
  if (!picked) {
    content = (
      <Text fz="sm" c="dimmed">
        Pick who gets it to see how many people it reaches.
      </Text>
    );
  } else if (error && !counting) {
    content = (
      <Text fz="sm" c="red">
        Could not count the people it reaches: {errorMessage(error)}{" "}
        <Anchor component="button" type="button" fz="sm" onClick={onRetry}>
          Try again
        </Anchor>
      </Text>
    );
  } else if (!reach) {
    content = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text fz="sm">Counting the people it reaches…</Text>
      </Group>
    );
  } else if (reach.count === 0) {
    content = (
      <Text fz="sm" c="red">
        Reaches nobody: no active member within your reach matches. Pick others.
      </Text>
    );
  } else {
    const names = sampleText(reach.sample, reach.count);
    content = (
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" fw={600} data-testid="audience-reach">
            Reaches {people(reach.count)} ({channelsText(reach, sendEmail)})
          </Text>
          {counting ? <Loader size="xs" aria-label="Counting again" /> : null}
        </Group>
        {names ? (
          <Text fz="xs" c="dimmed">
            Including {names}.
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconUsers size={18} aria-hidden style={{ marginTop: 2, flex: "0 0 auto" }} />
        <div aria-live="polite" aria-atomic="true" style={{ minWidth: 0 }}>
          {content}
        </div>
      </Group>
    </Paper>
  );
}
