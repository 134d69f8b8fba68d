import {
  formatHoursMinutes,
  HOURS_ENTRY_MAX_MINUTES,
  HOURS_MINUTES_MESSAGE,
  type HoursRow,
  type HoursUpsertRequest,
  parseHoursText,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Fieldset, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { FormFooter } from "../../../../components/form-footer";
import { FormError } from "../../../../components/query-state";
import { SearchSelect } from "../../../../components/search-select";
import { fieldsOf, splitServerErrors } from "../../../../lib/form-errors";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";
import { hoursWithDecimal } from "../../components/format";
import { useUpsertHours } from "../api/hours";

/** The hours type select's value for "the person's default type". */
const DEFAULT_TYPE = "default";

export type HoursEntryValues = {
  userId: number | null;
  workDate: string;
  /** A type id as text, or DEFAULT_TYPE. */
  hoursTypeId: string;
  storeId: number | null;
  /** As typed: `7:30` or `7.5`. */
  hours: string;
  notes: string;
};

export const hoursEntryValuesOf = (
  row: HoursRow | null,
  defaults: Partial<HoursEntryValues> = {},
): HoursEntryValues => ({
  userId: row?.userId ?? defaults.userId ?? null,
  workDate: row?.workDate ?? defaults.workDate ?? "",
  hoursTypeId: row?.hoursTypeId ? String(row.hoursTypeId) : (defaults.hoursTypeId ?? DEFAULT_TYPE),
  storeId: row?.storeId ?? defaults.storeId ?? null,
  hours: row ? formatHoursMinutes(row.minutes) : (defaults.hours ?? ""),
  notes: row?.notes ?? defaults.notes ?? "",
});

export const HOURS_TEXT_MESSAGE = "Enter hours as h:mm (7:30) or a decimal (7.5)";

/** The form's checks, in the form's words (the server checks the same and more: the date's period, the person). */
export const validateHoursEntry = {
  userId: (v: number | null) => (v ? null : "Choose the person"),
  workDate: (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : "Enter the date"),
  hours: (v: string) => {
    if (!v.trim()) return "Enter the hours";
    const minutes = parseHoursText(v);
    if (minutes === null) return HOURS_TEXT_MESSAGE;
    return minutes < 1 || minutes > HOURS_ENTRY_MAX_MINUTES ? HOURS_MINUTES_MESSAGE : null;
  },
  notes: (v: string) => (v.length > 1000 ? "Keep the notes under 1,000 characters" : null),
};

export const hoursRequestOf = (v: HoursEntryValues, id?: number | null): HoursUpsertRequest => ({
  ...(id ? { id } : {}),
  userId: v.userId ?? 0,
  workDate: v.workDate,
  hoursTypeId: v.hoursTypeId === DEFAULT_TYPE ? null : Number(v.hoursTypeId),
  storeId: v.storeId,
  minutes: parseHoursText(v.hours) ?? 0,
  notes: v.notes.trim() || null,
});

const FIELDS = ["userId", "workDate", "hoursTypeId", "storeId", "minutes", "notes"] as const;
const fieldOf = (key: string) => {
  const f = fieldsOf(FIELDS)(key);
  return f === "minutes" ? "hours" : f;
};

/**
 * A manual hours entry: the person, the date, the type (the person's default when none is chosen), the hours as
 * `h:mm` or a decimal, the store and notes. A date in a posted period is refused by the server (its 409 names the
 * period, shown above the fields).
 */
export function HoursEntryForm({
  row,
  initial,
  onSaved,
  onCancel,
}: {
  /** The entry to change; null adds one. */
  row: HoursRow | null;
  initial?: Partial<HoursEntryValues>;
  onSaved: (saved: HoursRow) => void;
  onCancel: () => void;
}) {
  const mutation = useUpsertHours();
  const lookups = useLookupList();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<HoursEntryValues>({
    mode: "controlled",
    initialValues: hoursEntryValuesOf(row, initial),
    validate: validateHoursEntry,
  });
  const parsed = parseHoursText(form.values.hours);

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(hoursRequestOf(values, row?.id), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: `${formatHoursMinutes(saved.minutes)} for ${saved.userName} on ${saved.workDate} ${row ? "saved" : "added"}.`,
        });
        onSaved(saved);
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={row ? "Edit hours" : "Add hours"}>
      <Fieldset variant="unstyled" disabled={mutation.isPending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          <SearchSelect
            endpoint={appApi.leadGeneratorOptions}
            label="Person"
            placeholder="Choose the person"
            required
            disabled={mutation.isPending}
            nothingFoundMessage="No one by that name"
            value={form.values.userId}
            onChange={(id) => form.setFieldValue("userId", id)}
            error={form.errors.userId}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput type="date" label="Date" required {...form.getInputProps("workDate")} />
            <TextInput
              label="Hours"
              placeholder="7:30 or 7.5"
              required
              inputMode="decimal"
              autoComplete="off"
              description={
                parsed !== null && parsed > 0 && !form.errors.hours
                  ? hoursWithDecimal(parsed)
                  : "h:mm or a decimal"
              }
              {...form.getInputProps("hours")}
            />
          </SimpleGrid>
          <Select
            label="Hours type"
            data={[
              { value: DEFAULT_TYPE, label: "The person's default" },
              ...toOptions(lookups.data?.userHoursTypes),
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("hoursTypeId")}
          />
          <SearchSelect
            endpoint={appApi.storeOptions}
            label="Store"
            placeholder="No store"
            clearable
            disabled={mutation.isPending}
            nothingFoundMessage="No store by that name"
            value={form.values.storeId}
            onChange={(id) => form.setFieldValue("storeId", id)}
            error={form.errors.storeId}
          />
          <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps("notes")} />
        </Stack>
      </Fieldset>
      <FormFooter onCancel={onCancel} pending={mutation.isPending} submitLabel={row ? "Save" : "Add hours"} />
    </form>
  );
}

/** The entry form in a dialog (full screen on a phone). `target`: null closed, `{ row: null }` a new entry. */
export function HoursEntryModal({
  target,
  initial,
  onClose,
}: {
  target: { row: HoursRow | null } | null;
  initial?: Partial<HoursEntryValues>;
  onClose: () => void;
}) {
  const phone = useMediaQuery("(max-width: 47.99em)", false);
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.row ? `Edit hours of ${target.row.userName}` : "Add hours"}
      fullScreen={phone}
      radius="md"
      size="lg"
    >
      {target ? (
        <HoursEntryForm
          key={target.row?.key ?? "new"}
          row={target.row}
          initial={initial}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}
