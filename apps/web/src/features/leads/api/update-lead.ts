import type {
  ExternalLeadUpdateRequest,
  InternalLeadUpsertRequest,
  LeadKind,
  LeadUpsertResponse,
} from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { leadKeys } from "./get-lead";

export type LeadChange = { id: number; kind: LeadKind } & Partial<
  Omit<InternalLeadUpsertRequest, "id" | "checkOnly"> & Omit<ExternalLeadUpdateRequest, "id">
>;

/** Edits a lead (fields, answers, status, rejection); only what is sent changes, and each change is kept. */
export const updateLead = ({ kind, ...body }: LeadChange) =>
  kind === "external"
    ? api<LeadUpsertResponse>("leads.externalUpdate", { body })
    : api<LeadUpsertResponse>("leads.internalUpsert", { body });

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation<LeadUpsertResponse, ApiError, LeadChange>({
    mutationFn: updateLead,
    onSuccess: (res, change) => {
      if (res.lead) queryClient.setQueryData(leadKeys.detail(change.id), res.lead);
      void queryClient.invalidateQueries({ queryKey: [...leadKeys.all, "search"] });
    },
  });
}
