import type { StoreDetail } from "@fieldlead/contracts";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { IconBuildingStore, IconEdit } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ActiveBadge } from "../../../components/active-status";
import type { DataTableColumn } from "../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
  statusColumn,
} from "../../../components/list-table";

const dash = (v: string | null) => v || "—";

/** One page of stores, sortable; the name opens the store's page. */
export function StoresTable({
  onEdit,
  canEdit,
  emptyAction,
  ...list
}: ListTableProps<StoreDetail> & {
  onEdit: (store: StoreDetail) => void;
  canEdit: boolean;
  emptyAction?: ReactNode;
}) {
  const columns: DataTableColumn<StoreDetail>[] = [
    {
      key: "name",
      header: "Store",
      sortKey: "name",
      skeletonWidth: 180,
      render: (s) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/stores/${s.id}`}
            fw={600}
            fz="sm"
            c={s.isActive ? undefined : "dimmed"}
          >
            {s.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {[s.address, s.city && s.state ? `${s.city}, ${s.state}` : s.city].filter(Boolean).join(" · ") ||
              "No address"}
          </Text>
          <Group gap={6} hiddenFrom="sm" mt={4} wrap="nowrap">
            <ActiveBadge active={s.isActive} size="xs" hiddenFrom="xs" />
            <Text fz="xs" c="dimmed" truncate="end">
              {[s.brandName, s.territoryName].filter(Boolean).join(" · ")}
            </Text>
          </Group>
        </Stack>
      ),
    },
    {
      key: "storeNumber",
      header: "Number",
      sortKey: "storeNumber",
      visibleFrom: "md",
      width: 100,
      skeletonWidth: 50,
      render: (s) => <Text fz="sm">{dash(s.storeNumber)}</Text>,
    },
    {
      key: "brand",
      header: "Brand",
      sortKey: "brand",
      visibleFrom: "sm",
      skeletonWidth: 90,
      render: (s) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {dash(s.brandName)}
        </Text>
      ),
    },
    {
      key: "city",
      header: "City",
      sortKey: "city",
      visibleFrom: "lg",
      skeletonWidth: 90,
      render: (s) => <Text fz="sm">{dash(s.city)}</Text>,
    },
    {
      key: "state",
      header: "State",
      sortKey: "state",
      visibleFrom: "lg",
      width: 80,
      skeletonWidth: 30,
      render: (s) => <Text fz="sm">{dash(s.state)}</Text>,
    },
    {
      key: "territory",
      header: "Territory",
      sortKey: "territory",
      visibleFrom: "sm",
      skeletonWidth: 90,
      render: (s) => (
        <Text fz="sm" c={s.territoryName ? undefined : "dimmed"}>
          {s.territoryName ?? "None"}
        </Text>
      ),
    },
    statusColumn((s) => <ActiveBadge active={s.isActive} />, "xs"),
    ...(canEdit
      ? [
          actionsColumn(56, (s: StoreDetail) => (
            <Group justify="flex-end">
              <RowActionIcon
                label="Edit"
                name={s.name}
                icon={<IconEdit size={18} />}
                onClick={() => onEdit(s)}
              />
            </Group>
          )),
        ]
      : []),
  ];

  return (
    <ListTable
      {...list}
      label="Stores"
      columns={columns}
      rowKey={(s) => s.id}
      minWidth={900}
      empty={{
        filtered: {
          title: "No store matches these filters",
          description: "Try another spelling or fewer filters, or include inactive stores.",
          icon: <IconBuildingStore size={26} stroke={1.6} />,
        },
        none: {
          title: "No stores yet",
          description: "Add the stores where your lead generators work.",
          icon: <IconBuildingStore size={26} stroke={1.6} />,
          action: emptyAction,
        },
      }}
    />
  );
}
