import type { TemplateChangeResponse } from "@fieldlead/contracts";
import { Alert, List, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { shortDay, timeRange } from "./week";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a template change did to the dated windows, and the windows with bookings it left as they were. */
export function ChangeSummary({
  change,
  deleted = false,
  onClose,
}: {
  change: TemplateChangeResponse;
  deleted?: boolean;
  onClose: () => void;
}) {
  const parts: string[] = [];
  if (change.updatedWindows) parts.push(`${count(change.updatedWindows, "window")} to come updated`);
  if (change.removedWindows) parts.push(`${count(change.removedWindows, "window")} removed`);
  if (change.closedWindows)
    parts.push(`${count(change.closedWindows, "window")} with cancelled bookings closed`);
  if (change.createdWindows) parts.push(`${count(change.createdWindows, "window")} made on the new day`);
  const left = change.leftAlone;
  return (
    <Alert
      role="status"
      color={left.length ? "yellow" : "teal"}
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={deleted ? "Window deleted" : "Window saved"}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text fz="sm">{parts.length ? `${parts.join(", ")}.` : "No dated window needed a change."}</Text>
      {left.length ? (
        <>
          <Text fz="sm" mt="xs" fw={600}>
            {count(left.length, "window")} with bookings {left.length === 1 ? "was" : "were"} left as{" "}
            {left.length === 1 ? "it was" : "they were"}:
          </Text>
          <List size="sm" mt={4}>
            {left.map((w) => (
              <List.Item key={w.windowId}>
                {shortDay(w.localDate)} {timeRange(w)}: {w.booked} booked, {w.capacity} places
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
