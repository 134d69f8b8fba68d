import type { QuestionUpsertRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { questionsKey } from "./get-questions";
import { refreshLeadForms } from "./settings-keys";

/** Creates or changes a question (the field type must carry the data type). */
export const upsertQuestion = (body: QuestionUpsertRequest) => call(settingsApi.questionUpsert, { body });

export function useUpsertQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertQuestion,
    onSuccess: (_, q) => {
      void queryClient.invalidateQueries({ queryKey: questionsKey(q.serviceTypeId) });
      // A service type's list shows how many questions it has.
      void invalidate(queryClient, settingsApi.serviceTypes);
      refreshLeadForms(queryClient);
    },
  });
}
