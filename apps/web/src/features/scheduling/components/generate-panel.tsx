import { addDays, type GenerateWindowsResponse } from "@fieldlead/contracts";
import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useState } from "react";
import { DateRangeField } from "../../../components/date-range-field";
import { FormError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { useGenerateWindows } from "../api/windows";

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Created 72 windows, 0 already there" and what was skipped. */
export function generatedSentence(r: GenerateWindowsResponse): string {
  const parts = [`Created ${count(r.created, "window")}`, `${r.alreadyThere} already there`];
  if (r.skippedInPast) parts.push(`${r.skippedInPast} skipped because they would already have started`);
  if (r.skippedInGap) parts.push(`${r.skippedInGap} skipped because the clocks skip their hour that day`);
  return parts.join(", ");
}

/** Generates dated windows from the template for a range (the next 4 weeks by default); idempotent. */
export function GeneratePanel({
  appointmentTypeId,
  storeId,
  today,
}: {
  appointmentTypeId: number;
  storeId: number | null;
  /** Today in the organization's zone. */
  today: string;
}) {
  const [range, setRange] = useState<[string | null, string | null]>([today, addDays(today, 27)]);
  const mutation = useGenerateWindows();
  const [from, to] = range;
  const generate = () => {
    if (!from || !to) return;
    mutation.mutate({ appointmentTypeId, ...(storeId ? { storeId } : {}), from, to });
  };
  const rangeError = mutation.error ? errorMessage(mutation.error) : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="generate-heading">
      <Stack gap="sm">
        <Title order={2} fz="md" id="generate-heading">
          Generate windows
        </Title>
        <Text fz="sm" c="dimmed">
          Makes the dated windows of this template for the days chosen (at most 26 weeks). Days that already
          have them keep them.
        </Text>
        <DateRangeField label="Days" placeholder="First and last day" value={range} onChange={setRange} />
        <Button
          leftSection={<IconCalendarPlus size={16} />}
          onClick={generate}
          loading={mutation.isPending}
          disabled={!from || !to}
        >
          Generate windows
        </Button>
        {rangeError ? <FormError>{rangeError}</FormError> : null}
        {mutation.data ? (
          <Text fz="sm" role="status" c="teal">
            {generatedSentence(mutation.data)}.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
