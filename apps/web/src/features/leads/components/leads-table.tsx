import type { LeadKind, LeadListItem } from "@fieldlead/contracts";
import { Badge, Group, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCopy, IconTargetArrow } from "@tabler/icons-react";
import type { DataTableColumn } from "../../../components/data-table";
import { ListTable, type ListTableProps } from "../../../components/list-table";
import type { LeadListTabId } from "../api/search-leads";
import {
  leadGeneratorColumn,
  OneLine,
  reasonColumn,
  sourceColumn,
  storeColumn,
  storeTimeColumn,
  territoryColumn,
} from "./lead-columns";
import { formatPhone, type LeadNames, reasonName, statusColor } from "./lead-names";

/** How the table is laid out: `narrow` (a phone) keeps two columns; `ownLeadsOnly` drops who took them. */
export type LeadColumnsLayout = { narrow?: boolean; ownLeadsOnly?: boolean };

const StatusBadge = ({ lead }: { lead: LeadListItem }) => (
  <Badge color={statusColor(lead.statusId)} variant="light" style={{ minWidth: "max-content" }}>
    {lead.statusName}
  </Badge>
);

export function leadColumns(
  tab: LeadListTabId,
  names: LeadNames,
  onOpen: (id: number, kind: LeadKind) => void,
  { narrow = false, ownLeadsOnly = false }: LeadColumnsLayout = {},
): DataTableColumn<LeadListItem>[] {
  const cols: DataTableColumn<LeadListItem>[] = [
    storeTimeColumn({
      key: "capturedAt",
      header: "Captured",
      sortKey: "capturedAt",
      skeletonWidth: 90,
      stacked: true,
      time: (l) => ({ local: l.capturedAtLocal, at: l.capturedAt }),
    }),
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
                <IconCopy size={14} color="var(--mantine-color-orange-text)" aria-label="Duplicate" />
              </Tooltip>
            ) : null}
          </Group>
          {l.phone || l.email ? (
            <Text fz="xs" c="dimmed" truncate maw={narrow ? 200 : 180} hiddenFrom="xl">
              {[formatPhone(l.phone), l.email].filter(Boolean).join(" · ")}
            </Text>
          ) : null}
          {narrow ? (
            // A phone has no room for more columns: the status (or the reason) and the service go here.
            <Group gap={6} mt={4} wrap="nowrap">
              {tab === "rejected" ? (
                <Text fz="xs">{reasonName(l.rejectionReason)}</Text>
              ) : (
                <StatusBadge lead={l} />
              )}
              <Text fz="xs" c="dimmed" truncate maw={110}>
                {l.serviceTypeName}
              </Text>
            </Group>
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
      render: (l) => <OneLine>{formatPhone(l.phone)}</OneLine>,
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
  if (narrow) return cols.filter((c) => c.key === "capturedAt" || c.key === "name");
  // Every lead of the Rejected list is rejected: its reason says more than its status.
  if (tab !== "rejected")
    cols.push({
      key: "status",
      header: "Status",
      sortKey: "status",
      skeletonWidth: 70,
      render: (l) => <StatusBadge lead={l} />,
    });
  if (tab === "rejected") cols.push(reasonColumn());
  if (tab === "external") cols.push(sourceColumn());
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
    storeColumn({ sortKey: "storeName", withTerritory: true }),
    territoryColumn({ sortKey: "territoryName", visibleFrom: "xl" }),
  );
  if (!ownLeadsOnly) cols.push(leadGeneratorColumn({ sortKey: "leadGeneratorName", visibleFrom: "md" }));
  return cols;
}

/** One page of a lead search, sortable by its headers. */
export function LeadsTable({
  tab,
  label,
  names,
  onOpen,
  filtered,
  ownLeadsOnly,
  ...table
}: ListTableProps<LeadListItem> & {
  tab: LeadListTabId;
  label: string;
  names: LeadNames;
  onOpen: (id: number, kind: LeadKind) => void;
  /** The list holds only the caller's own leads (a lead generator): no "Lead generator" column. */
  ownLeadsOnly?: boolean;
}) {
  // Below `sm` the table keeps the date and the name (with the status under it) instead of scrolling.
  const narrow = useMediaQuery("(max-width: 47.99em)", false);
  return (
    <ListTable<LeadListItem>
      {...table}
      filtered={filtered}
      label={label}
      columns={leadColumns(tab, names, onOpen, { narrow, ownLeadsOnly })}
      rowKey={(l) => l.id}
      minWidth={760}
      empty={{
        filtered: {
          title: "No leads match these filters",
          description: "Widen the date range or clear a filter.",
          icon: <IconTargetArrow size={26} stroke={1.6} />,
        },
        none: {
          title: "No leads here yet",
          description: "Leads appear here as soon as they are captured or received.",
          icon: <IconTargetArrow size={26} stroke={1.6} />,
        },
      }}
    />
  );
}
