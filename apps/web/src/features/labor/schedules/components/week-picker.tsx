import { addDays, type ScheduleWeekEntry } from "@fieldlead/contracts";
import { Button, Group, Select } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";

/**
 * The week shown: previous, this and next week, and the week list (about 30 days back to 112 ahead, weeks from the
 * organization's first day). A week outside the list (reached with the arrows) is offered too, so it stays chosen.
 */
export function WeekPicker({
  week,
  weeks,
  onChange,
}: {
  week: { startDate: string; description: string; isCurrentWeek: boolean };
  weeks: ScheduleWeekEntry[];
  onChange: (startDate: string | null) => void;
}) {
  const listed = weeks.some((w) => w.startDate === week.startDate)
    ? weeks
    : [...weeks, { ...week, endDate: addDays(week.startDate, 6), dayName: "" }].sort((a, b) =>
        a.startDate.localeCompare(b.startDate),
      );
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" mb="md">
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          px="xs"
          aria-label="Previous week"
          onClick={() => onChange(addDays(week.startDate, -7))}
        >
          <IconChevronLeft size={18} aria-hidden />
        </Button>
        <Button variant={week.isCurrentWeek ? "light" : "default"} onClick={() => onChange(null)}>
          This week
        </Button>
        <Button
          variant="default"
          px="xs"
          aria-label="Next week"
          onClick={() => onChange(addDays(week.startDate, 7))}
        >
          <IconChevronRight size={18} aria-hidden />
        </Button>
      </Group>
      <Select
        label="Week"
        data={listed.map((w) => ({
          value: w.startDate,
          label: `${w.description}${w.isCurrentWeek ? " (this week)" : ""}`,
        }))}
        value={week.startDate}
        onChange={(v) => v && onChange(v)}
        allowDeselect={false}
        w={{ base: "100%", xs: 300 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}
