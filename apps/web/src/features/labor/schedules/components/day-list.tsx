import { type SchedulePerson, type ScheduleShift, scheduleHoursLabel } from "@fieldlead/contracts";
import { Paper, Stack, Text, Title } from "@mantine/core";
import type { WeekDay } from "./schedule-grid";
import { ShiftChip } from "./shift-chip";
import { availableLine, longDay } from "./week";

/** One person's week as a list of days: what a lead generator sees of their own schedule on a phone. */
export function DayList({
  person,
  days,
  today,
  orgTimeZone,
  onOpenShift,
}: {
  person: SchedulePerson;
  days: WeekDay[];
  today: string;
  orgTimeZone: string;
  onOpenShift: (shift: ScheduleShift) => void;
}) {
  return (
    <Stack gap="sm" mb="md">
      <Text fz="sm" c="dimmed">
        {scheduleHoursLabel(person.minutes)} planned this week
      </Text>
      {person.days.map((day, i) => {
        const available = availableLine(person.availableHours, days[i].dayOfWeek);
        return (
          <Paper
            key={day.date}
            withBorder
            radius="md"
            p="sm"
            component="section"
            aria-label={longDay(day.date)}
            bg={day.date === today ? "var(--mantine-color-blue-light)" : undefined}
          >
            <Title order={3} fz="sm" mb={4}>
              {longDay(day.date)}
              {day.date === today ? " (today)" : ""}
            </Title>
            <Stack gap={4}>
              {day.shifts.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No shift
                </Text>
              ) : (
                day.shifts.map((s) => (
                  <ShiftChip key={s.id} shift={s} orgTimeZone={orgTimeZone} onOpen={onOpenShift} />
                ))
              )}
              {available ? (
                <Text fz="xs" c="dimmed">
                  {available === "Not available" ? available : `Available ${available}`}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
