import type { LookupList } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Territories, stores, lead generators, languages and the programs' lists, for filters and names. */
export const getLookupList = (signal?: AbortSignal) => api<LookupList>("app.lookupList", { signal });

export const lookupListQueryOptions = () =>
  queryOptions({
    queryKey: ["leads", "lookup-list"] as const,
    queryFn: ({ signal }) => getLookupList(signal),
    staleTime: 5 * 60_000,
  });

export function useLookupList() {
  return useQuery(lookupListQueryOptions());
}
