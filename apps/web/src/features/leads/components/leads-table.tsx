import type { LeadKind, LeadListItem, LeadPage } from "@fieldlead/contracts";
import { Badge, Group, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconCopy, IconTargetArrow } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "../../../components/data-table";
import type { LeadListTabId } from "../api/search-leads";
import { formatPhone } from "./lead-details";
import { type LeadNames, reasonName, sourceName, statusColor, zoneAbbreviation } from "./lead-names";

export function leadColumns(
  tab: LeadListTabId,
  names: LeadNames,
  onOpen: (id: number, kind: LeadKind) => void,
): DataTableColumn<LeadListItem>[] {
  const cols: DataTableColumn<LeadListItem>[] = [
    {
      key: "capturedAt",
      header: "Captured",
      sortKey: "capturedAt",
      skeletonWidth: 90,
      render: (l) => {
        const [day, time] = l.capturedAtLocal.split(" ");
        return (
          <Stack gap={0} style={{ whiteSpace: "nowrap" }}>
            <Text fz="sm">{day}</Text>
            <Text fz="xs" c="dimmed">
              {time} {zoneAbbreviation(l.timeZone, l.capturedAt)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: "name",
      header: "Name",
      sortKey: "lastName",
      skeletonWidth: 120,
      render: (l) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <UnstyledButton
              onClick={() => onOpen(l.id, l.kind)}
              aria-label={`Open lead ${l.firstName} ${l.lastName}`}
              fw={600}
              fz="sm"
              c="var(--mantine-primary-color-filled)"
              style={{ whiteSpace: "nowrap" }}
            >
              {l.firstName} {l.lastName}
            </UnstyledButton>
            {l.duplicateOfLeadId ? (
              <Tooltip label={`Duplicate of lead #${l.duplicateOfLeadId}`}>
                <IconCopy size={14} color="var(--mantine-color-orange-6)" aria-label="Duplicate" />
              </Tooltip>
            ) : null}
          </Group>
          {l.phone || l.email ? (
            <Text fz="xs" c="dimmed" truncate maw={210} hiddenFrom="xl">
              {[formatPhone(l.phone), l.email].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "phone",
      header: "Phone",
      sortKey: "phone",
      skeletonWidth: 100,
      visibleFrom: "xl",
      render: (l) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {formatPhone(l.phone)}
        </Text>
      ),
    },
    {
      key: "email",
      header: "Email",
      sortKey: "email",
      visibleFrom: "xl",
      render: (l) => (
        <Text fz="sm" truncate maw={220}>
          {l.email}
        </Text>
      ),
    },
  ];
  // Every lead of the Rejected list is rejected: its reason says more than its status.
  if (tab !== "rejected")
    cols.push({
      key: "status",
      header: "Status",
      sortKey: "status",
      skeletonWidth: 70,
      render: (l) => (
        <Badge color={statusColor(l.statusId)} variant="light" style={{ minWidth: "max-content" }}>
          {l.statusName}
        </Badge>
      ),
    });
  if (tab === "rejected")
    cols.push({
      key: "reason",
      header: "Reason",
      render: (l) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {reasonName(l.rejectionReason)}
        </Text>
      ),
    });
  if (tab === "external") cols.push({ key: "source", header: "Source", render: (l) => sourceName(l.source) });
  cols.push({
    key: "serviceType",
    header: "Service type",
    sortKey: "serviceTypeName",
    render: (l) => l.serviceTypeName,
  });
  if (tab === "retailerProgram")
    cols.push(
      { key: "group", header: "Program group", render: (l) => names.program("hdsfiGroup", l.hdsfiGroupId) },
      { key: "jobType", header: "Job type", render: (l) => names.program("hdJobType", l.hdJobTypeId) },
    );
  if (tab === "secondPartner")
    cols.push(
      {
        key: "service",
        header: "Service",
        render: (l) => names.program("centahServiceId", l.centahServiceId),
      },
      { key: "adCode", header: "Ad code", render: (l) => names.program("centahAdCode", l.centahAdCodeId) },
    );
  cols.push(
    {
      key: "store",
      header: "Store",
      sortKey: "storeName",
      render: (l) => (
        <Stack gap={0}>
          <Text fz="sm">{l.storeName}</Text>
          <Text fz="xs" c="dimmed" hiddenFrom="xl">
            {l.territoryName}
          </Text>
        </Stack>
      ),
    },
    {
      key: "territory",
      header: "Territory",
      sortKey: "territoryName",
      visibleFrom: "xl",
      render: (l) => l.territoryName,
    },
    {
      key: "leadGenerator",
      header: "Lead generator",
      sortKey: "leadGeneratorName",
      visibleFrom: "md",
      render: (l) => l.leadGeneratorName,
    },
  );
  return cols;
}

/** One page of a lead search, sortable by its headers. */
export function LeadsTable({
  tab,
  label,
  data,
  loading,
  fetching,
  error,
  onRetry,
  page,
  pageSize,
  sort,
  names,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  onOpen,
  filtered,
}: {
  tab: LeadListTabId;
  label: string;
  data: LeadPage | undefined;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  pageSize: number;
  sort: { by: string; direction: "asc" | "desc" };
  names: LeadNames;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (by: string, direction: "asc" | "desc") => void;
  onOpen: (id: number, kind: LeadKind) => void;
  filtered: boolean;
}) {
  return (
    <DataTable<LeadListItem>
      label={label}
      columns={leadColumns(tab, names, onOpen)}
      rows={data?.items}
      rowKey={(l) => l.id}
      total={data?.total}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      sort={sort}
      onSortChange={(s) => onSortChange(s.by, s.direction)}
      loading={loading}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      minWidth={760}
      empty={{
        title: filtered ? "No leads match these filters" : "No leads here yet",
        description: filtered
          ? "Widen the date range or clear a filter."
          : "Leads appear here as soon as they are captured or received.",
        icon: <IconTargetArrow size={26} stroke={1.6} />,
      }}
    />
  );
}
