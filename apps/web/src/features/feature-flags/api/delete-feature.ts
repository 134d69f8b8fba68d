import { appApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";

export const deleteFeature = (id: number) => call(appApi.featureDelete, { params: { id } });

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeature,
    onSuccess: () => invalidate(queryClient, appApi.featureUpdates),
  });
}
