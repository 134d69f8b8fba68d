import type { OrganizationDetail, OrganizationUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { lookupKeys } from "../../../lib/lookup-list";
import { organizationKeys } from "./get-organizations";

/**
 * The one organization save: its settings and territories (added, renamed, deactivated) together.
 * Without an id it creates an organization (Super Admin only).
 */
export const upsertOrganization = (body: OrganizationUpsertRequest) =>
  api<OrganizationDetail>("organizations.upsertSmartCircle", { body });

export function useUpsertOrganization() {
  const queryClient = useQueryClient();
  return useMutation<OrganizationDetail, ApiError, OrganizationUpsertRequest>({
    mutationFn: upsertOrganization,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      // Territories are in every territory select.
      void queryClient.invalidateQueries({ queryKey: lookupKeys.all });
    },
  });
}
