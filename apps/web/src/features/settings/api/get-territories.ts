import type { LookupList } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { lookupListQueryOptions } from "../../../lib/lookup-list";

export type Territory = LookupList["organizationTerritories"][number];

/** The organization's territories (business contacts can be set per territory), from the shared lookup list. */
export const territoriesQueryOptions = () =>
  queryOptions({
    ...lookupListQueryOptions(),
    select: (list: LookupList): Territory[] => list.organizationTerritories,
  });

export function useTerritories() {
  return useQuery(territoriesQueryOptions());
}
