import type { Feature } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type FeatureUpdates = { features: Feature[]; activeFeatures: Feature[] };

export const featureKeys = {
  all: ["features"] as const,
  updates: () => [...featureKeys.all, "updates"] as const,
};

export const getFeatureUpdates = (signal?: AbortSignal) =>
  api<FeatureUpdates>("app.featureUpdates", { signal });

export const featureUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: featureKeys.updates(),
    queryFn: ({ signal }) => getFeatureUpdates(signal),
    staleTime: 5 * 60_000,
  });

export function useFeatureUpdates() {
  return useQuery(featureUpdatesQueryOptions());
}
