import {
  AVAILABLE_HOURS_MAX_SLOTS,
  type AvailableHoursReplaceRequest,
  availableHoursReplaceRequest,
  DAY_NAMES,
  type SchedulePerson,
} from "@fieldlead/contracts";
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { FormError } from "../../../../components/query-state";
import { schemaErrors, splitServerErrors } from "../../../../lib/form-errors";
import { useReplaceAvailableHours } from "../api/schedules";
import { orderedDays } from "./week";

type Row = { key: number; dayOfWeek: string; startTime: string; endTime: string };
type Values = { slots: Row[] };

let nextKey = 1;
const rowOf = (s: { dayOfWeek: number; startTime: string; endTime: string }): Row => ({
  key: nextKey++,
  dayOfWeek: String(s.dayOfWeek),
  startTime: s.startTime,
  endTime: s.endTime,
});

/**
 * A person's available hours in a modal: rows of a day of week with from and to (several rows a day for a split
 * day), added and removed; saving replaces them all. No rows: the person is taken as available any time.
 */
export function AvailableHoursModal({
  person,
  firstDayOfWeek,
  timeZone,
  onClose,
}: {
  person: SchedulePerson | null;
  firstDayOfWeek: number;
  /** The organization's zone: the hours are read in it. */
  timeZone: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      title={person ? `Available hours of ${person.userName}` : ""}
      centered
      radius="md"
      size="lg"
    >
      {person ? (
        <AvailableHoursForm
          key={person.userId}
          person={person}
          firstDayOfWeek={firstDayOfWeek}
          timeZone={timeZone}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function AvailableHoursForm({
  person,
  firstDayOfWeek,
  timeZone,
  onDone,
}: {
  person: SchedulePerson;
  firstDayOfWeek: number;
  timeZone: string;
  onDone: () => void;
}) {
  const mutation = useReplaceAvailableHours();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const days = orderedDays(firstDayOfWeek);
  const requestOf = (v: Values): AvailableHoursReplaceRequest => ({
    userId: person.userId,
    slots: v.slots.map((s) => ({
      dayOfWeek: Number(s.dayOfWeek),
      startTime: s.startTime,
      endTime: s.endTime,
    })),
  });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      slots: [...person.availableHours]
        .sort(
          (a, b) =>
            days.indexOf(a.dayOfWeek) - days.indexOf(b.dayOfWeek) || a.startTime.localeCompare(b.startTime),
        )
        .map(rowOf),
    },
    validate: (v) => schemaErrors(availableHoursReplaceRequest, requestOf(v)),
  });

  const addRow = () => {
    const last = form.values.slots[form.values.slots.length - 1];
    const day = last ? days[(days.indexOf(Number(last.dayOfWeek)) + 1) % 7] : days[0];
    form.insertListItem(
      "slots",
      rowOf({ dayOfWeek: day, startTime: last?.startTime ?? "09:00", endTime: last?.endTime ?? "17:00" }),
    );
  };

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(requestOf(values), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: saved.slots.length
            ? `Available hours of ${saved.userName} saved.`
            : `${saved.userName} has no available hours set: any time is taken as available.`,
        });
        onDone();
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, (k) => k);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Available hours of ${person.userName}`}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          When {person.userName} can work, by day of week ({timeZone}). A shift outside them is marked, not
          refused. 23:59 means until midnight.
        </Text>
        {generalError ? <FormError>{generalError}</FormError> : null}
        {form.values.slots.length === 0 ? (
          <Text fz="sm">No rows: available any time.</Text>
        ) : (
          form.values.slots.map((row, i) => (
            <Group
              key={row.key}
              gap="xs"
              align="flex-start"
              wrap="wrap"
              role="group"
              aria-label={`Row ${i + 1}`}
            >
              <Select
                label="Day"
                allowDeselect={false}
                data={days.map((d) => ({ value: String(d), label: DAY_NAMES[d] }))}
                w={140}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`slots.${i}.dayOfWeek`)}
              />
              <TextInput type="time" label="From" w={120} {...form.getInputProps(`slots.${i}.startTime`)} />
              <TextInput type="time" label="To" w={120} {...form.getInputProps(`slots.${i}.endTime`)} />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove row ${i + 1}`}
                onClick={() => form.removeListItem("slots", i)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))
        )}
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addRow}
            disabled={form.values.slots.length >= AVAILABLE_HOURS_MAX_SLOTS}
          >
            Add a row
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
