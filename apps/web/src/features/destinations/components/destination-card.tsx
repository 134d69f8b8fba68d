import type { DestinationTestResponse, DestinationView } from "@fieldlead/contracts";
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconCircleCheck, IconCircleX, IconDeviceFloppy, IconPlugConnected } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { healthText, isUnhealthy } from "../../../components/deliveries/delivery-format";
import { FormError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import { splitServerErrors } from "../../../lib/form-errors";
import { useSaveDestination, useTestDestination } from "../api/destinations";
import { CrmFields } from "./crm-fields";
import {
  CREDENTIAL,
  type FormValues,
  formErrors,
  formField,
  formValuesOf,
  upsertRequest,
} from "./destination-values";
import { ProgramFields, RetailerFields } from "./partner-fields";
import { StoreNumbersEditor } from "./store-numbers-editor";

/** What a saved credential's empty field says: it is kept unless a new one is typed. */
export const SAVED_CREDENTIAL_PLACEHOLDER = "Saved — type a new one to replace it";

/**
 * One destination: on or off, its health line, its settings checked against the contract's schema before they
 * are sent, its write-only credentials, a connection test and Save.
 */
export function DestinationCard({ view }: { view: DestinationView }) {
  const destination = view.destination;
  const save = useSaveDestination();
  const test = useTestDestination();
  const [general, setGeneral] = useState<string | null>(null);
  const [result, setResult] = useState<DestinationTestResponse | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FormValues>({ initialValues: formValuesOf(view) });
  const credential = CREDENTIAL[destination];
  const dirty = form.isDirty();
  const unhealthy = isUnhealthy(view.health);
  const titleId = `destination-${destination}`;
  const credentialId = `${titleId}-credential`;
  const credentialError = form.errors[`credentials.${credential.key}`];

  /** Shows the messages beside their fields and moves the focus to the first one; true when there were none. */
  const check = (errors: Record<string, string>) => {
    form.setErrors(errors);
    if (Object.keys(errors).length === 0) return true;
    // After the messages are drawn.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
    return false;
  };
  const showServerErrors = (err: Parameters<typeof splitServerErrors>[0]) => {
    const { fieldErrors, other } = splitServerErrors(err, formField);
    check(fieldErrors);
    setGeneral(other);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    if (!check(formErrors(destination, form.values, view.credentialsSet))) return;
    save.mutate(
      { destination, body: upsertRequest(destination, form.values) },
      {
        onSuccess: (saved) => {
          const values = formValuesOf(saved);
          form.setInitialValues(values);
          form.setValues(values);
          form.resetDirty(values);
          notifications.show({
            color: "teal",
            message: `The ${saved.name} settings were saved; it is ${saved.isEnabled ? "on" : "off"}.`,
          });
        },
        onError: showServerErrors,
      },
    );
  };

  const runTest = () => {
    setGeneral(null);
    setResult(null);
    if (!check(formErrors(destination, form.values, view.credentialsSet, false))) return;
    test.mutate(
      { destination, body: upsertRequest(destination, form.values) },
      {
        onSuccess: setResult,
        onError: (err) => {
          if (Object.keys(err.errors).length) showServerErrors(err);
          else setResult({ ok: false, message: errorMessage(err) });
        },
      },
    );
  };

  const undo = () => {
    form.reset();
    setGeneral(null);
    setResult(null);
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} data-testid={titleId}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={`${view.name} settings`}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
              <Group gap="xs">
                <Title order={2} fz="lg" id={titleId}>
                  {view.name}
                </Title>
                {view.isConfigured ? null : (
                  <Badge variant="light" color="gray">
                    Not set up
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c={unhealthy ? "red" : "dimmed"} data-testid="health-line">
                {healthText(view.health)}
              </Text>
            </Stack>
            <Switch
              label={`Send to ${view.name}`}
              size="md"
              {...form.getInputProps("isEnabled", { type: "checkbox" })}
            />
          </Group>

          <Divider />
          {destination === "crm" ? (
            <CrmFields form={form} />
          ) : destination === "retailer" ? (
            <RetailerFields form={form} storeNumbers={<StoreNumbersEditor form={form} />} />
          ) : (
            <ProgramFields form={form} destination={destination} />
          )}

          <Divider />
          <PasswordInput
            id={credentialId}
            // Mantine's PasswordInput leaves these off its field: the message and the help are read with it.
            aria-invalid={credentialError ? true : undefined}
            aria-describedby={[
              credentialError ? `${credentialId}-error` : null,
              `${credentialId}-description`,
            ]
              .filter(Boolean)
              .join(" ")}
            label={credential.label}
            description={`${credential.description} Never shown again once saved.`}
            placeholder={view.credentialsSet ? SAVED_CREDENTIAL_PLACEHOLDER : undefined}
            required={!view.credentialsSet}
            autoComplete="new-password"
            maxLength={500}
            maw={{ sm: 420 }}
            {...form.getInputProps(`credentials.${credential.key}`)}
          />

          {result ? (
            <Alert
              role="status"
              variant="light"
              color={result.ok ? "green" : "red"}
              icon={result.ok ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
              title={result.ok ? "Connected" : "Could not connect"}
            >
              {result.message}
            </Alert>
          ) : null}
          {general ? <FormError title="Could not save">{general}</FormError> : null}

          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {dirty
                ? "Unsaved changes"
                : view.updatedAt
                  ? `Last saved ${formatDateTime(view.updatedAt)}`
                  : "Not saved yet"}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Button variant="subtle" disabled={!dirty || save.isPending} onClick={undo}>
                Undo changes
              </Button>
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} aria-hidden />}
                loading={test.isPending}
                onClick={runTest}
              >
                Test connection
              </Button>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                loading={save.isPending}
                disabled={!dirty}
              >
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
