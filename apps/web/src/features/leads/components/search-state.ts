import { LEAD_SORT_KEYS, type LeadKind, SUBSCRIPTION } from "@fieldlead/contracts";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
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

/** Program users (subscriptions 16 and 2) see only their program's list; everyone else sees all six. */
export function tabsFor(subscriptionId: number) {
  if (subscriptionId === SUBSCRIPTION.retailerProgram)
    return LEAD_TABS.filter((t) => t.id === "retailerProgram");
  if (subscriptionId === SUBSCRIPTION.secondPartner) return LEAD_TABS.filter((t) => t.id === "secondPartner");
  return [...LEAD_TABS];
}

const PARAM = {
  tab: "tab",
  range: "range",
  startDate: "from",
  endDate: "to",
  territoryIds: "territory",
  storeIds: "store",
  leadGeneratorIds: "lg",
  statusIds: "status",
  serviceTypeIds: "type",
  sources: "source",
  rejectionReasons: "reason",
  outcomes: "outcome",
  text: "q",
  deleted: "deleted",
  page: "page",
  pageSize: "size",
  sortBy: "sort",
  sortDirection: "dir",
  lead: "lead",
  kind: "kind",
} as const;

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ids = (v: string | null) =>
  (v ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
const words = (v: string | null) => (v ?? "").split(",").filter(Boolean);
const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads the search from the address (so a search can be shared, and Back goes to the previous one). */
export function parseSearch(params: URLSearchParams, allowed: readonly { id: LeadTabId }[]): SearchState {
  const asked = params.get(PARAM.tab);
  const tab = allowed.find((t) => t.id === asked)?.id ?? allowed[0]?.id ?? "internal";
  const range = params.get(PARAM.range);
  const sortBy = params.get(PARAM.sortBy);
  const date = (v: string | null) => (v && LOCAL_DATE.test(v) ? v : null);
  return {
    tab,
    filters: {
      range: range === "custom" || (range && Number(range) >= 1 && Number(range) <= 10) ? range : null,
      startDate: date(params.get(PARAM.startDate)),
      endDate: date(params.get(PARAM.endDate)),
      territoryIds: ids(params.get(PARAM.territoryIds)),
      storeIds: ids(params.get(PARAM.storeIds)),
      leadGeneratorIds: ids(params.get(PARAM.leadGeneratorIds)),
      statusIds: ids(params.get(PARAM.statusIds)),
      serviceTypeIds: ids(params.get(PARAM.serviceTypeIds)),
      sources: words(params.get(PARAM.sources)),
      rejectionReasons: words(params.get(PARAM.rejectionReasons)),
      outcomes: words(params.get(PARAM.outcomes)),
      text: params.get(PARAM.text) ?? "",
      deleted: params.get(PARAM.deleted) === "1",
    },
    page: positive(params.get(PARAM.page), 1),
    pageSize: Math.min(positive(params.get(PARAM.pageSize), DEFAULT_PAGE_SIZE), 200),
    sortBy: sortBy && sortKeysOf(tab).includes(sortBy) ? sortBy : defaultSort(tab),
    sortDirection: params.get(PARAM.sortDirection) === "asc" ? "asc" : "desc",
  };
}

/** Writes a search into address parameters, leaving out what is at its default. */
export function searchParamsOf(s: SearchState, keep?: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams();
  const f = s.filters;
  p.set(PARAM.tab, s.tab);
  if (f.range) p.set(PARAM.range, f.range);
  if (f.range === "custom" && f.startDate) p.set(PARAM.startDate, f.startDate);
  if (f.range === "custom" && f.endDate) p.set(PARAM.endDate, f.endDate);
  for (const k of [
    "territoryIds",
    "storeIds",
    "leadGeneratorIds",
    "statusIds",
    "serviceTypeIds",
    "sources",
    "rejectionReasons",
    "outcomes",
  ] as const) {
    if (f[k].length) p.set(PARAM[k], f[k].join(","));
  }
  if (f.text.trim()) p.set(PARAM.text, f.text);
  if (f.deleted) p.set(PARAM.deleted, "1");
  if (s.page > 1) p.set(PARAM.page, String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) p.set(PARAM.pageSize, String(s.pageSize));
  if (s.sortBy !== defaultSort(s.tab)) p.set(PARAM.sortBy, s.sortBy);
  if (s.sortDirection !== "desc") p.set(PARAM.sortDirection, s.sortDirection);
  for (const k of [PARAM.lead, PARAM.kind]) {
    const v = keep?.get(k);
    if (v) p.set(k, v);
  }
  return p;
}

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
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearch(params, allowed), [params, allowed]);
  const leadId = positive(params.get(PARAM.lead), 0) || null;
  const leadKind: LeadKind = params.get(PARAM.kind) === "external" ? "external" : "internal";

  const write = useCallback(
    (next: SearchState, opts?: { push?: boolean; lead?: { id: number; kind: LeadKind } | null }) =>
      setParams(
        (current) => {
          const p = searchParamsOf(next, opts?.lead === undefined ? current : undefined);
          if (opts?.lead) {
            p.set(PARAM.lead, String(opts.lead.id));
            p.set(PARAM.kind, opts.lead.kind);
          }
          return p;
        },
        { replace: !opts?.push },
      ),
    [setParams],
  );

  return {
    state,
    leadId,
    leadKind,
    setTab: (tab: LeadTabId) =>
      write(
        { ...state, tab, page: 1, sortBy: defaultSort(tab), sortDirection: "desc" },
        { push: true, lead: null },
      ),
    setFilters: (change: Partial<LeadFilterValues>) =>
      write({ ...state, filters: { ...state.filters, ...change }, page: 1 }),
    clearFilters: () => write({ ...state, filters: EMPTY_FILTERS, page: 1 }),
    setPage: (page: number) => write({ ...state, page }),
    setPageSize: (pageSize: number) => write({ ...state, pageSize, page: 1 }),
    setSort: (sortBy: string, sortDirection: "asc" | "desc") =>
      write({ ...state, sortBy, sortDirection, page: 1 }),
    openLead: (id: number, kind: LeadKind) => write(state, { push: true, lead: { id, kind } }),
    closeLead: () => write(state, { lead: null }),
  };
}
