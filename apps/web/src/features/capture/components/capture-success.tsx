import type { LeadUpsertResponse } from "@fieldlead/contracts";
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCopy, IconPlus } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";

/** The clear "it is saved" state after a capture, with the one next step: the next shopper. */
export function CaptureSuccess({ result, onAnother }: { result: LeadUpsertResponse; onAnother: () => void }) {
  const lead = result.lead;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card withBorder radius="lg" p="xl" data-testid="capture-success">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius={72} color="teal" variant="light">
          <IconCircleCheck size={44} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={24} ref={heading} tabIndex={-1} style={{ outline: "none" }}>
          Lead saved
        </Title>
        {lead ? (
          <Stack gap={4} align="center">
            <Text fw={600} fz="lg">
              {lead.firstName} {lead.lastName}
            </Text>
            <Text c="dimmed" fz="sm">
              Lead #{lead.id} · {lead.serviceTypeName} · {lead.storeName}
            </Text>
            <Text c="dimmed" fz="sm">
              Captured {lead.capturedAtLocal} {zoneAbbreviation(lead.timeZone, lead.capturedAt)}
            </Text>
          </Stack>
        ) : null}
        {result.isDuplicate && result.duplicateOf ? (
          <Group gap={6} wrap="nowrap" c="orange.8" justify="center">
            <IconCopy size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm" fw={600}>
              Linked to lead #{result.duplicateOf.leadId} as a duplicate
            </Text>
          </Group>
        ) : null}
        <Button
          size="lg"
          fullWidth
          leftSection={<IconPlus size={20} />}
          onClick={onAnother}
          mt="sm"
          data-autofocus
        >
          Capture another
        </Button>
      </Stack>
    </Card>
  );
}
