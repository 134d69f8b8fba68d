import type { StoreDetail } from "@fieldlead/contracts";
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconBuildingStore, IconEdit } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn, type SortState } from "../../../components/data-table";
import type { StorePage } from "../api/search-stores";

const dash = (v: string | null) => v || "—";

/** One page of stores, sortable; the name opens the store's page. */
export function StoresTable({
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
  onEdit,
  canEdit,
  filtered,
  emptyAction,
}: {
  data: StorePage | undefined;
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
  onEdit: (store: StoreDetail) => void;
  canEdit: boolean;
  filtered: boolean;
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
            <Badge size="xs" variant="light" color={s.isActive ? "teal" : "gray"} hiddenFrom="xs">
              {s.isActive ? "Active" : "Inactive"}
            </Badge>
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
    {
      key: "status",
      header: "Status",
      visibleFrom: "xs",
      width: 112,
      minWidth: 112,
      skeletonWidth: 60,
      render: (s) => (
        <Badge variant="light" color={s.isActive ? "teal" : "gray"}>
          {s.isActive ? "Active" : "Inactive"}
        </Badge>
      ),
    },
    ...(canEdit
      ? [
          {
            key: "actions",
            header: <VisuallyHidden>Actions</VisuallyHidden>,
            width: 56,
            align: "right" as const,
            skeletonWidth: 24,
            render: (s: StoreDetail) => (
              <Group justify="flex-end">
                <Tooltip label="Edit">
                  <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} onClick={() => onEdit(s)}>
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      label="Stores"
      columns={columns}
      rows={data?.items}
      rowKey={(s) => s.id}
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
      minWidth={900}
      empty={
        filtered
          ? {
              title: "No store matches these filters",
              description: "Try another spelling or fewer filters, or include inactive stores.",
              icon: <IconBuildingStore size={26} stroke={1.6} />,
            }
          : {
              title: "No stores yet",
              description: "Add the stores where your lead generators work.",
              icon: <IconBuildingStore size={26} stroke={1.6} />,
              action: emptyAction,
            }
      }
    />
  );
}
