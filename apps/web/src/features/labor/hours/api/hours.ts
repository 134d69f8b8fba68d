import type {
  HoursPostingsQuery,
  HoursPostRequest,
  HoursSearchRequest,
  HoursUpsertRequest,
} from "@fieldlead/contracts";
import { laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call, downloadFile } from "../../../../lib/api-client";
import { endpointQuery } from "../../../../lib/queries";
import { useLaborChange } from "../../components/use-labor-change";

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

/** What a change to hours makes stale. */
const HOURS_READS = [laborApi.hoursSearch, laborApi.hoursPostings];

export const useUpsertHours = () =>
  useLaborChange((body: HoursUpsertRequest) => call(laborApi.hoursUpsert, { body }), HOURS_READS);

export const useDeleteHours = () =>
  useLaborChange((id: number) => call(laborApi.hoursDelete, { params: { id } }), HOURS_READS);

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

/** Posts a pay period; the time logs it freezes show as posted in the history and the person's logs too. */
export const usePostHours = () =>
  useLaborChange(
    (body: HoursPostRequest) => call(laborApi.hoursPost, { body: { ...body, dryRun: false } }),
    [...HOURS_READS, laborApi.historySearch, laborApi.userTimeLogsSearch],
  );

export type PayrollFormat = "csv" | "xlsx";

/** A posting's payroll file, saved under the server's name. */
export const exportPayroll = (postingId: number, format: PayrollFormat) =>
  downloadFile(laborApi.hoursPayrollExport, {
    query: { format, postingId },
    fallbackName: `payroll.${format}`,
  });
