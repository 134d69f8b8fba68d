import { LEAD_SORT_KEYS, type LeadKind, type LeadSource } from "@fieldlead/contracts";
import { useMemo } from "react";
import {
  choiceParam,
  dateParam,
  idsParam,
  intParam,
  named,
  optionalChoiceParam,
  switchParam,
  textParam,
  textsParam,
  useListParams,
} from "../../../lib/list-params";
import {
  type CaptureSearchBody,
  LEAD_TABS,
  type LeadListTabId,
  type LeadSearchBody,
  type LeadTabId,
} from "../api/search-leads";

export type LeadFilterValues = {
  /** "1".."10" (DATE_RANGE_OPTIONS), "custom" (startDate..endDate) or null (any time). */
  range: string | null;
  startDate: string | null;
  endDate: string | null;
  territoryIds: number[];
  storeIds: number[];
  leadGeneratorIds: number[];
  statusIds: number[];
  serviceTypeIds: number[];
  sources: string[];
  rejectionReasons: string[];
  outcomes: string[];
  text: string;
  deleted: boolean;
};

export type SearchState = {
  tab: LeadTabId;
  filters: LeadFilterValues;
  page: number;
  pageSize: number;
  sortBy: string;
  sortDirection: "asc" | "desc";
};

export const EMPTY_FILTERS: LeadFilterValues = {
  range: null,
  startDate: null,
  endDate: null,
  territoryIds: [],
  storeIds: [],
  leadGeneratorIds: [],
  statusIds: [],
  serviceTypeIds: [],
  sources: [],
  rejectionReasons: [],
  outcomes: [],
  text: "",
  deleted: false,
};

const DEFAULT_PAGE_SIZE = 25;
export const defaultSort = (tab: LeadTabId) => (tab === "capture" ? "receivedAt" : "capturedAt");
const sortKeysOf = (tab: LeadTabId): readonly string[] =>
  tab === "capture" ? ["receivedAt", "id"] : LEAD_SORT_KEYS;

/**
 * Program users see only their program's list (`program`: contracts' `programOf`); everyone else sees all six.
 */
export function tabsFor(program: LeadSource | null) {
  if (program === null) return [...LEAD_TABS];
  return LEAD_TABS.filter((t) => t.id === program);
}

const LEAD_TAB_IDS = LEAD_TABS.map((t) => t.id);
const RANGES = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom"] as const;

/**
 * The Leads screen's search in the address (lib/list-params.ts, like every list), under the short names its
 * links have always used: `?tab=internal&range=5&territory=3&q=smith&size=50&sort=lastName&dir=asc&lead=12`.
 * The sort keys and the default sort depend on the tab, so each tab has its codecs.
 */
const codecsOf = (tab: LeadTabId) => ({
  tab: optionalChoiceParam(LEAD_TAB_IDS),
  page: intParam(1),
  pageSize: named("size", intParam(DEFAULT_PAGE_SIZE, 1, 200)),
  sortBy: named("sort", choiceParam(sortKeysOf(tab), defaultSort(tab))),
  sortDirection: named("dir", choiceParam(["asc", "desc"] as const, "desc")),
  range: optionalChoiceParam(RANGES),
  startDate: named("from", dateParam()),
  endDate: named("to", dateParam()),
  territoryIds: named("territory", idsParam()),
  storeIds: named("store", idsParam()),
  leadGeneratorIds: named("lg", idsParam()),
  statusIds: named("status", idsParam()),
  serviceTypeIds: named("type", idsParam()),
  sources: named("source", textsParam()),
  rejectionReasons: named("reason", textsParam()),
  outcomes: named("outcome", textsParam()),
  text: named("q", textParam()),
  deleted: switchParam(),
  /** The lead open in the drawer (0: none) and its kind. */
  lead: intParam(0),
  kind: choiceParam(["internal", "external"] as const, "internal"),
});
// Module constants: the list hook compares codecs by identity.
const CODECS = Object.fromEntries(LEAD_TAB_IDS.map((id) => [id, codecsOf(id)])) as Record<
  LeadTabId,
  ReturnType<typeof codecsOf>
>;
const TAB_CODECS = { tab: optionalChoiceParam(LEAD_TAB_IDS) };

const range = (f: LeadFilterValues) =>
  f.range === "custom"
    ? { startDate: f.startDate ?? undefined, endDate: f.endDate ?? undefined }
    : f.range
      ? { dateRange: Number(f.range) }
      : {};
const list = <K extends string, T>(key: K, v: T[]) =>
  (v.length ? { [key]: v } : {}) as Partial<Record<K, T[]>>;

/** The body of a lead search: only the filters that apply to the tab, nothing empty. */
export function leadSearchBody(s: SearchState): LeadSearchBody {
  const f = s.filters;
  const tab = s.tab as LeadListTabId;
  return {
    page: s.page,
    pageSize: s.pageSize,
    sortBy: s.sortBy as LeadSearchBody["sortBy"],
    sortDirection: s.sortDirection,
    ...range(f),
    ...list("territoryIds", f.territoryIds),
    ...list("storeIds", f.storeIds),
    ...list("leadGeneratorIds", f.leadGeneratorIds),
    ...list("statusIds", tab === "rejected" ? [] : f.statusIds),
    ...list("serviceTypeIds", f.serviceTypeIds),
    ...list("sources", tab === "external" ? (f.sources as NonNullable<LeadSearchBody["sources"]>) : []),
    ...list(
      "rejectionReasons",
      tab === "rejected" ? (f.rejectionReasons as NonNullable<LeadSearchBody["rejectionReasons"]>) : [],
    ),
    ...(f.text.trim() ? { text: f.text.trim() } : {}),
    ...(f.deleted ? { deleted: true } : {}),
  };
}

export function captureSearchBody(s: SearchState): CaptureSearchBody {
  const f = s.filters;
  return {
    page: s.page,
    pageSize: s.pageSize,
    sortBy: s.sortBy as CaptureSearchBody["sortBy"],
    sortDirection: s.sortDirection,
    ...range(f),
    ...list("territoryIds", f.territoryIds),
    ...list("storeIds", f.storeIds),
    ...list("leadGeneratorIds", f.leadGeneratorIds),
    ...list("sources", f.sources as NonNullable<CaptureSearchBody["sources"]>),
    ...list("outcomes", f.outcomes as NonNullable<CaptureSearchBody["outcomes"]>),
  };
}

/** How many filters narrow the search (for the "Clear filters" button). */
export function activeFilterCount(f: LeadFilterValues): number {
  return (
    (f.range ? 1 : 0) +
    (f.text.trim() ? 1 : 0) +
    (f.deleted ? 1 : 0) +
    [
      f.territoryIds,
      f.storeIds,
      f.leadGeneratorIds,
      f.statusIds,
      f.serviceTypeIds,
      f.sources,
      f.rejectionReasons,
      f.outcomes,
    ].filter((l) => l.length > 0).length
  );
}

/** The search of the Leads screen, kept in the address. */
export function useLeadSearchState(allowed: readonly { id: LeadTabId }[]) {
  const [asked] = useListParams(TAB_CODECS);
  const tab = allowed.find((t) => t.id === asked.tab)?.id ?? allowed[0]?.id ?? "internal";
  const codecs = CODECS[tab];
  const [params, setParams] = useListParams(codecs);
  const state = useMemo<SearchState>(
    () => ({
      tab,
      filters: {
        range: params.range,
        startDate: params.startDate,
        endDate: params.endDate,
        territoryIds: params.territoryIds,
        storeIds: params.storeIds,
        leadGeneratorIds: params.leadGeneratorIds,
        statusIds: params.statusIds,
        serviceTypeIds: params.serviceTypeIds,
        sources: params.sources,
        rejectionReasons: params.rejectionReasons,
        outcomes: params.outcomes,
        text: params.text,
        deleted: params.deleted,
      },
      page: params.page,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortDirection: params.sortDirection,
    }),
    [tab, params],
  );

  return {
    state,
    leadId: params.lead || null,
    leadKind: params.kind as LeadKind,
    // Another tab: its own default sort, the first page, no lead open; Back returns to the tab before.
    setTab: (next: LeadTabId) =>
      setParams(
        { tab: next, sortBy: codecs.sortBy.fallback, sortDirection: "desc", lead: 0, kind: "internal" },
        { push: true },
      ),
    setFilters: (change: Partial<LeadFilterValues>) =>
      setParams(
        change.range !== undefined && change.range !== "custom"
          ? { ...change, range: change.range as SearchRange, startDate: null, endDate: null }
          : (change as Partial<typeof params>),
      ),
    clearFilters: () => setParams(EMPTY_FILTERS as Partial<typeof params>),
    setPage: (page: number) => setParams({ page }),
    setPageSize: (pageSize: number) => setParams({ pageSize }),
    setSort: (sortBy: string, sortDirection: "asc" | "desc") => setParams({ sortBy, sortDirection }),
    openLead: (id: number, kind: LeadKind) => setParams({ lead: id, kind }, { push: true, keepPage: true }),
    closeLead: () => setParams({ lead: 0, kind: "internal" }, { keepPage: true }),
  };
}

type SearchRange = (typeof RANGES)[number] | null;
