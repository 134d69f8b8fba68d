import type { PeriodInterval } from "@fieldlead/contracts";
import { SegmentedControl } from "@mantine/core";
import { lazy } from "react";
import { ChartCard, chartQueryState } from "../../../components/analytics/chart-card";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import { isEmptySeries, SeriesTable, seriesSum as sum } from "../../../components/analytics/series-table";
import { type ChartFilter, useLeadCountChart } from "../api/charts";

const LeadCountDrawing = lazy(() =>
  import("./lead-count-drawing").then((m) => ({ default: m.LeadCountDrawing })),
);

const INTERVALS: { value: PeriodInterval; label: string }[] = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
];

/**
 * Lead count over time: leads, appointments set and sold per day, week or month of the period. The interval is
 * the server's choice from the period's length until someone picks one (`interval` null).
 */
export function LeadCountCard({
  filter,
  interval,
  onIntervalChange,
}: {
  filter: ChartFilter;
  interval: PeriodInterval | null;
  onIntervalChange: (interval: PeriodInterval) => void;
}) {
  const query = useLeadCountChart({ ...filter, ...(interval ? { interval } : {}) });
  const data = query.data;
  const shown = interval ?? data?.interval ?? "day";
  const height = 300;
  return (
    <ChartCard
      title="Lead count over time"
      description={
        data ? `Leads, appointments set and sold per ${shown}, ${formatPeriod(data.period)}` : null
      }
      state={chartQueryState(query)}
      controls={
        <SegmentedControl
          size="xs"
          aria-label="Interval"
          data={INTERVALS}
          value={shown}
          onChange={(v) => onIntervalChange(v as PeriodInterval)}
        />
      }
      empty={
        data && isEmptySeries(data.points)
          ? {
              title: "No leads in this period",
              description: "Choose a longer period, or fewer filters, to see leads over time.",
            }
          : null
      }
      summary={
        data
          ? `Line chart of leads, appointments set and sold per ${shown}: ${formatMeasure("count", sum(data.points, "leads"))} leads, ${formatMeasure("count", sum(data.points, "appointmentsSet"))} appointments set and ${formatMeasure("count", sum(data.points, "sold"))} sold in all. Choose Table for each ${shown}'s numbers.`
          : ""
      }
      height={height}
      chart={data ? <LeadCountDrawing points={data.points} height={height} /> : null}
      table={data ? <SeriesTable caption="Lead count over time" points={data.points} /> : null}
    />
  );
}
