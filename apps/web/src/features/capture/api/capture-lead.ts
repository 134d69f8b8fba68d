import type { InternalLeadUpsertRequest, LeadUpsertResponse } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";

export type CaptureRequest = Omit<InternalLeadUpsertRequest, "id">;

/** Saves a new lead, or (`checkOnly`) validates it and reports earlier leads with the same phone or email. */
export const captureLead = (body: CaptureRequest) =>
  api<LeadUpsertResponse>("leads.internalUpsert", { body });

export function useCaptureLead() {
  const queryClient = useQueryClient();
  return useMutation<LeadUpsertResponse, ApiError, CaptureRequest>({
    mutationFn: captureLead,
    onSuccess: (res) => {
      // A saved lead shows up in the lead lists at once.
      if (res.saved) void queryClient.invalidateQueries({ queryKey: ["leads"] });
    },
  });
}
