import type { ExternalLeadUpdateRequest, InternalLeadUpsertRequest, LeadKind } from "@fieldlead/contracts";
import { leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { leadDetailKey } from "./get-lead";
import { LEAD_SEARCH_ENDPOINTS } from "./search-leads";

export type LeadChange = { id: number; kind: LeadKind } & Partial<
  Omit<InternalLeadUpsertRequest, "id" | "checkOnly"> & Omit<ExternalLeadUpdateRequest, "id">
>;

/** Edits a lead (fields, answers, status, rejection); only what is sent changes, and each change is kept. */
export const updateLead = ({ kind, ...body }: LeadChange) =>
  kind === "external" ? call(leadsApi.externalUpdate, { body }) : call(leadsApi.internalUpsert, { body });

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (res, change) => {
      if (res.lead) queryClient.setQueryData(leadDetailKey(change.id), res.lead);
      void invalidate(queryClient, ...LEAD_SEARCH_ENDPOINTS);
    },
  });
}
