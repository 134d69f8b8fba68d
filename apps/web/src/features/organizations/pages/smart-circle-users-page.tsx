import {
  SMART_CIRCLE_SORT_KEYS,
  type SmartCircleUser,
  type SmartCircleUsersRequest,
} from "@fieldlead/contracts";
import { Badge, MultiSelect, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { useMemo } from "react";
import type { DataTableColumn } from "../../../components/data-table";
import { ExportButtons } from "../../../components/export-buttons";
import { FilterBar } from "../../../components/filter-bar";
import { ListTable } from "../../../components/list-table";
import { PageHeader } from "../../../components/page-header";
import { SearchInput } from "../../../components/search-input";
import { listPageParams, useListPage } from "../../../components/use-list-page";
import { useCan } from "../../../lib/can";
import { formatDateTime } from "../../../lib/dates";
import { flagParam, idsParam, textParam } from "../../../lib/list-params";
import { useSession } from "../../../lib/session";
import { exportSmartCircleUsers } from "../api/export-smart-circle-users";
import { useOrganizations } from "../api/get-organizations";
import { useSmartCircleUsers } from "../api/get-smart-circle-users";

// A module constant: the list hook compares it by identity.
const PARAMS = {
  ...listPageParams(SMART_CIRCLE_SORT_KEYS, "name"),
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
      <Badge variant="light" color={u.isActive ? "teal" : "gray"} c="dark.7">
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
  const superAdmin = useCan()("platform.operate");
  const list = useListPage(PARAMS);
  const { params, setParams } = list;
  // A Super Admin picks among every Smart Circle organization; others among their own.
  const tree = useOrganizations({}, superAdmin);
  const organizationOptions = useMemo(() => {
    const all = superAdmin ? (tree.data ?? []).flatMap((r) => [r, ...r.children]) : (me?.organizations ?? []);
    return all
      .filter((o) => o.isSmartCircleLG && !o.isDeleted)
      .map((o) => ({ value: String(o.id), label: o.name }));
  }, [superAdmin, tree.data, me]);

  const request: SmartCircleUsersRequest = list.request;
  const query = useSmartCircleUsers(request);

  return (
    <>
      <PageHeader
        title="Smart Circle users"
        description="Lead generators of the organizations whose field team comes from Smart Circle, with their last activity."
        actions={
          <ExportButtons
            disabled={query.data?.total === 0}
            onExport={(format) => exportSmartCircleUsers({ request, format })}
          />
        }
      />
      <FilterBar
        activeCount={list.filterCount}
        onClear={list.clearFilters}
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
      <ListTable
        {...list.tableProps(query)}
        label="Smart Circle users"
        columns={columns}
        rowKey={(u) => `${u.organizationId}-${u.userId}`}
        minWidth={900}
        empty={{
          filtered: {
            title: "No one matches these filters",
            description: "Try another spelling or fewer filters.",
            icon: <IconUsersGroup size={26} stroke={1.6} />,
          },
          none: {
            title: "No Smart Circle lead generators",
            description:
              "Lead generators appear here when their organization gets its field team from Smart Circle (an organization setting).",
            icon: <IconUsersGroup size={26} stroke={1.6} />,
          },
        }}
      />
    </>
  );
}
