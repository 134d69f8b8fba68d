import {
  type AnalyticsColumn,
  type DashboardPanelsResponse,
  type dashboardPeriodQuery,
  type dashboardStoresExportQuery,
  defaultInterval,
  FUNNEL_COLUMNS,
  type FunnelColumnKey,
  type FunnelDimension,
  type FunnelReportDef,
  type FunnelReportResponse,
  type FunnelRow,
  formatDate,
  type funnelReportRequest,
  funnelValue,
  REPORTS,
} from "@fieldlead/contracts";
import type { RouteName } from "@fieldlead/contracts/routes";
import type { z } from "zod";
import type { TenantContext } from "../../../platform/context";
import { badRequest } from "../../../platform/errors";
import { type ExportColumn, type ExportFile, exportFile } from "../../../platform/export";
import type { UnitOfWork } from "../../../platform/unit-of-work";
import { type AnalyticsScope, analyticsScope, type FieldSource, previousPeriod } from "./analytics-scope";
import {
  countsLabor,
  type FunnelDbRow,
  type FunnelQuery,
  type FunnelRepository,
  type FunnelResult,
  funnelRepository,
} from "./funnel.repository";

export type FunnelInput = z.output<typeof funnelReportRequest>;
type PeriodQuery = z.output<typeof dashboardPeriodQuery>;
type StoresExportQuery = z.output<typeof dashboardStoresExportQuery>;

/** A report's answer: a page, or a CSV or XLSX file of every row. */
export type FunnelReport = { kind: "page"; page: FunnelReportResponse } | ExportFile;

/** An export holds at most this many rows; a report with more is refused (400) with what to narrow. */
export const FUNNEL_EXPORT_MAX_ROWS = 10_000;

/** The dashboard's listings: their grouping, title, columns and default order (leads, most first). */
const DASHBOARD_LISTS = {
  stores: {
    ...reportOf("reports.storeLead"),
    title: "Stores",
    defaultSort: { key: "leads", direction: "desc" },
  },
  users: {
    ...reportOf("reports.lgAgAnalysis"),
    title: "Lead generators",
    defaultSort: { key: "leads", direction: "desc" },
  },
} as const satisfies Record<string, FunnelReportDef>;

function reportOf(endpoint: RouteName): FunnelReportDef {
  const def = REPORTS.find((r) => r.endpoint === endpoint);
  if (def?.kind !== "funnel") throw new Error(`no funnel report for ${endpoint}`);
  return def;
}

// ---------------------------------------------------------------------------------------------------------
// Rows and files
// ---------------------------------------------------------------------------------------------------------

/** A row as the contracts say it: its key is the text key, the id, or the person and type ("none" for no id). */
function toRow(r: FunnelDbRow, dimension: FunnelDimension): FunnelRow {
  const key =
    r.keyText ??
    (dimension === "leadGeneratorAppointmentType"
      ? `${r.id ?? "none"}:${r.subId ?? "none"}`
      : String(r.id ?? "none"));
  return {
    key,
    id: r.id,
    name: r.name,
    detail: r.detail,
    subId: r.subId,
    subName: r.subName,
    isActive: r.isActive,
    approaches: r.approaches,
    hoursWorked: r.hoursWorked,
    shifts: r.shifts,
    leads: r.leads,
    rejected: r.rejected,
    duplicates: r.duplicates,
    appointmentsSet: r.appointmentsSet,
    sent: r.sent,
    ran: r.ran,
    sold: r.sold,
    notSold: r.notSold,
    noShow: r.noShow,
    cancelled: r.cancelled,
    revenue: r.revenue,
  };
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** A column's cell: percents as percentages with one decimal, money, hours and rates with two, counts whole. */
function cell(column: AnalyticsColumn, value: number | null): number | null {
  if (value === null) return null;
  switch (column.kind) {
    case "percent":
      return round(value * 100, 1);
    case "money":
    case "hours":
    case "rate":
      return round(value, 2);
    default:
      return value;
  }
}

/** The header of a column in a file: its label, with "(%)" for a percent. */
const header = (c: AnalyticsColumn) => (c.kind === "percent" ? `${c.label} (%)` : c.label);

/** The second name column of a grouping, where it has one. */
function detailHeader(def: FunnelReportDef, s: AnalyticsScope): string | null {
  if (def.dimension === "store") return "Location";
  if (def.dimension === "leadGenerator" && s.organizationIds.length > 1) return "Organizations";
  return null;
}

function exportColumns(def: FunnelReportDef, s: AnalyticsScope): ExportColumn<FunnelRow>[] {
  const columns: ExportColumn<FunnelRow>[] = [{ header: def.rowLabel, value: (r) => r.name }];
  const detail = detailHeader(def, s);
  if (detail) columns.push({ header: detail, value: (r) => r.detail });
  if (def.subLabel) columns.push({ header: def.subLabel, value: (r) => r.subName });
  for (const key of def.columns as readonly FunnelColumnKey[]) {
    const c = FUNNEL_COLUMNS[key];
    columns.push({ header: header(c), value: (r) => cell(c, funnelValue(r, key)) });
  }
  return columns;
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

// ---------------------------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------------------------

/** The funnel reports and the dashboard's panels and listings (docs/decisions/0042). */
export function funnelService(d: { uow: UnitOfWork; now?: () => Date; repo?: FunnelRepository }) {
  const repo = d.repo ?? funnelRepository();
  const now = d.now ?? (() => new Date());

  /** One report: the scope from the caller's rights and the filter, then a page or the file. */
  async function run(
    ctx: TenantContext,
    def: FunnelReportDef,
    input: FunnelInput,
    opts: { capability: "reports.read" | "dashboard.read"; territoryId?: number; from?: FieldSource },
  ): Promise<FunnelReport> {
    const at = now();
    const exec = d.uow.read;
    // The reports and the listings are POST calls; the store export, a GET, says so (`from`).
    const from = opts.from ?? "body";
    const s = await analyticsScope(exec, ctx, input, {
      capability: opts.capability,
      ownerGroup: def.ownerGroup,
      territoryId: opts.territoryId,
      from,
      now: at,
    });
    const interval = def.dimension === "period" ? (input.interval ?? defaultInterval(s.period.days)) : null;
    // Without a direction: the report's own for its default column, A to Z for names, most first for numbers.
    const key = input.sortBy ?? def.defaultSort.key;
    const direction =
      input.sortDirection ??
      (key === def.defaultSort.key ? def.defaultSort.direction : key === "name" ? "asc" : "desc");
    const sort = { key, direction };
    const file = input.format !== "json";
    const q: FunnelQuery = {
      dimension: def.dimension,
      interval,
      search: input.search ?? null,
      sort,
      limit: file ? FUNNEL_EXPORT_MAX_ROWS + 1 : input.pageSize,
      offset: file ? 0 : (input.page - 1) * input.pageSize,
    };
    const result: FunnelResult = def.ownerGroup
      ? await repo.ownerGroupFunnel(exec, s, q)
      : await repo.funnel(exec, s, q);
    const items = result.rows.map((r) => toRow(r, def.dimension));

    if (input.format !== "json") {
      if (result.total > FUNNEL_EXPORT_MAX_ROWS) {
        const cap = FUNNEL_EXPORT_MAX_ROWS.toLocaleString("en-US");
        throw badRequest(
          `This report has ${result.total.toLocaleString("en-US")} rows; a file holds at most ${cap}. Narrow the period or the filters, or search.`,
          { [`${from}.format`]: [`At most ${cap} rows in a file.`] },
        );
      }
      return exportFile({
        format: input.format,
        title: def.title,
        date: formatDate(at, ctx.timeZone),
        columns: exportColumns(def, s),
        chunks: once(items),
      });
    }
    return {
      kind: "page",
      page: {
        period: { startDate: s.period.startDate, endDate: s.period.endDate },
        interval,
        items,
        total: result.total,
        page: input.page,
        pageSize: input.pageSize,
        totals: { ...result.totals },
      },
    };
  }

  return {
    /** A funnel report of the Reports area, by its endpoint (each maps to its REPORTS entry). */
    report(ctx: TenantContext, endpoint: RouteName, input: FunnelInput): Promise<FunnelReport> {
      return run(ctx, reportOf(endpoint), input, { capability: "reports.read" });
    },

    /** The dashboard's stores with their counts: a page, or the file. */
    stores(ctx: TenantContext, input: FunnelInput): Promise<FunnelReport> {
      return run(ctx, DASHBOARD_LISTS.stores, input, { capability: "dashboard.read" });
    },

    /** The dashboard's lead generators with their counts and hours: a page, or the file. */
    users(ctx: TenantContext, input: FunnelInput): Promise<FunnelReport> {
      return run(ctx, DASHBOARD_LISTS.users, input, { capability: "dashboard.read" });
    },

    /** The dashboard's store listing as a file, with a territory (0 or none: all) instead of a list. */
    async storesExport(ctx: TenantContext, query: StoresExportQuery): Promise<ExportFile> {
      const input: FunnelInput = {
        dateRange: query.dateRange,
        startDate: query.startDate,
        endDate: query.endDate,
        search: query.search,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection,
        format: query.format,
        page: 1,
        pageSize: 50,
      };
      const report = await run(ctx, DASHBOARD_LISTS.stores, input, {
        capability: "dashboard.read",
        territoryId: query.territoryId,
        // A GET call, with or without a territory: its errors name the query string's fields.
        from: "querystring",
      });
      if (report.kind === "page") throw new Error("storesExport: expected a file");
      return report;
    },

    /** The headline panels of a territory (0: all), beside the period of the same length just before. */
    async panels(
      ctx: TenantContext,
      territoryId: number,
      query: PeriodQuery,
    ): Promise<DashboardPanelsResponse> {
      const exec = d.uow.read;
      const s = await analyticsScope(exec, ctx, query, {
        capability: "dashboard.read",
        territoryId,
        from: "querystring",
        now: now(),
      });
      const before: AnalyticsScope = { ...s, period: previousPeriod(ctx, s.period) };
      // Totals only: the organization grouping's totals, no row read.
      const totalsOnly: FunnelQuery = {
        dimension: "organization",
        interval: null,
        search: null,
        sort: { key: "name", direction: "asc" },
        limit: 0,
        offset: 0,
      };
      // Three independent reads, at once: on PostgreSQL each takes a connection of the pool, so the panels answer in
      // the time of the slowest instead of the sum (the embedded database runs them one after another anyway).
      const [current, previous, activeLeadGenerators] = await Promise.all([
        repo.funnel(exec, s, totalsOnly),
        repo.funnel(exec, before, totalsOnly),
        repo.activeLeadGenerators(exec, s),
      ]);
      const labor = countsLabor("organization", s);
      const measures = (r: FunnelResult) => ({
        ...r.totals,
        ...(labor ? {} : { approaches: null, hoursWorked: null, shifts: null }),
      });
      return {
        period: { startDate: s.period.startDate, endDate: s.period.endDate },
        previousPeriod: { startDate: before.period.startDate, endDate: before.period.endDate },
        current: measures(current),
        previous: measures(previous),
        activeLeadGenerators,
      };
    },
  };
}
export type FunnelService = ReturnType<typeof funnelService>;
