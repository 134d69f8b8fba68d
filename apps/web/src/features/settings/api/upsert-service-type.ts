import type { ServiceType, ServiceTypeUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Creates a service type (no id) or changes one (name, description, active, order). */
export const upsertServiceType = (body: ServiceTypeUpsertRequest) =>
  api<ServiceType>("settings.serviceTypeUpsert", { body });

export function useUpsertServiceType() {
  const queryClient = useQueryClient();
  return useMutation<ServiceType, ApiError, ServiceTypeUpsertRequest>({
    mutationFn: upsertServiceType,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "service-types"] });
      refreshLeadForms(queryClient);
    },
  });
}
