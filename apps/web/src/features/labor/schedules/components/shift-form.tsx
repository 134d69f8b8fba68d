import {
  type ScheduleShift,
  SHIFT_CONFLICT_LABELS,
  type ShiftUpsertRequest,
  scheduleHoursLabel,
  shiftUpsertRequest,
} from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { FormError } from "../../../../components/query-state";
import { SearchSelect } from "../../../../components/search-select";
import { errorMessage } from "../../../../lib/api-error";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../../lib/form-errors";
import { useDeleteShift, useUpsertShift } from "../api/schedules";
import { longDay, shiftTimeLabel } from "./week";

export type ShiftTarget =
  | { kind: "new"; userId: number; date: string; storeId: number | null }
  | { kind: "edit"; shift: ScheduleShift }
  | null;

export type PersonChoice = { userId: number; userName: string };

type Values = {
  userId: string;
  storeId: number | null;
  workDate: string;
  startTime: string;
  endTime: string;
  notes: string;
};

const FIELDS = ["userId", "storeId", "workDate", "startTime", "endTime", "notes"] as const;
const fieldOf = fieldsOf(FIELDS);

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const TIME = /^\d{2}:\d{2}$/;

/** "8 h", "8 h, ends the next day" for the times typed (wall clock; the saved shift shows its real length). */
export function lengthHint(start: string, end: string): string | null {
  if (!TIME.test(start) || !TIME.test(end)) return null;
  const next = end <= start;
  const minutes = minutesOf(end) - minutesOf(start) + (next ? 1440 : 0);
  return `${scheduleHoursLabel(minutes)}${next ? ", ends the next day" : ""}`;
}

const valuesOf = (target: Exclude<ShiftTarget, null>): Values =>
  target.kind === "edit"
    ? {
        userId: String(target.shift.userId),
        storeId: target.shift.storeId,
        workDate: target.shift.workDate,
        startTime: target.shift.startTime,
        endTime: target.shift.endTime,
        notes: target.shift.notes ?? "",
      }
    : {
        userId: String(target.userId),
        storeId: target.storeId,
        workDate: target.date,
        startTime: "",
        endTime: "",
        notes: "",
      };

/**
 * A shift in a modal. Planners add one (from a cell), or move and change one (person, store, date, times) or delete
 * it; everyone else reads it, its conflicts in words. Saving never stops at a conflict: the saved shift's conflicts
 * are said in the notification.
 */
export function ShiftModal({
  target,
  people,
  canEdit,
  orgTimeZone,
  onClose,
}: {
  target: ShiftTarget;
  people: PersonChoice[];
  canEdit: boolean;
  orgTimeZone: string;
  onClose: () => void;
}) {
  const title = target?.kind === "new" ? "Add a shift" : canEdit ? "Change the shift" : "Shift";
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered radius="md">
      {target === null ? null : target.kind === "edit" && !canEdit ? (
        <ShiftDetails shift={target.shift} orgTimeZone={orgTimeZone} />
      ) : (
        <ShiftForm
          key={target.kind === "edit" ? target.shift.id : `new-${target.userId}-${target.date}`}
          target={target}
          people={people}
          orgTimeZone={orgTimeZone}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ConflictList({ shift }: { shift: ScheduleShift }) {
  if (shift.conflicts.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={shift.conflicts.length === 1 ? "1 conflict" : `${shift.conflicts.length} conflicts`}
    >
      <List size="sm" spacing={2}>
        {shift.conflicts.map((c) => (
          <List.Item key={`${c.kind}-${c.otherShiftId ?? ""}`}>
            <Text span fw={600} fz="sm">
              {SHIFT_CONFLICT_LABELS[c.kind]}:
            </Text>{" "}
            {c.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ShiftDetails({ shift, orgTimeZone }: { shift: ScheduleShift; orgTimeZone: string }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>{shift.userName}</Text>
      <Text>{shift.storeName}</Text>
      <Text>
        {longDay(shift.workDate)}, {shiftTimeLabel(shift, orgTimeZone)}
        {shift.endsNextDay ? " (ends the next day)" : ""}
      </Text>
      <Text fz="sm" c="dimmed">
        {scheduleHoursLabel(shift.minutes)}
      </Text>
      {shift.notes ? <Text fz="sm">{shift.notes}</Text> : null}
      <ConflictList shift={shift} />
    </Stack>
  );
}

function ShiftForm({
  target,
  people,
  orgTimeZone,
  onDone,
}: {
  target: Exclude<ShiftTarget, null>;
  people: PersonChoice[];
  orgTimeZone: string;
  onDone: () => void;
}) {
  const upsert = useUpsertShift();
  const remove = useDeleteShift();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editing = target.kind === "edit" ? target.shift : null;
  const requestOf = (v: Values): ShiftUpsertRequest => ({
    ...(editing ? { id: editing.id } : {}),
    userId: Number(v.userId),
    storeId: v.storeId ?? Number.NaN,
    workDate: v.workDate,
    startTime: v.startTime,
    endTime: v.endTime,
    notes: v.notes.trim() || null,
  });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: valuesOf(target),
    validate: (v) => ({
      ...schemaErrors(shiftUpsertRequest, requestOf(v), fieldOf),
      ...(v.userId ? {} : { userId: "Choose a person" }),
      ...(v.storeId === null ? { storeId: "Choose a store" } : {}),
      ...(v.workDate ? {} : { workDate: "Choose a date" }),
      ...(v.startTime ? {} : { startTime: "Enter the start time" }),
      ...(v.endTime ? {} : { endTime: "Enter the end time" }),
    }),
  });

  const choices = people.some((p) => String(p.userId) === form.values.userId)
    ? people
    : editing
      ? [...people, { userId: editing.userId, userName: editing.userName }]
      : people;

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    upsert.mutate(requestOf(values), {
      onSuccess: ({ shift }) => {
        const said = `${shift.userName}, ${shift.storeName}, ${longDay(shift.workDate)} ${shiftTimeLabel(shift, orgTimeZone)}`;
        if (shift.conflicts.length)
          notifications.show({
            color: "orange",
            title: "Saved, with conflicts",
            message: `${said}: ${shift.conflicts.map((c) => c.message).join("; ")}`,
          });
        else notifications.show({ color: "teal", message: `Shift saved: ${said}.` });
        onDone();
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  const deleteShift = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: "Shift deleted." });
        onDone();
      },
      onError: (err) => {
        setConfirmDelete(false);
        setGeneralError(errorMessage(err));
      },
    });
  };

  const hint = lengthHint(form.values.startTime, form.values.endTime);
  const busy = upsert.isPending || remove.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Change the shift" : "Add a shift"}>
      <Stack gap="md">
        {generalError ? <FormError>{generalError}</FormError> : null}
        {editing ? <ConflictList shift={editing} /> : null}
        <Select
          label="Person"
          required
          allowDeselect={false}
          searchable
          data={choices.map((p) => ({ value: String(p.userId), label: p.userName }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("userId")}
        />
        <SearchSelect
          endpoint={appApi.storeOptions}
          label="Store"
          placeholder="Choose a store"
          required
          nothingFoundMessage="No store by that name"
          comboboxProps={{ withinPortal: true }}
          value={form.values.storeId}
          error={form.errors.storeId}
          onChange={(storeId) => form.setFieldValue("storeId", storeId)}
        />
        <TextInput type="date" label="Date" required {...form.getInputProps("workDate")} />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            type="time"
            label="Starts"
            required
            data-autofocus
            {...form.getInputProps("startTime")}
          />
          <TextInput
            type="time"
            label="Ends"
            required
            description={hint ?? "At or before the start: the next day"}
            {...form.getInputProps("endTime")}
          />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxRows={5} {...form.getInputProps("notes")} />
        {confirmDelete ? (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="sm" fw={600}>
              Delete this shift?
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={() => setConfirmDelete(false)} disabled={busy}>
                Keep it
              </Button>
              <Button color="red" onClick={deleteShift} loading={remove.isPending}>
                Delete
              </Button>
            </Group>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm" wrap="wrap">
            {editing ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)} disabled={busy}>
                Delete shift
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onDone} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={upsert.isPending}>
                {editing ? "Save" : "Add shift"}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </form>
  );
}
