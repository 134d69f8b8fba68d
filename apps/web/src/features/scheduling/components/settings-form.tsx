import { type SchedulingSettings, schedulingSettingsRequest } from "@fieldlead/contracts";
import { Button, NumberInput, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { FormError } from "../../../components/query-state";
import { fieldsOf, schemaErrors, splitServerErrors } from "../../../lib/form-errors";
import { useSaveSchedulingSettings } from "../api/settings";
import { generatedSentence } from "./generate-panel";

type Values = {
  generateWeeksAhead: number | string;
  smsEnabled: boolean;
  reminderHoursBefore: number | string;
};
const fieldOf = fieldsOf(["generateWeeksAhead", "smsEnabled", "reminderHoursBefore"]);
const num = (v: number | string) => (typeof v === "number" ? v : Number.NaN);
const requestOf = (v: Values) => ({
  generateWeeksAhead: num(v.generateWeeksAhead),
  smsEnabled: v.smsEnabled,
  reminderHoursBefore: num(v.reminderHoursBefore),
});

/** The organization's scheduling settings: weeks kept generated, text messages, reminder hours. */
export function SchedulingSettingsForm({ settings }: { settings: SchedulingSettings }) {
  const mutation = useSaveSchedulingSettings();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: {
      generateWeeksAhead: settings.generateWeeksAhead,
      smsEnabled: settings.smsEnabled,
      reminderHoursBefore: settings.reminderHoursBefore,
    },
    validate: (v) => schemaErrors(schedulingSettingsRequest, requestOf(v), fieldOf),
  });
  const submit = form.onSubmit((values) => {
    setGeneralError(null);
    mutation.mutate(requestOf(values), {
      onSuccess: (saved) => {
        form.resetDirty();
        notifications.show({
          color: "teal",
          message: saved.generated
            ? `Settings saved. ${generatedSentence(saved.generated)}.`
            : "Settings saved.",
        });
      },
      onError: (err) => {
        const { fieldErrors, other } = splitServerErrors(err, fieldOf);
        form.setErrors(fieldErrors);
        setGeneralError(other);
      },
    });
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="settings-heading">
      <form onSubmit={submit} noValidate aria-label="Scheduling settings">
        <Stack gap="sm">
          <Title order={2} fz="md" id="settings-heading">
            Scheduling settings
          </Title>
          {generalError ? <FormError>{generalError}</FormError> : null}
          <NumberInput
            label="Weeks to keep generated"
            description="Each night the next weeks get their windows from the templates. 0: only by hand."
            min={0}
            max={26}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("generateWeeksAhead")}
          />
          <Switch
            label="Text messages to shoppers"
            description="Confirmations, reminders and changes also by text."
            {...form.getInputProps("smsEnabled", { type: "checkbox" })}
          />
          <NumberInput
            label="Reminder, hours before"
            min={1}
            max={168}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps("reminderHoursBefore")}
          />
          <Text fz="xs" c="dimmed">
            Days are counted in {settings.timeZone} (a store's window in the store's time zone).
          </Text>
          <Button type="submit" loading={mutation.isPending} style={{ alignSelf: "flex-start" }}>
            Save settings
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
