import { settingsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "../../../lib/queries";

const input = (serviceTypeId: number) => ({ params: { id: serviceTypeId }, body: { includeInactive: true } });

/** The key of one service type's questions (a change to a question or a response makes it stale). */
export const questionsKey = (serviceTypeId: number) => keyOf(settingsApi.questions, input(serviceTypeId));

/** The questions of a service type (inactive ones too), each with its responses, in their order. */
export const questionsQueryOptions = (serviceTypeId: number) =>
  queryOptions({
    ...endpointQuery(settingsApi.questions, input(serviceTypeId)),
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
