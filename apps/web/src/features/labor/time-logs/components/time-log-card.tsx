import type { TimeLogItem } from "@fieldlead/contracts";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconHistory, IconMessage, IconPencil, IconTrash } from "@tabler/icons-react";
import { hoursMinutes } from "../../components/format";
import {
  durationText,
  logSpanText,
  missingText,
  STATE_COLOR,
  STATE_LABEL,
  spanText,
  WHOLE_BADGE,
} from "./format";

export type TimeLogAction = "edit" | "delete" | "history" | "accept" | "propose";

/** A log's state as a badge: "Missing punch", "Proposed"... */
export function TimeLogStateBadge({ log, size = "sm" }: { log: TimeLogItem; size?: "xs" | "sm" }) {
  return (
    <Badge color={STATE_COLOR[log.state]} variant="light" size={size} styles={WHOLE_BADGE}>
      {STATE_LABEL[log.state]}
    </Badge>
  );
}

/** The badges of what is worth a look: far from the store, posted, entered by hand. */
export function TimeLogFlags({ log }: { log: TimeLogItem }) {
  const missing = missingText(log);
  return (
    <>
      {missing ? (
        <Badge color="red" variant="outline" size="sm" styles={WHOLE_BADGE}>
          {missing}
        </Badge>
      ) : null}
      {log.farFromStore ? (
        <Badge color="orange" variant="outline" size="sm" styles={WHOLE_BADGE}>
          Far from the store
        </Badge>
      ) : null}
      {log.posted ? (
        <Badge color="gray" variant="outline" size="sm" styles={WHOLE_BADGE}>
          Posted
        </Badge>
      ) : null}
      {log.source === "manual" ? (
        <Badge color="indigo" variant="outline" size="sm" styles={WHOLE_BADGE}>
          Entered by a manager
        </Badge>
      ) : null}
    </>
  );
}

/**
 * One time log as a card: date, store, times in the store's zone, length, state and flags, the person's proposal,
 * and the buttons the caller may use (`canEdit`, `canPropose` from the server; history for everyone who sees it).
 */
export function TimeLogCard({
  log,
  onAction,
  showHistory = true,
}: {
  log: TimeLogItem;
  onAction: (action: TimeLogAction, log: TimeLogItem) => void;
  showHistory?: boolean;
}) {
  const label = `${log.workDate} at ${log.storeName}`;
  const canAccept = log.canEdit && log.state === "proposed" && log.proposal !== null;
  return (
    <Card withBorder radius="md" p="sm" component="article" aria-label={`Time log ${label}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm">
              {log.workDate} · {log.storeName}
            </Text>
            <Text fz="sm">{logSpanText(log)}</Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text fw={600} fz="sm" title={durationText(log.minutes)}>
              {hoursMinutes(log.minutes)}
            </Text>
            <TimeLogStateBadge log={log} size="xs" />
          </Stack>
        </Group>
        <Group gap={6} wrap="wrap">
          <TimeLogFlags log={log} />
          {log.hoursTypeName ? (
            <Text fz="xs" c="dimmed">
              {log.hoursTypeName}
            </Text>
          ) : null}
          {log.leadCount ? (
            <Text fz="xs" c="dimmed">
              {log.leadCount} lead{log.leadCount === 1 ? "" : "s"}
            </Text>
          ) : null}
        </Group>
        {log.proposal ? (
          <Text fz="sm" c="orange.9">
            Proposed: {spanText(log.proposal)}
            {log.proposal.reason ? ` — “${log.proposal.reason}”` : ""}
          </Text>
        ) : null}
        {log.notes ? (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {log.notes}
          </Text>
        ) : null}
        {log.canEdit || log.canPropose || showHistory ? (
          <Group gap="xs" wrap="wrap">
            {canAccept ? (
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                aria-label={`Accept the proposal for ${label}`}
                onClick={() => onAction("accept", log)}
              >
                Accept
              </Button>
            ) : null}
            {log.canEdit ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={`Correct ${label}`}
                onClick={() => onAction("edit", log)}
              >
                Correct
              </Button>
            ) : null}
            {log.canPropose ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconMessage size={14} aria-hidden />}
                aria-label={`Propose the time of ${label}`}
                onClick={() => onAction("propose", log)}
              >
                Propose the time
              </Button>
            ) : null}
            {showHistory ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconHistory size={14} aria-hidden />}
                aria-label={`History of ${label}`}
                onClick={() => onAction("history", log)}
              >
                History
              </Button>
            ) : null}
            {log.canEdit ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`Delete ${label}`}
                onClick={() => onAction("delete", log)}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
