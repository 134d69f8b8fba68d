import type { TimeLogItem } from "@fieldlead/contracts";
import { Button, Card, Collapse, EmptyState, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCalendarWeek, IconClock, IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { PageHeader } from "../../../../components/page-header";
import { LoadError } from "../../../../components/query-state";
import { useCan } from "../../../../lib/can";
import { useSession } from "../../../../lib/session";
import { QuickActivityCard } from "../../activities/components/quick-activity-card";
import { plural } from "../../components/format";
import { LoadingCards } from "../../components/loading-cards";
import { type LaborToday, useLaborToday, useUserTimeLogs } from "../api/time-logs";
import { durationText, logSpanText, missingText, spanText } from "../components/format";
import { ProposeForm } from "../components/propose-form";
import { PunchPanel } from "../components/punch-panel";
import { type TimeLogAction, TimeLogCard } from "../components/time-log-card";
import { TimeLogDialog, type TimeLogTarget } from "../components/time-log-dialog";

/** Minutes worked today and this week. */
function Totals({ today }: { today: LaborToday }) {
  const stat = (label: string, minutes: number) => (
    <Card withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {durationText(minutes)}
      </Text>
    </Card>
  );
  return (
    <SimpleGrid cols={2} spacing="sm">
      {stat("Today", today.minutesToday)}
      {stat("This week", today.minutesThisWeek)}
    </SimpleGrid>
  );
}

/** A missing punch of the caller's, with the form to propose the time they worked. */
function MissingPunch({ log }: { log: TimeLogItem }) {
  const [proposing, setProposing] = useState(false);
  return (
    <Card withBorder radius="md" p="sm" component="article" aria-label={`Missing punch ${log.workDate}`}>
      <Stack gap={6}>
        <Text fw={600} fz="sm">
          {log.workDate} · {log.storeName}
        </Text>
        <Text fz="sm">
          {missingText(log) ?? "Still open"}: {logSpanText(log)}
        </Text>
        {log.proposal ? (
          <Text fz="sm" c="orange.9">
            You proposed {spanText(log.proposal)}; your manager has not answered yet.
          </Text>
        ) : null}
        {log.canPropose && !proposing ? (
          <Group>
            <Button
              variant="light"
              leftSection={<IconMessage size={16} aria-hidden />}
              onClick={() => setProposing(true)}
            >
              {log.proposal ? "Change my proposal" : "Propose the time"}
            </Button>
          </Group>
        ) : null}
        <Collapse expanded={proposing}>
          {proposing ? (
            <ProposeForm log={log} onDone={() => setProposing(false)} onCancel={() => setProposing(false)} />
          ) : null}
        </Collapse>
      </Stack>
    </Card>
  );
}

function MissingPunches({ missing }: { missing: TimeLogItem[] }) {
  if (missing.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-missing-title">
      <Title order={2} fz="lg" id="my-missing-title">
        Missing punches
      </Title>
      <Text fz="sm" c="dimmed">
        A shift with no punch out (or no punch in). Say when you worked: your manager accepts or corrects it.
      </Text>
      {missing.map((log) => (
        <MissingPunch key={log.id} log={log} />
      ))}
    </Stack>
  );
}

/** The caller's logs of this week (the organization's week), newest first. */
function MyWeek({ userId, onAction }: { userId: number; onAction: (t: TimeLogTarget) => void }) {
  const query = useUserTimeLogs(userId, {
    dateRange: 3,
    page: 1,
    pageSize: 50,
    sortBy: "punchInAt",
    sortDirection: "desc",
  });
  const act = (action: TimeLogAction, log: TimeLogItem) => onAction({ kind: action, log });
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-week-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg" id="my-week-title">
          My week
        </Title>
        {query.data ? (
          <Text fz="sm" c="dimmed">
            {plural(query.data.total, "shift")} · {durationText(query.data.totalMinutes)}
          </Text>
        ) : null}
      </Group>
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingCards label="Loading your week" heights={[84, 84]} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          py="lg"
          variant="light"
          icon={<IconCalendarWeek size={26} stroke={1.6} aria-hidden />}
          title="Nothing logged this week yet"
          description="Punch in when you start at the store: your shifts show here."
        />
      ) : (
        <Stack gap="sm">
          {query.data.items.map((log) => (
            <TimeLogCard key={log.id} log={log} onAction={act} />
          ))}
          {query.data.total > query.data.items.length ? (
            <Text fz="sm" c="dimmed">
              The latest {query.data.items.length} of {query.data.total} shifts.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

const TITLE = "My time";

/**
 * /labor/time-logs: a lead generator's phone screen. One tap punches in (the store preselected from today's
 * schedule) or out; the phone's location goes with it when allowed; today's shifts, minutes today and this week,
 * the running time, the week's logs, and the missing punches to propose the time of.
 */
export function MyTimePage() {
  const me = useSession();
  const can = useCan();
  const mayPunch = can("labor.own");
  const today = useLaborToday(mayPunch);
  const [dialog, setDialog] = useState<TimeLogTarget>(null);
  const navigate = useNavigate();

  if (!mayPunch || !me)
    return (
      <>
        <PageHeader title={TITLE} />
        <Card withBorder radius="lg" py={48} px="lg">
          <EmptyState variant="light" icon={<IconClock size={26} stroke={1.6} aria-hidden />}>
            <EmptyState.Title order={2}>Your role does not log time</EmptyState.Title>
            <EmptyState.Description>
              Punches are for the people who work in the stores. The team's time is in Labor history.
            </EmptyState.Description>
            {can("labor.team") ? (
              <EmptyState.Actions>
                <Button component={Link} to="/labor/history">
                  Go to Labor history
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        </Card>
      </>
    );

  return (
    <>
      <PageHeader title={TITLE} description="Punch in when you start, out when you leave." />
      <Stack gap="lg" maw={560} mx="auto" w="100%">
        {today.isError ? (
          <LoadError error={today.error} onRetry={() => void today.refetch()} />
        ) : today.isPending ? (
          <LoadingCards label="Loading your day" heights={[56, 72, 64]} gap="md" />
        ) : (
          <>
            <PunchPanel today={today.data} userId={me.userId} />
            <Totals today={today.data} />
            {today.data.open ? (
              // While on the clock: what they are doing, one tap per approach (the Activities screen's card).
              <QuickActivityCard onLogOther={() => navigate("/labor/activities")} />
            ) : null}
            <MissingPunches missing={today.data.missing} />
          </>
        )}
        <MyWeek userId={me.userId} onAction={setDialog} />
      </Stack>
      <TimeLogDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
