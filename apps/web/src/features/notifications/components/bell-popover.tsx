import type { InboxItem } from "@fieldlead/contracts";
import {
  Box,
  Button,
  Divider,
  Group,
  Popover,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBellOff, IconChecks } from "@tabler/icons-react";
import { type ReactElement, useId } from "react";
import { Link, useNavigate } from "react-router";
import { LoadError } from "../../../components/query-state";
import { errorMessage } from "../../../lib/api-error";
import { LATEST_COUNT, useInbox, useMarkRead } from "../api/inbox";
import { INBOX_PATH } from "../api/unread";
import classes from "./bell-popover.module.css";
import { firstLine, timeAgo } from "./format";
import { UnreadDot } from "./unread-dot";
import { useOpenNotification } from "./use-open-notification";

const LATEST = { page: 1, pageSize: LATEST_COUNT, unreadOnly: false };

function LatestItem({ n, onOpen }: { n: InboxItem; onOpen: (n: InboxItem) => void }) {
  const unread = n.readAt === null;
  return (
    <li>
      <UnstyledButton className={classes.item} onClick={() => onOpen(n)} data-unread={unread || undefined}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Box pt={6}>
            <UnreadDot visible={unread} />
          </Box>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fz="sm" fw={unread ? 700 : 500} lineClamp={2}>
              {n.title}
              {unread ? <VisuallyHidden>, unread</VisuallyHidden> : null}
            </Text>
            <Text fz="xs" c="dimmed" truncate="end">
              {firstLine(n.body)}
            </Text>
            <Text fz="xs" c="dimmed">
              <time dateTime={n.createdAt}>{timeAgo(n.createdAt)}</time>
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/**
 * The bell's dropdown (loaded with the bell's first use): the latest notifications, unread ones bold with a dot;
 * opening one marks it read and goes to its link (or to the inbox); "Mark all as read"; "See all" opens the inbox.
 */
export function BellPopover({
  target,
  opened,
  onChange,
  unread,
}: {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  unread: number;
}) {
  const latest = useInbox(LATEST, opened);
  const markRead = useMarkRead();
  const { open } = useOpenNotification();
  const navigate = useNavigate();
  const items = latest.data?.items ?? [];
  const headingId = useId();

  const onOpen = (n: InboxItem) => {
    onChange(false);
    if (open(n) === "shown") navigate(INBOX_PATH);
  };
  const markAll = () =>
    markRead.mutate("all", {
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not mark them read", message: errorMessage(err) }),
    });

  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={360}
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
      withinPortal
      // The bell is in the fixed header: never out of view.
      hideDetached={false}
    >
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={headingId} maw="calc(100vw - 16px)">
        <Group justify="space-between" gap="xs" px="md" py="sm" wrap="nowrap">
          <Text fw={700} fz="sm" component="h2" m={0} id={headingId}>
            Notifications
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={unread === 0}
            loading={markRead.isPending && markRead.variables === "all"}
            onClick={markAll}
          >
            Mark all as read
          </Button>
        </Group>
        <Divider />
        {latest.isPending ? (
          <Stack gap="sm" p="md" aria-busy="true" aria-label="Loading notifications">
            {[0, 1, 2].map((i) => (
              <Stack key={i} gap={6}>
                <Skeleton height={12} width="70%" radius="sm" />
                <Skeleton height={10} width="90%" radius="sm" />
              </Stack>
            ))}
          </Stack>
        ) : latest.error ? (
          <Box p="sm">
            <LoadError error={latest.error} onRetry={() => void latest.refetch()} />
          </Box>
        ) : items.length === 0 ? (
          <Stack align="center" gap={6} py="xl" px="md">
            <IconBellOff size={26} stroke={1.6} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fz="sm" fw={600}>
              No notifications yet
            </Text>
            <Text fz="xs" c="dimmed" ta="center">
              Messages from your managers and FieldLead's notices show here.
            </Text>
          </Stack>
        ) : (
          <ul className={classes.list} aria-label="Latest notifications">
            {items.map((n) => (
              <LatestItem key={n.id} n={n} onOpen={onOpen} />
            ))}
          </ul>
        )}
        <Divider />
        <Box p={6}>
          <Button component={Link} to={INBOX_PATH} variant="subtle" fullWidth onClick={() => onChange(false)}>
            See all
          </Button>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
