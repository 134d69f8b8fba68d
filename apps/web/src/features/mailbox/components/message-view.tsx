import type { MailboxMessage } from "@fieldlead/contracts";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { formatDateTime } from "../../../lib/dates";
import { LinkifiedText } from "./linkified-text";

/** One email: who it went to, when, and its text with clickable links (or its HTML, sandboxed). */
export function MessageView({ message }: { message: MailboxMessage }) {
  const [view, setView] = useState<"text" | "html">("text");
  return (
    <Stack gap="md" component="article" aria-label={message.subject}>
      <Stack gap={6}>
        <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
          {message.subject || "(no subject)"}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Text fz="sm">
            <Text span c="dimmed" fz="sm">
              To{" "}
            </Text>
            {message.to}
          </Text>
          {message.error ? (
            <Badge color="red" variant="light">
              Not sent
            </Badge>
          ) : message.sentAt ? (
            <Badge color="teal" variant="light" c="dark.7">
              Sent
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Kept in the mailbox
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {formatDateTime(message.sentAt ?? message.createdAt)}
        </Text>
      </Stack>
      {message.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Delivery failed">
          {message.error}
        </Alert>
      ) : null}
      {message.html ? (
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={view}
          onChange={(v) => setView(v as "text" | "html")}
          data={[
            { value: "text", label: "Text" },
            { value: "html", label: "HTML" },
          ]}
          aria-label="Show the email as"
        />
      ) : null}
      {message.attachments.length ? (
        <Group gap="xs" data-testid="message-attachments">
          <Text fz="sm" c="dimmed">
            Attached:
          </Text>
          {message.attachments.map((f) => (
            <Anchor
              key={f.filename}
              fz="sm"
              href={`data:${f.contentType.split(";")[0]};charset=utf-8,${encodeURIComponent(f.content)}`}
              download={f.filename}
            >
              {f.filename}
            </Anchor>
          ))}
        </Group>
      ) : null}
      <Divider />
      {view === "html" && message.html ? (
        <Box
          component="iframe"
          title={`HTML of ${message.subject}`}
          // No scripts, no same-origin access: the HTML of an email is only looked at.
          sandbox=""
          srcDoc={message.html}
          w="100%"
          h={480}
          style={{
            border: "1px solid var(--mantine-color-default-border)",
            borderRadius: 8,
            background: "white",
          }}
        />
      ) : (
        <Text
          fz="sm"
          component="div"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", lineHeight: 1.6 }}
          data-testid="message-text"
        >
          <LinkifiedText text={message.text} />
        </Text>
      )}
    </Stack>
  );
}
