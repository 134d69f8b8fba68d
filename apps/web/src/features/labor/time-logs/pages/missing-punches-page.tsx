import type { MissingPunchSearchRequest } from "@fieldlead/contracts";
import { SegmentedControl } from "@mantine/core";
import { useMemo, useState } from "react";
import { PageHeader } from "../../../../components/page-header";
import { listPageParams, useListPage } from "../../../../components/use-list-page";
import { choiceParam } from "../../../../lib/list-params";
import {
  filterRequestOf,
  LaborFilters,
  listFilterProps,
  optionalPeriodParams,
  SPELLED_OUT_NAMES,
  whoParams,
} from "../../components/labor-filters";
import { useMissingPunches } from "../api/time-logs";
import { MissingPunchesTable } from "../components/missing-punches-table";
import { TimeLogDialog, type TimeLogTarget } from "../components/time-log-dialog";

/** The server's sort keys (contracts' missing-punch request; the web loads no schemas). */
const SORT_KEYS = ["workDate", "userName", "storeName"] as const satisfies readonly NonNullable<
  MissingPunchSearchRequest["sortBy"]
>[];
const STATES = ["all", "missing", "proposed"] as const;

// Module constants: the list hook compares them by identity.
const PARAMS = {
  ...listPageParams(SORT_KEYS, "workDate"),
  // No period: every outstanding one.
  ...optionalPeriodParams(SPELLED_OUT_NAMES),
  ...whoParams(SPELLED_OUT_NAMES),
  state: choiceParam(STATES, "all"),
};

/**
 * /labor/missing-punches: punches the sweep flagged (no punch out once the store's day was over, or no punch in)
 * and the people's proposals, oldest first, to work through: accept a proposal, correct with a reason, read the
 * audit trail. Nothing is closed silently.
 */
export function MissingPunchesPage() {
  const list = useListPage(PARAMS);
  const { params } = list;
  const body = useMemo<MissingPunchSearchRequest>(
    () => ({
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
      ...(params.state !== "all" ? { states: [params.state] } : {}),
      ...filterRequestOf(params),
    }),
    [params],
  );
  const query = useMissingPunches(body);
  const [dialog, setDialog] = useState<TimeLogTarget>(null);
  const counts = query.data?.counts;
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n.toLocaleString("en-US")})`);

  return (
    <>
      <PageHeader
        title="Missing punches"
        description="Shifts with a punch missing and the times people proposed: accept a proposal or correct the log. Every change is kept with its reason."
      />
      <LaborFilters
        {...listFilterProps(list)}
        period={{ empty: { label: "Any date", clearable: true } }}
        footer={
          <SegmentedControl
            aria-label="Show"
            size="sm"
            data={[
              { value: "all", label: `All${counts ? count(counts.missing + counts.proposed) : ""}` },
              { value: "missing", label: `Missing${count(counts?.missing)}` },
              { value: "proposed", label: `Proposed${count(counts?.proposed)}` },
            ]}
            value={params.state}
            onChange={(v) => list.setParams({ state: v as (typeof STATES)[number] })}
          />
        }
      />
      <MissingPunchesTable {...list.tableProps(query)} onAction={(kind, log) => setDialog({ kind, log })} />
      <TimeLogDialog target={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
