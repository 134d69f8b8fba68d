import type { LaborHistoryRow } from "@fieldlead/contracts";
import { Badge, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconClock, IconListDetails } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { DataTableColumn } from "../../../../components/data-table";
import {
  actionsColumn,
  ListTable,
  type ListTableProps,
  RowActionIcon,
} from "../../../../components/list-table";
import { hoursMinutes } from "../../components/format";
import { durationWords } from "./format";

/** "2025-03-03", or "2025-03-03 – 2025-03-09" for a week. */
export const rowPeriod = (r: LaborHistoryRow) =>
  r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} – ${r.periodEnd}`;

/** How a row is named to people and screen readers: "Jo Park, 2025-03-03". */
export const rowName = (r: LaborHistoryRow) => `${r.userName}, ${rowPeriod(r)}`;

/** The flags a manager acts on, as badges. */
export function HistoryFlags({ row }: { row: LaborHistoryRow }) {
  const flags: ReactNode[] = [];
  if (row.attentionCount)
    flags.push(
      <Badge key="attention" color="red" variant="light" size="sm">
        {row.attentionCount} to fix
      </Badge>,
    );
  if (row.leadsNotPunchedIn)
    flags.push(
      <Badge key="leads" color="orange" variant="light" size="sm">
        {row.leadsNotPunchedIn} lead{row.leadsNotPunchedIn === 1 ? "" : "s"} not punched in
      </Badge>,
    );
  if (row.shiftsWithApproachesNoLeads)
    flags.push(
      <Badge key="approaches" color="yellow" variant="light" size="sm">
        {row.shiftsWithApproachesNoLeads} shift{row.shiftsWithApproachesNoLeads === 1 ? "" : "s"} with
        approaches, no lead
      </Badge>,
    );
  if (flags.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap">
      {flags}
    </Group>
  );
}

const num = (n: number) => <Text fz="sm">{n.toLocaleString("en-US")}</Text>;

/**
 * The labor history: one row per person and day (or week), sortable by person, period, hours and leads, each
 * opening that person's time logs. On a phone the person's cell carries the period, hours and flags.
 */
export function LaborHistoryTable({
  onOpen,
  ...list
}: ListTableProps<LaborHistoryRow> & { onOpen: (row: LaborHistoryRow) => void }) {
  const columns: DataTableColumn<LaborHistoryRow>[] = [
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 120,
      render: (r) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <UnstyledButton
            onClick={() => onOpen(r)}
            aria-label={`Time logs of ${rowName(r)}`}
            fz="sm"
            fw={600}
            c="var(--mantine-primary-color-filled)"
            style={{ textAlign: "left" }}
          >
            {r.userName}
          </UnstyledButton>
          <Group gap={6} hiddenFrom="sm" wrap="wrap">
            <Text fz="xs" c="dimmed">
              {rowPeriod(r)} · {hoursMinutes(r.minutes)} h
            </Text>
          </Group>
          <Group gap={4} hiddenFrom="md" wrap="wrap">
            {r.attentionCount || r.leadsNotPunchedIn || r.shiftsWithApproachesNoLeads ? (
              <HistoryFlags row={r} />
            ) : null}
          </Group>
        </Stack>
      ),
    },
    {
      key: "periodStart",
      header: "Period",
      sortKey: "periodStart",
      visibleFrom: "sm",
      skeletonWidth: 90,
      render: (r) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {rowPeriod(r)}
        </Text>
      ),
    },
    {
      key: "minutes",
      header: "Hours",
      sortKey: "minutes",
      visibleFrom: "sm",
      align: "right",
      width: 96,
      skeletonWidth: 40,
      render: (r) => (
        <Stack gap={0} align="flex-end">
          <Text fz="sm" fw={600} aria-label={durationWords(r.minutes)} title={durationWords(r.minutes)}>
            {hoursMinutes(r.minutes)}
          </Text>
          {r.scheduledMinutes ? (
            <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              of {hoursMinutes(r.scheduledMinutes)} planned
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: "shiftCount",
      header: "Shifts",
      visibleFrom: "md",
      align: "right",
      width: 72,
      skeletonWidth: 20,
      render: (r) => num(r.shiftCount),
    },
    {
      key: "stores",
      header: "Stores",
      visibleFrom: "lg",
      minWidth: 140,
      skeletonWidth: 120,
      render: (r) =>
        r.storeNames.length ? (
          <Text fz="sm" lineClamp={2} title={r.storeNames.join(", ")}>
            {r.storeNames.join(", ")}
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: "leadCount",
      header: "Leads",
      sortKey: "leadCount",
      visibleFrom: "md",
      align: "right",
      width: 80,
      skeletonWidth: 20,
      render: (r) => num(r.leadCount),
    },
    {
      key: "leadsNotPunchedIn",
      header: "Not punched in",
      visibleFrom: "lg",
      align: "right",
      width: 96,
      skeletonWidth: 20,
      render: (r) => num(r.leadsNotPunchedIn),
    },
    {
      key: "approaches",
      header: "Approaches",
      visibleFrom: "lg",
      align: "right",
      width: 96,
      skeletonWidth: 20,
      render: (r) => num(r.approaches),
    },
    {
      key: "flags",
      header: "Flags",
      visibleFrom: "md",
      minWidth: 140,
      skeletonWidth: 80,
      render: (r) => <HistoryFlags row={r} />,
    },
    actionsColumn(48, (r) => (
      <RowActionIcon
        label="Open the time logs of"
        name={rowName(r)}
        icon={<IconListDetails size={18} aria-hidden />}
        onClick={() => onOpen(r)}
      />
    )),
  ];

  return (
    <ListTable
      {...list}
      label="Labor history"
      columns={columns}
      rowKey={(r) => `${r.userId}-${r.periodStart}`}
      minWidth={0}
      empty={{
        filtered: {
          title: "No labor matches these filters",
          description: "Try another period, fewer people or stores, or turn off Flagged only.",
          icon: <IconClock size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "No time logged in this period",
          description: "Punches show here as the team punches in. Choose another period to look back.",
          icon: <IconClock size={26} stroke={1.6} aria-hidden />,
        },
      }}
    />
  );
}
