import {
  ACTIVITY_SORT_KEYS,
  type ActivityItem,
  type ActivitySearchRequest,
  NO_ACTIVITY_REASON_STATES,
  NO_ACTIVITY_SORT_KEYS,
  type NoActivitySearchRequest,
} from "@fieldlead/contracts";
import { Box, Button, Select, Tabs, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { ConfirmModal } from "../../../../components/confirm-modal";
import type { SortDirection } from "../../../../components/data-table";
import { IdsFilter } from "../../../../components/multi-select-filter";
import { PageHeader } from "../../../../components/page-header";
import { listPageParams, useListPage } from "../../../../components/use-list-page";
import { errorMessage } from "../../../../lib/api-error";
import { useCan } from "../../../../lib/can";
import { choiceParam, idsParam, intParam, named, useListParams } from "../../../../lib/list-params";
import { toOptions, useLookupList } from "../../../../lib/lookup-list";
import { periodText, plural } from "../../components/format";
import {
  type EmptyPeriod,
  filterRequestOf,
  LaborFilters,
  listFilterProps,
  optionalPeriodParams,
  whoParams,
} from "../../components/labor-filters";
import { useActivities, useDeleteActivity, useNoActivity, useRecentActivities } from "../api/activities";
import { ActivitiesTable, TypeTotals } from "../components/activities-table";
import { ActivityModal } from "../components/activity-modal";
import { NoActivityTable } from "../components/no-activity-table";
import { QuickActivityCard } from "../components/quick-activity-card";
import { RecentFeed } from "../components/recent-feed";

/** The tab in the address: `?tab=recent`, `?tab=none`. */
const TABS = ["activities", "recent", "none"] as const;
const TAB = { tab: choiceParam(TABS, "activities") };

/** The filters both lists share, kept in the address under the same names (the tabs keep them). */
const FILTER_PARAMS = { ...optionalPeriodParams(), ...whoParams() };
/** An emptied period is the server's default. */
const EMPTY_PERIOD: EmptyPeriod = { label: "This Week" };

// Module constants: the list hook compares them by identity.
const ACTIVITY_PARAMS = {
  ...listPageParams(ACTIVITY_SORT_KEYS, "occurredAt"),
  // The latest first.
  sortDirection: choiceParam<SortDirection>(["asc", "desc"], "desc"),
  ...FILTER_PARAMS,
  activityTypeIds: named("type", idsParam()),
};

/** The no-activity list keeps its own page and sort in the address (the tabs share the filters). */
const NO_ACTIVITY_PARAMS = {
  page: named("npage", intParam(1)),
  pageSize: named("nsize", intParam(25)),
  sortBy: named("nsort", choiceParam(NO_ACTIVITY_SORT_KEYS, "workDate")),
  sortDirection: named("ndir", choiceParam<SortDirection>(["asc", "desc"], "desc")),
  ...FILTER_PARAMS,
  reasonState: named("reasons", choiceParam(NO_ACTIVITY_REASON_STATES, "all")),
};

const REASON_STATE_OPTIONS = [
  { value: "all", label: "With or without a reason" },
  { value: "missing", label: "No reason yet" },
  { value: "recorded", label: "Reason recorded" },
];

type Editing = { activity: ActivityItem | null } | null;

function ActivitiesTab({ onEdit, team }: { onEdit: (a: ActivityItem) => void; team: boolean }) {
  const list = useListPage(ACTIVITY_PARAMS);
  const { params } = list;
  const body = useMemo<ActivitySearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      ...filterRequestOf(params),
      ...(params.activityTypeIds.length ? { activityTypeIds: params.activityTypeIds } : {}),
    }),
    [params],
  );
  const query = useActivities(body);
  const recent = useRecentActivities();
  const remove = useDeleteActivity();
  const [deleting, setDeleting] = useState<ActivityItem | null>(null);
  const types = recent.data?.types ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: `${deleting.activityTypeName} of ${deleting.userName} deleted.`,
        });
        setDeleting(null);
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not delete", message: errorMessage(err) });
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <LaborFilters {...listFilterProps(list)} period={{ empty: EMPTY_PERIOD }} team={team}>
        <IdsFilter
          label="Activities"
          placeholder="Any activity"
          data={toOptions(types)}
          value={params.activityTypeIds}
          onChange={(activityTypeIds) => list.setParams({ activityTypeIds })}
        />
      </LaborFilters>
      {query.data ? (
        <Text fz="xs" c="dimmed" mb="xs">
          {periodText(query.data.period)}
        </Text>
      ) : null}
      <TypeTotals totals={query.data?.totals} loading={query.isPending} />
      <ActivitiesTable {...list.tableProps(query)} onEdit={onEdit} onDelete={setDeleting} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete this activity?"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `${deleting.activityTypeName} of ${deleting.userName} on ${deleting.workDate} is taken off the totals.`
          : ""}
      </ConfirmModal>
    </>
  );
}

function NoActivityTab({ team }: { team: boolean }) {
  const list = useListPage(NO_ACTIVITY_PARAMS);
  const { params } = list;
  const lookups = useLookupList();
  const body = useMemo<NoActivitySearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      reasonState: params.reasonState,
      ...filterRequestOf(params),
    }),
    [params],
  );
  const query = useNoActivity(body);
  const counts = query.data?.counts;
  return (
    <>
      <LaborFilters {...listFilterProps(list)} period={{ empty: EMPTY_PERIOD }} team={team}>
        <Select
          label="Reason"
          data={REASON_STATE_OPTIONS}
          value={params.reasonState}
          allowDeselect={false}
          onChange={(v) =>
            list.setParams({ reasonState: (v ?? "all") as (typeof NO_ACTIVITY_REASON_STATES)[number] })
          }
          comboboxProps={{ withinPortal: true }}
        />
      </LaborFilters>
      {query.data && counts ? (
        <Text fz="sm" c="dimmed" mb="sm" aria-live="polite">
          {periodText(query.data.period)}: {plural(counts.days, "day")} worked or scheduled with nothing
          logged, {plural(counts.people, "person", "people")} with nothing at all; {counts.withoutReason}{" "}
          without a reason.
        </Text>
      ) : null}
      <NoActivityTable
        {...list.tableProps(query)}
        canEdit={query.data?.canEdit ?? false}
        reasons={lookups.data?.userReasons ?? []}
      />
    </>
  );
}

/**
 * /labor/activities (docs/decisions/0040-labor.md): what lead generators did during their shifts, the latest
 * logged, and who had no activity with the reasons managers record. A lead generator gets the quick "+1 Approach"
 * card on top and sees their own; managers log for their people.
 */
export function ActivitiesPage() {
  const [{ tab }, setTab] = useListParams(TAB);
  const can = useCan();
  const team = can("labor.team");
  const logs = can("labor.own") || can("labor.edit");
  const forOthers = can("labor.edit");
  // The phone's card is for those who log their own and manage no one (lead generators and their leads).
  const quick = can("labor.own") && !forOthers;
  const recent = useRecentActivities();
  const [editing, setEditing] = useState<Editing>(null);
  const types = recent.data?.types ?? [];

  return (
    <>
      <PageHeader
        title="Activities"
        description={
          team
            ? "What lead generators did during their shifts, the latest logged, and who had no activity."
            : "What you did during your shifts: approaches, breaks, training."
        }
        actions={
          logs ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ activity: null })}
              disabled={types.length === 0}
            >
              Log activity
            </Button>
          ) : null
        }
      />
      {quick ? (
        <Box mb="lg" maw={480}>
          <QuickActivityCard onLogOther={() => setEditing({ activity: null })} />
        </Box>
      ) : null}
      <Tabs
        value={tab}
        onChange={(v) => setTab({ tab: (v ?? "activities") as typeof tab })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="activities">Activities</Tabs.Tab>
          <Tabs.Tab value="recent">Recent</Tabs.Tab>
          <Tabs.Tab value="none">No activity</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="activities">
          <ActivitiesTab team={team} onEdit={(activity) => setEditing({ activity })} />
        </Tabs.Panel>
        <Tabs.Panel value="recent">
          <RecentFeed />
        </Tabs.Panel>
        <Tabs.Panel value="none">
          <NoActivityTab team={team} />
        </Tabs.Panel>
      </Tabs>
      <ActivityModal
        opened={editing !== null}
        activity={editing?.activity ?? null}
        types={types}
        forOthers={forOthers}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
