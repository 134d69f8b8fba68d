import { isPortalSubscription, programOf, SUBSCRIPTIONS, type UserListItem } from "@fieldlead/contracts";
import { ActionIcon, Anchor, Avatar, Badge, Group, Menu, Stack, Text, Tooltip } from "@mantine/core";
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
import type { DataTableColumn } from "../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
  statusColumn,
} from "../../../components/list-table";
import { ShrinkingText } from "../../../components/shrinking-text";
import { formatDateTime } from "../../../lib/dates";
import { UserStatusBadges } from "./user-drawer";

/** Program-portal people (the two partner programs) are marked under their role. */
const PROGRAM_LABELS: Partial<Record<string, string>> = {
  secondPartner: "Partner portal",
  retailerProgram: "Retailer portal",
};
const programName = (u: UserListItem) =>
  PROGRAM_LABELS[programOf(u) ?? ""] ??
  SUBSCRIPTIONS.find((s) => s.id === u.subscriptionId)?.name ??
  `Subscription ${u.subscriptionId}`;

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
          maw={120}
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
  onAction,
  canManage,
  emptyAction,
  ...list
}: ListTableProps<UserListItem> & {
  onAction: (action: UserRowAction, user: UserListItem) => void;
  canManage: boolean;
  emptyAction?: ReactNode;
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
            {/* The address gives way to the other columns; it has its own column from xl. */}
            <ShrinkingText text={u.email} fz="xs" c="dimmed" hiddenFrom="xl" />
            {/* Below lg the Status column (and below sm the Role column) is hidden: they show here. */}
            <Group gap={6} hiddenFrom="lg" mt={4} wrap="nowrap">
              <UserStatusBadges user={u} />
              <Text fz="xs" c="dimmed" truncate="end" hiddenFrom="sm">
                {isPortalSubscription(u.subscriptionId) ? `${u.roleName} · ${programName(u)}` : u.roleName}
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
      // A long address is cut when the table is tight (the whole one is in its title and the drawer).
      render: (u) => <ShrinkingText text={u.email} />,
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
        // The role and its program may wrap at a space when the table is tight ("Lead Generator / Lead").
        <Stack gap={0}>
          <Text fz="sm">{u.roleName}</Text>
          {isPortalSubscription(u.subscriptionId) ? (
            <Text fz="xs" c="dimmed">
              {programName(u)}
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
    statusColumn((u) => <UserStatusBadges user={u} />, "lg"),
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
    actionsColumn(
      84,
      (u) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <RowActionIcon
            label={canManage ? "Edit" : "View"}
            name={u.name}
            icon={canManage ? <IconEdit size={18} /> : <IconEye size={18} />}
            onClick={() => onAction("open", u)}
          />
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
                    c="red"
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
      40,
    ),
  ];

  return (
    <ListTable
      {...list}
      label="Users"
      columns={columns}
      rowKey={(u) => u.id}
      // Columns give way as the window narrows: it fits from the phone up, with the side menu open.
      minWidth={0}
      empty={{
        filtered: {
          title: "No one matches these filters",
          description: "Try another spelling, fewer filters, or include inactive people.",
          icon: <IconUsers size={26} stroke={1.6} />,
        },
        none: {
          title: "No users yet",
          description: "Add the people of your organization and invite them to set their password.",
          icon: <IconUsers size={26} stroke={1.6} />,
          action: emptyAction,
        },
      }}
    />
  );
}
