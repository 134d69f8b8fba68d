import {
  decimalHours,
  formatHoursMinutes,
  HOURS_GROUP_BY,
  HOURS_SORT_KEYS,
  type HoursGroupBy,
  type HoursRow,
  type HoursSearchRequest,
} from "@fieldlead/contracts";
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, SimpleGrid, Tabs, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconLockCheck, IconPlus } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ConfirmModal } from "../../../../components/confirm-modal";
import { PageHeader } from "../../../../components/page-header";
import { listPageParams, useListPage } from "../../../../components/use-list-page";
import { errorMessage } from "../../../../lib/api-error";
import { useCan } from "../../../../lib/can";
import { choiceParam, named, useListParams } from "../../../../lib/list-params";
import { periodText } from "../../components/format";
import { useDeleteHours, useHours } from "../api/hours";
import { HoursEntryModal } from "../components/hours-entry-form";
import { HoursFilters, hoursFilterParams, hoursFiltersOf } from "../components/hours-filters";
import { type HoursRowAction, HoursTable, hoursRowName } from "../components/hours-table";
import { PostHoursModal } from "../components/post-hours-modal";
import { PostingsList } from "../components/postings-list";

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(HOURS_SORT_KEYS, "userName"),
  ...hoursFilterParams,
  groupBy: named("by", choiceParam(HOURS_GROUP_BY, "entry")),
};
const TABS = ["hours", "postings"] as const;
/** The tab in the address (`?tab=postings`), apart from the list's settings so a tab change keeps them. */
const TAB = { tab: choiceParam(TABS, "hours") };

const GROUP_LABELS: Record<HoursGroupBy, string> = { entry: "Entries", day: "By day", person: "By person" };

function Total({ label, minutes }: { label: string; minutes: number }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="md" fw={600}>
        {formatHoursMinutes(minutes)}{" "}
        <Text span fz="xs" c="dimmed" fw={400}>
          ({decimalHours(minutes)} h)
        </Text>
      </Text>
    </div>
  );
}

/**
 * /labor/hours: hours per person, date and type over a period (from closed time logs, live until posted, and
 * manual entries), per entry, day or person; managers add and fix entries, post a pay period (which locks it for
 * those people) and download each posting's payroll file (docs/decisions/0040-labor.md).
 */
export function HoursPage() {
  const canEdit = useCan()("labor.edit");
  const list = useListPage(PARAMS);
  const { params } = list;
  const [{ tab }, setTab] = useListParams(TAB);
  const body = useMemo<HoursSearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      groupBy: params.groupBy,
      ...hoursFiltersOf(params),
    }),
    [params],
  );
  const query = useHours(body);
  const remove = useDeleteHours();
  const [editing, setEditing] = useState<{ row: HoursRow | null } | null>(null);
  const [deleting, setDeleting] = useState<HoursRow | null>(null);
  const [posting, setPosting] = useState(false);
  const data = query.data;

  const onAction = (action: HoursRowAction, row: HoursRow) =>
    action === "edit" ? setEditing({ row }) : setDeleting(row);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id as number, {
      onSuccess: () => {
        notifications.show({
          color: "teal",
          message: `The hours of ${hoursRowName(deleting)} were deleted.`,
        });
        setDeleting(null);
      },
      onError: (err) => {
        notifications.show({ color: "red", title: "Could not delete", message: errorMessage(err) });
        setDeleting(null);
      },
    });
  };

  const addButton = canEdit ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ row: null })}>
      Add hours
    </Button>
  ) : null;

  // "Everyone the list's filters pick": its people, stores, territories, types and name (not its period or sort).
  const { userIds, storeIds, territoryIds, hoursTypeIds, text } = hoursFiltersOf(params);
  const postFilters = { userIds, storeIds, territoryIds, hoursTypeIds, text };

  return (
    <>
      <PageHeader
        title="Hours"
        description="Hours per person and day, from closed time logs and from entries added here. Posting a pay period locks it for payroll."
        actions={
          canEdit ? (
            <>
              {addButton}
              <Button
                variant="light"
                leftSection={<IconLockCheck size={16} aria-hidden />}
                onClick={() => setPosting(true)}
                disabled={!data}
              >
                Post hours
              </Button>
            </>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => setTab({ tab: (v ?? "hours") as (typeof TABS)[number] })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="hours">Hours</Tabs.Tab>
          <Tabs.Tab value="postings">Postings and payroll</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="hours">
          <HoursFilters
            value={params}
            onChange={list.setParams}
            activeCount={list.filterCount - (params.groupBy === "entry" ? 0 : 1)}
            onClear={list.clearFilters}
          />
          {data && data.attention.logs > 0 ? (
            <Alert
              color="orange"
              variant="light"
              mb="md"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={`${data.attention.logs} time ${data.attention.logs === 1 ? "log counts" : "logs count"} no hours yet`}
            >
              <Text fz="sm">
                {data.attention.people === 1 ? "One person has" : `${data.attention.people} people have`} time
                logs in this period that are open, missing a punch, or waiting for a manager. Fix them under{" "}
                <Anchor component={Link} to="/labor/missing-punches" fz="sm">
                  Missing punches
                </Anchor>{" "}
                before posting.
              </Text>
            </Alert>
          ) : null}
          <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Show"
              data={HOURS_GROUP_BY.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
              value={params.groupBy}
              onChange={(v) => list.setParams({ groupBy: v as HoursGroupBy })}
            />
            {data ? (
              <Text fz="sm" c="dimmed" aria-live="polite">
                {periodText(data.period)}
              </Text>
            ) : null}
          </Group>
          {data ? (
            <Paper withBorder radius="md" p="sm" mb="md">
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Totals">
                <Total label="Total" minutes={data.totals.minutes} />
                <Total label="From time logs" minutes={data.totals.timeLogMinutes} />
                <Total label="Manual" minutes={data.totals.manualMinutes} />
                <Total label="Posted" minutes={data.totals.postedMinutes} />
                <Total label="Not posted" minutes={data.totals.unpostedMinutes} />
              </SimpleGrid>
            </Paper>
          ) : null}
          <HoursTable
            {...list.tableProps(query)}
            groupBy={params.groupBy}
            onAction={onAction}
            emptyAction={addButton}
          />
        </Tabs.Panel>
        <Tabs.Panel value="postings">
          <PostingsList />
        </Tabs.Panel>
      </Tabs>
      <HoursEntryModal target={editing} onClose={() => setEditing(null)} />
      <PostHoursModal
        opened={posting}
        period={data?.period ?? null}
        filters={postFilters}
        onClose={() => setPosting(false)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete these hours?"
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting ? (
          <>
            {formatHoursMinutes(deleting.minutes)} of <b>{deleting.userName}</b> on {deleting.workDate}
            {deleting.hoursTypeName ? ` (${deleting.hoursTypeName})` : ""} will no longer count.
          </>
        ) : null}
      </ConfirmModal>
    </>
  );
}
