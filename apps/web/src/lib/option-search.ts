import type { EndpointResponse, StoreOptionsRequest } from "@fieldlead/contracts";
import type { appApi, DefinitionOf } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQueries } from "@tanstack/react-query";
import { useMemo } from "react";
import type { CallInput } from "./api-client";
import { endpointQuery } from "./queries";

/**
 * The large lists (every store, every lead generator) are read a page at a time through these two searches,
 * never whole: the lookup list leaves them empty (`compact`). A select asks for the first page when it opens,
 * then for what is typed; the names of ids already on screen (a saved filter, a lead's store) come from one
 * call with those `ids`.
 */
export type OptionEndpoint = typeof appApi.storeOptions | typeof appApi.leadGeneratorOptions;
export type OptionPage<E extends OptionEndpoint> = EndpointResponse<DefinitionOf<E>>;
export type OptionItem<E extends OptionEndpoint> = OptionPage<E>["items"][number];
/** What narrows a search besides its words (`brandIds` only for stores). */
export type OptionFilters = Pick<StoreOptionsRequest, "territoryIds" | "brandIds" | "includeInactive">;

/** The first page a select shows when it opens. */
export const OPTION_PAGE_SIZE = 25;
/** The most ids one call resolves (the request's page size limit). */
const IDS_PER_CALL = 100;
const STALE_MS = 5 * 60_000;

const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The request of one page: empty filters left out and ids sorted, so the same question has the same query key
 * wherever it is asked (the capture page reads the first page its store picker opens on).
 */
export function optionPageBody(
  filters: OptionFilters = {},
  search = "",
  pageSize = OPTION_PAGE_SIZE,
): StoreOptionsRequest {
  const body: StoreOptionsRequest = {};
  if (filters.territoryIds?.length) body.territoryIds = sortedIds(filters.territoryIds);
  if (filters.brandIds?.length) body.brandIds = sortedIds(filters.brandIds);
  if (filters.includeInactive) body.includeInactive = true;
  const words = search.trim();
  if (words) body.search = words;
  body.page = 1;
  body.pageSize = pageSize;
  return body;
}

/** The request that names exactly these ids (inactive ones too: a saved filter may hold one). */
export function optionIdsBody(ids: readonly number[]): StoreOptionsRequest {
  const list = sortedIds(ids);
  return {
    ids: list,
    includeInactive: true,
    page: 1,
    pageSize: Math.max(1, Math.min(IDS_PER_CALL, list.length)),
  };
}

function optionQuery<E extends OptionEndpoint>(endpoint: E, body: StoreOptionsRequest) {
  // Both searches take the same request (the lead generators' without `brandIds`, which the callers never set).
  const input = { body } as unknown as Omit<CallInput<DefinitionOf<E>>, "signal">;
  return queryOptions({ ...endpointQuery(endpoint, input), staleTime: STALE_MS });
}

/** One page of a search; the previous answer stays on screen while the next words are asked. */
export function optionPageQuery<E extends OptionEndpoint>(endpoint: E, body: StoreOptionsRequest) {
  return queryOptions({ ...optionQuery(endpoint, body), placeholderData: keepPreviousData });
}

/** The options of exactly these ids (at most 100: callers split longer lists). */
export function optionIdsQuery<E extends OptionEndpoint>(endpoint: E, ids: readonly number[]) {
  return optionQuery(endpoint, optionIdsBody(ids));
}

/**
 * The options of these ids by id, from one call per 100 ids (cached: the same ids are not asked twice).
 * An id the caller may not see, or that no longer exists, is simply missing from the map.
 */
export function useOptionsById<E extends OptionEndpoint>(
  endpoint: E,
  ids: readonly number[],
): { byId: Map<number, OptionItem<E>>; isPending: boolean; isError: boolean } {
  const chunks = useMemo(() => {
    const list = sortedIds(ids);
    const out: number[][] = [];
    for (let i = 0; i < list.length; i += IDS_PER_CALL) out.push(list.slice(i, i + IDS_PER_CALL));
    return out;
  }, [ids]);
  return useQueries({
    queries: chunks.map((chunk) => optionIdsQuery(endpoint, chunk)),
    combine: byIdOf as (results: QueryResult[]) => ByIdResult<OptionItem<E>>,
  });
}

type QueryResult = { data?: unknown; isPending: boolean; isError: boolean };
type ByIdResult<T> = { byId: Map<number, T>; isPending: boolean; isError: boolean };

// One function for every render, so the combined answer changes only when an answer does.
function byIdOf(results: QueryResult[]): ByIdResult<{ id: number }> {
  const byId = new Map<number, { id: number }>();
  for (const r of results)
    for (const item of (r.data as { items: { id: number }[] } | undefined)?.items ?? [])
      byId.set(item.id, item);
  return {
    byId,
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
  };
}
