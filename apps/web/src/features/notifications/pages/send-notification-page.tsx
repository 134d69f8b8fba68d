import { NOTIFICATION_KINDS, type NotificationKind } from "@fieldlead/contracts";
import { Button, Card, Group, Select, Stack, Tabs } from "@mantine/core";
import { IconInbox, IconList, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { choiceParam, intParam, named, optionalChoiceParam, useListParams } from "../../../lib/list-params";
import { useSent } from "../api/send";
import { INBOX_PATH } from "../api/unread";
import { KIND_LABELS } from "../components/format";
import { SendForm } from "../components/send-form";
import { SendProgress } from "../components/send-progress";
import { SentTable } from "../components/sent-table";

// A module constant: the list hook compares it by identity.
const PARAMS = {
  tab: choiceParam(["new", "sent"], "new"),
  page: intParam(1),
  pageSize: named("size", intParam(25, 1, 200)),
  kind: optionalChoiceParam<NotificationKind>(NOTIFICATION_KINDS),
};

const KIND_OPTIONS = NOTIFICATION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

/**
 * /notifications (`notifications.send`, docs/decisions/0041-notifications-and-support.md): write a notification and
 * pick who gets it, follow its progress, and the notifications sent with their reach and reads.
 */
export function SendNotificationPage() {
  const [params, setParams] = useListParams(PARAMS);
  const [progressId, setProgressId] = useState<number | null>(null);
  const sent = useSent(
    {
      page: params.page,
      pageSize: params.pageSize,
      ...(params.kind ? { kind: params.kind } : {}),
    },
    params.tab === "sent",
  );

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Send a message to people, roles, territories or stores, in the app and by email, and see who read it."
        actions={
          <Button
            component={Link}
            to={INBOX_PATH}
            variant="default"
            leftSection={<IconInbox size={16} aria-hidden />}
          >
            Your inbox
          </Button>
        }
      />
      <Tabs
        value={params.tab}
        onChange={(tab) => tab && setParams({ tab: tab as "new" | "sent" }, { push: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="new" leftSection={<IconPencil size={16} aria-hidden />}>
            New notification
          </Tabs.Tab>
          <Tabs.Tab value="sent" leftSection={<IconList size={16} aria-hidden />}>
            Sent
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="new">
          <Stack gap="md" maw={860}>
            {progressId !== null ? (
              <SendProgress id={progressId} onDismiss={() => setProgressId(null)} />
            ) : null}
            <Card withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
              <SendForm onSent={(n) => setProgressId(n.id)} />
            </Card>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sent">
          <Group mb="sm" gap="sm">
            <Select
              label="Kind"
              placeholder="Every kind"
              data={KIND_OPTIONS}
              value={params.kind}
              onChange={(kind) => setParams({ kind: (kind as NotificationKind | null) ?? null })}
              clearable
              w={220}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
          <SentTable
            query={sent}
            page={params.page}
            pageSize={params.pageSize}
            onPageChange={(page) => setParams({ page })}
            onPageSizeChange={(pageSize) => setParams({ pageSize })}
            filtered={params.kind !== null}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
