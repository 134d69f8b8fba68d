import type { FeatureUpsertRequest } from "@fieldlead/contracts";
import { appApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";

/** Creates a feature flag (no id) or updates one. */
export const upsertFeature = (body: FeatureUpsertRequest) => call(appApi.featureUpsert, { body });

export function useUpsertFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertFeature,
    onSuccess: () => invalidate(queryClient, appApi.featureUpdates),
  });
}
