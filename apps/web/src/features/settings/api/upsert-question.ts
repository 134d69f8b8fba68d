import type { QuestionUpsertRequest, ServiceTypeQuestion } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

/** Creates or changes a question (the field type must carry the data type). */
export const upsertQuestion = (body: QuestionUpsertRequest) =>
  api<ServiceTypeQuestion>("settings.serviceTypeQuestionUpsert", { body });

export function useUpsertQuestion() {
  const queryClient = useQueryClient();
  return useMutation<ServiceTypeQuestion, ApiError, QuestionUpsertRequest>({
    mutationFn: upsertQuestion,
    onSuccess: (_, q) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.questions(q.serviceTypeId) });
      void queryClient.invalidateQueries({ queryKey: [...settingsKeys.all, "service-types"] });
      refreshLeadForms(queryClient);
    },
  });
}
