import type { TimeLogItem } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Alert, Fieldset, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { FormFooter } from "../../../../components/form-footer";
import { FormError } from "../../../../components/query-state";
import { SearchSelect } from "../../../../components/search-select";
import { fieldsOf, splitServerErrors } from "../../../../lib/form-errors";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";
import { type TimeLogWrite, useCreateTimeLog, useUpdateTimeLog } from "../api/time-logs";
import { checkDate, checkNotes, checkReason, checkTime, NOTES_MAX } from "./checks";
import { dateOf, logZone, timeOf } from "./format";

export type TimeLogFormValues = {
  storeId: number | null;
  workDate: string;
  startTime: string;
  endTime: string;
  /** The hours type's id as text (a select's value), null for none. */
  hoursTypeId: string | null;
  notes: string;
  reason: string;
};

const FIELDS = ["storeId", "workDate", "startTime", "endTime", "hoursTypeId", "notes", "reason"] as const;
const fieldOf = fieldsOf(FIELDS);

/**
 * A log's values as the form starts with them: its store-local date and times; for a log missing a punch, the
 * person's proposal where they made one (the manager corrects from what the person said).
 */
export function valuesOfLog(log: TimeLogItem | null, workDate = ""): TimeLogFormValues {
  const proposal = log?.proposal;
  const localIn = log?.localPunchIn ?? proposal?.localPunchIn ?? null;
  const localOut = log?.localPunchOut ?? proposal?.localPunchOut ?? null;
  return {
    storeId: log?.storeId ?? null,
    workDate: (localIn ? dateOf(localIn) : null) ?? log?.workDate ?? workDate,
    startTime: timeOf(localIn),
    endTime: timeOf(localOut),
    hoursTypeId: log?.hoursTypeId ? String(log.hoursTypeId) : null,
    notes: log?.notes ?? "",
    reason: "",
  };
}

export const validateTimeLog = {
  storeId: (v: number | null) => (v ? null : "Choose the store"),
  workDate: checkDate,
  startTime: checkTime("start"),
  endTime: checkTime("end", false),
  notes: checkNotes,
  reason: checkReason,
};

const common = (v: TimeLogFormValues) => ({
  hoursTypeId: v.hoursTypeId ? Number(v.hoursTypeId) : null,
  workDate: v.workDate,
  startTime: v.startTime,
  endTime: v.endTime || null,
  notes: v.notes.trim() || null,
  reason: v.reason.trim(),
});

/**
 * A time log's store, date, times, hours type and notes, with the reason the audit trail keeps: a manager's
 * correction of a log (`log`), or a whole shift entered for a person (`log` null). Times are the store's local
 * time; an end at or before the start ends the next day; no end leaves the shift open.
 */
export function TimeLogForm({
  log,
  userId,
  userName,
  defaultDate,
  onSaved,
  onCancel,
}: {
  /** The log to correct; null to enter a new shift. */
  log: TimeLogItem | null;
  userId: number;
  userName: string;
  /** A new shift's first date (the period on screen). */
  defaultDate?: string;
  onSaved: (saved: TimeLogWrite) => void;
  onCancel: () => void;
}) {
  const lookups = useLookupList();
  const create = useCreateTimeLog();
  const update = useUpdateTimeLog();
  const pending = create.isPending || update.isPending;
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<TimeLogFormValues>({
    mode: "controlled",
    initialValues: valuesOfLog(log, defaultDate),
    validate: validateTimeLog,
  });

  const onError = (err: Parameters<typeof splitServerErrors>[0]) => {
    const { fieldErrors, other } = splitServerErrors(err, fieldOf);
    form.setErrors(fieldErrors);
    setGeneralError(other);
  };
  const onSuccess = (saved: TimeLogWrite) => {
    notifications.show({
      color: "teal",
      message: log
        ? `The time log of ${userName} on ${saved.timeLog.workDate} was corrected.`
        : `A shift on ${saved.timeLog.workDate} was added for ${userName}.`,
    });
    for (const warning of saved.warnings) notifications.show({ color: "orange", message: warning });
    onSaved(saved);
  };

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    if (log)
      update.mutate(
        {
          userId,
          logId: log.id,
          body: { kind: "edit", storeId: values.storeId ?? undefined, ...common(values) },
        },
        { onSuccess, onError },
      );
    else
      create.mutate(
        { userId, body: { action: "entry", storeId: values.storeId ?? 0, ...common(values) } },
        { onSuccess, onError },
      );
  });

  const name = log ? `Correct the time log of ${userName}` : `Add a shift for ${userName}`;
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          {log?.posted ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              This log is in a posted pay period: the server will refuse any change.
            </Alert>
          ) : null}
          <SearchSelect
            endpoint={appApi.storeOptions}
            label="Store"
            placeholder="Choose the store"
            required
            disabled={pending}
            nothingFoundMessage="No store by that name"
            value={form.values.storeId}
            onChange={(id) => form.setFieldValue("storeId", id)}
            error={form.errors.storeId}
          />
          <TextInput type="date" label="Date" required {...form.getInputProps("workDate")} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="time" label="Start" required {...form.getInputProps("startTime")} />
            <TextInput type="time" label="End" {...form.getInputProps("endTime")} />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={-8}>
            In the store's local time{log ? ` (${logZone(log)})` : ""}. An end at or before the start ends the
            next day; no end leaves the shift open.
          </Text>
          <Select
            label="Hours type"
            placeholder="The default type"
            data={toOptions(lookups.data?.userHoursTypes)}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("hoursTypeId")}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={NOTES_MAX}
            {...form.getInputProps("notes")}
          />
          <Textarea
            label="Reason"
            description="Why the change: kept in the log's history with your name and the time."
            required
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps("reason")}
          />
        </Stack>
      </Fieldset>
      <FormFooter onCancel={onCancel} pending={pending} submitLabel={log ? "Save correction" : "Add shift"} />
    </form>
  );
}
