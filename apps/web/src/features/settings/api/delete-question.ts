import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Deletes an unanswered question (an answered one answers 409: deactivate it instead). */
export const deleteQuestion = ({ id }: { id: number; serviceTypeId: number }) =>
  api<{ ok: true }>("settings.serviceTypeQuestionById", { params: { id } });

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiError, { id: number; serviceTypeId: number }>({
    mutationFn: deleteQuestion,
    onSuccess: (_, q) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.questions(q.serviceTypeId) });
      void queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "service-types"] });
      refreshLeadForms(queryClient);
    },
  });
}
