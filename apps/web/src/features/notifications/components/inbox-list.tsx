import type { InboxItem } from "@fieldlead/contracts";
import {
  Card,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconBellOff, IconExternalLink } from "@tabler/icons-react";
import { LoadError } from "../../../components/query-state";
import { formatDateTime } from "../../../lib/dates";
import { senderOf, timeAgo } from "./format";
import classes from "./inbox-list.module.css";
import { KindIcon } from "./kind-icon";
import { UnreadDot } from "./unread-dot";

function InboxEntry({
  n,
  showOrganization,
  onOpen,
}: {
  n: InboxItem;
  showOrganization: boolean;
  onOpen: (n: InboxItem) => void;
}) {
  const unread = n.readAt === null;
  const from = senderOf(n);
  return (
    <li className={classes.entry} data-unread={unread || undefined}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <KindIcon kind={n.kind} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Group gap={8} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
              <UnreadDot visible={unread} />
              {/* The title opens it; the whole entry is its target (the button's area covers it). */}
              <UnstyledButton
                className={classes.open}
                onClick={() => onOpen(n)}
                fz="md"
                fw={unread ? 700 : 500}
                style={{ overflowWrap: "anywhere" }}
              >
                {n.title}
                {unread ? <VisuallyHidden>, unread</VisuallyHidden> : null}
                {n.link ? (
                  <IconExternalLink
                    size={14}
                    aria-hidden
                    style={{ marginLeft: 6, verticalAlign: "-2px", color: "var(--mantine-color-anchor)" }}
                  />
                ) : null}
              </UnstyledButton>
            </Group>
            <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                {timeAgo(n.createdAt)}
              </time>
            </Text>
          </Group>
          <Text fz="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {n.body}
          </Text>
          <Text fz="xs" c="dimmed">
            From {from}
            {showOrganization ? ` · ${n.organizationName}` : ""}
          </Text>
        </Stack>
      </Group>
    </li>
  );
}

/**
 * One page of the caller's notifications, newest first: unread ones bold with a dot; each opens with its title (or
 * a click anywhere on it), which marks it read and goes to its link.
 */
export function InboxList({
  items,
  loading,
  fetching,
  error,
  onRetry,
  unreadOnly,
  showOrganization,
  onOpen,
}: {
  items: readonly InboxItem[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  unreadOnly: boolean;
  /** The person belongs to more than one organization: each notification says which it is from. */
  showOrganization: boolean;
  onOpen: (n: InboxItem) => void;
}) {
  if (error && !items) return <LoadError error={error} onRetry={onRetry} />;
  if (loading)
    return (
      <Card withBorder radius="lg" p={0} aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2, 3].map((i) => (
          <Group key={i} gap="sm" p="md" wrap="nowrap" align="flex-start" className={classes.skeleton}>
            <Skeleton circle height={34} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={14} width="45%" radius="sm" />
              <Skeleton height={12} width="85%" radius="sm" />
              <Skeleton height={10} width="30%" radius="sm" />
            </Stack>
          </Group>
        ))}
      </Card>
    );
  if (!items || items.length === 0)
    return (
      <Card withBorder radius="lg" p={0}>
        <EmptyState
          py={56}
          px="md"
          variant="light"
          icon={<IconBellOff size={26} stroke={1.6} aria-hidden />}
          title={unreadOnly ? "No unread notifications" : "No notifications yet"}
          description={
            unreadOnly
              ? "You have read them all. Turn off “Unread only” to see every one."
              : "Messages from your managers and FieldLead's notices (a missing punch, a delivery that failed, an invitation) show here."
          }
        />
      </Card>
    );
  return (
    <Card withBorder radius="lg" p={0}>
      {error ? <LoadError error={error} onRetry={onRetry} /> : null}
      <ul
        className={classes.list}
        aria-label="Notifications"
        aria-busy={fetching}
        style={{ opacity: fetching ? 0.6 : 1, transition: "opacity 120ms" }}
      >
        {items.map((n) => (
          <InboxEntry key={n.id} n={n} showOrganization={showOrganization} onOpen={onOpen} />
        ))}
      </ul>
    </Card>
  );
}
