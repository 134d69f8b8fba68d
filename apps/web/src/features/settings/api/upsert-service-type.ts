import type { ServiceType, ServiceTypeUpsertRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { useSession } from "../../../lib/session";
import { serviceTypesKey } from "./get-service-types";
import { refreshLeadForms } from "./settings-keys";

/** Creates a service type (no id) or changes one (name, description, active, order). */
export const upsertServiceType = (body: ServiceTypeUpsertRequest) =>
  call(settingsApi.serviceTypeUpsert, { body });

/**
 * The saved type goes into the organization's cached list at once, before the list is fetched again:
 * the page opens a new type by its id, and must find it in the list it already has (or it would fall
 * back to the first type).
 */
export function useUpsertServiceType() {
  const queryClient = useQueryClient();
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useMutation({
    mutationFn: upsertServiceType,
    onSuccess: (saved) => {
      queryClient.setQueryData<ServiceType[]>(serviceTypesKey(orgId), (list) =>
        list ? [...list.filter((t) => t.id !== saved.id), saved] : list,
      );
      void invalidate(queryClient, settingsApi.serviceTypes);
      refreshLeadForms(queryClient);
    },
  });
}
