import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconInfoCircle, IconMail, IconMailOpened, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { LoadError } from "../../../components/query-state";
import { formatDateTime } from "../../../lib/dates";
import { useMailbox } from "../api/get-mailbox";
import { MessageView } from "../components/message-view";
import classes from "./mailbox-page.module.css";

export function MailboxPage() {
  const query = useMailbox(50);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const wide = useMediaQuery("(min-width: 62em)", true);
  const messages = query.data?.messages ?? [];
  // On a wide screen the newest message is open by default; on a phone the list comes first.
  const selected = messages.find((m) => m.id === selectedId) ?? (wide ? messages[0] : undefined);

  const refresh = (
    <Tooltip label="Check for new mail">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Refresh the mailbox"
        onClick={() => query.refetch()}
        loading={query.isFetching}
      >
        <IconRefresh size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const list = (
    <Card withBorder radius="lg" p={0}>
      <ScrollArea.Autosize mah={wide ? "calc(100dvh - 220px)" : undefined} type="auto">
        {query.isPending ? (
          <Stack gap={0} aria-busy>
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} p="md" className={classes.item}>
                <Skeleton height={14} width="70%" mb={8} />
                <Skeleton height={10} width="45%" />
              </Box>
            ))}
          </Stack>
        ) : messages.length === 0 ? (
          <EmptyState
            py={48}
            px="md"
            variant="light"
            icon={<IconMail size={26} stroke={1.6} />}
            title="The mailbox is empty"
            description="Emails the server sends (password resets, invitations) appear here."
          />
        ) : (
          <Stack gap={0} component="ul" aria-label="Messages" className={classes.list}>
            {messages.map((m) => (
              <li key={m.id}>
                <UnstyledButton
                  className={classes.item}
                  data-active={selected?.id === m.id || undefined}
                  aria-current={selected?.id === m.id ? "true" : undefined}
                  onClick={() => setSelectedId(m.id)}
                  p="md"
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                    <Text fz="sm" fw={600} truncate="end">
                      {m.subject || "(no subject)"}
                    </Text>
                    {m.error ? (
                      <Badge size="xs" color="red" variant="light">
                        Failed
                      </Badge>
                    ) : null}
                  </Group>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fz="xs" c="dimmed" truncate="end">
                      {m.to}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                      {formatDateTime(m.createdAt)}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Card>
  );

  const detail = (
    <Card withBorder radius="lg" p={{ base: "md", sm: "xl" }} mih={320}>
      {!wide && selected ? (
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => setSelectedId(null)}
          mb="sm"
          w="fit-content"
          px={4}
        >
          All messages
        </Button>
      ) : null}
      {selected ? (
        <MessageView message={selected} />
      ) : (
        <EmptyState
          py={48}
          icon={<IconMailOpened size={26} stroke={1.6} />}
          title="No message open"
          description="Choose a message in the list to read it."
        />
      )}
    </Card>
  );

  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Emails the server kept instead of sending: open a password-reset email here to use its link."
        actions={refresh}
      />
      {query.data?.transport === "smtp" ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          An SMTP server is configured: emails are sent for real and listed here with their delivery status.
        </Alert>
      ) : null}
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : wide ? (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{detail}</Grid.Col>
        </Grid>
      ) : selected ? (
        detail
      ) : (
        list
      )}
    </>
  );
}
