import { Box, Button, Group, Text } from "@mantine/core";

/**
 * The Cancel / submit row at the bottom of a drawer form: it stays in view while the form scrolls. Read-only
 * forms show only Close.
 */
export function FormFooter({
  onCancel,
  pending,
  submitLabel,
  readOnly = false,
  note,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  readOnly?: boolean;
  /** A short line on the left, such as what the save covers. */
  note?: string;
}) {
  return (
    <Box
      pos="sticky"
      bottom={0}
      py="md"
      bg="var(--mantine-color-body)"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 2 }}
    >
      <Group justify={note ? "space-between" : "flex-end"} gap="sm">
        {note ? (
          <Text fz="xs" c="dimmed">
            {note}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {readOnly ? "Close" : "Cancel"}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Group>
    </Box>
  );
}
