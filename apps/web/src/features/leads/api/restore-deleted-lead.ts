import { leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { leadDetailKey } from "./get-lead";
import { LEAD_SEARCH_ENDPOINTS } from "./search-leads";

/** Brings a deleted lead back (Admins): `POST /api/leads/{id}/restore`, outside the spec's catalogue. */
export const restoreDeletedLead = (id: number) => call(leadsApi.restore, { params: { id } });

export function useRestoreDeletedLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDeletedLead,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadDetailKey(lead.id), lead);
      void invalidate(queryClient, ...LEAD_SEARCH_ENDPOINTS);
    },
  });
}
