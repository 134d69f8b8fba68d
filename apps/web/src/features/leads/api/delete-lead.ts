import type { LeadKind } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate, remove } from "../../../lib/queries";
import { leadDetailKey } from "./get-lead";
import { LEAD_SEARCH_ENDPOINTS } from "./search-leads";

export const deleteLead = ({ id, kind }: { id: number; kind: LeadKind }) =>
  call(kind === "external" ? leadsApi.externalDelete : leadsApi.internalDelete, { params: { id } });

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLead,
    onSuccess: (_, { id }) => {
      remove(queryClient, leadDetailKey(id));
      void invalidate(queryClient, ...LEAD_SEARCH_ENDPOINTS);
    },
  });
}
