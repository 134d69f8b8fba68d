import type {
  HoursPostingsQuery,
  HoursPostRequest,
  HoursSearchRequest,
  HoursUpsertRequest,
} from "@fieldlead/contracts";
import { laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, downloadFile } from "../../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../../lib/queries";

/**
 * The hours screen's calls (docs/decisions/0040-labor.md): the list of hours, manual entries, posting a pay period,
 * the postings and the payroll file. A change to hours makes the list and the postings stale; a posting also
 * freezes time logs, so the labor history and the time logs' lists are marked stale too.
 */

export const hoursQueryOptions = (body: HoursSearchRequest) =>
  queryOptions({
    ...endpointQuery(laborApi.hoursSearch, { body }),
    placeholderData: keepPreviousData,
  });

/** A page of hours (or of days, or of people), with the totals of the whole filter. */
export function useHours(body: HoursSearchRequest) {
  return useQuery(hoursQueryOptions(body));
}

/** The posted pay periods, newest first. */
export function useHoursPostings(query: HoursPostingsQuery) {
  return useQuery({
    ...endpointQuery(laborApi.hoursPostings, { query }),
    placeholderData: keepPreviousData,
  });
}

const changedHours = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidate(queryClient, laborApi.hoursSearch, laborApi.hoursPostings);

export function useUpsertHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoursUpsertRequest) => call(laborApi.hoursUpsert, { body }),
    onSuccess: () => void changedHours(queryClient),
  });
}

export function useDeleteHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(laborApi.hoursDelete, { params: { id } }),
    onSuccess: () => void changedHours(queryClient),
  });
}

/** What a posting would do (people, hours, what stops it), written nowhere: the post dialog's summary. */
export function usePostPreview(body: HoursPostRequest | null) {
  return useQuery({
    ...endpointQuery(laborApi.hoursPost, {
      body: { ...(body ?? { startDate: "", endDate: "" }), dryRun: true },
    }),
    enabled: body !== null,
    // The same question asked again (the dialog reopened) is asked again: the hours may have changed.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePostHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoursPostRequest) => call(laborApi.hoursPost, { body: { ...body, dryRun: false } }),
    onSuccess: () =>
      void invalidate(
        queryClient,
        laborApi.hoursSearch,
        laborApi.hoursPostings,
        laborApi.historySearch,
        laborApi.userTimeLogsSearch,
      ),
  });
}

export type PayrollFormat = "csv" | "xlsx";

/** A posting's payroll file, saved under the server's name. */
export const exportPayroll = (postingId: number, format: PayrollFormat) =>
  downloadFile(laborApi.hoursPayrollExport, {
    query: { format, postingId },
    fallbackName: `payroll.${format}`,
  });
