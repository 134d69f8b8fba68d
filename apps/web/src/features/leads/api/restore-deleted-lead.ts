import type { LeadDetail } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { leadKeys } from "./get-lead";

/** Brings a deleted lead back (Admins): `POST /api/leads/{id}/restore`, outside the spec's catalogue. */
export function restoreDeletedLead(id: number): Promise<LeadDetail> {
  return api<LeadDetail>("leads.byIdRestore", { params: { id } });
}

export function useRestoreDeletedLead() {
  const queryClient = useQueryClient();
  return useMutation<LeadDetail, ApiError, number>({
    mutationFn: restoreDeletedLead,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: [...leadKeys.all, "search"] });
    },
  });
}
