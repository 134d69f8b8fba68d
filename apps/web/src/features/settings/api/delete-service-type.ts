import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Deletes a service type no lead uses (a used one answers 409 with a message: deactivate it instead). */
export const deleteServiceType = (id: number) =>
  api<{ ok: true }>("settings.serviceTypeById", { params: { id } });

export function useDeleteServiceType() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, number>({
    mutationFn: deleteServiceType,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "service-types"] });
      refreshLeadForms(queryClient);
    },
  });
}
