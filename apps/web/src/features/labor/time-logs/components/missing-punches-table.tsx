import type { TimeLogItem } from "@fieldlead/contracts";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconCheck, IconCircleCheck, IconHistory, IconPencil } from "@tabler/icons-react";
import type { DataTableColumn } from "../../../../components/data-table";
import { actionsColumn, ListTable, type ListTableProps } from "../../../../components/list-table";
import { logZone, missingText, spanText, timeOf, WHOLE_BADGE } from "./format";
import type { TimeLogAction } from "./time-log-card";
import { TimeLogStateBadge } from "./time-log-card";

/** "Jo Park, 2025-03-03 at Costco Wayne": how a row's buttons name it. */
const rowName = (log: TimeLogItem) => `${log.userName}, ${log.workDate} at ${log.storeName}`;

/** The punch the log has, in the store's zone: "In 09:02 EST" or "Out 17:30 EST". */
function RecordedPunch({ log }: { log: TimeLogItem }) {
  const text = log.localPunchIn
    ? `In ${timeOf(log.localPunchIn)}`
    : log.localPunchOut
      ? `Out ${timeOf(log.localPunchOut)}`
      : "No punch";
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap">
        <Badge color="red" variant="outline" size="sm" styles={WHOLE_BADGE}>
          {missingText(log) ?? "Open"}
        </Badge>
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {text} {logZone(log)}
        </Text>
      </Group>
      {log.farFromStore ? (
        <Text fz="xs" c="orange.9">
          Punched far from the store
        </Text>
      ) : null}
    </Stack>
  );
}

function Proposal({ log }: { log: TimeLogItem }) {
  if (!log.proposal)
    return (
      <Text fz="sm" c="dimmed">
        Not proposed yet
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
        {spanText(log.proposal)} {logZone(log)}
      </Text>
      {log.proposal.reason ? (
        <Text fz="xs" c="dimmed" lineClamp={2} title={log.proposal.reason}>
          “{log.proposal.reason}”
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The missing punches to work through: who, which day and store, what the log has and lacks, what the person
 * proposed; Accept (a proposal), Correct and the audit trail on each row.
 */
export function MissingPunchesTable({
  onAction,
  ...list
}: ListTableProps<TimeLogItem> & { onAction: (action: TimeLogAction, log: TimeLogItem) => void }) {
  const columns: DataTableColumn<TimeLogItem>[] = [
    {
      key: "userName",
      header: "Person",
      sortKey: "userName",
      skeletonWidth: 120,
      render: (log) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" fw={600}>
            {log.userName}
          </Text>
          <Text fz="xs" c="dimmed" hiddenFrom="sm">
            {log.workDate} · {log.storeName}
          </Text>
          <Group gap={4} hiddenFrom="md">
            <TimeLogStateBadge log={log} size="xs" />
          </Group>
        </Stack>
      ),
    },
    {
      key: "workDate",
      header: "Date",
      sortKey: "workDate",
      visibleFrom: "sm",
      width: 110,
      skeletonWidth: 80,
      render: (log) => (
        <Text fz="sm" style={{ whiteSpace: "nowrap" }}>
          {log.workDate}
        </Text>
      ),
    },
    {
      key: "storeName",
      header: "Store",
      sortKey: "storeName",
      visibleFrom: "sm",
      skeletonWidth: 110,
      render: (log) => <Text fz="sm">{log.storeName}</Text>,
    },
    {
      key: "state",
      header: "State",
      visibleFrom: "md",
      width: 112,
      skeletonWidth: 60,
      render: (log) => <TimeLogStateBadge log={log} />,
    },
    {
      key: "punch",
      header: "Punched",
      visibleFrom: "xs",
      skeletonWidth: 110,
      render: (log) => <RecordedPunch log={log} />,
    },
    {
      key: "proposal",
      header: "Proposal",
      visibleFrom: "md",
      minWidth: 160,
      skeletonWidth: 120,
      render: (log) => <Proposal log={log} />,
    },
    actionsColumn(
      220,
      (log) => (
        <Group gap={4} justify="flex-end" wrap="wrap">
          {log.canEdit && log.state === "proposed" && log.proposal ? (
            <Button
              size="xs"
              leftSection={<IconCheck size={14} aria-hidden />}
              aria-label={`Accept the proposal of ${rowName(log)}`}
              onClick={() => onAction("accept", log)}
            >
              Accept
            </Button>
          ) : null}
          {log.canEdit ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={`Correct ${rowName(log)}`}
              onClick={() => onAction("edit", log)}
            >
              Correct
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconHistory size={14} aria-hidden />}
            aria-label={`History of ${rowName(log)}`}
            onClick={() => onAction("history", log)}
          >
            History
          </Button>
        </Group>
      ),
      120,
    ),
  ];

  return (
    <ListTable
      {...list}
      label="Missing punches"
      columns={columns}
      rowKey={(log) => log.id}
      minWidth={0}
      empty={{
        filtered: {
          title: "No missing punch matches these filters",
          description: "Try another period, person or store, or show missing and proposed both.",
          icon: <IconCircleCheck size={26} stroke={1.6} aria-hidden />,
        },
        none: {
          title: "Nothing to fix: every punch is complete.",
          description:
            "A punch in with no punch out after the store's day, or a punch out with no punch in, shows here to accept or correct.",
          icon: <IconCircleCheck size={26} stroke={1.6} aria-hidden />,
        },
      }}
    />
  );
}
