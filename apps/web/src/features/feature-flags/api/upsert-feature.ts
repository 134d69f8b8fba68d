import type { Feature, FeatureUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { featureKeys } from "./get-feature-updates";

/** Creates a feature flag (no id) or updates one. */
export const upsertFeature = (body: FeatureUpsertRequest) => api<Feature>("app.featureUpsert", { body });

export function useUpsertFeature() {
  const queryClient = useQueryClient();
  return useMutation<Feature, ApiError, FeatureUpsertRequest>({
    mutationFn: upsertFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
  });
}
