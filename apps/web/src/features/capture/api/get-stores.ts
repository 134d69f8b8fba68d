import { appApi, type LookupList } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export type CaptureStore = LookupList["stores"][number];

/**
 * The stores a lead can be captured at (the lookup list's active stores of the organization): read from the
 * lookup list's own cached answer, so the capture screen asks for it once.
 */
export const storesQueryOptions = () =>
  queryOptions({
    ...endpointQuery(appApi.lookupList),
    select: (list): CaptureStore[] => list.stores,
    staleTime: 5 * 60_000,
  });

export function useStores() {
  return useQuery(storesQueryOptions());
}
