import { DatePickerInput } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { IconCalendar } from "@tabler/icons-react";

export type DateQuestionInputProps = {
  label: string;
  required: boolean;
  error?: string;
  disabled?: boolean;
  size?: "sm" | "md";
  clearable: boolean;
  /** `YYYY-MM-DD`, or "" when none is picked. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date question's calendar picker. It loads on its own (question-field.tsx), only on a form that asks a date:
 * the calendar and its date library are about 17 kB of the capture screen's scripts (docs/decisions/0029).
 */
export default function DateQuestionInput({ value, onChange, clearable, ...common }: DateQuestionInputProps) {
  return (
    <DatePickerInput
      {...common}
      placeholder="Pick a date"
      valueFormat="YYYY-MM-DD"
      leftSection={<IconCalendar size={16} aria-hidden />}
      clearable={clearable}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      popoverProps={{ withinPortal: true }}
    />
  );
}
