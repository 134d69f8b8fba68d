import { lazy } from "react";
import { ChartCard, chartQueryState } from "../../../components/analytics/chart-card";
import { formatMeasure, formatPeriod } from "../../../components/analytics/format";
import { isEmptySeries, SeriesTable } from "../../../components/analytics/series-table";
import { type PeriodRequest, useLeadsBarChart } from "../api/dashboard";

const LeadsBarDrawing = lazy(() =>
  import("./leads-bar-drawing").then((m) => ({ default: m.LeadsBarDrawing })),
);

const HEIGHT = 260;

/**
 * Leads and appointments set per day, week or month of the period (the server picks the interval from the period's
 * length). The drawing and its library load after the panels; the Table view has the same numbers.
 */
export function LeadsBarChart({ territoryId, period }: { territoryId: number; period: PeriodRequest }) {
  const query = useLeadsBarChart(territoryId, period);
  const data = query.data;
  const total = (key: "leads" | "appointmentsSet") =>
    formatMeasure("count", data?.points.reduce((n, p) => n + p[key], 0) ?? 0);
  return (
    <ChartCard
      title="Leads and appointments"
      description={data ? `Per ${data.interval}, ${formatPeriod(data.period)}` : null}
      state={chartQueryState(query)}
      empty={
        data && isEmptySeries(data.points)
          ? {
              title: "No leads in this period",
              description: "Choose a longer period, such as This Year, or another territory.",
            }
          : null
      }
      summary={
        data
          ? `Bar chart of leads and appointments set per ${data.interval}: ${total("leads")} leads and ${total("appointmentsSet")} appointments set in all. Choose Table for each ${data.interval}'s numbers.`
          : ""
      }
      height={HEIGHT}
      chart={data ? <LeadsBarDrawing points={data.points} height={HEIGHT} /> : null}
      table={
        data ? (
          <SeriesTable
            caption="Leads and appointments"
            points={data.points}
            measures={["leads", "appointmentsSet"]}
          />
        ) : null
      }
    />
  );
}
