import type { TimeLogItem } from "@fieldlead/contracts";
import { Button, Drawer, EmptyState, Group, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconClock, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { LoadError } from "../../../../components/query-state";
import { TablePager } from "../../../../components/table-pager";
import { useCan } from "../../../../lib/can";
import { hoursMinutes, plural } from "../../components/format";
import { LoadingCards } from "../../components/loading-cards";
import { useUserTimeLogs } from "../api/time-logs";
import { durationWords } from "./format";
import { type TimeLogAction, TimeLogCard } from "./time-log-card";
import { TimeLogDialog, type TimeLogTarget } from "./time-log-dialog";

/** Whose logs, over which days: a row of the labor history. */
export type PersonPeriod = { userId: number; userName: string; startDate: string; endDate: string };

const PAGE_SIZE = 20;

const periodText = (p: PersonPeriod) =>
  p.startDate === p.endDate ? p.startDate : `${p.startDate} – ${p.endDate}`;

/** The logs of one person and period, a page at a time, oldest first, with what the caller may do to each. */
function PersonLogs({ period, onAction }: { period: PersonPeriod; onAction: (t: TimeLogTarget) => void }) {
  const canEdit = useCan()("labor.edit");
  const [page, setPage] = useState(1);
  const query = useUserTimeLogs(period.userId, {
    startDate: period.startDate,
    endDate: period.endDate,
    page,
    pageSize: PAGE_SIZE,
    sortBy: "punchInAt",
    sortDirection: "asc",
  });
  const act = (action: TimeLogAction, log: TimeLogItem) => onAction({ kind: action, log });
  const addShift = canEdit ? (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() =>
        onAction({
          kind: "entry",
          userId: period.userId,
          userName: period.userName,
          defaultDate: period.startDate,
        })
      }
    >
      Add a shift
    </Button>
  ) : null;

  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingCards label="Loading the time logs" heights={[96, 96, 96]} />;
  const { items, total, totalMinutes } = query.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" aria-live="polite">
          {plural(total, "time log")} ·{" "}
          <b title={durationWords(totalMinutes)}>{hoursMinutes(totalMinutes)}</b> h
        </Text>
        {addShift}
      </Group>
      {items.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconClock size={26} stroke={1.6} aria-hidden />}
          title="No time logs in this period"
          description={
            canEdit
              ? "If they worked, add the shift with the reason it was not punched."
              : "Nothing was punched in this period."
          }
        />
      ) : (
        <Stack gap="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((log) => (
            <TimeLogCard key={log.id} log={log} onAction={act} />
          ))}
        </Stack>
      )}
      {/* The count is above the list: the buttons alone. */}
      <TablePager
        total={total}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        withRange={false}
        bare
      />
    </Stack>
  );
}

/** A row of the labor history opened: that person's time logs for the period, each correctable and audited. */
export function PersonLogsDrawer({ period, onClose }: { period: PersonPeriod | null; onClose: () => void }) {
  const narrow = useMediaQuery("(max-width: 36em)", false);
  const [shown, setShown] = useState<PersonPeriod | null>(period);
  if (period !== null && period !== shown) setShown(period);
  const [dialog, setDialog] = useState<TimeLogTarget>(null);

  return (
    <>
      <Drawer
        opened={period !== null}
        onClose={onClose}
        title={
          shown ? (
            <>
              <Text component="span" fw={700} fz="lg" display="block">
                {shown.userName}
              </Text>
              <Text component="span" fz="sm" c="dimmed" display="block">
                {periodText(shown)}
              </Text>
            </>
          ) : null
        }
        position="right"
        size={narrow ? "100%" : 520}
        padding="lg"
        onExitTransitionEnd={() => setShown(null)}
        closeButtonProps={{ "aria-label": "Close" }}
        // The dialog over it keeps the focus while it is open.
        trapFocus={dialog === null}
        closeOnEscape={dialog === null}
      >
        {shown ? (
          <PersonLogs
            key={`${shown.userId}-${shown.startDate}-${shown.endDate}`}
            period={shown}
            onAction={setDialog}
          />
        ) : null}
      </Drawer>
      <TimeLogDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
