import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

type Input = { id: number; serviceTypeId: number };

/** Deletes a response no lead chose (a chosen one answers 409: rename it instead). */
export const deleteResponse = ({ id }: Input) =>
  api<{ ok: true }>("settings.questionResponseById", { params: { id } });

export function useDeleteResponse() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, Input>({
    mutationFn: deleteResponse,
    onSuccess: (_, r) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.questions(r.serviceTypeId) });
      refreshLeadForms(queryClient);
    },
  });
}
