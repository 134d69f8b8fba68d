import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { featureKeys } from "./get-feature-updates";

export const deleteFeature = (id: number) => api<{ ok: true }>("app.featureByIdDelete", { params: { id } });

export function useDeleteFeature() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: deleteFeature,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureKeys.all }),
  });
}
