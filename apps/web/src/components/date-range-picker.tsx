import { DatePickerInput } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { IconCalendar } from "@tabler/icons-react";
import type { DateRangeFieldProps } from "./date-range-field";

/** Mantine's range picker with the product's format; loaded by `DateRangeField` when it is first shown. */
export default function DateRangePicker({ label, placeholder, value, onChange, error }: DateRangeFieldProps) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      valueFormat="YYYY-MM-DD"
      leftSection={<IconCalendar size={16} aria-hidden />}
      allowSingleDateInRange
      clearable
      error={error}
      value={value}
      onChange={([start, end]) => {
        if ((start && end) || (!start && !end)) onChange([start, end]);
      }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
