import { type SchedulePerson, type ScheduleShift, scheduleHoursLabel } from "@fieldlead/contracts";
import { ActionIcon, Badge, Box, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconClockHour4, IconPlus } from "@tabler/icons-react";
import type { CSSProperties } from "react";
import { ShiftChip } from "./shift-chip";
import { availableLine, longDay, shortDay } from "./week";

export type WeekDay = { date: string; dayOfWeek: number; dayName: string };

const sticky: CSSProperties = {
  position: "sticky",
  left: 0,
  zIndex: 2,
  background: "var(--mantine-color-body)",
  minWidth: 150,
  maxWidth: 190,
};

/**
 * The week grid: people by days. The first column (the person, their week's hours and available hours) stays in
 * view while the days scroll sideways on a narrow screen. Each cell holds the day's shifts as chips, the person's
 * available hours that day faintly, and (for planners) a button to add a shift there; every action is a button,
 * reached with the keyboard.
 */
export function ScheduleGrid({
  days,
  people,
  today,
  orgTimeZone,
  weeklyHoursLimit,
  canEdit,
  onOpenShift,
  onAddShift,
  onEditAvailability,
}: {
  days: WeekDay[];
  people: SchedulePerson[];
  today: string;
  orgTimeZone: string;
  weeklyHoursLimit: number;
  canEdit: boolean;
  onOpenShift: (shift: ScheduleShift) => void;
  onAddShift: (person: SchedulePerson, date: string) => void;
  onEditAvailability: (person: SchedulePerson) => void;
}) {
  return (
    <Box
      style={{ overflowX: "auto" }}
      role="region"
      aria-label="Week grid, scrolls sideways"
      tabIndex={0}
      mb="md"
    >
      <Table
        withTableBorder
        withColumnBorders
        verticalSpacing={6}
        horizontalSpacing={6}
        style={{ minWidth: 1000, tableLayout: "fixed" }}
        aria-label={`Schedule, ${shortDay(days[0].date)} to ${shortDay(days[6].date)}`}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={sticky}>
              Person
            </Table.Th>
            {days.map((d) => (
              <Table.Th
                key={d.date}
                scope="col"
                aria-label={longDay(d.date)}
                bg={d.date === today ? "var(--mantine-color-blue-light)" : undefined}
              >
                {shortDay(d.date)}
                {d.date === today ? (
                  <Text span fz="xs" c="dimmed">
                    {" "}
                    (today)
                  </Text>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((p) => (
            <Table.Tr key={p.userId}>
              <Table.Th scope="row" style={{ ...sticky, verticalAlign: "top", fontWeight: 400 }}>
                <Stack gap={2}>
                  <Text fz="sm" fw={600} lineClamp={2}>
                    {p.userName}
                  </Text>
                  {p.isActive ? null : (
                    <Badge size="xs" color="gray" variant="light" w="fit-content">
                      Inactive
                    </Badge>
                  )}
                  <Group gap={4} wrap="nowrap">
                    <IconClockHour4 size={12} aria-hidden />
                    <Text fz="xs" c="dimmed">
                      {scheduleHoursLabel(p.minutes)}
                    </Text>
                  </Group>
                  {p.overWeeklyLimit ? (
                    <Group gap={3} wrap="nowrap" c="var(--mantine-color-orange-light-color)">
                      <IconAlertTriangle size={12} aria-hidden />
                      <Text fz="xs" fw={600} c="inherit">
                        Over {weeklyHoursLimit} h
                      </Text>
                    </Group>
                  ) : null}
                  {canEdit ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      px={0}
                      w="fit-content"
                      onClick={() => onEditAvailability(p)}
                      aria-label={`Available hours of ${p.userName}`}
                    >
                      Available hours
                    </Button>
                  ) : null}
                </Stack>
              </Table.Th>
              {p.days.map((day, i) => {
                const available = availableLine(p.availableHours, days[i].dayOfWeek);
                return (
                  <Table.Td key={day.date} style={{ verticalAlign: "top" }}>
                    <Stack gap={4}>
                      {available ? (
                        <Text fz={11} c="dimmed" style={{ opacity: 0.8 }}>
                          {available === "Not available" ? available : `Available ${available}`}
                        </Text>
                      ) : null}
                      {day.shifts.map((s) => (
                        <ShiftChip key={s.id} shift={s} orgTimeZone={orgTimeZone} onOpen={onOpenShift} />
                      ))}
                      {canEdit ? (
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          color="gray"
                          onClick={() => onAddShift(p, day.date)}
                          aria-label={`Add a shift for ${p.userName} on ${longDay(day.date)}`}
                        >
                          <IconPlus size={14} aria-hidden />
                        </ActionIcon>
                      ) : null}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
