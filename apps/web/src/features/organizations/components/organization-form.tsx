import {
  LABOR_SETTINGS,
  type OrganizationDetail,
  type OrganizationUpsertRequest,
  organizationUpsertRequest,
} from "@fieldlead/contracts";
import { Divider, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { randomId } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useMemo, useState } from "react";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { useLookupList } from "../../../lib/lookup-list";
import { useUpsertOrganization } from "../api/upsert-organization";
import { TerritoriesEditor } from "./territories-editor";

export type TerritoryRow = { key: string; id?: number; name: string; isActive: boolean };

export type OrganizationFormValues = {
  name: string;
  organizationParentId: string | null;
  timeZone: string | null;
  intFirstDayOfWeek: string;
  crmIntegrationId: string | null;
  showApproaches: boolean;
  /** Labor settings: NumberInput gives a number, or "" when emptied. */
  maxShiftHours: number | string;
  weeklyHoursLimit: number | string;
  punchDistanceMeters: number | string;
  isSmartCircleLG: boolean;
  smartCircleCompany: string;
  isDeleted: boolean;
  territories: TerritoryRow[];
};

/** An emptied number field is sent as NaN, which the contract refuses with the field's range. */
const wholeNumber = (v: number | string) => (typeof v === "number" ? v : Number.NaN);

/** "default" stands for no first day of its own: the organization's default, Monday. */
export const FIRST_DAY_OPTIONS = [
  { value: "default", label: "Organization default (Monday)" },
  ...["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map((label, i) => ({
    value: String(i),
    label,
  })),
];

/** The CRM integrations known to the product; an id outside this list is shown by number. */
const CRM_OPTIONS = [{ value: "1", label: "Field-service CRM (ServiceTitan-style)" }];

const FIELDS = [
  "name",
  "organizationParentId",
  "timeZone",
  "intFirstDayOfWeek",
  "crmIntegrationId",
  "showApproaches",
  "maxShiftHours",
  "weeklyHoursLimit",
  "punchDistanceMeters",
  "isSmartCircleLG",
  "smartCircleCompany",
  "isDeleted",
] as const;

export function organizationValuesOf(o: OrganizationDetail | null, parentId: number | null = null) {
  return {
    name: o?.name ?? "",
    organizationParentId: o ? (o.organizationParentId?.toString() ?? null) : (parentId?.toString() ?? null),
    timeZone: o?.timeZone ?? null,
    intFirstDayOfWeek: o?.intFirstDayOfWeek != null ? String(o.intFirstDayOfWeek) : "default",
    crmIntegrationId: o?.crmIntegrationId != null ? String(o.crmIntegrationId) : null,
    showApproaches: o?.showApproaches ?? false,
    maxShiftHours: o?.maxShiftHours ?? LABOR_SETTINGS.maxShiftHours.default,
    weeklyHoursLimit: o?.weeklyHoursLimit ?? LABOR_SETTINGS.weeklyHoursLimit.default,
    punchDistanceMeters: o?.punchDistanceMeters ?? LABOR_SETTINGS.punchDistanceMeters.default,
    isSmartCircleLG: o?.isSmartCircleLG ?? false,
    smartCircleCompany: o?.smartCircleCompany ?? "",
    isDeleted: o?.isDeleted ?? false,
    territories: (o?.territories ?? [])
      .slice()
      .sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name))
      .map((t) => ({ key: `t${t.id}`, id: t.id, name: t.name, isActive: t.isActive })),
  } satisfies OrganizationFormValues;
}

/**
 * The save request and, for each territory sent, the row of the form it came from: only new and changed
 * territories are sent, and an error on `territories.<n>` must land beside the right row.
 */
export function organizationRequestOf(
  v: OrganizationFormValues,
  before: OrganizationDetail | null,
  superAdmin: boolean,
): { request: OrganizationUpsertRequest; territoryRows: number[] } {
  const previous = new Map((before?.territories ?? []).map((t) => [t.id, t]));
  const territoryRows: number[] = [];
  const territories = v.territories.flatMap((t, row) => {
    const old = t.id !== undefined ? previous.get(t.id) : undefined;
    if (old && old.name === t.name.trim() && old.isActive === t.isActive) return [];
    territoryRows.push(row);
    return [{ ...(t.id !== undefined ? { id: t.id } : {}), name: t.name, isActive: t.isActive }];
  });
  const request: OrganizationUpsertRequest = {
    ...(before ? { id: before.id } : {}),
    name: v.name,
    timeZone: v.timeZone ?? undefined,
    intFirstDayOfWeek: v.intFirstDayOfWeek === "default" ? null : Number(v.intFirstDayOfWeek),
    crmIntegrationId: v.crmIntegrationId ? Number(v.crmIntegrationId) : null,
    showApproaches: v.showApproaches,
    maxShiftHours: wholeNumber(v.maxShiftHours),
    weeklyHoursLimit: wholeNumber(v.weeklyHoursLimit),
    punchDistanceMeters: wholeNumber(v.punchDistanceMeters),
    isSmartCircleLG: v.isSmartCircleLG,
    smartCircleCompany: v.isSmartCircleLG ? v.smartCircleCompany : (before?.smartCircleCompany ?? null),
    // Only a Super Admin moves or deletes organizations; others do not send these at all.
    ...(superAdmin
      ? {
          organizationParentId: v.organizationParentId ? Number(v.organizationParentId) : null,
          isDeleted: v.isDeleted,
        }
      : {}),
    ...(territories.length ? { territories } : {}),
  };
  return { request, territoryRows };
}

/** Maps an error path of the request (`territories.1.name`) to the form's (`territories.4.name`). */
function formFieldOf(territoryRows: number[]) {
  const plain = fieldsOf(FIELDS);
  return (key: string): string | null => {
    const m = /^territories\.(\d+)\.(name|isActive|id)$/.exec(key);
    if (m) {
      const row = territoryRows[Number(m[1])];
      return row === undefined ? null : `territories.${row}.${m[2] === "id" ? "name" : m[2]}`;
    }
    if (key === "territories") return "territoriesList";
    return plain(key);
  };
}

export type ParentOption = { value: string; label: string };

/** An organization's settings and territories, saved together. */
export function OrganizationForm({
  organization,
  superAdmin,
  parentOptions,
  isOwnerGroup,
  presetParentId,
  onSaved,
  onCancel,
}: {
  organization: OrganizationDetail | null;
  superAdmin: boolean;
  parentOptions: ParentOption[];
  /** Organizations belong to it: it cannot itself join an owner group. */
  isOwnerGroup: boolean;
  presetParentId?: number | null;
  onSaved: (saved: OrganizationDetail) => void;
  onCancel: () => void;
}) {
  const lookups = useLookupList();
  const mutation = useUpsertOrganization();
  const [generalError, setGeneralError] = useState<string | null>(null);

  const form = useForm<OrganizationFormValues>({
    mode: "controlled",
    initialValues: organizationValuesOf(organization, presetParentId ?? null),
    validate: (values) => {
      const { request, territoryRows } = organizationRequestOf(values, organization, superAdmin);
      const errors = schemaErrors(organizationUpsertRequest, request, formFieldOf(territoryRows));
      if (!organization && !values.timeZone) errors.timeZone = "Choose a time zone";
      // Two rows with the same name would be refused by the server; say so beside the second.
      const seen = new Set<string>();
      values.territories.forEach((t, i) => {
        const name = t.name.trim().toLowerCase();
        if (!name) errors[`territories.${i}.name`] ??= "Enter a territory name";
        else if (seen.has(name)) errors[`territories.${i}.name`] ??= "Another territory has this name";
        seen.add(name);
      });
      return errors;
    },
  });

  const timeZoneOptions = useMemo(
    () => (lookups.data?.timeZones ?? []).map((z) => ({ value: z.id, label: z.label })),
    [lookups.data],
  );
  const crmOptions = useMemo(() => {
    const id = organization?.crmIntegrationId;
    return id && !CRM_OPTIONS.some((o) => o.value === String(id))
      ? [...CRM_OPTIONS, { value: String(id), label: `CRM integration ${id}` }]
      : CRM_OPTIONS;
  }, [organization]);

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    const { request, territoryRows } = organizationRequestOf(values, organization, superAdmin);
    mutation.mutate(request, {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: organization ? `${saved.name} was saved.` : `${saved.name} was created.`,
        });
        onSaved(saved);
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, formFieldOf(territoryRows));
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={organization ? `Edit ${organization.name}` : "New organization"}
    >
      <Stack gap="md" pb="md">
        {generalError ? <FormError>{generalError}</FormError> : null}
        <TextInput label="Name" required maxLength={120} data-autofocus {...form.getInputProps("name")} />
        {superAdmin ? (
          <Select
            label="Owner group"
            description={
              isOwnerGroup
                ? "Organizations belong to this one: it is an owner group itself."
                : "The company that owns this organization, if any."
            }
            placeholder="None (top level)"
            data={parentOptions}
            clearable
            searchable
            disabled={isOwnerGroup}
            {...form.getInputProps("organizationParentId")}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Time zone"
            required={!organization}
            data={timeZoneOptions}
            searchable
            limit={60}
            allowDeselect={false}
            nothingFoundMessage="No time zone matches"
            {...form.getInputProps("timeZone")}
          />
          <Select
            label="First day of the week"
            data={FIRST_DAY_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps("intFirstDayOfWeek")}
          />
        </SimpleGrid>
        <Select
          label="CRM integration"
          description="Where the organization's appointments are booked."
          placeholder="None"
          data={crmOptions}
          clearable
          {...form.getInputProps("crmIntegrationId")}
        />
        <Switch
          label="Show approaches"
          description="Lead generators count the shoppers they talk to, and reports show them."
          {...form.getInputProps("showApproaches", { type: "checkbox" })}
        />
        <Divider my={4} />
        <Stack gap="sm" role="group" aria-labelledby="labor-settings-title">
          <Text id="labor-settings-title" fw={600} fz="sm">
            Labor
          </Text>
          <NumberInput
            label="Longest shift (hours)"
            description="A shift with no punch out is flagged as a missing punch this many hours after the punch in (or when the store's day ends, if sooner). 4 to 24."
            min={LABOR_SETTINGS.maxShiftHours.min}
            max={LABOR_SETTINGS.maxShiftHours.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("maxShiftHours")}
          />
          <NumberInput
            label="Weekly hours limit"
            description="A person's week of schedules over this many hours is marked as a conflict, never refused. 1 to 80."
            min={LABOR_SETTINGS.weeklyHoursLimit.min}
            max={LABOR_SETTINGS.weeklyHoursLimit.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("weeklyHoursLimit")}
          />
          <NumberInput
            label="Punch distance (meters)"
            description="A punch farther than this from its store is warned about and shown to managers, never refused. 50 to 50,000."
            min={LABOR_SETTINGS.punchDistanceMeters.min}
            max={LABOR_SETTINGS.punchDistanceMeters.max}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps("punchDistanceMeters")}
          />
        </Stack>
        <Divider my={4} />
        <Switch
          label="Smart Circle lead generators"
          description="The lead generators come from an outsourced retail sales company."
          {...form.getInputProps("isSmartCircleLG", { type: "checkbox" })}
        />
        {form.values.isSmartCircleLG ? (
          <TextInput
            label="Smart Circle company"
            placeholder="Smart Circle Retail"
            maxLength={120}
            {...form.getInputProps("smartCircleCompany")}
          />
        ) : null}
        {superAdmin && organization ? (
          <Switch
            color="red"
            label="Deleted"
            description="A deleted organization disappears for its people; a Super Admin can restore it."
            {...form.getInputProps("isDeleted", { type: "checkbox" })}
          />
        ) : null}

        <Divider my={4} />
        <TerritoriesEditor
          rows={form.values.territories}
          getInputProps={(i, field) =>
            form.getInputProps(
              `territories.${i}.${field}`,
              field === "isActive" ? { type: "checkbox" } : undefined,
            )
          }
          onAdd={() => form.insertListItem("territories", { key: randomId(), name: "", isActive: true })}
          onRemove={(i) => form.removeListItem("territories", i)}
          error={form.errors.territoriesList ? String(form.errors.territoriesList) : null}
        />
      </Stack>

      <FormFooter
        onCancel={onCancel}
        pending={mutation.isPending}
        submitLabel={organization ? "Save" : "Create"}
        note="Settings and territories are saved together."
      />
    </form>
  );
}
