import { appApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export const featureUpdatesQueryOptions = () =>
  queryOptions({
    ...endpointQuery(appApi.featureUpdates),
    staleTime: 5 * 60_000,
  });

export function useFeatureUpdates() {
  return useQuery(featureUpdatesQueryOptions());
}
