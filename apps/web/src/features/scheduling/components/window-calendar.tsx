import type { AppointmentWindow } from "@fieldlead/contracts";
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { bookedLabel, longDay, occupancyOf, shortDay, windowTimeLabel } from "./week";

type Props = {
  /** The days shown: the 7 of a week (from the organization's first day) or one. */
  days: readonly string[];
  windows: readonly AppointmentWindow[];
  /** A week in 7 columns, or its days one under the other (a phone: no sideways scrolling). */
  layout: "columns" | "list";
  /** Show the type and store on each window (the day view has room). */
  detailed?: boolean;
  today: string;
  onOpen: (window: AppointmentWindow) => void;
};

/**
 * Windows by day: each a block with its wall-clock time in its zone ("08:00–10:00 EST"), "2 of 3 booked" and
 * a word for how full it is (Full, 1 left, Empty, Closed) beside the colour. A block opens the window.
 */
export function WindowCalendar({ days, windows, layout, detailed = false, today, onOpen }: Props) {
  const byDay = new Map<string, AppointmentWindow[]>(days.map((d) => [d, []]));
  for (const w of windows) byDay.get(w.localDate)?.push(w);
  const columns = days.map((day) => {
    const list = byDay.get(day) ?? [];
    const isToday = day === today;
    return (
      <Paper
        key={day}
        component="section"
        aria-label={longDay(day)}
        withBorder
        radius="md"
        p="xs"
        bg={isToday ? "var(--mantine-color-blue-0)" : "var(--mantine-color-gray-0)"}
        style={{ minWidth: 0 }}
      >
        <Group justify="space-between" gap={4} mb="xs" wrap="nowrap">
          <Title order={3} fz="sm">
            {days.length === 1 ? longDay(day) : shortDay(day)}
          </Title>
          {isToday ? (
            <Badge size="xs" variant="light">
              Today
            </Badge>
          ) : null}
        </Group>
        <Stack gap={6}>
          {list.length === 0 ? (
            <Text fz="xs" c="dimmed">
              No windows
            </Text>
          ) : (
            list.map((w) => <WindowBlock key={w.id} window={w} detailed={detailed} onOpen={onOpen} />)
          )}
        </Stack>
      </Paper>
    );
  });
  if (layout === "columns" && days.length > 1) {
    return (
      <SimpleGrid cols={7} spacing="xs" aria-label="Week">
        {columns}
      </SimpleGrid>
    );
  }
  return <Stack gap="xs">{columns}</Stack>;
}

export function WindowBlock({
  window: w,
  detailed,
  onOpen,
}: {
  window: AppointmentWindow;
  detailed: boolean;
  onOpen: (w: AppointmentWindow) => void;
}) {
  const occupancy = occupancyOf(w);
  const time = windowTimeLabel(w);
  return (
    <UnstyledButton
      onClick={() => onOpen(w)}
      aria-label={`${shortDay(w.localDate)} ${time}: ${bookedLabel(w)}, ${occupancy.words}. Open its bookings`}
      data-status={occupancy.status}
      style={{
        display: "block",
        width: "100%",
        borderRadius: "var(--mantine-radius-sm)",
        border: "1px solid var(--mantine-color-default-border)",
        borderLeft: `4px solid var(--mantine-color-${occupancy.color}-6)`,
        background: w.isClosed ? "var(--mantine-color-gray-1)" : "var(--mantine-color-body)",
        padding: "6px 8px",
      }}
    >
      <Text fz="sm" fw={600} lh={1.3} td={w.isClosed ? "line-through" : undefined}>
        {time}
      </Text>
      {detailed ? (
        <Text fz="xs" c="dimmed" truncate>
          {w.appointmentTypeName}
          {w.storeName ? ` · ${w.storeName}` : ""}
        </Text>
      ) : null}
      <Group gap={6} justify="space-between" wrap="wrap">
        <Text fz="xs">{bookedLabel(w)}</Text>
        <Box>
          <Badge size="xs" color={occupancy.color} variant="light">
            {occupancy.words}
          </Badge>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
