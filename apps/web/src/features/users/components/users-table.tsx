import { SUBSCRIPTIONS, type UserListItem } from "@fieldlead/contracts";
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Group,
  Menu,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconDots,
  IconEdit,
  IconEye,
  IconMailForward,
  IconUserCheck,
  IconUserOff,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { DataTable, type DataTableColumn, type SortState } from "../../../components/data-table";
import { formatDateTime } from "../../../lib/dates";
import type { UserPage } from "../api/search-users";
import { UserStatusBadges } from "./user-drawer";

/** Program-portal people (subscriptions 2 and 16) are marked under their role. */
const PROGRAM_LABELS: Record<number, string> = { 2: "Partner portal", 16: "Retailer portal" };
const programName = (subscriptionId: number) =>
  PROGRAM_LABELS[subscriptionId] ??
  SUBSCRIPTIONS.find((s) => s.id === subscriptionId)?.name ??
  `Subscription ${subscriptionId}`;

const initials = (u: UserListItem) => `${u.firstName[0] ?? ""}${u.lastName[0] ?? ""}`.toUpperCase();

export type UserRowAction = "open" | "invite" | "deactivate" | "activate";

function Territories({ user }: { user: UserListItem }) {
  if (user.territories.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        All
      </Text>
    );
  const shown = user.territories.slice(0, 2);
  const more = user.territories.length - shown.length;
  return (
    <Group gap={4} wrap="wrap">
      {shown.map((t) => (
        // A long name is cut (the badge's own ellipsis) so the column can stay narrow; the title says it all.
        <Badge
          key={t.id}
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          fw={500}
          maw={140}
          title={t.name}
        >
          {t.name}
        </Badge>
      ))}
      {more > 0 ? (
        <Tooltip label={user.territories.map((t) => t.name).join(", ")}>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            +{more}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** One page of people, sortable, with the actions a manager may take on each. */
export function UsersTable({
  data,
  loading,
  fetching,
  error,
  onRetry,
  page,
  pageSize,
  sort,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  onAction,
  canManage,
  emptyAction,
  filtered,
}: {
  data: UserPage | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  sort: SortState;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (sort: SortState) => void;
  onAction: (action: UserRowAction, user: UserListItem) => void;
  canManage: boolean;
  emptyAction?: ReactNode;
  filtered: boolean;
}) {
  const columns: DataTableColumn<UserListItem>[] = [
    {
      key: "name",
      header: "Name",
      sortKey: "name",
      skeletonWidth: 160,
      render: (u) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            size={32}
            radius="xl"
            color={u.isActive ? "indigo" : "gray"}
            variant="light"
            visibleFrom="xs"
          >
            {initials(u)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0, maxWidth: "100%" }}>
            <Anchor
              component="button"
              type="button"
              fw={600}
              fz="sm"
              ta="left"
              c={u.isActive ? undefined : "dimmed"}
              style={{ whiteSpace: "nowrap" }}
              onClick={() => onAction("open", u)}
            >
              {u.name}
            </Anchor>
            {/* Capped so a long address does not widen the column; it is whole in the drawer (and from xl). */}
            <Text fz="xs" c="dimmed" hiddenFrom="xl" truncate="end" maw={180} title={u.email}>
              {u.email}
            </Text>
            <Group gap={6} hiddenFrom="sm" mt={4} wrap="nowrap">
              <UserStatusBadges user={u} />
              <Text fz="xs" c="dimmed" truncate="end">
                {u.roleName}
              </Text>
            </Group>
          </Stack>
        </Group>
      ),
    },
    {
      key: "email",
      header: "Email",
      sortKey: "email",
      visibleFrom: "xl",
      skeletonWidth: 180,
      render: (u) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {u.email}
        </Text>
      ),
    },
    {
      key: "phone",
      header: "Phone",
      visibleFrom: "xl",
      skeletonWidth: 90,
      render: (u) => (
        <Text fz="sm" c={u.phone ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
          {u.phone ?? "—"}
        </Text>
      ),
    },
    {
      key: "role",
      header: "Role",
      sortKey: "role",
      visibleFrom: "sm",
      skeletonWidth: 100,
      render: (u) => (
        // The role may wrap at a space when the table is tight ("Lead Generator / Lead").
        <Stack gap={0}>
          <Text fz="sm">{u.roleName}</Text>
          {u.subscriptionId !== 1 ? (
            <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {programName(u.subscriptionId)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "territories",
      header: "Territories",
      visibleFrom: "lg",
      skeletonWidth: 100,
      render: (u) => <Territories user={u} />,
    },
    {
      key: "status",
      header: "Status",
      visibleFrom: "sm",
      width: 112,
      minWidth: 112,
      skeletonWidth: 60,
      render: (u) => <UserStatusBadges user={u} />,
    },
    {
      key: "lastLoginAt",
      header: "Last sign-in",
      sortKey: "lastLoginAt",
      // The date and time wrap onto two lines when the table is tight.
      visibleFrom: "md",
      skeletonWidth: 110,
      render: (u) => (
        <Text fz="sm" c="dimmed">
          {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : "Never"}
        </Text>
      ),
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 84,
      align: "right",
      skeletonWidth: 40,
      render: (u) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <Tooltip label={canManage ? "Edit" : "View"}>
            <ActionIcon
              variant="subtle"
              aria-label={`${canManage ? "Edit" : "View"} ${u.name}`}
              onClick={() => onAction("open", u)}
            >
              {canManage ? <IconEdit size={18} /> : <IconEye size={18} />}
            </ActionIcon>
          </Tooltip>
          {canManage ? (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${u.name}`}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconMailForward size={16} />}
                  disabled={!u.isActive}
                  onClick={() => onAction("invite", u)}
                >
                  {u.hasPassword ? "Send a sign-in link" : "Send invitation again"}
                </Menu.Item>
                {u.isActive ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconUserOff size={16} />}
                    onClick={() => onAction("deactivate", u)}
                  >
                    Deactivate
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    leftSection={<IconUserCheck size={16} />}
                    onClick={() => onAction("activate", u)}
                  >
                    Activate
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={data?.items}
      rowKey={(u) => u.id}
      total={data?.total}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      sort={sort}
      onSortChange={onSortChange}
      loading={loading}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      // The columns' own narrowest widths decide when it scrolls: it fits at 1200 px with the side menu open.
      minWidth={640}
      empty={
        filtered
          ? {
              title: "No one matches these filters",
              description: "Try another spelling, fewer filters, or include inactive people.",
              icon: <IconUsers size={26} stroke={1.6} />,
            }
          : {
              title: "No users yet",
              description: "Add the people of your organization and invite them to set their password.",
              icon: <IconUsers size={26} stroke={1.6} />,
              action: emptyAction,
            }
      }
    />
  );
}
