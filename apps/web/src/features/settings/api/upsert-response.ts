import type { ResponseUpsertRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { questionsKey } from "./get-questions";
import { refreshLeadForms } from "./settings-keys";

type Input = ResponseUpsertRequest & { serviceTypeId: number };

/** Adds, renames or moves a response (choice) of a dropdown, radio or checkbox question. */
export const upsertResponse = ({ serviceTypeId: _, ...body }: Input) =>
  call(settingsApi.responseUpsert, { body });

export function useUpsertResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertResponse,
    onSuccess: (_, r) => {
      void queryClient.invalidateQueries({ queryKey: questionsKey(r.serviceTypeId) });
      refreshLeadForms(queryClient);
    },
  });
}
