import { appApi } from "@fieldlead/contracts/routes";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, invalidate } from "./queries";

/**
 * What the shared lookup query asks: `compact`, so the large lists (`LARGE_LOOKUP_KEYS`: every store and lead
 * generator) come back empty. Those are read a page at a time (`lib/option-search.ts`,
 * `components/search-select.tsx`).
 */
export const LOOKUP_LIST_INPUT = { query: { compact: "true" } } as const;

/**
 * The small lookup lists of the current organization (territories, brands, languages, time zones...), shared
 * by every screen with a select. Switching organization resets the cache, so the key needs no id; a screen
 * that changes one of the lists (a territory, a store, a person) calls `invalidateLookups(queryClient)`.
 */
export const lookupListQueryOptions = () =>
  queryOptions({
    ...endpointQuery(appApi.lookupList, LOOKUP_LIST_INPUT),
    staleTime: 5 * 60_000,
  });

export function useLookupList() {
  return useQuery(lookupListQueryOptions());
}

/**
 * Marks the lookup list and the store and lead generator searches stale: a store or a person was saved, renamed
 * or deactivated, and every select shows it at once.
 */
export function invalidateLookups(client: QueryClient): Promise<void> {
  return invalidate(client, appApi.lookupList, appApi.storeOptions, appApi.leadGeneratorOptions);
}

/** Options for a Mantine Select from a lookup list of `{ id, name }`. */
export const toOptions = (items: readonly { id: number | string; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
