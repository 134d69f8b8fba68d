import type { LookupList } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type CaptureStore = LookupList["stores"][number];

/** The stores a lead can be captured at (the lookup list's active stores of the organization). */
export const getStores = async (signal?: AbortSignal): Promise<CaptureStore[]> =>
  (await api<LookupList>("app.lookupList", { signal })).stores;

export const storesQueryOptions = () =>
  queryOptions({
    queryKey: ["capture", "stores"] as const,
    queryFn: ({ signal }) => getStores(signal),
    staleTime: 5 * 60_000,
  });

export function useStores() {
  return useQuery(storesQueryOptions());
}
