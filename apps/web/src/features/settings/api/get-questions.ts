import type { ServiceTypeQuestion } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { settingsKeys } from "./settings-keys";

/** The questions of a service type (inactive ones too), each with its responses, in their order. */
export const getQuestions = (serviceTypeId: number, signal?: AbortSignal) =>
  api<ServiceTypeQuestion[]>("settings.serviceTypeByIdQuestion", {
    params: { id: serviceTypeId },
    body: { includeInactive: true },
    signal,
  });

export const questionsQueryOptions = (serviceTypeId: number) =>
  queryOptions({
    queryKey: settingsKeys.questions(serviceTypeId),
    queryFn: ({ signal }) => getQuestions(serviceTypeId, signal),
    select: (questions) =>
      [...questions]
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        .map((q) => ({
          ...q,
          responses: [...q.responses].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id),
        })),
  });

export function useQuestions(serviceTypeId: number | null) {
  return useQuery({ ...questionsQueryOptions(serviceTypeId ?? 0), enabled: serviceTypeId !== null });
}
