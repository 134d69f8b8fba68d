import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { questionsKey } from "./get-questions";
import { refreshLeadForms } from "./settings-keys";

type Input = { id: number; serviceTypeId: number };

/** Deletes a response no lead chose (a chosen one answers 409: rename it instead). */
export const deleteResponse = ({ id }: Input) => call(settingsApi.responseDelete, { params: { id } });

export function useDeleteResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResponse,
    onSuccess: (_, r) => {
      void queryClient.invalidateQueries({ queryKey: questionsKey(r.serviceTypeId) });
      refreshLeadForms(queryClient);
    },
  });
}
