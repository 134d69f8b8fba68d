import type { LaborHistoryRow, LaborHistorySearchRequest } from "@fieldlead/contracts";
import { Group, SegmentedControl, Switch, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import type { SortDirection } from "../../../../components/data-table";
import { ExportButtons } from "../../../../components/export-buttons";
import { PageHeader } from "../../../../components/page-header";
import { listPageParams, useListPage } from "../../../../components/use-list-page";
import { choiceParam, named, switchParam } from "../../../../lib/list-params";
import { hoursMinutes } from "../../components/format";
import {
  filterRequestOf,
  LaborFilters,
  listFilterProps,
  periodParams,
  SPELLED_OUT_NAMES,
  whoParams,
} from "../../components/labor-filters";
import { exportLaborHistory, useLaborHistory } from "../api/time-logs";
import { durationWords } from "../components/format";
import { LaborHistoryTable } from "../components/labor-history-table";
import { PersonLogsDrawer, type PersonPeriod } from "../components/person-logs-drawer";

/** The server's sort keys (contracts' `LABOR_HISTORY_SORT_KEYS`; the web loads no schemas). */
const SORT_KEYS = ["userName", "periodStart", "minutes", "leadCount"] as const satisfies readonly NonNullable<
  LaborHistorySearchRequest["sortBy"]
>[];
const GROUPS = ["day", "week"] as const;

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(SORT_KEYS, "periodStart"),
  // The latest days first.
  sortDirection: choiceParam<SortDirection>(["asc", "desc"], "desc"),
  ...periodParams(SPELLED_OUT_NAMES),
  ...whoParams(SPELLED_OUT_NAMES),
  groupBy: choiceParam(GROUPS, "day"),
  flaggedOnly: named("flagged", switchParam()),
};

/**
 * /labor/history: the team's time per person and day (or week) over a period, with what needs a look (missing
 * punches, leads while not punched in, approaches with no lead); a row opens the person's time logs to correct,
 * delete or add, each with its audit trail. Exported whole as CSV or Excel.
 */
export function LaborHistoryPage() {
  const list = useListPage(PARAMS);
  const { params } = list;
  const body = useMemo<LaborHistorySearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      groupBy: params.groupBy,
      ...(params.flaggedOnly ? { flaggedOnly: true } : {}),
      ...filterRequestOf(params),
    }),
    [params],
  );
  const query = useLaborHistory(body);
  const [open, setOpen] = useState<PersonPeriod | null>(null);
  const period = query.data?.period;

  const openRow = (r: LaborHistoryRow) =>
    setOpen({ userId: r.userId, userName: r.userName, startDate: r.periodStart, endDate: r.periodEnd });

  return (
    <>
      <PageHeader
        title="Labor history"
        description="Hours per person and day from the time logs, with missing punches and leads outside a shift flagged. Open a row to correct its logs."
        actions={
          <ExportButtons
            disabled={!query.data || query.data.total === 0}
            onExport={(format) => exportLaborHistory(body, format)}
          />
        }
      />
      <LaborFilters
        {...listFilterProps(list)}
        footer={
          <Group gap="lg" wrap="wrap" align="center">
            <SegmentedControl
              aria-label="Group by"
              size="sm"
              data={[
                { value: "day", label: "By day" },
                { value: "week", label: "By week" },
              ]}
              value={params.groupBy}
              onChange={(v) => list.setParams({ groupBy: v as (typeof GROUPS)[number] })}
            />
            <Switch
              label="Flagged only"
              checked={params.flaggedOnly}
              onChange={(e) => list.setParams({ flaggedOnly: e.currentTarget.checked })}
            />
          </Group>
        }
      />
      <Text fz="sm" c="dimmed" mb="sm" aria-live="polite">
        {period && query.data
          ? `${period.startDate === period.endDate ? period.startDate : `${period.startDate} – ${period.endDate}`}: `
          : "\u00a0"}
        {query.data ? (
          <Text
            span
            fz="sm"
            fw={600}
            c="var(--mantine-color-text)"
            title={durationWords(query.data.totalMinutes)}
          >
            {hoursMinutes(query.data.totalMinutes)} h in all
          </Text>
        ) : null}
      </Text>
      <LaborHistoryTable {...list.tableProps(query)} onOpen={openRow} />
      <PersonLogsDrawer period={open} onClose={() => setOpen(null)} />
    </>
  );
}
