import type { LeadSettings, LeadSettingsSaveRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { setLeadSettings } from "../../../lib/lead-settings";
import { useSession } from "../../../lib/session";
import { refreshLeadForms } from "./settings-keys";

/** Saves the duplicate window and the disclosure templates; answers the settings as served. */
export const saveLeadSettings = (body: LeadSettingsSaveRequest) =>
  api<LeadSettings>("settings.leads.put", { body });

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useMutation<LeadSettings, ApiError, LeadSettingsSaveRequest>({
    mutationFn: saveLeadSettings,
    onSuccess: (saved) => {
      // The capture screen reads the same query: it shows the new texts at once.
      setLeadSettings(queryClient, orgId, saved);
      refreshLeadForms(queryClient);
    },
  });
}
