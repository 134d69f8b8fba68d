import type { CaptureEntryItem } from "@fieldlead/contracts";
import { Code, Drawer, SimpleGrid, Stack, Text } from "@mantine/core";
import { reasonName, sourceName, zoneAbbreviation } from "./lead-names";

/** One raw submission, exactly as it was sent. */
export function CaptureEntryDrawer({
  entry,
  onClose,
}: {
  entry: CaptureEntryItem | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size={560}
      padding="lg"
      title={entry ? `Capture entry #${entry.id}` : "Capture entry"}
    >
      {entry ? (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="sm">
            {[
              ["Received", `${entry.receivedAtLocal} ${zoneAbbreviation(entry.timeZone, entry.receivedAt)}`],
              ["Source", sourceName(entry.source)],
              ["Outcome", entry.outcome],
              ["Lead", entry.leadId ? `#${entry.leadId}` : "—"],
              ["Store", entry.storeName ?? "—"],
              ["Submitted by", entry.leadGeneratorName ?? "—"],
            ].map(([label, value]) => (
              <Stack key={label} gap={2}>
                <Text fz="xs" c="dimmed">
                  {label}
                </Text>
                <Text fz="sm">{value}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          {entry.message || entry.rejectionReason ? (
            <Text fz="sm">{entry.message ?? reasonName(entry.rejectionReason)}</Text>
          ) : null}
          <Text fz="xs" c="dimmed">
            As submitted
          </Text>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
            {JSON.stringify(entry.payload, null, 2)}
          </Code>
        </Stack>
      ) : null}
    </Drawer>
  );
}
