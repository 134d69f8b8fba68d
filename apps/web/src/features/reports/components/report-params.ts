import {
  type AnalyticsColumn,
  FUNNEL_COLUMNS,
  OUTCOME_COLUMNS,
  OUTCOME_GROUPINGS,
  PERIOD_INTERVALS,
  type PeriodInterval,
  type ReportDef,
  SPEED_COLUMNS,
  SPEED_GROUPINGS,
} from "@fieldlead/contracts";
import { useMemo } from "react";
import type { AnalyticsFilter } from "../../../components/analytics/analytics-filters";
import type { SortDirection } from "../../../components/data-table";
import {
  choiceParam,
  intParam,
  type ListParams,
  optionalChoiceParam,
  type ParamCodec,
  useListParams,
} from "../../../lib/list-params";
import type { ReportBody } from "../api/reports";

// A report's own settings in the address, beside the shared filter (components/analytics/analytics-filters.tsx):
// `?page=2&pageSize=100&sortBy=revenue&sortDirection=desc&groupBy=store&interval=week`.

export const DEFAULT_PAGE_SIZE = 50;

/** The speed report's sort keys (its request's `sortBy`): the columns the server orders by. */
export const SPEED_SORT_KEYS = [
  "name",
  "leads",
  "delivered",
  "medianMinutesToDelivery",
  "contacted",
  "medianMinutesToContact",
] as const;
export const OUTCOME_SORT_KEYS = ["name", ...OUTCOME_COLUMNS.map((c) => c.key)] as const;

export const GROUPING_LABELS: Record<string, string> = {
  source: "Source",
  territory: "Territory",
  store: "Store",
  leadGenerator: "Lead generator",
  appointmentType: "Appointment type",
};

export const INTERVAL_LABELS: Record<PeriodInterval, string> = { day: "Day", week: "Week", month: "Month" };

/** The columns of a report's table (and of its files: the server writes the same list). */
export function columnsOf(def: ReportDef): readonly AnalyticsColumn[] {
  if (def.kind === "speed") return SPEED_COLUMNS;
  if (def.kind === "outcome") return OUTCOME_COLUMNS;
  return def.columns.map((key) => FUNNEL_COLUMNS[key]);
}

export function sortKeysOf(def: ReportDef): readonly string[] {
  if (def.kind === "speed") return SPEED_SORT_KEYS;
  if (def.kind === "outcome") return OUTCOME_SORT_KEYS;
  return ["name", ...def.columns];
}

/** The catalogue's default order; speed by leads and outcomes by appointments, the most first. */
export function defaultSortOf(def: ReportDef): { key: string; direction: SortDirection } {
  if (def.kind === "speed") return { key: "leads", direction: "desc" };
  if (def.kind === "outcome") return { key: "appointments", direction: "desc" };
  return def.defaultSort;
}

export function groupingsOf(def: ReportDef): readonly string[] {
  if (def.kind === "speed") return SPEED_GROUPINGS;
  if (def.kind === "outcome") return OUTCOME_GROUPINGS;
  return [];
}

/** Whether the report's rows are periods, with a day, week or month interval. */
export const hasInterval = (def: ReportDef) => def.kind === "funnel" && def.dimension === "period";

type ReportCodecs = {
  page: ParamCodec<number>;
  pageSize: ParamCodec<number>;
  sortBy: ParamCodec<string>;
  sortDirection: ParamCodec<SortDirection>;
  groupBy: ParamCodec<string | null>;
  interval: ParamCodec<PeriodInterval | null>;
};
export type ReportParams = ListParams<ReportCodecs>;

const NONE = optionalChoiceParam<never>([]) as ParamCodec<null>;

function codecsFor(def: ReportDef): ReportCodecs {
  const sort = defaultSortOf(def);
  const groupings = groupingsOf(def);
  return {
    page: intParam(1),
    pageSize: intParam(DEFAULT_PAGE_SIZE, 1, 200),
    sortBy: choiceParam(sortKeysOf(def), sort.key),
    sortDirection: choiceParam<SortDirection>(["asc", "desc"], sort.direction),
    groupBy: groupings.length
      ? (choiceParam(groupings, groupings[0] as string) as ParamCodec<string | null>)
      : NONE,
    interval: hasInterval(def) ? optionalChoiceParam(PERIOD_INTERVALS) : NONE,
  };
}

// The list hook compares codecs by identity: one set per report, made once.
const CODECS = new Map<string, ReportCodecs>();
const codecsOf = (def: ReportDef) => {
  let codecs = CODECS.get(def.slug);
  if (!codecs) {
    codecs = codecsFor(def);
    CODECS.set(def.slug, codecs);
  }
  return codecs;
};

/** The report's page, sort, grouping and interval, in the address. */
export function useReportParams(def: ReportDef) {
  return useListParams(codecsOf(def));
}

/** What the report's call sends: the filter, then the report's own settings (none left at a blank value). */
export function reportBody(def: ReportDef, filter: AnalyticsFilter, p: ReportParams): ReportBody {
  return {
    ...filter,
    page: p.page,
    pageSize: p.pageSize,
    sortBy: p.sortBy,
    sortDirection: p.sortDirection,
    ...(groupingsOf(def).length && p.groupBy ? { groupBy: p.groupBy } : {}),
    ...(hasInterval(def) && p.interval ? { interval: p.interval } : {}),
  };
}

/** The report's body, made again only when a setting changes (it is the query's key). */
export function useReportBody(def: ReportDef, filter: AnalyticsFilter, params: ReportParams) {
  return useMemo(() => reportBody(def, filter, params), [def, filter, params]);
}
