import type { SchedulingSettingsRequest } from "@fieldlead/contracts";
import { schedulingApi } from "@fieldlead/contracts/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate, keyOf } from "../../../lib/queries";

/** The organization's scheduling settings, its zone, first day of week and today (the windows page's first call). */
export const schedulingSettingsQuery = () => endpointQuery(schedulingApi.settings);

export function useSchedulingSettings(enabled = true) {
  return useQuery({ ...schedulingSettingsQuery(), enabled });
}

export const saveSchedulingSettings = (body: SchedulingSettingsRequest) =>
  call(schedulingApi.saveSettings, { body });

export function useSaveSchedulingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedulingSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(schedulingApi.settings), saved);
      // Saving with weeks to keep generates them at once.
      if (saved.generated) void invalidate(queryClient, schedulingApi.windowSearch);
    },
  });
}
