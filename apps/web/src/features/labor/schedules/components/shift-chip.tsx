import { type ScheduleShift, SHIFT_CONFLICT_LABELS } from "@fieldlead/contracts";
import { Box, Group, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { conflictKinds, shiftTimeLabel } from "./week";

/**
 * One planned shift in a cell: the store and the times, and each conflict named beside a warning icon (the colour
 * is never the only sign). A button: it opens the shift (to move, change or delete it, or to read it).
 */
export function ShiftChip({
  shift,
  orgTimeZone,
  onOpen,
}: {
  shift: ScheduleShift;
  orgTimeZone: string;
  onOpen: (shift: ScheduleShift) => void;
}) {
  const kinds = conflictKinds(shift.conflicts);
  const time = shiftTimeLabel(shift, orgTimeZone);
  const tone = kinds.length ? "orange" : "blue";
  const label = [
    `${shift.storeName} ${time}${shift.endsNextDay ? " (ends the next day)" : ""}`,
    ...kinds.map((k) => SHIFT_CONFLICT_LABELS[k]),
  ].join(", ");
  return (
    <UnstyledButton
      onClick={() => onOpen(shift)}
      aria-label={label}
      title={shift.conflicts.map((c) => c.message).join("\n") || undefined}
      data-conflict={kinds.length ? "true" : undefined}
      w="100%"
    >
      <Box
        px={6}
        py={4}
        style={{
          borderRadius: "var(--mantine-radius-sm)",
          background: `var(--mantine-color-${tone}-light)`,
          borderLeft: `3px solid var(--mantine-color-${tone}-filled)`,
        }}
      >
        <Text fz="xs" fw={600} lineClamp={1}>
          {shift.storeName}
        </Text>
        <Text fz="xs" style={{ whiteSpace: "nowrap" }}>
          {time}
          {shift.endsNextDay ? (
            <Text span fz="xs" c="dimmed">
              {" "}
              +1 day
            </Text>
          ) : null}
        </Text>
        {kinds.map((k) => (
          <Group key={k} gap={3} wrap="nowrap" c={`var(--mantine-color-${tone}-light-color)`}>
            <IconAlertTriangle size={12} aria-hidden />
            <Text fz="xs" fw={600} c="inherit">
              {SHIFT_CONFLICT_LABELS[k]}
            </Text>
          </Group>
        ))}
      </Box>
    </UnstyledButton>
  );
}
