import { appApi } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "./queries";

/**
 * The lookup lists of the current organization (territories, stores, brands, languages, time zones...),
 * shared by every screen with a select. Switching organization resets the cache, so the key needs no id;
 * a screen that changes one of the lists (a territory, a store) invalidates `appApi.lookupList`
 * (`invalidate(queryClient, appApi.lookupList)`).
 */
export const lookupListQueryOptions = () =>
  queryOptions({
    ...endpointQuery(appApi.lookupList),
    staleTime: 5 * 60_000,
  });

export function useLookupList() {
  return useQuery(lookupListQueryOptions());
}

/** Options for a Mantine Select from a lookup list of `{ id, name }`. */
export const toOptions = (items: readonly { id: number | string; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));
