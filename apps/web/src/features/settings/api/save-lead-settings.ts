import type { LeadSettingsSaveRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { setLeadSettings } from "../../../lib/lead-settings";
import { refreshLeadForms } from "./settings-keys";

/** Saves the duplicate window and the disclosure templates; answers the settings as served. */
export const saveLeadSettings = (body: LeadSettingsSaveRequest) =>
  call(settingsApi.leadSettingsSave, { body });

export function useSaveLeadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeadSettings,
    onSuccess: (saved) => {
      // The capture screen reads the same query: it shows the new texts at once.
      setLeadSettings(queryClient, saved);
      refreshLeadForms(queryClient);
    },
  });
}
