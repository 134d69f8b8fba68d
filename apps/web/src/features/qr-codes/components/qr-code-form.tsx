import { QR_NO_GROUP, type QrCodeItem, type QrCodeUpsertRequest } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { Alert, Fieldset, Select, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { FormFooter } from "../../../components/form-footer";
import { FormError } from "../../../components/query-state";
import { SearchSelect } from "../../../components/search-select";
import { fieldsOf, splitServerErrors } from "../../../lib/form-errors";
import { useUpsertQrCode } from "../api/upsert-qr-code";
import { groupLabel, useGroupOptions } from "./groups";

export type QrCodeFormValues = {
  userId: number | null;
  storeId: number | null;
  /** The group id as text (a select's value), "0" for no group. */
  group: string | null;
  isActive: boolean;
};

const FIELDS = ["userId", "storeId", "group", "isActive"] as const;
const fieldOf = fieldsOf(FIELDS);

export const qrValuesOf = (
  code: QrCodeItem | null,
  defaults: Partial<QrCodeFormValues> = {},
): QrCodeFormValues => ({
  userId: code?.userId ?? defaults.userId ?? null,
  storeId: code?.storeId ?? defaults.storeId ?? null,
  group: String(code?.group ?? defaults.group ?? QR_NO_GROUP),
  isActive: code?.isActive ?? defaults.isActive ?? true,
});

/** The form's checks, in the form's words (the server checks the same and more). */
export const validateQrCode = {
  userId: (v: number | null) => (v ? null : "Choose the lead generator"),
  storeId: (v: number | null) => (v ? null : "Choose the store"),
  group: (v: string | null) => (v !== null && /^\d+$/.test(v) ? null : "Choose a group, or No group"),
};

export const qrCodeRequestOf = (v: QrCodeFormValues, id?: number): QrCodeUpsertRequest => ({
  ...(id ? { id } : {}),
  userId: v.userId ?? 0,
  storeId: v.storeId ?? 0,
  group: Number(v.group ?? QR_NO_GROUP),
  isActive: v.isActive,
});

/**
 * A code: whose (a lead generator), at which store, for which group, and whether shoppers can use it. A lead
 * generator makes their own only (`ownUserId`: the person is fixed to them). A person has one code per group:
 * the server's 409 shows above the fields.
 */
export function QrCodeForm({
  code,
  ownUserId,
  initial,
  short = false,
  onSaved,
  onCancel,
}: {
  code: QrCodeItem | null;
  /** Set for a lead generator: the code is theirs, the person field fixed. */
  ownUserId?: number;
  /** A new code's first values (a lead generator's only store). */
  initial?: Partial<QrCodeFormValues>;
  /** A lead generator's first code: only its store and group (it is theirs, and active). */
  short?: boolean;
  onSaved: (saved: QrCodeItem) => void;
  onCancel: () => void;
}) {
  const mutation = useUpsertQrCode();
  const groupOptions = useGroupOptions();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<QrCodeFormValues>({
    mode: "controlled",
    initialValues: qrValuesOf(code, { ...initial, userId: ownUserId ?? initial?.userId ?? null }),
    validate: validateQrCode,
  });

  // A code's address is its person's uid and its group: changing either moves it, and printed copies stop working.
  const moved =
    code !== null && (form.values.userId !== code.userId || Number(form.values.group) !== code.group);

  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(qrCodeRequestOf(values, code?.id), {
      onSuccess: (saved) => {
        notifications.show({
          color: "teal",
          message: code
            ? `The code of ${saved.userName} (${groupLabel(saved)}) was saved.`
            : `A code for ${saved.userName} (${groupLabel(saved)}) was created.`,
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

  const name = code ? `Edit the code of ${code.userName}` : short ? "Create my code" : "New QR code";
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Fieldset variant="unstyled" disabled={mutation.isPending}>
        <Stack gap="md" pb="md">
          {generalError ? <FormError>{generalError}</FormError> : null}
          {short ? null : (
            <SearchSelect
              endpoint={appApi.leadGeneratorOptions}
              label="Lead generator"
              placeholder="Choose the person"
              description={ownUserId ? "Your own code." : "The code books shoppers with this person."}
              required
              disabled={ownUserId !== undefined || mutation.isPending}
              nothingFoundMessage="No lead generator by that name"
              value={form.values.userId}
              onChange={(id) => form.setFieldValue("userId", id)}
              error={form.errors.userId}
            />
          )}
          <SearchSelect
            endpoint={appApi.storeOptions}
            label="Store"
            placeholder="Choose the store"
            description="Leads from the code are credited to this store."
            required
            disabled={mutation.isPending}
            nothingFoundMessage="No store by that name"
            // A lead generator's own stores first (their picker lists them apart, as on the capture form).
            groupBy={ownUserId !== undefined ? (s) => (s.mine ? "My stores" : "Other stores") : undefined}
            value={form.values.storeId}
            onChange={(id) => form.setFieldValue("storeId", id)}
            error={form.errors.storeId}
          />
          <Select
            label="Group"
            description="The program group shoppers book for; one code per person and group."
            data={groupOptions}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("group")}
          />
          {moved ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              role="status"
            >
              The code's address changes with its person or group: printed copies of it stop working.
            </Alert>
          ) : null}
          {short ? null : (
            <Switch
              label="Active"
              description="Shoppers can book with an active code; an inactive one says it is not available."
              {...form.getInputProps("isActive", { type: "checkbox" })}
            />
          )}
          {short && form.errors.userId ? <FormError>{form.errors.userId}</FormError> : null}
        </Stack>
      </Fieldset>
      <FormFooter
        onCancel={onCancel}
        pending={mutation.isPending}
        submitLabel={code ? "Save" : short ? "Create my code" : "Create"}
      />
    </form>
  );
}
