import { Box, Button, Card, Group, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconChecks } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "../../../components/page-header";
import { TablePager } from "../../../components/table-pager";
import { errorMessage } from "../../../lib/api-error";
import { intParam, switchParam, useListParams } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { useInbox, useMarkRead } from "../api/inbox";
import { unreadQueryOptions } from "../api/unread";
import { EmailPreference } from "../components/email-preference";
import { InboxList } from "../components/inbox-list";
import { useOpenNotification } from "../components/use-open-notification";

export const INBOX_PAGE_SIZE = 20;

// A module constant: the list hook compares it by identity.
const PARAMS = { page: intParam(1), unread: switchParam() };

/**
 * /inbox: everyone's own notifications from every organization they belong to, newest first
 * (docs/decisions/0041-notifications-and-support.md). Opening one marks it read and goes to its link; "Mark all as
 * read"; "Unread only"; and whether they also come by email.
 */
export function InboxPage() {
  const user = useSession();
  const [params, setParams] = useListParams(PARAMS);
  const body = { page: params.page, pageSize: INBOX_PAGE_SIZE, unreadOnly: params.unread };
  const query = useInbox(body);
  // The bell's count (kept live) is the one figure; the page's own answer stands in until it is known.
  const count = useQuery(unreadQueryOptions());
  const unread = count.data?.unread ?? query.data?.unread ?? 0;
  const markRead = useMarkRead();
  const { open, switching } = useOpenNotification();
  const total = query.data?.total ?? 0;
  const manyOrganizations = (user?.organizations.filter((o) => !o.isDeleted).length ?? 0) > 1;

  const markAll = () =>
    markRead.mutate("all", {
      onSuccess: () => notifications.show({ color: "teal", message: "Every notification is marked read." }),
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not mark them read", message: errorMessage(err) }),
    });

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Your notifications from every organization you work in: messages from your managers and FieldLead's notices."
        actions={
          <Button
            variant="default"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables === "all"}
            onClick={markAll}
          >
            Mark all as read
          </Button>
        }
      />
      <Card withBorder radius="lg" mb="md" p="md">
        <EmailPreference />
      </Card>
      <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
        <Switch
          label="Unread only"
          checked={params.unread}
          onChange={(e) => setParams({ unread: e.currentTarget.checked })}
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          {unread === 0 ? "Nothing unread" : `${unread.toLocaleString("en-US")} unread`}
          {switching ? " · switching organization…" : ""}
        </Text>
      </Group>
      <InboxList
        items={query.data?.items}
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.error}
        onRetry={() => void query.refetch()}
        unreadOnly={params.unread}
        showOrganization={manyOrganizations}
        onOpen={open}
      />
      {query.data && (total > INBOX_PAGE_SIZE || params.page > 1) ? (
        <Box mt="sm">
          <TablePager
            total={total}
            page={params.page}
            pageSize={INBOX_PAGE_SIZE}
            onPageChange={(page) => setParams({ page })}
            bare
          />
        </Box>
      ) : null}
    </>
  );
}
