import type { LookupList } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { settingsKeys } from "./settings-keys";

export type Territory = LookupList["organizationTerritories"][number];

/** The organization's territories (business contacts can be set per territory). */
export const getTerritories = async (signal?: AbortSignal): Promise<Territory[]> =>
  (await api<LookupList>("app.lookupList", { signal })).organizationTerritories;

export const territoriesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.territories(),
    queryFn: ({ signal }) => getTerritories(signal),
    staleTime: 5 * 60_000,
  });

export function useTerritories() {
  return useQuery(territoriesQueryOptions());
}
