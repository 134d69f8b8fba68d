import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { questionsKey } from "./get-questions";
import { refreshLeadForms } from "./settings-keys";

/** Deletes an unanswered question (an answered one answers 409: deactivate it instead). */
export const deleteQuestion = ({ id }: { id: number; serviceTypeId: number }) =>
  call(settingsApi.questionDelete, { params: { id } });

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: (_, q) => {
      void queryClient.invalidateQueries({ queryKey: questionsKey(q.serviceTypeId) });
      // A service type's list shows how many questions it has.
      void invalidate(queryClient, settingsApi.serviceTypes);
      refreshLeadForms(queryClient);
    },
  });
}
