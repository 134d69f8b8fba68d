import type { DuplicateMatch } from "@fieldlead/contracts";
import { Alert, Button, List, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";

const matched = (m: DuplicateMatch) =>
  m.matchedOn.length === 2 ? "phone and email" : m.matchedOn[0] === "email" ? "email" : "phone number";

/** Shown before saving when the shopper's phone or email is already on an earlier lead within the window. */
export function DuplicateWarning({
  matches,
  windowDays,
  saving,
  onSaveAnyway,
  onEdit,
}: {
  matches: DuplicateMatch[];
  windowDays: number;
  saving: boolean;
  onSaveAnyway: () => void;
  onEdit: () => void;
}) {
  const first = matches[0];
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      radius="md"
      icon={<IconCopy size={20} />}
      title="This shopper may already be a lead"
      data-testid="duplicate-warning"
    >
      <Stack gap="sm">
        <Text fz="sm">
          The same {first ? matched(first) : "phone or email"} was captured in the last {windowDays} days. If
          you save, the new lead is linked to the earlier one as a duplicate.
        </Text>
        <List fz="sm" spacing={4}>
          {matches.slice(0, 3).map((m) => (
            <List.Item key={m.leadId}>
              <b>Lead #{m.leadId}</b>, {m.capturedAtLocal} (store time)
              {m.storeName ? ` at ${m.storeName}` : ""}
              {m.leadGeneratorName ? ` by ${m.leadGeneratorName}` : ""} · {m.statusName} · same {matched(m)}
            </List.Item>
          ))}
        </List>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button color="orange" size="md" onClick={onSaveAnyway} loading={saving}>
            Save anyway
          </Button>
          <Button variant="default" size="md" onClick={onEdit} disabled={saving}>
            Edit details
          </Button>
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}
