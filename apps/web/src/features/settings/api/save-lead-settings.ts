import type { LeadSettings, LeadSettingsSaveRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { useSession } from "../../../lib/session";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Saves the duplicate window and the disclosure templates; answers the settings as served. */
export const saveLeadSettings = (body: LeadSettingsSaveRequest) =>
  api<LeadSettings>("settings.leads.put", { body });

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  const orgId = useSession()?.currentOrganizationId ?? 0;
  return useMutation<LeadSettings, ApiError, LeadSettingsSaveRequest>({
    mutationFn: saveLeadSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.leadSettings(orgId), saved);
      // The lead forms show the window and the texts: they must see the change at once.
      refreshLeadForms(queryClient);
    },
  });
}
