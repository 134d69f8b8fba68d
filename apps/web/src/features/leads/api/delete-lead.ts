import type { LeadKind } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { leadKeys } from "./get-lead";

export const deleteLead = ({ id, kind }: { id: number; kind: LeadKind }) =>
  api<{ ok: true }>(kind === "external" ? "leads.byIdExternal.delete" : "leads.byIdInternal.delete", {
    params: { id },
  });

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, { id: number; kind: LeadKind }>({
    mutationFn: deleteLead,
    onSuccess: (_, { id }) => {
      queryClient.removeQueries({ queryKey: leadKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: [...leadKeys.all, "search"] });
    },
  });
}
