import {
  addDays,
  SCHEDULE_PAGE_SIZE,
  type SchedulePerson,
  type ScheduleShift,
  type SchedulesRequest,
  SHIFT_CONFLICT_LABELS,
  type ShiftConflictKind,
} from "@fieldlead/contracts";
import { Box, Button, Group, Loader, Pagination, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCopy } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmModal } from "../../../../components/confirm-modal";
import { ExportButtons } from "../../../../components/export-buttons";
import { PageHeader } from "../../../../components/page-header";
import { LoadError } from "../../../../components/query-state";
import { errorMessage } from "../../../../lib/api-error";
import { useCan } from "../../../../lib/can";
import { formatDay } from "../../../../lib/dates";
import { dateParam, intParam, named, switchParam, useListParams } from "../../../../lib/list-params";
import { plural } from "../../components/format";
import { LaborFilters, whoParams, whoRequestOf } from "../../components/labor-filters";
import { exportSchedule, useCopyWeek, useSchedule } from "../api/schedules";
import { AvailableHoursModal } from "../components/available-hours-form";
import { DayList } from "../components/day-list";
import { ScheduleGrid } from "../components/schedule-grid";
import { ShiftModal, type ShiftTarget } from "../components/shift-form";
import { shortDay } from "../components/week";
import { WeekPicker } from "../components/week-picker";

// Module constants: the list hook compares them by identity.
// Labor's name, stores and territories (`?q=`, `?store=`, `?territory=`); the grid's rows are people, so no people.
const { text, storeIds, territoryIds } = whoParams();
const PARAMS = {
  week: dateParam(),
  text,
  storeIds,
  territoryIds,
  everyone: switchParam(),
  page: intParam(1),
  pageSize: named("size", intParam(SCHEDULE_PAGE_SIZE.default, 1, SCHEDULE_PAGE_SIZE.max)),
};
const FILTER_KEYS = ["text", "storeIds", "territoryIds", "everyone"] as const;

/** The store a new shift of a person starts with: the one they work at most this week. */
function usualStore(person: SchedulePerson): number | null {
  const counts = new Map<number, number>();
  for (const d of person.days)
    for (const s of d.shifts) counts.set(s.storeId, (counts.get(s.storeId) ?? 0) + 1);
  let best: number | null = null;
  for (const [id, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = id;
  return best;
}

/**
 * /labor/schedules: the week's planned shifts, people by days, from the organization's first day of week. Conflicts
 * (a person in two places at once, outside their available hours, over the weekly hours limit) are marked with an
 * icon and named, never hidden. Planners add a shift from a cell, open one to move, change or delete it, copy last
 * week, set each person's available hours; everyone who sees the week can export it. A lead generator sees their own
 * week, as a list of days on a phone.
 */
export function SchedulesPage() {
  const can = useCan();
  const team = can("labor.team");
  const phone = useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: false });
  const [params, setParams] = useListParams(PARAMS);
  // Who the grid lists: a name, stores (shifts there or assigned there), territories, the field team or everyone.
  const who = whoRequestOf(params);
  const clearFilters = () => setParams({ text: "", storeIds: [], territoryIds: [], everyone: false });
  const filterCount = FILTER_KEYS.filter(
    (k) => JSON.stringify(params[k]) !== JSON.stringify(PARAMS[k].fallback),
  ).length;
  const body = useMemo<SchedulesRequest>(
    () => ({
      ...(params.week ? { week: params.week } : {}),
      ...whoRequestOf(params),
      ...(params.everyone ? { everyone: true } : {}),
      page: params.page,
      pageSize: params.pageSize,
    }),
    [params],
  );
  const query = useSchedule(body);
  const copy = useCopyWeek();
  const [shiftTarget, setShiftTarget] = useState<ShiftTarget>(null);
  const [availabilityOf, setAvailabilityOf] = useState<SchedulePerson | null>(null);
  const [copying, setCopying] = useState(false);

  const data = query.data;
  const canEdit = data?.canEdit ?? false;
  const today = formatDay(new Date(), data?.timeZone);
  const ownWeek = !team && data?.items.length === 1;

  const openShift = (shift: ScheduleShift) => setShiftTarget({ kind: "edit", shift });
  const addShift = (person: SchedulePerson, date: string) =>
    setShiftTarget({ kind: "new", userId: person.userId, date, storeId: usualStore(person) });

  const copyLastWeek = () => {
    if (!data) return;
    copy.mutate(
      {
        toWeek: data.week.startDate,
        ...who,
      },
      {
        onSuccess: (result) => {
          notifications.show({ color: result.copied ? "teal" : "blue", message: result.message });
          setCopying(false);
        },
        onError: (err) => {
          notifications.show({ color: "red", title: "Could not copy the week", message: errorMessage(err) });
          setCopying(false);
        },
      },
    );
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader
        title="Schedules"
        description="Planned shifts by week, people by days. Conflicts are marked and named, never hidden."
        actions={
          <>
            {canEdit ? (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={() => setCopying(true)}
                disabled={!data}
              >
                Copy last week
              </Button>
            ) : null}
            <ExportButtons
              disabled={!data}
              onExport={(format) =>
                exportSchedule({
                  ...(data ? { week: data.week.startDate } : {}),
                  ...who,
                  ...(params.everyone ? { everyone: true } : {}),
                  format,
                })
              }
            />
          </>
        }
      />
      {data ? (
        <WeekPicker
          week={data.week}
          weeks={data.weeks}
          onChange={(week) => setParams({ week }, { push: true })}
        />
      ) : null}
      {team ? (
        <LaborFilters
          value={params}
          onChange={(patch) => setParams(patch)}
          activeCount={filterCount}
          onClear={clearFilters}
          period={false}
          people={false}
          labels={{ stores: "Store", territories: "Territory" }}
          footer={
            <Switch
              label="Everyone who logs time (not only lead generators)"
              checked={params.everyone}
              onChange={(e) => setParams({ everyone: e.currentTarget.checked })}
            />
          }
        />
      ) : null}
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !data ? (
        <Group gap="sm" py="xl" justify="center">
          <Loader size="sm" aria-label="Loading the schedule" />
          <Text c="dimmed">Loading the schedule…</Text>
        </Group>
      ) : (
        <>
          <Group justify="space-between" gap="sm" mb="sm" wrap="wrap">
            <Title order={2} fz="md" aria-live="polite">
              {data.week.description}
              {data.week.isCurrentWeek ? " (this week)" : ""}
              {query.isFetching ? (
                <Loader size="xs" ml="xs" aria-label="Updating" display="inline-block" />
              ) : null}
            </Title>
            <Text fz="sm" c="dimmed">
              {plural(data.total, "person", "people")} · {plural(data.shiftCount, "shift", "shifts")}
              {data.conflictCount ? ` · ${plural(data.conflictCount, "shift", "shifts")} with conflicts` : ""}
            </Text>
          </Group>
          <Legend weeklyHoursLimit={data.weeklyHoursLimit} />
          {data.items.length === 0 ? (
            <Paper withBorder radius="md" p="lg" mb="md">
              <Stack gap={6} align="center">
                <Text fw={600}>No one to show for this week.</Text>
                <Text fz="sm" c="dimmed" ta="center">
                  {filterCount
                    ? "Nobody matches these filters."
                    : "Lead generators you reach, and anyone with a shift this week, are listed here."}
                </Text>
                {filterCount ? (
                  <Button variant="subtle" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          ) : ownWeek && phone ? (
            <DayList
              person={data.items[0]}
              days={data.week.days}
              today={today}
              orgTimeZone={data.timeZone}
              onOpenShift={openShift}
            />
          ) : (
            <ScheduleGrid
              days={data.week.days}
              people={data.items}
              today={today}
              orgTimeZone={data.timeZone}
              weeklyHoursLimit={data.weeklyHoursLimit}
              canEdit={canEdit}
              onOpenShift={openShift}
              onAddShift={addShift}
              onEditAvailability={setAvailabilityOf}
            />
          )}
          {pages > 1 ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fz="sm" c="dimmed">
                {(data.page - 1) * data.pageSize + 1}–{Math.min(data.page * data.pageSize, data.total)} of{" "}
                {plural(data.total, "person", "people")}
              </Text>
              <Pagination
                total={pages}
                value={data.page}
                onChange={(page) => setParams({ page })}
                getControlProps={(control) => ({ "aria-label": `${control} page` })}
                getItemProps={(page) => ({ "aria-label": `Page ${page}` })}
              />
            </Group>
          ) : null}
          <ShiftModal
            target={shiftTarget}
            people={data.items.map((p) => ({ userId: p.userId, userName: p.userName }))}
            canEdit={canEdit}
            orgTimeZone={data.timeZone}
            onClose={() => setShiftTarget(null)}
          />
          <AvailableHoursModal
            person={availabilityOf}
            firstDayOfWeek={data.week.firstDayOfWeek}
            timeZone={data.timeZone}
            onClose={() => setAvailabilityOf(null)}
          />
          <ConfirmModal
            opened={copying}
            title="Copy last week into this week?"
            confirmLabel="Copy"
            danger={false}
            loading={copy.isPending}
            onConfirm={copyLastWeek}
            onClose={() => setCopying(false)}
          >
            The shifts of the week of {shortDay(addDays(data.week.startDate, -7))} are added to the week of{" "}
            {shortDay(data.week.startDate)}, on the same days at the same times. Shifts already planned stay;
            one already there exactly is not doubled.
            {filterCount ? " Only the shifts of the people and stores the filters show are copied." : ""}
          </ConfirmModal>
        </>
      )}
    </>
  );
}

/** What the marks mean: each conflict's icon and name (the colour is never the only sign). */
function Legend({ weeklyHoursLimit }: { weeklyHoursLimit: number }) {
  const kinds = Object.keys(SHIFT_CONFLICT_LABELS) as ShiftConflictKind[];
  return (
    <Box mb="sm">
      <Group gap="md" wrap="wrap" c="var(--mantine-color-orange-light-color)">
        {kinds.map((k) => (
          <Group key={k} gap={4} wrap="nowrap">
            <IconAlertTriangle size={14} aria-hidden />
            <Text fz="xs" fw={600} c="inherit">
              {SHIFT_CONFLICT_LABELS[k]}
              {k === "overWeeklyLimit" ? ` (over ${weeklyHoursLimit} h)` : ""}
            </Text>
          </Group>
        ))}
        <Text fz="xs" c="dimmed">
          Available hours show faintly in each day.
        </Text>
      </Group>
    </Box>
  );
}
