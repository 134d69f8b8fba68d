import type { TimeLogItem } from "@fieldlead/contracts";
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { FormError } from "../../../../components/query-state";
import { fieldsOf, splitServerErrors } from "../../../../lib/form-errors";
import { useUpdateTimeLog } from "../api/time-logs";
import { checkDate, checkReason, checkTime } from "./checks";
import { dateOf, logZone, timeOf } from "./format";

export type ProposeValues = { workDate: string; startTime: string; endTime: string; reason: string };

const FIELDS = ["workDate", "startTime", "endTime", "reason"] as const;
const fieldOf = fieldsOf(FIELDS);

export const validatePropose = {
  workDate: checkDate,
  startTime: checkTime("start"),
  endTime: checkTime("end"),
  reason: checkReason,
};

/** What the form starts with: the punch the log has, the person's earlier proposal where there is one. */
export function proposeValuesOf(log: TimeLogItem): ProposeValues {
  const localIn = log.proposal?.localPunchIn ?? log.localPunchIn;
  const localOut = log.proposal?.localPunchOut ?? log.localPunchOut;
  return {
    workDate: localIn ? dateOf(localIn) : log.workDate,
    startTime: timeOf(localIn),
    endTime: timeOf(localOut),
    reason: "",
  };
}

/**
 * The person's proposal for a missing punch: the date and the times they worked (in the store's zone), and why.
 * A manager then accepts or corrects it; nothing changes the log until then.
 */
export function ProposeForm({
  log,
  onDone,
  onCancel,
}: {
  log: TimeLogItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateTimeLog();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<ProposeValues>({
    mode: "controlled",
    initialValues: proposeValuesOf(log),
    validate: validatePropose,
  });

  const submit = form.onSubmit((v) => {
    setGeneralError(null);
    update.mutate(
      {
        userId: log.userId,
        logId: log.id,
        body: {
          kind: "propose",
          workDate: v.workDate,
          startTime: v.startTime,
          endTime: v.endTime,
          reason: v.reason.trim(),
        },
      },
      {
        onSuccess: () => {
          notifications.show({
            color: "teal",
            message: "Your proposal was sent: your manager accepts or corrects it.",
          });
          onDone();
        },
        onError: (err) => {
          const { fieldErrors, other } = splitServerErrors(err, fieldOf);
          form.setErrors(fieldErrors);
          setGeneralError(other);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Propose the time of ${log.workDate} at ${log.storeName}`}>
      <Fieldset variant="unstyled" disabled={update.isPending}>
        <Stack gap="sm">
          {generalError ? <FormError>{generalError}</FormError> : null}
          <TextInput type="date" label="Date" required {...form.getInputProps("workDate")} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="time" label="Start" required {...form.getInputProps("startTime")} />
            <TextInput type="time" label="End" required {...form.getInputProps("endTime")} />
          </SimpleGrid>
          <Text fz="xs" c="dimmed" mt={-4}>
            In the store's time ({logZone(log)}). An end before the start ends the next day.
          </Text>
          <Textarea
            label="Reason"
            description="What happened, for your manager (kept with the log)."
            placeholder="My phone died before I could punch out."
            required
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps("reason")}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Send proposal
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
