import { TextInput } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { lazy, Suspense } from "react";

export type DateRangeFieldProps = {
  label: string;
  placeholder?: string;
  error?: string;
  /** `YYYY-MM-DD` dates, `[null, null]` when none is picked. */
  value: [string | null, string | null];
  /** Called with both dates, or with none (a half-picked range is not a change). */
  onChange: (value: [string | null, string | null]) => void;
};

const DateRangePicker = lazy(() => import("./date-range-picker"));

/**
 * A first-to-last-day picker. The calendar and its date library (about 13 kB) load when the field is first shown,
 * not with the screen that may show it (the custom range of a list's filters): docs/decisions/0029.
 */
export function DateRangeField(props: DateRangeFieldProps) {
  const [start, end] = props.value;
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          placeholder={props.placeholder}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={start && end ? `${start} – ${end}` : ""}
          readOnly
        />
      }
    >
      <DateRangePicker {...props} />
    </Suspense>
  );
}
