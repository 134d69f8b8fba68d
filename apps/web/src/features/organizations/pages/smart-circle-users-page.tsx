import {
  ROLE,
  SMART_CIRCLE_SORT_KEYS,
  type SmartCircleUser,
  type SmartCircleUsersRequest,
} from "@fieldlead/contracts";
import { Badge, Button, MultiSelect, SegmentedControl, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFileTypeXls, IconUsersGroup } from "@tabler/icons-react";
import { useMemo } from "react";
import { DataTable, type DataTableColumn, type SortState } from "../../../components/data-table";
import { EXPORT_NAME, ExportLabel } from "../../../components/export-label";
import { FilterBar } from "../../../components/filter-bar";
import { PageHeader } from "../../../components/page-header";
import { SearchInput } from "../../../components/search-input";
import { errorMessage } from "../../../lib/api-error";
import { formatDateTime } from "../../../lib/dates";
import {
  choiceParam,
  flagParam,
  idsParam,
  intParam,
  textParam,
  useListParams,
} from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { type SmartCircleExportFormat, useExportSmartCircleUsers } from "../api/export-smart-circle-users";
import { useOrganizations } from "../api/get-organizations";
import { useSmartCircleUsers } from "../api/get-smart-circle-users";

const PARAMS = {
  page: intParam(1),
  pageSize: intParam(25),
  sortBy: choiceParam(SMART_CIRCLE_SORT_KEYS, "name"),
  sortDirection: choiceParam(["asc", "desc"] as const, "asc"),
  search: textParam(),
  organizationIds: idsParam(),
  isActive: flagParam(true),
};

const ACTIVE_OPTIONS = [
  { value: "true", label: "Active" },
  { value: "false", label: "Inactive" },
  { value: "all", label: "All" },
];

const columns: DataTableColumn<SmartCircleUser>[] = [
  {
    key: "name",
    header: "Name",
    sortKey: "name",
    skeletonWidth: 140,
    render: (u) => (
      <Stack gap={0}>
        <Text fz="sm" fw={600} c={u.isActive ? undefined : "dimmed"} style={{ whiteSpace: "nowrap" }}>
          {u.name}
        </Text>
        <Text fz="xs" c="dimmed" hiddenFrom="xl" truncate="end">
          {u.email}
        </Text>
        <Text fz="xs" c="dimmed" hiddenFrom="md">
          {u.organizationName}
        </Text>
      </Stack>
    ),
  },
  {
    key: "email",
    header: "Email",
    sortKey: "email",
    visibleFrom: "xl",
    skeletonWidth: 170,
    render: (u) => (
      <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
        {u.email}
      </Text>
    ),
  },
  {
    key: "organization",
    header: "Organization",
    sortKey: "organization",
    visibleFrom: "md",
    skeletonWidth: 120,
    render: (u) => (
      <Stack gap={0}>
        <Text fz="sm">{u.organizationName}</Text>
        {u.smartCircleCompany ? (
          <Text fz="xs" c="dimmed">
            {u.smartCircleCompany}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: "role",
    header: "Role",
    visibleFrom: "lg",
    skeletonWidth: 100,
    render: (u) => (
      <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
        {u.roleName}
      </Text>
    ),
  },
  {
    key: "territories",
    header: "Territories",
    visibleFrom: "lg",
    skeletonWidth: 90,
    render: (u) => (
      <Text fz="sm" c={u.territories.length ? undefined : "dimmed"}>
        {u.territories.map((t) => t.name).join(", ") || "All"}
      </Text>
    ),
  },
  {
    key: "status",
    header: "Status",
    width: 112,
    minWidth: 112,
    skeletonWidth: 56,
    render: (u) => (
      <Badge variant="light" color={u.isActive ? "teal" : "gray"}>
        {u.isActive ? "Active" : "Inactive"}
      </Badge>
    ),
  },
  {
    key: "lastActivityAt",
    header: "Last activity",
    sortKey: "lastActivityAt",
    visibleFrom: "sm",
    skeletonWidth: 110,
    render: (u) => (
      <Text fz="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
        {u.lastActivityAt ? formatDateTime(u.lastActivityAt) : "Never"}
      </Text>
    ),
  },
];

/** Lead generators of the Smart Circle organizations the caller may see; exported as CSV or XLSX. */
export function SmartCircleUsersPage() {
  const me = useSession();
  const superAdmin = me?.roleId === ROLE.superAdmin;
  const [params, setParams] = useListParams(PARAMS);
  const exporter = useExportSmartCircleUsers();
  // A Super Admin picks among every Smart Circle organization; others among their own.
  const tree = useOrganizations({}, superAdmin);
  const organizationOptions = useMemo(() => {
    const all = superAdmin ? (tree.data ?? []).flatMap((r) => [r, ...r.children]) : (me?.organizations ?? []);
    return all
      .filter((o) => o.isSmartCircleLG && !o.isDeleted)
      .map((o) => ({ value: String(o.id), label: o.name }));
  }, [superAdmin, tree.data, me]);

  const request: SmartCircleUsersRequest = {
    page: params.page,
    pageSize: params.pageSize,
    sortBy: params.sortBy,
    sortDirection: params.sortDirection,
    search: params.search || undefined,
    organizationIds: params.organizationIds.length ? params.organizationIds : undefined,
    isActive: params.isActive,
  };
  const query = useSmartCircleUsers(request);
  const filtered = !!params.search || params.organizationIds.length > 0 || params.isActive !== true;

  const runExport = (format: SmartCircleExportFormat) =>
    exporter.mutate(
      { request, format },
      {
        onSuccess: (name) => notifications.show({ color: "teal", message: `${name} was downloaded.` }),
        onError: (err) =>
          notifications.show({ color: "red", title: "Could not export", message: errorMessage(err) }),
      },
    );
  const exportingAs = exporter.isPending ? exporter.variables?.format : undefined;

  return (
    <>
      <PageHeader
        title="Smart Circle users"
        description="Lead generators of the organizations whose field team comes from Smart Circle, with their last activity."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              aria-label={EXPORT_NAME.csv}
              onClick={() => runExport("csv")}
              loading={exportingAs === "csv"}
              disabled={query.data?.total === 0 || exportingAs === "xlsx"}
            >
              <ExportLabel format="csv" />
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeXls size={16} />}
              aria-label={EXPORT_NAME.xlsx}
              onClick={() => runExport("xlsx")}
              loading={exportingAs === "xlsx"}
              disabled={query.data?.total === 0 || exportingAs === "csv"}
            >
              <ExportLabel format="xlsx" />
            </Button>
          </>
        }
      />
      <FilterBar
        activeCount={
          Number(!!params.search) +
          Number(params.organizationIds.length > 0) +
          Number(params.isActive !== true)
        }
        onClear={() => setParams({ search: "", organizationIds: [], isActive: true })}
        search={
          <SearchInput
            label="Search"
            placeholder="Name, email or phone"
            value={params.search}
            onSearch={(search) => setParams({ search })}
          />
        }
        footer={
          <SegmentedControl
            aria-label="Status"
            data={ACTIVE_OPTIONS}
            value={params.isActive === undefined ? "all" : String(params.isActive)}
            onChange={(v) => setParams({ isActive: v === "all" ? undefined : v === "true" })}
          />
        }
      >
        <MultiSelect
          label="Organization"
          placeholder={params.organizationIds.length ? undefined : "All organizations"}
          data={organizationOptions}
          value={params.organizationIds.map(String)}
          onChange={(v) => setParams({ organizationIds: v.map(Number) })}
          clearable
          searchable
        />
      </FilterBar>
      <DataTable
        label="Smart Circle users"
        columns={columns}
        rows={query.data?.items}
        rowKey={(u) => `${u.organizationId}-${u.userId}`}
        total={query.data?.total}
        page={params.page}
        pageSize={params.pageSize}
        onPageChange={(page) => setParams({ page })}
        onPageSizeChange={(pageSize) => setParams({ pageSize })}
        sort={{ by: params.sortBy, direction: params.sortDirection }}
        onSortChange={(s: SortState) =>
          setParams({ sortBy: s.by as (typeof SMART_CIRCLE_SORT_KEYS)[number], sortDirection: s.direction })
        }
        loading={query.isPending}
        fetching={query.isFetching && query.isPlaceholderData}
        error={query.error}
        onRetry={() => query.refetch()}
        minWidth={900}
        empty={
          filtered
            ? {
                title: "No one matches these filters",
                description: "Try another spelling or fewer filters.",
                icon: <IconUsersGroup size={26} stroke={1.6} />,
              }
            : {
                title: "No Smart Circle lead generators",
                description:
                  "Lead generators appear here when their organization gets its field team from Smart Circle (an organization setting).",
                icon: <IconUsersGroup size={26} stroke={1.6} />,
              }
        }
      />
    </>
  );
}
