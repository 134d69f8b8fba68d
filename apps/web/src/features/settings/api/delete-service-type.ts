import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { refreshLeadForms } from "./settings-keys";

/** Deletes a service type no lead uses (a used one answers 409 with a message: deactivate it instead). */
export const deleteServiceType = (id: number) => call(settingsApi.serviceTypeDelete, { params: { id } });

export function useDeleteServiceType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceType,
    onSuccess: () => {
      void invalidate(queryClient, settingsApi.serviceTypes);
      refreshLeadForms(queryClient);
    },
  });
}
