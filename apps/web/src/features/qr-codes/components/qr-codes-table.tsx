import type { QrCodeItem } from "@fieldlead/contracts";
import { ActionIcon, Group, Menu, Stack, Text } from "@mantine/core";
import {
  IconDots,
  IconEdit,
  IconPlayerPlay,
  IconPlayerStop,
  IconPrinter,
  IconQrcode,
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
import { formatDateTime } from "../../../lib/dates";
import { QrStatusBadge } from "./code-status";
import { groupLabel } from "./groups";

export type QrRowAction = "show" | "edit" | "print" | "deactivate" | "activate";

/** How a row's buttons name it: "Jo Park (HVAC)" (a person has one code per group). */
export const codeName = (c: QrCodeItem) => `${c.userName} (${groupLabel(c)})`;

const count = new Intl.NumberFormat("en-US");

/** One page of codes, sortable by person, store, group and last change; each row shows, prints and changes its code. */
export function QrCodesTable({
  onAction,
  canEdit,
  emptyAction,
  ...list
}: ListTableProps<QrCodeItem> & {
  onAction: (action: QrRowAction, code: QrCodeItem) => void;
  canEdit: boolean;
  emptyAction?: ReactNode;
}) {
  const columns: DataTableColumn<QrCodeItem>[] = [
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 140,
      render: (c) => (
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600} c={c.isLive ? undefined : "dimmed"}>
            {c.userName}
          </Text>
          {/* Below sm the store and group columns are hidden (below xs the status too): they show here. */}
          <Text fz="xs" c="dimmed" hiddenFrom="md">
            <Text span inherit hiddenFrom="sm">
              {c.storeName} ·{" "}
            </Text>
            {groupLabel(c)}
          </Text>
          <Group hiddenFrom="xs" mt={2}>
            <QrStatusBadge code={c} size="xs" />
          </Group>
        </Stack>
      ),
    },
    {
      key: "storeName",
      header: "Store",
      sortKey: "storeName",
      visibleFrom: "sm",
      skeletonWidth: 120,
      render: (c) => <Text fz="sm">{c.storeName}</Text>,
    },
    {
      key: "group",
      header: "Group",
      sortKey: "group",
      visibleFrom: "md",
      skeletonWidth: 80,
      render: (c) => (
        <Text fz="sm" c={c.group === 0 ? "dimmed" : undefined}>
          {groupLabel(c)}
        </Text>
      ),
    },
    // "Stopped" is the longest status.
    statusColumn((c) => <QrStatusBadge code={c} />, "xs", 128),
    {
      key: "entryCount",
      header: "Entries",
      visibleFrom: "md",
      width: 90,
      align: "right",
      skeletonWidth: 30,
      render: (c) => <Text fz="sm">{count.format(c.entryCount)}</Text>,
    },
    {
      key: "updatedAt",
      header: "Updated",
      sortKey: "updatedAt",
      visibleFrom: "lg",
      skeletonWidth: 110,
      render: (c) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(c.updatedAt)}
        </Text>
      ),
    },
    actionsColumn(
      canEdit ? 112 : 56,
      (c) => (
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <RowActionIcon
            label="Show code"
            name={codeName(c)}
            icon={<IconQrcode size={18} aria-hidden />}
            onClick={() => onAction("show", c)}
          />
          {canEdit ? (
            <>
              <RowActionIcon
                label="Edit"
                name={codeName(c)}
                icon={<IconEdit size={18} aria-hidden />}
                onClick={() => onAction("edit", c)}
              />
              <Menu position="bottom-end" withinPortal shadow="md">
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${codeName(c)}`}>
                    <IconDots size={18} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconPrinter size={16} aria-hidden />}
                    onClick={() => onAction("print", c)}
                  >
                    Print this code
                  </Menu.Item>
                  {c.isActive ? (
                    <Menu.Item
                      c="red"
                      leftSection={<IconPlayerStop size={16} aria-hidden />}
                      onClick={() => onAction("deactivate", c)}
                    >
                      Deactivate
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconPlayerPlay size={16} aria-hidden />}
                      onClick={() => onAction("activate", c)}
                    >
                      Activate
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            </>
          ) : null}
        </Group>
      ),
      canEdit ? 72 : 24,
    ),
  ];

  return (
    <ListTable
      {...list}
      label="QR codes"
      columns={columns}
      rowKey={(c) => c.id}
      // Columns give way as the window narrows: it fits from the phone up, with the side menu open.
      minWidth={0}
      empty={{
        filtered: {
          title: "No code matches these filters",
          description: "Try another spelling or fewer filters, or include inactive codes.",
          icon: <IconQrcode size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "No QR codes yet",
          description: canEdit
            ? "Create one for a lead generator so shoppers can book themselves."
            : "Managers and lead generators create the codes; they will show here.",
          icon: <IconQrcode size={26} stroke={1.6} aria-hidden />,
          action: emptyAction,
        },
      }}
    />
  );
}
