import type { UseQueryResult } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { choiceParam, intParam, type ListParams, type ParamCodec, useListParams } from "../lib/list-params";
import type { SortDirection, SortState } from "./data-table";
import { type ListTableProps, queryTableState } from "./list-table";

const PAGING_KEYS: readonly string[] = ["page", "pageSize", "sortBy", "sortDirection"];

/** The paging and sorting settings of a server list, to spread into its params (`{ ...listPageParams(…), search: textParam() }`). */
export const listPageParams = <K extends string>(sortKeys: readonly K[], sortBy: K) => ({
  page: intParam(1),
  pageSize: intParam(25),
  sortBy: choiceParam(sortKeys, sortBy),
  sortDirection: choiceParam<SortDirection>(["asc", "desc"], "asc"),
});

type PagingCodecs = ReturnType<typeof listPageParams<string>>;
type ListCodecs = Record<string, ParamCodec<unknown>> & PagingCodecs;

/** The params as a search request: an empty text or list is left out. */
export type ListRequest<P> = {
  [K in keyof P]: P[K] extends string | readonly unknown[] ? P[K] | undefined : P[K];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const blank = (v: unknown) => v === "" || (Array.isArray(v) && v.length === 0);

/**
 * A server list's page, sort and filters kept in the address bar (`useListParams`), with what its screen
 * needs: the search request, how many filters are in use and how to clear them, and its table's props.
 * Every setting but page, page size and sort is a filter. `codecs` must be a module constant.
 */
export function useListPage<C extends ListCodecs>(codecs: C) {
  const [params, setParams] = useListParams(codecs);
  const set = setParams as (patch: Partial<Record<string, unknown>>) => void;
  const filterKeys = useMemo(() => Object.keys(codecs).filter((k) => !PAGING_KEYS.includes(k)), [codecs]);
  const values = params as Record<string, unknown>;
  const paging = params as ListParams<PagingCodecs>;

  const filterCount = filterKeys.filter((k) => !same(values[k], codecs[k].fallback)).length;
  const clearFilters = useCallback(
    () => set(Object.fromEntries(filterKeys.map((k) => [k, codecs[k].fallback]))),
    [set, filterKeys, codecs],
  );
  const request = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, blank(v) ? undefined : v]),
  ) as ListRequest<ListParams<C>>;

  /** Everything a {@link ListTableProps} table needs, from the list's query. */
  const tableProps = <T>(query: UseQueryResult<{ items: T[]; total: number }>): ListTableProps<T> => ({
    ...queryTableState(query),
    page: paging.page,
    pageSize: paging.pageSize,
    sort: { by: paging.sortBy, direction: paging.sortDirection },
    onPageChange: (page) => set({ page }),
    onPageSizeChange: (pageSize) => set({ pageSize }),
    onSortChange: (sort: SortState) => set({ sortBy: sort.by, sortDirection: sort.direction }),
    filtered: filterCount > 0,
  });

  return { params, setParams, request, filterCount, clearFilters, tableProps };
}
