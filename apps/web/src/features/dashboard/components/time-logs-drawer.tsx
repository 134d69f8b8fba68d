import type { TimeLogItem, TimeLogState } from "@fieldlead/contracts";
import {
  Alert,
  Badge,
  Drawer,
  EmptyState,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconClock } from "@tabler/icons-react";
import { useState } from "react";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import { LoadError } from "../../../components/query-state";
import { zoneAbbreviation } from "../../../lib/zone-abbreviation";
import { type PeriodRequest, useDashboardTimeLogs } from "../api/dashboard";

/** The lead generator whose logs are open. */
export type Person = { id: number; name: string };

const STATE: Record<TimeLogState, { label: string; color: string }> = {
  open: { label: "Punched in", color: "blue" },
  closed: { label: "Closed", color: "gray" },
  missing: { label: "Missing punch", color: "red" },
  proposed: { label: "Proposed", color: "orange" },
};

/** "09:00", from the store-local "2025-03-03 09:00" the server writes; a missing punch says so. */
const timeOf = (local: string | null, missing: string) => (local ? local.slice(11, 16) : missing);

/** A shift's times in its store's zone: "09:00 – 17:00 EST", "22:00 – 06:00 (2025-03-04) EST". */
export function logSpan(log: TimeLogItem): string {
  const zone = zoneAbbreviation(log.timeZone, log.punchInAt ?? log.punchOutAt ?? `${log.workDate}T12:00:00Z`);
  const start = timeOf(log.localPunchIn, "no punch in");
  const end = timeOf(log.localPunchOut, "no punch out");
  const nextDay =
    log.localPunchIn && log.localPunchOut && log.localPunchIn.slice(0, 10) !== log.localPunchOut.slice(0, 10)
      ? ` (${log.localPunchOut.slice(0, 10)})`
      : "";
  return `${start} – ${end}${nextDay} ${zone}`;
}

function StateBadge({ state }: { state: TimeLogState }) {
  return (
    <Badge
      color={STATE[state].color}
      variant="light"
      size="sm"
      // The whole label, never cut short ("Missing punch").
      styles={{ root: { maxWidth: "none", flexShrink: 0 }, label: { overflow: "visible" } }}
    >
      {STATE[state].label}
    </Badge>
  );
}

/** Whole hours as the panels write them: "52.5 h". */
const hoursOf = (minutes: number) => `${formatMeasure("hours", minutes / 60)} h`;

function Logs({ person, period }: { person: Person; period: PeriodRequest }) {
  const query = useDashboardTimeLogs(person.id, period);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy>
        <VisuallyHidden>Loading the time logs</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} radius="sm" />
        ))}
      </Stack>
    );
  const { items, totalMinutes, truncated } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconClock size={26} stroke={1.6} aria-hidden />}
        title="No time logs in this period"
        description={`${person.name} did not punch in between ${formatPeriod(query.data.period)}.`}
      />
    );
  return (
    <Stack gap="sm">
      <Text fz="sm" aria-live="polite">
        {formatPeriod(query.data.period)}: {items.length} shift{items.length === 1 ? "" : "s"},{" "}
        <b>{hoursOf(totalMinutes)}</b> in all
      </Text>
      {truncated ? (
        <Alert color="yellow" variant="light" p="xs">
          The first 500 time logs are listed; the total counts them all. Choose a shorter period to see the
          rest.
        </Alert>
      ) : null}
      <Table verticalSpacing="xs" fz="sm" striped>
        <Table.Caption>
          <VisuallyHidden>Time logs of {person.name}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day and store</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              In – out
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Time
            </Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              State
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Th scope="row" fw={400}>
                <Text fz="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {log.workDate}
                </Text>
                <Text fz="xs" c="dimmed">
                  {log.storeName}
                </Text>
                {/* A phone has one column: the shift's times, length and state under its day. */}
                <Stack gap={4} mt={4} hiddenFrom="sm" align="flex-start">
                  <Text fz="sm">
                    {logSpan(log)}
                    {log.minutes === null ? "" : ` · ${formatMeasure("minutes", log.minutes)}`}
                  </Text>
                  <StateBadge state={log.state} />
                </Stack>
              </Table.Th>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                {logSpan(log)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
                {formatMeasure("minutes", log.minutes)}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <StateBadge state={log.state} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">
              Total
              <Text span hiddenFrom="sm" inherit>
                {" "}
                {hoursOf(totalMinutes)}
              </Text>
            </Table.Th>
            <Table.Td visibleFrom="sm" />
            <Table.Td ta="right" fw={700} visibleFrom="sm" style={{ whiteSpace: "nowrap" }}>
              {hoursOf(totalMinutes)}
            </Table.Td>
            <Table.Td visibleFrom="sm" />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Stack>
  );
}

/**
 * A lead generator's time logs for the dashboard's period, opened from their name: the store, the punches in the
 * store's zone, the time and the state of each, and the total. Read only: the Labor screens correct them.
 */
export function TimeLogsDrawer({
  person,
  period,
  onClose,
}: {
  person: Person | null;
  period: PeriodRequest;
  onClose: () => void;
}) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  // The person stays drawn while the drawer slides out.
  const [shown, setShown] = useState<Person | null>(person);
  if (person !== null && person !== shown) setShown(person);
  return (
    <Drawer
      opened={person !== null}
      onClose={onClose}
      onExitTransitionEnd={() => setShown(null)}
      title={
        shown ? (
          <Text component="span" fw={700} fz="lg">
            Time logs of {shown.name}
          </Text>
        ) : null
      }
      position="right"
      size={narrow ? "100%" : 560}
      padding="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {shown ? <Logs key={shown.id} person={shown} period={period} /> : null}
    </Drawer>
  );
}
