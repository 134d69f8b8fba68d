import type { QuestionResponse, ResponseUpsertRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { refreshLeadForms, settingsKeys } from "./settings-keys";

type Input = ResponseUpsertRequest & { serviceTypeId: number };

/** Adds, renames or moves a response (choice) of a dropdown, radio or checkbox question. */
export const upsertResponse = ({ serviceTypeId: _, ...body }: Input) =>
  api<QuestionResponse>("settings.questionResponseUpsert", { body });

export function useUpsertResponse() {
  const queryClient = useQueryClient();
  return useMutation<QuestionResponse, ApiError, Input>({
    mutationFn: upsertResponse,
    onSuccess: (_, r) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.questions(r.serviceTypeId) });
      refreshLeadForms(queryClient);
    },
  });
}
