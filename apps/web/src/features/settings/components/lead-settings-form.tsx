import {
  CONSENT_DESTINATIONS,
  DEFAULT_DISCLOSURE_TEMPLATES,
  DISCLOSURE_MAX_LENGTH,
  DISCLOSURE_PLACEHOLDER,
  type DisclosureTexts,
  fillDisclosure,
  type LeadSettings,
  leadSettingsSaveRequest,
} from "@fieldlead/contracts";
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconArrowBackUp, IconDeviceFloppy } from "@tabler/icons-react";
import { useState } from "react";
import { FormError } from "../../../components/query-state";
import { schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { useSaveLeadSettings } from "../api/save-lead-settings";

type Values = { duplicateWindowDays: number | string; disclosures: DisclosureTexts };

const toValues = (s: LeadSettings): Values => ({
  duplicateWindowDays: s.duplicateWindowDays,
  disclosures: { ...s.disclosureTemplates },
});

/** The form's values as the save request the contract checks (an empty number field is no number). */
const requestOf = (v: Values) => ({
  duplicateWindowDays: v.duplicateWindowDays === "" ? undefined : Number(v.duplicateWindowDays),
  disclosures: v.disclosures,
});

/** A server error's field as the form names it: the window, or one destination's text. */
const formField = (key: string) =>
  key === "duplicateWindowDays" || key.startsWith("disclosures.") ? key : null;

/** The contract's messages, one per field (`duplicateWindowDays`, `disclosures.crm`...). */
function validate(v: Values): Record<string, string> {
  if (v.duplicateWindowDays === "")
    return { duplicateWindowDays: "Enter a number of days (0 turns the check off)" };
  return schemaErrors(leadSettingsSaveRequest, requestOf(v));
}

function windowSummary(v: number | string): string {
  const n = Number(v);
  if (v === "" || !leadSettingsSaveRequest.shape.duplicateWindowDays.safeParse(n).success) return "";
  if (n === 0) return "The check is off: every lead is saved without a duplicate warning.";
  return `A shopper whose phone or email was captured in the last ${n === 1 ? "day" : `${n} days`} is flagged as a duplicate.`;
}

/** The duplicate window and the four disclosure texts, with a preview of each as shoppers will read it. */
export function LeadSettingsForm({ settings }: { settings: LeadSettings }) {
  const save = useSaveLeadSettings();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: toValues(settings),
    validate,
  });

  const submit = form.onSubmit((v) => {
    setGeneral(null);
    save.mutate(
      {
        duplicateWindowDays: Number(v.duplicateWindowDays),
        disclosures: Object.fromEntries(
          CONSENT_DESTINATIONS.map((d) => [d.id, v.disclosures[d.id].trim()]),
        ) as DisclosureTexts,
      },
      {
        onSuccess: (saved) => {
          form.setInitialValues(toValues(saved));
          form.setValues(toValues(saved));
          form.resetDirty(toValues(saved));
          notifications.show({ color: "teal", message: "The lead capture settings were saved." });
        },
        onError: (err) => {
          const { fieldErrors, other } = splitServerErrors(err, formField);
          form.setErrors(fieldErrors);
          setGeneral(other);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Lead capture settings">
      <Stack gap="md">
        <Card withBorder radius="lg" p="lg">
          <Title order={2} fz="md" mb={4}>
            Duplicate check
          </Title>
          <Text fz="sm" c="dimmed" mb="md">
            A new lead with the same phone number or email as a lead captured within this window is linked to
            the earlier one, and the lead generator is warned before saving.
          </Text>
          <NumberInput
            label="Duplicate window (days)"
            description="0 turns the check off; at most 365."
            min={0}
            max={365}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={{ base: "100%", xs: 260 }}
            {...form.getInputProps("duplicateWindowDays")}
          />
          <Text fz="sm" mt="xs" data-testid="window-summary">
            {windowSummary(form.values.duplicateWindowDays)}
          </Text>
        </Card>

        <Card withBorder radius="lg" p="lg">
          <Title order={2} fz="md" mb={4}>
            Consent texts
          </Title>
          <Text fz="sm" c="dimmed">
            What a shopper reads before agreeing to be contacted by each destination. Write{" "}
            <Code>{DISCLOSURE_PLACEHOLDER}</Code> where the organization's name ({settings.organizationName})
            should appear. Each lead keeps the exact text its shopper agreed to: a change applies to new
            consents only, and a capture form opened before the change is asked to reload.
          </Text>
          <Stack gap="xl" mt="lg">
            {CONSENT_DESTINATIONS.map((d) => {
              const value = form.values.disclosures[d.id];
              const isDefault = value.trim() === DEFAULT_DISCLOSURE_TEMPLATES[d.id];
              const error = form.errors[`disclosures.${d.id}`];
              return (
                <Stack key={d.id} gap="xs" data-testid={`disclosure-${d.id}`}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Group gap="xs">
                      <Text fw={600}>{d.name}</Text>
                      <Badge size="sm" variant="light" color={isDefault ? "gray" : "blue"}>
                        {isDefault ? "Default text" : "Your text"}
                      </Badge>
                    </Group>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconArrowBackUp size={14} />}
                      disabled={isDefault}
                      onClick={() =>
                        form.setFieldValue(`disclosures.${d.id}`, DEFAULT_DISCLOSURE_TEMPLATES[d.id])
                      }
                      aria-label={`Restore the default text for ${d.name}`}
                    >
                      Restore default
                    </Button>
                  </Group>
                  <Textarea
                    aria-label={`Text for ${d.name}`}
                    autosize
                    minRows={3}
                    maxRows={10}
                    description={`${value.trim().length.toLocaleString("en-US")} of ${DISCLOSURE_MAX_LENGTH.toLocaleString("en-US")} characters`}
                    inputWrapperOrder={["label", "input", "error", "description"]}
                    {...form.getInputProps(`disclosures.${d.id}`)}
                  />
                  <Paper
                    radius="md"
                    p="sm"
                    bg="var(--mantine-color-default-hover)"
                    aria-label={`${d.name} as shoppers will see it`}
                    data-testid={`preview-${d.id}`}
                  >
                    <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                      As shoppers will see it
                    </Text>
                    <Text fz="sm" c={error ? "dimmed" : undefined} style={{ whiteSpace: "pre-wrap" }}>
                      {value.trim()
                        ? fillDisclosure(value.trim(), settings.organizationName)
                        : "(no text yet)"}
                    </Text>
                  </Paper>
                </Stack>
              );
            })}
          </Stack>
        </Card>

        {general ? <FormError title="Could not save">{general}</FormError> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={!form.isDirty() || save.isPending} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={16} />}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
