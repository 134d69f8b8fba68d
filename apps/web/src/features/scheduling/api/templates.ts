import type { TemplateSearchRequest, TemplateUpsertRequest } from "@fieldlead/contracts";
import { schedulingApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";

/** The weekly template of a type at one place (a whole week is one page). */
export const templatesQueryOptions = (request: TemplateSearchRequest) =>
  queryOptions({
    ...endpointQuery(schedulingApi.templateSearch, { body: request }),
    placeholderData: keepPreviousData,
  });

export function useTemplates(request: TemplateSearchRequest | null) {
  return useQuery({ ...templatesQueryOptions(request ?? {}), enabled: request !== null });
}

/** A template change moves dated windows too: both lists are refreshed. */
function useTemplateChange<I>(fn: (input: I) => ReturnType<typeof upsertTemplate>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidate(queryClient, schedulingApi.templateSearch, schedulingApi.windowSearch),
  });
}

export const upsertTemplate = (body: TemplateUpsertRequest) => call(schedulingApi.templateUpsert, { body });
export const deleteTemplate = (id: number) => call(schedulingApi.templateDelete, { params: { id } });

export const useUpsertTemplate = () => useTemplateChange(upsertTemplate);
export const useDeleteTemplate = () => useTemplateChange(deleteTemplate);
