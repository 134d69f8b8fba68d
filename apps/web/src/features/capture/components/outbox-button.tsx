import { Button } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useOutbox } from "../../../lib/offline/outbox";

/** "Waiting to send (2) · To check (1)": what the phone still holds ("" when nothing). */
export function outboxLabel(box: { waiting: readonly unknown[]; attention: readonly unknown[] }): string {
  return [
    box.waiting.length ? `Waiting to send (${box.waiting.length})` : "",
    box.attention.length ? `To check (${box.attention.length})` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The header's way to the drawer: how many leads wait (and how many need a decision), else how many were sent. */
export function OutboxButton({ onOpen }: { onOpen: () => void }) {
  const box = useOutbox();
  const waiting = box.waiting.length;
  const attention = box.attention.length;
  if (!box.loaded || (waiting === 0 && attention === 0 && box.sent.length === 0)) return null;
  const label = outboxLabel(box);
  return (
    <Button
      variant={attention ? "outline" : "light"}
      color={attention ? "red.9" : undefined}
      leftSection={attention ? <IconAlertTriangle size={18} aria-hidden /> : null}
      onClick={onOpen}
      data-testid="outbox-button"
    >
      {label || `Sent (${box.sent.length})`}
    </Button>
  );
}
