import {
  type AddressDetails,
  type StoreDetail,
  type StoreUpsertRequest,
  storeUpsertRequest,
  US_STATES,
  usStateByCode,
} from "@fieldlead/contracts";
import { Fieldset, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconMapPinCheck } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { DigitsInput } from "../../../components/digits-input";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { toOptions, useLookupList } from "../../../lib/lookup-list";
import { useUpsertStore } from "../api/upsert-store";
import { AddressAutocomplete } from "./address-autocomplete";

export type StoreFormValues = {
  name: string;
  brandId: string | null;
  storeNumber: string;
  address: string;
  city: string;
  state: string | null;
  zip: string;
  timeZone: string | null;
  organizationTerritoryId: string | null;
  isActive: boolean;
  latitude: number | null;
  longitude: number | null;
};

const FIELDS = [
  "name",
  "brandId",
  "storeNumber",
  "address",
  "city",
  "state",
  "zip",
  "timeZone",
  "organizationTerritoryId",
  "isActive",
  "latitude",
  "longitude",
] as const;
const fieldOf = fieldsOf(FIELDS);

export const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }));

const numberOrNull = (v: string | null) => (v ? Number(v) : null);

export function storeValuesOf(s: StoreDetail | null): StoreFormValues {
  return {
    name: s?.name ?? "",
    brandId: s?.brandId != null ? String(s.brandId) : null,
    storeNumber: s?.storeNumber ?? "",
    address: s?.address ?? "",
    city: s?.city ?? "",
    state: s?.state ?? null,
    zip: s?.zip ?? "",
    timeZone: s?.timeZone ?? null,
    organizationTerritoryId: s?.organizationTerritoryId != null ? String(s.organizationTerritoryId) : null,
    isActive: s?.isActive ?? true,
    latitude: s?.latitude ?? null,
    longitude: s?.longitude ?? null,
  };
}

export const storeRequestOf = (v: StoreFormValues, id?: number): StoreUpsertRequest => ({
  ...(id ? { id } : {}),
  name: v.name,
  brandId: numberOrNull(v.brandId),
  storeNumber: v.storeNumber,
  address: v.address,
  city: v.city,
  state: v.state,
  zip: v.zip,
  timeZone: v.timeZone,
  organizationTerritoryId: numberOrNull(v.organizationTerritoryId),
  isActive: v.isActive,
  latitude: v.latitude,
  longitude: v.longitude,
});

/** Whether the text typed was a place (a ZIP code, or the start of the chosen city) rather than a street. */
const searchedPlace = (typed: string, label: string) => {
  const t = typed.trim().toLowerCase();
  return /^\d{3,5}$/.test(t) || label.toLowerCase().startsWith(t);
};

/**
 * The fields an address suggestion fills. A city or ZIP code suggestion has no street: the street typed is
 * kept, or, when what was typed was the place itself, the street the field had before.
 */
export function fillFromAddress(
  values: StoreFormValues,
  d: AddressDetails,
  typed: string,
  previous: string,
  label: string,
): Partial<StoreFormValues> {
  return {
    address: d.address ?? (searchedPlace(typed, label) ? previous : typed.trim()),
    city: d.city || values.city,
    state: usStateByCode(d.state)?.code ?? values.state,
    zip: /^\d{5}$/.test(d.zip) ? d.zip : values.zip,
    timeZone: d.timeZone ?? values.timeZone,
    latitude: d.latitude,
    longitude: d.longitude,
  };
}

/** Everything about a store, saved in one go. */
export function StoreForm({
  store,
  readOnly,
  onSaved,
  onCancel,
}: {
  store: StoreDetail | null;
  readOnly: boolean;
  onSaved: (saved: StoreDetail) => void;
  onCancel: () => void;
}) {
  const lookups = useLookupList();
  const mutation = useUpsertStore();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [filledFrom, setFilledFrom] = useState<string | null>(null);

  const form = useForm<StoreFormValues>({
    mode: "controlled",
    initialValues: storeValuesOf(store),
    validate: (values) => schemaErrors(storeUpsertRequest, storeRequestOf(values, store?.id), fieldOf),
  });

  const territoryOptions = useMemo(
    () =>
      (lookups.data?.allOrganizationTerritories ?? [])
        .filter((t) => t.isActive || t.id === store?.organizationTerritoryId)
        .map((t) => ({ value: String(t.id), label: t.isActive ? t.name : `${t.name} (inactive)` })),
    [lookups.data, store],
  );
  const timeZoneOptions = useMemo(
    () => (lookups.data?.timeZones ?? []).map((z) => ({ value: z.id, label: z.label })),
    [lookups.data],
  );

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(storeRequestOf(values, store?.id), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: store ? `${saved.name} was saved.` : `${saved.name} was added.`,
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
    <form onSubmit={submit} noValidate aria-label={store ? `Edit ${store.name}` : "New store"}>
      <Fieldset variant="unstyled" disabled={readOnly || mutation.isPending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          <TextInput
            label="Name"
            placeholder="Costco Wayne"
            required
            maxLength={120}
            data-autofocus
            {...form.getInputProps("name")}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label="Brand"
              placeholder="No brand"
              data={toOptions(lookups.data?.storesBrands)}
              clearable
              searchable
              {...form.getInputProps("brandId")}
            />
            <TextInput label="Store number" maxLength={20} {...form.getInputProps("storeNumber")} />
          </SimpleGrid>

          <AddressAutocomplete
            label="Street address"
            description="Type a street, city or ZIP code, then choose a suggestion to fill the rest."
            placeholder="149 Route 23"
            maxLength={200}
            value={form.values.address}
            onChange={(v) => {
              form.setFieldValue("address", v);
              setFilledFrom(null);
            }}
            onPick={(details, suggestion, typed, previous) => {
              form.setValues(fillFromAddress(form.getValues(), details, typed, previous, suggestion.label));
              form.clearErrors();
              setFilledFrom(suggestion.label);
            }}
            error={form.errors.address}
          />
          {filledFrom ? (
            <Text fz="xs" c="teal" role="status" mt={-8}>
              <IconMapPinCheck size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} aria-hidden />
              Filled from “{filledFrom}”: check the street, city, state, ZIP code and time zone.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="City" maxLength={100} {...form.getInputProps("city")} />
            <Select
              label="State"
              placeholder="Choose a state"
              data={STATE_OPTIONS}
              searchable
              clearable
              {...form.getInputProps("state")}
            />
            <DigitsInput label="ZIP code" maxLength={5} {...form.getInputProps("zip")} />
            <Select
              label="Territory"
              placeholder="No territory"
              data={territoryOptions}
              clearable
              searchable
              {...form.getInputProps("organizationTerritoryId")}
            />
          </SimpleGrid>
          <Select
            label="Time zone"
            description="The store's days and hours are counted in it. Empty: the organization's."
            placeholder="Organization's time zone"
            data={timeZoneOptions}
            searchable
            clearable
            limit={60}
            nothingFoundMessage="No time zone matches"
            {...form.getInputProps("timeZone")}
          />
          <Switch
            label="Active"
            description="Inactive stores are kept with their history but cannot be scheduled."
            {...form.getInputProps("isActive", { type: "checkbox" })}
          />
        </Stack>
      </Fieldset>
      <FormFooter
        onCancel={onCancel}
        pending={mutation.isPending}
        readOnly={readOnly}
        submitLabel={store ? "Save" : "Create"}
      />
    </form>
  );
}
