import {
  APPOINTMENT_TYPE_LIMITS,
  type AppointmentType,
  type AppointmentTypeUpsertRequest,
  type CrmOption,
} from "@fieldlead/contracts";
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { FormError } from "../../../components/query-state";
import type { ApiError } from "../../../lib/api-error";
import { fieldsOf, splitServerErrors } from "../../../lib/form-errors";
import { useLookupList } from "../../../lib/lookup-list";
import { useServiceTitanOptions } from "../api/type-links";
import { useUpsertAppointmentType } from "../api/upsert-appointment-type";

type Num = number | string;
export type TypeFormValues = {
  name: string;
  territoryId: string | null;
  durationMinutes: Num;
  arrivalWindowMinutes: Num;
  minimumNoticeMinutes: Num;
  bookingHorizonDays: Num;
  crmJobTypeId: string | null;
  crmCampaignId: string | null;
  isActive: boolean;
};

const FIELDS = [
  "name",
  "territoryId",
  "durationMinutes",
  "arrivalWindowMinutes",
  "minimumNoticeMinutes",
  "bookingHorizonDays",
  "crmJobTypeId",
  "crmCampaignId",
  "isActive",
] as const;
const fieldOf = fieldsOf(FIELDS);

const str = (v: number | null) => (v === null ? null : String(v));
export const typeValuesOf = (t: AppointmentType | null): TypeFormValues => ({
  name: t?.name ?? "",
  territoryId: str(t?.territoryId ?? null),
  durationMinutes: t?.durationMinutes ?? 120,
  arrivalWindowMinutes: t?.arrivalWindowMinutes ?? 120,
  minimumNoticeMinutes: t?.minimumNoticeMinutes ?? 120,
  bookingHorizonDays: t?.bookingHorizonDays ?? 60,
  crmJobTypeId: str(t?.crmJobTypeId ?? null),
  crmCampaignId: str(t?.crmCampaignId ?? null),
  isActive: t?.isActive ?? true,
});

const whole = (v: Num, min: number, max: number, what: string) => {
  if (typeof v !== "number" || !Number.isInteger(v)) return `Enter the ${what} as a whole number`;
  if (v < min) return min === 0 ? `The ${what} cannot be negative` : `The ${what} must be at least ${min}`;
  if (v > max) return `The ${what} is at most ${max.toLocaleString("en-US")}`;
  return null;
};
const L = APPOINTMENT_TYPE_LIMITS;

/** The form's checks: the contract's limits, said in the form's words. */
export const validateType = {
  name: (v: string) =>
    !v.trim()
      ? "Enter the appointment type's name"
      : v.trim().length > 100
        ? "Use at most 100 characters"
        : null,
  durationMinutes: (v: Num) => whole(v, 1, L.durationMinutes.max, "duration"),
  arrivalWindowMinutes: (v: Num) => whole(v, 1, L.arrivalWindowMinutes.max, "arrival window"),
  minimumNoticeMinutes: (v: Num) => whole(v, 0, L.minimumNoticeMinutes.max, "minimum notice"),
  bookingHorizonDays: (v: Num) => whole(v, 1, L.bookingHorizonDays.max, "number of days"),
};

export const typeRequestOf = (v: TypeFormValues, id?: number): AppointmentTypeUpsertRequest => ({
  ...(id ? { id } : {}),
  name: v.name.trim(),
  territoryId: v.territoryId ? Number(v.territoryId) : null,
  durationMinutes: Number(v.durationMinutes),
  arrivalWindowMinutes: Number(v.arrivalWindowMinutes),
  minimumNoticeMinutes: Number(v.minimumNoticeMinutes),
  bookingHorizonDays: Number(v.bookingHorizonDays),
  crmJobTypeId: v.crmJobTypeId ? Number(v.crmJobTypeId) : null,
  crmCampaignId: v.crmCampaignId ? Number(v.crmCampaignId) : null,
  isActive: v.isActive,
});

/** The CRM's options by their CRM id, with the type's own one kept when the CRM no longer lists it. */
function crmData(options: CrmOption[] | undefined, current: number | null, currentName: string | null) {
  const data = (options ?? []).map((o) => ({
    value: String(o.externalId),
    label: `${o.name} (#${o.externalId})`,
  }));
  if (current !== null && !data.some((d) => d.value === String(current)))
    data.unshift({ value: String(current), label: `${currentName ?? "Unknown"} (#${current})` });
  return data;
}

/** What a type is: its name, territory, lengths of time, CRM job type and campaign, and whether it is offered. */
export function TypeDetailsForm({
  type,
  readOnly,
  onSaved,
}: {
  type: AppointmentType | null;
  readOnly: boolean;
  onSaved: (saved: AppointmentType) => void;
}) {
  const save = useUpsertAppointmentType();
  const lookups = useLookupList();
  const crm = useServiceTitanOptions(!readOnly);
  const form = useForm<TypeFormValues>({ initialValues: typeValuesOf(type), validate: validateType });

  const territories = (lookups.data?.allOrganizationTerritories ?? [])
    .filter((t) => t.isActive || t.id === type?.territoryId)
    .map((t) => ({ value: String(t.id), label: t.isActive ? t.name : `${t.name} (inactive)` }));

  const submit = form.onSubmit((values) =>
    save.mutate(typeRequestOf(values, type?.id), {
      onSuccess: (saved) => {
        form.setValues(typeValuesOf(saved));
        form.resetDirty(typeValuesOf(saved));
        notifications.show({ color: "teal", message: `"${saved.name}" was saved.` });
        onSaved(saved);
      },
      onError: (err) => form.setErrors(splitServerErrors(err as ApiError, fieldOf).fieldErrors),
    }),
  );
  const general = save.error ? splitServerErrors(save.error as ApiError, fieldOf).other : null;

  return (
    <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <form onSubmit={submit} noValidate aria-label="Appointment type details">
        <Stack gap="md">
          {general ? <FormError>{general}</FormError> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              required
              maxLength={100}
              readOnly={readOnly}
              {...form.getInputProps("name")}
            />
            <Select
              label="Territory"
              description="Leave empty to offer it in every territory"
              placeholder="Every territory"
              data={territories}
              clearable
              searchable
              readOnly={readOnly}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("territoryId")}
            />
            <NumberInput
              label="Duration (minutes)"
              required
              min={1}
              max={L.durationMinutes.max}
              allowDecimal={false}
              readOnly={readOnly}
              {...form.getInputProps("durationMinutes")}
            />
            <NumberInput
              label="Arrival window (minutes)"
              description="The technician arrives within it"
              required
              min={1}
              max={L.arrivalWindowMinutes.max}
              allowDecimal={false}
              readOnly={readOnly}
              {...form.getInputProps("arrivalWindowMinutes")}
            />
            <NumberInput
              label="Minimum notice (minutes)"
              description="No booking starts sooner than this"
              required
              min={0}
              max={L.minimumNoticeMinutes.max}
              allowDecimal={false}
              readOnly={readOnly}
              {...form.getInputProps("minimumNoticeMinutes")}
            />
            <NumberInput
              label="Books ahead (days)"
              description="How far ahead shoppers may book, 1 to 730"
              required
              min={1}
              max={L.bookingHorizonDays.max}
              allowDecimal={false}
              readOnly={readOnly}
              {...form.getInputProps("bookingHorizonDays")}
            />
            <Select
              label="CRM job type"
              placeholder={crm.isPending && !readOnly ? "Loading…" : "None"}
              data={crmData(crm.data?.jobTypes, type?.crmJobTypeId ?? null, type?.crmJobTypeName ?? null)}
              clearable
              searchable
              readOnly={readOnly}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("crmJobTypeId")}
            />
            <Select
              label="CRM campaign"
              placeholder={crm.isPending && !readOnly ? "Loading…" : "None"}
              data={crmData(crm.data?.campaigns, type?.crmCampaignId ?? null, type?.crmCampaignName ?? null)}
              clearable
              searchable
              readOnly={readOnly}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("crmCampaignId")}
            />
          </SimpleGrid>
          <Switch
            label="Active: offered for new bookings"
            disabled={readOnly}
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={type !== null && !form.isDirty()}>
                {type ? "Save details" : "Create type"}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
