import {
  DAY_NAMES,
  type TemplateChangeResponse,
  type TemplateUpsertRequest,
  type TemplateWindow,
  templateUpsertRequest,
} from "@fieldlead/contracts";
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { FormError } from "../../../components/query-state";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { useUpsertTemplate } from "../api/templates";
import { orderedDays } from "./week";

export type TemplateWindowTarget =
  | { kind: "new"; dayOfWeek: number }
  | { kind: "edit"; template: TemplateWindow }
  | null;

type Values = {
  dayOfWeek: string;
  startTime: string;
  endTime: string;
  capacity: number | string;
  isActive: boolean;
};

const FIELDS = ["dayOfWeek", "startTime", "endTime", "capacity", "isActive"] as const;
const fieldOf = fieldsOf(FIELDS);

const valuesOf = (target: Exclude<TemplateWindowTarget, null>): Values =>
  target.kind === "edit"
    ? {
        dayOfWeek: String(target.template.dayOfWeek),
        startTime: target.template.startTime,
        endTime: target.template.endTime,
        capacity: target.template.capacity,
        isActive: target.template.isActive,
      }
    : { dayOfWeek: String(target.dayOfWeek), startTime: "", endTime: "", capacity: 3, isActive: true };

/**
 * A window of the weekly template in a modal: day, start, end, places, active. Saving answers what the change
 * did to the dated windows (`onSaved`), which the page shows.
 */
export function TemplateWindowModal({
  target,
  place,
  firstDayOfWeek,
  onClose,
  onSaved,
}: {
  target: TemplateWindowTarget;
  /** The type and place of the template on screen. */
  place: { appointmentTypeId: number; storeId: number | null };
  firstDayOfWeek: number;
  onClose: () => void;
  onSaved: (change: TemplateChangeResponse) => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.kind === "edit" ? "Change the window" : "Add a window"}
      centered
      radius="md"
    >
      {target ? (
        <TemplateWindowForm
          key={target.kind === "edit" ? target.template.id : `new-${target.dayOfWeek}`}
          target={target}
          place={place}
          firstDayOfWeek={firstDayOfWeek}
          onCancel={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function TemplateWindowForm({
  target,
  place,
  firstDayOfWeek,
  onCancel,
  onSaved,
}: {
  target: Exclude<TemplateWindowTarget, null>;
  place: { appointmentTypeId: number; storeId: number | null };
  firstDayOfWeek: number;
  onCancel: () => void;
  onSaved: (change: TemplateChangeResponse) => void;
}) {
  const mutation = useUpsertTemplate();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const editing = target.kind === "edit" ? target.template : null;
  const requestOf = (v: Values): TemplateUpsertRequest => ({
    ...(editing ? { id: editing.id } : {}),
    appointmentTypeId: place.appointmentTypeId,
    storeId: editing ? editing.storeId : place.storeId,
    territoryId: editing ? editing.territoryId : null,
    dayOfWeek: Number(v.dayOfWeek),
    startTime: v.startTime,
    endTime: v.endTime,
    capacity: typeof v.capacity === "number" ? v.capacity : Number.NaN,
    isActive: v.isActive,
  });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: valuesOf(target),
    validate: (v) => schemaErrors(templateUpsertRequest, requestOf(v), fieldOf),
  });

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(requestOf(values), {
      onSuccess: onSaved,
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Change the window" : "Add a window"}>
      <Stack gap="md">
        {generalError ? <FormError>{generalError}</FormError> : null}
        <Select
          label="Day"
          required
          allowDeselect={false}
          data={orderedDays(firstDayOfWeek).map((d) => ({ value: String(d), label: DAY_NAMES[d] }))}
          {...form.getInputProps("dayOfWeek")}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput
            type="time"
            label="Starts"
            required
            data-autofocus
            {...form.getInputProps("startTime")}
          />
          <TextInput type="time" label="Ends" required {...form.getInputProps("endTime")} />
        </SimpleGrid>
        <NumberInput
          label="Places"
          description="How many appointments the window takes."
          required
          min={1}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps("capacity")}
        />
        <Switch
          label="Active"
          description="Inactive windows make no dated windows."
          {...form.getInputProps("isActive", { type: "checkbox" })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? "Save" : "Add window"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
