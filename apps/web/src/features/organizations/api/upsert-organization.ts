import type { OrganizationUpsertRequest } from "@fieldlead/contracts";
import { organizationsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidateLookups } from "../../../lib/lookup-list";
import { invalidate } from "../../../lib/queries";

/**
 * The one organization save: its settings and territories (added, renamed, deactivated) together.
 * Without an id it creates an organization (Super Admin only).
 */
export const upsertOrganization = (body: OrganizationUpsertRequest) =>
  call(organizationsApi.upsert, { body });

export function useUpsertOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertOrganization,
    onSuccess: () => {
      void invalidate(queryClient, organizationsApi.settingsOrganizations, organizationsApi.smartCircleUsers);
      // Territories are in every territory select (and narrow the store and lead generator searches).
      void invalidateLookups(queryClient);
    },
  });
}
