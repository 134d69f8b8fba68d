import type { ServiceType, ServiceTypeUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { useSession } from "../../../lib/session";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Creates a service type (no id) or changes one (name, description, active, order). */
export const upsertServiceType = (body: ServiceTypeUpsertRequest) =>
  api<ServiceType>("settings.serviceTypeUpsert", { body });

/**
 * The saved type goes into the organization's cached list at once, before the list is fetched again:
 * the page opens a new type by its id, and must find it in the list it already has (or it would fall
 * back to the first type).
 */
export function useUpsertServiceType() {
  const queryClient = useQueryClient();
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useMutation<ServiceType, ApiError, ServiceTypeUpsertRequest>({
    mutationFn: upsertServiceType,
    onSuccess: (saved) => {
      queryClient.setQueryData<ServiceType[]>(settingsKeys.serviceTypes(orgId), (list) =>
        list ? [...list.filter((t) => t.id !== saved.id), saved] : list,
      );
      void queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "service-types"] });
      refreshLeadForms(queryClient);
    },
  });
}
