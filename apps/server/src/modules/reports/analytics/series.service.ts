import {
  type BucketChartResponse,
  DAY_OF_WEEK_LABELS,
  type dashboardBarChartQuery,
  defaultInterval,
  formatDate,
  INACTIVE_SUFFIX,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadCountSummaryChartResponse,
  type LeadSource,
  type leadCountChartRequest,
  type leadCountSummaryChartRequest,
  type leadGeneratorChartRequest,
  OUTCOME_COLUMNS,
  type OutcomeGrouping,
  type OutcomeReportResponse,
  type outcomeReportRequest,
  type PeriodInterval,
  SPEED_COLUMNS,
  type SpeedGrouping,
  type SpeedReportResponse,
  type speedReportRequest,
  type TimeSeriesResponse,
} from "@fieldlead/contracts";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { type ExportColumn, type ExportFile, exportFile } from "../../../platform/export";
import { pageResult } from "../../../platform/query-kit";
import type { UnitOfWork } from "../../../platform/unit-of-work";
import { type AnalyticsScope, analyticsScope, type ScopeOptions } from "./analytics-scope";
import { type OutcomeMeasures, outcomeRows } from "./outcomes.repository";
import { type GroupHead, pageOfRows, sortGroups } from "./series.groups";
import {
  type BucketKind,
  bucketLabel,
  leadCountSeries,
  leadGeneratorBuckets,
  leadsByStatusAndSource,
} from "./series.repository";
import { type SpeedMeasures, speedToLeadRows } from "./speed.repository";

type LeadCountInput = z.output<typeof leadCountChartRequest>;
type BarChartQuery = z.output<typeof dashboardBarChartQuery>;
type LeadGeneratorInput = z.output<typeof leadGeneratorChartRequest>;
type SummaryInput = z.output<typeof leadCountSummaryChartRequest>;
type SpeedInput = z.output<typeof speedReportRequest>;
type OutcomeInput = z.output<typeof outcomeReportRequest>;

export type SpeedReport = { kind: "page"; page: SpeedReportResponse } | ExportFile;
export type OutcomeReport = { kind: "page"; page: OutcomeReportResponse } | ExportFile;

/** "12 AM" .. "11 PM": the hours of the day as the product writes them. */
const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => `${h % 12 || 12} ${h < 12 ? "AM" : "PM"}`);

const BUCKETS: Record<BucketKind, { key: number; label: string }[]> = {
  dayOfWeek: DAY_OF_WEEK_LABELS.map((label, key) => ({ key, label })),
  hourOfDay: HOUR_LABELS.map((label, key) => ({ key, label })),
};

const GROUP_LABEL: Record<SpeedGrouping | OutcomeGrouping, string> = {
  source: "Source",
  territory: "Territory",
  store: "Store",
  leadGenerator: "Lead generator",
  appointmentType: "Appointment type",
};

const periodOf = (s: AnalyticsScope) => ({ startDate: s.period.startDate, endDate: s.period.endDate });

/**
 * The columns of a grouped report's file: the group's name and detail, then the report's measure columns
 * (SPEED_COLUMNS, OUTCOME_COLUMNS: the same the web's tables show).
 */
function groupColumns<R extends GroupHead>(
  grouping: SpeedGrouping | OutcomeGrouping,
  columns: readonly { key: string; label: string }[],
): ExportColumn<R>[] {
  return [
    { header: GROUP_LABEL[grouping], value: (r) => r.name },
    { header: "Detail", value: (r) => r.detail },
    ...columns.map((c) => ({
      header: c.label,
      value: (r: R) => (r as unknown as Record<string, number | null>)[c.key],
    })),
  ];
}

/**
 * The charts, the dashboard's bar chart, speed to lead and appointment outcomes (docs/decisions/0042). Every call
 * resolves its scope with `analyticsScope` (the capability, the period, the caller's rows) and then reads with one
 * query.
 */
export function seriesService(d: { uow: UnitOfWork; now?: () => Date }) {
  const now = () => d.now?.() ?? new Date();
  const scope = (
    ctx: TenantContext,
    input: Parameters<typeof analyticsScope>[2],
    opts: Omit<ScopeOptions, "now">,
  ) => analyticsScope(d.uow.read, ctx, input, { ...opts, now: now() });

  async function series(s: AnalyticsScope, asked: PeriodInterval | undefined): Promise<TimeSeriesResponse> {
    const interval = asked ?? defaultInterval(s.period.days);
    const points = await leadCountSeries(d.uow.read, s, interval);
    return {
      period: periodOf(s),
      interval,
      points: points.map((p) => ({ ...p, label: bucketLabel(p.date, interval) })),
    };
  }

  async function byLeadGenerator(
    ctx: TenantContext,
    input: LeadGeneratorInput,
    kind: BucketKind,
  ): Promise<BucketChartResponse> {
    const s = await scope(ctx, input, { capability: "charts.read" });
    const rows = await leadGeneratorBuckets(d.uow.read, s, kind, input.measure, input.top);
    const buckets = BUCKETS[kind];
    const zeros = () => buckets.map(() => 0);
    const people = new Map<number, BucketChartResponse["series"][number] & { rank: number }>();
    let others: number[] | null = null;
    for (const r of rows) {
      if (r.rank === null || r.userId === null) {
        others ??= zeros();
        others[r.bucket] += r.count;
        continue;
      }
      let p = people.get(r.userId);
      if (!p) {
        const name = `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim();
        const isActive = r.isActive === true;
        p = {
          id: r.userId,
          name: isActive ? name : `${name}${INACTIVE_SUFFIX}`,
          isActive,
          values: zeros(),
          rank: r.rank,
        };
        people.set(r.userId, p);
      }
      p.values[r.bucket] += r.count;
    }
    const series = [...people.values()].sort((a, b) => a.rank - b.rank).map(({ rank: _, ...p }) => p);
    const totals = zeros();
    for (const values of [...series.map((p) => p.values), ...(others ? [others] : [])]) {
      values.forEach((v, i) => {
        totals[i] += v;
      });
    }
    return { period: periodOf(s), measure: input.measure, buckets, series, others, totals };
  }

  return {
    /** charts.leadCount: the series for the chart's filter. */
    async leadCount(ctx: TenantContext, input: LeadCountInput): Promise<TimeSeriesResponse> {
      const s = await scope(ctx, input, { capability: "charts.read" });
      return series(s, input.interval);
    },

    /** The dashboard's bar chart: the same series for a territory of the path (0: every territory reached). */
    async leadsBarChart(
      ctx: TenantContext,
      territoryId: number,
      query: BarChartQuery,
    ): Promise<TimeSeriesResponse> {
      const s = await scope(ctx, query, { capability: "dashboard.read", territoryId, from: "querystring" });
      return series(s, query.interval);
    },

    leadGeneratorDaysOfWeek: (ctx: TenantContext, input: LeadGeneratorInput) =>
      byLeadGenerator(ctx, input, "dayOfWeek"),
    leadGeneratorHoursOfDay: (ctx: TenantContext, input: LeadGeneratorInput) =>
      byLeadGenerator(ctx, input, "hourOfDay"),

    /** The period's live leads (rejected included) by status and by source, every status and source listed. */
    async leadCountSummary(ctx: TenantContext, input: SummaryInput): Promise<LeadCountSummaryChartResponse> {
      const s = await scope(ctx, input, { capability: "charts.read" });
      const counts = await leadsByStatusAndSource(d.uow.read, s);
      const byStatus = new Map<number, number>();
      const bySource = new Map<string, number>();
      let total = 0;
      for (const c of counts) {
        byStatus.set(c.statusId, (byStatus.get(c.statusId) ?? 0) + c.count);
        bySource.set(c.source, (bySource.get(c.source) ?? 0) + c.count);
        total += c.count;
      }
      // A portal reads its program's source only: the others would always be zero.
      const sources = LEAD_SOURCES.filter(
        (x) => s.sources === null || s.sources.includes(x.id as LeadSource),
      );
      return {
        period: periodOf(s),
        total,
        byStatus: LEAD_STATUSES.map((x) => ({ id: x.id, name: x.name, count: byStatus.get(x.id) ?? 0 })),
        bySource: sources.map((x) => ({ id: x.id, name: x.name, count: bySource.get(x.id) ?? 0 })),
      };
    },

    /** Speed to lead: a sorted page of the groups with the totals, or every group as a file. */
    async speedToLead(ctx: TenantContext, input: SpeedInput): Promise<SpeedReport> {
      const s = await scope(ctx, input, { capability: "reports.read" });
      const { rows, totals } = await speedToLeadRows(d.uow.read, s, input.groupBy);
      const sorted = sortGroups(rows, input.sortBy ?? "name", input.sortDirection);
      if (input.format !== "json") {
        return groupedFile(
          ctx,
          s,
          input.format,
          "Speed to lead",
          input.groupBy,
          SPEED_COLUMNS,
          sorted,
          totals,
        );
      }
      const page = pageResult(pageOfRows(sorted, input), sorted.length, input);
      return { kind: "page", page: { period: periodOf(s), ...page, totals } };
    },

    /** Appointment outcomes (lead ran): a sorted page of the groups with the totals, or every group as a file. */
    async leadRan(ctx: TenantContext, input: OutcomeInput): Promise<OutcomeReport> {
      const s = await scope(ctx, input, { capability: "reports.read" });
      const { rows, totals } = await outcomeRows(d.uow.read, s, input.groupBy);
      const sorted = sortGroups(rows, input.sortBy ?? "name", input.sortDirection);
      if (input.format !== "json") {
        return groupedFile(ctx, s, input.format, "Lead ran", input.groupBy, OUTCOME_COLUMNS, sorted, totals);
      }
      const page = pageResult(pageOfRows(sorted, input), sorted.length, input);
      return { kind: "page", page: { period: periodOf(s), ...page, totals } };
    },
  };

  /** Every group in the asked order, then a Total row, with the period above the table in XLSX. */
  function groupedFile<M extends SpeedMeasures | OutcomeMeasures>(
    ctx: TenantContext,
    s: AnalyticsScope,
    format: "csv" | "xlsx",
    title: string,
    grouping: SpeedGrouping | OutcomeGrouping,
    columns: readonly { key: string; label: string }[],
    rows: (GroupHead & M)[],
    totals: M,
  ): ExportFile {
    const total: GroupHead & M = {
      key: "total",
      id: null,
      name: "Total",
      detail: null,
      isActive: true,
      ...totals,
    };
    async function* chunks() {
      yield [...rows, total];
    }
    return exportFile({
      format,
      title,
      date: formatDate(now(), ctx.timeZone),
      columns: groupColumns<GroupHead & M>(grouping, columns),
      chunks: chunks(),
      intro: [
        [title],
        ["Period", `${s.period.startDate} to ${s.period.endDate}`],
        ["By", GROUP_LABEL[grouping]],
      ],
    });
  }
}

export type SeriesService = ReturnType<typeof seriesService>;
