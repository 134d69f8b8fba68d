import type {
  EndpointResponse,
  LaborHistorySearchRequest,
  MissingPunchSearchRequest,
  TimeLogCreateRequest,
  TimeLogSearchRequest,
  TimeLogUpdateRequest,
} from "@fieldlead/contracts";
import { type DefinitionOf, laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call, downloadFile } from "../../../../lib/api-client";
import { endpointQuery } from "../../../../lib/queries";
import { useLaborChange } from "../../components/use-labor-change";

/**
 * Time logs, missing punches and labor history (docs/decisions/0040-labor.md): the reads of the three screens and
 * the writes of a log (punch, enter a shift, edit, propose, accept, delete). Every write marks every read of time
 * logs stale, so the phone's day, the history, a person's logs and the missing punches all show it.
 */

export type LaborToday = EndpointResponse<DefinitionOf<typeof laborApi.today>>;
export type TimeLogPage = EndpointResponse<DefinitionOf<typeof laborApi.userTimeLogsSearch>>;
export type LaborHistoryPage = EndpointResponse<DefinitionOf<typeof laborApi.historySearch>>;
export type MissingPunchPage = EndpointResponse<DefinitionOf<typeof laborApi.missingPunches>>;
export type TimeLogWrite = EndpointResponse<DefinitionOf<typeof laborApi.create>>;
export type TimeLogHistory = EndpointResponse<DefinitionOf<typeof laborApi.timeLogHistory>>;
export type TimeLogHistoryEntry = TimeLogHistory["items"][number];

/** Every read a time log write may change: the phone's day, the history, a person's logs, the missing punches. */
const TIME_LOG_READS = [
  laborApi.today,
  laborApi.userTimeLogsSearch,
  laborApi.historySearch,
  laborApi.missingPunches,
  laborApi.timeLogHistory,
  laborApi.dashboardTimeLogs,
] as const;

// ---------------------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------------------

/** The caller's day on the punch screen: the open log, today's shifts, the store to punch into, missing punches. */
export function useLaborToday(enabled = true) {
  return useQuery({ ...endpointQuery(laborApi.today), enabled });
}

export const laborHistoryQueryOptions = (body: LaborHistorySearchRequest) =>
  queryOptions({
    ...endpointQuery(laborApi.historySearch, { body }),
    placeholderData: keepPreviousData,
  });

/** Minutes per person per day or week, with the flags; paged, sorted and filtered on the server. */
export function useLaborHistory(body: LaborHistorySearchRequest) {
  return useQuery(laborHistoryQueryOptions(body));
}

/** The whole history (every page, the same filters and sort) as the server's CSV or XLSX file. */
export const exportLaborHistory = (body: LaborHistorySearchRequest, format: "csv" | "xlsx") =>
  downloadFile(laborApi.historySearch, {
    body: { ...body, page: 1, format },
    fallbackName: `labor-history.${format}`,
  });

/** One person's time logs over a period, a page at a time. */
export function useUserTimeLogs(userId: number | null, body: TimeLogSearchRequest) {
  return useQuery({
    ...endpointQuery(laborApi.userTimeLogsSearch, { params: { userId: userId ?? 0 }, body }),
    placeholderData: keepPreviousData,
    enabled: userId !== null,
  });
}

/** Logs missing a punch and proposals waiting for a manager, with their counts. */
export function useMissingPunches(body: MissingPunchSearchRequest) {
  return useQuery({
    ...endpointQuery(laborApi.missingPunches, { body }),
    placeholderData: keepPreviousData,
  });
}

/** A log's audit trail (who, when, before, after, why), read when it is opened. */
export function useTimeLogHistory(target: { userId: number; logId: number } | null) {
  return useQuery({
    ...endpointQuery(laborApi.timeLogHistory, {
      params: { userId: target?.userId ?? 0, logId: target?.logId ?? 0 },
    }),
    enabled: target !== null,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------------

export type CreateInput = { userId: number; body: TimeLogCreateRequest; idempotencyKey?: string };

/**
 * Punch in, punch out or enter a whole shift. A punch carries an Idempotency-Key made once per punch: a retry of
 * the same punch (its answer was lost) is one punch.
 */
export const createTimeLog = ({ userId, body, idempotencyKey }: CreateInput) =>
  call(laborApi.create, {
    params: { userId },
    body,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
  });

export const useCreateTimeLog = () => useLaborChange(createTimeLog, TIME_LOG_READS);

export type UpdateInput = { userId: number; logId: number; body: TimeLogUpdateRequest };

/** Edit a log (managers, with a reason), propose the missing time (the person), or accept a proposal. */
export const updateTimeLog = ({ userId, logId, body }: UpdateInput) =>
  call(laborApi.update, { params: { userId, logId }, body });

export const useUpdateTimeLog = () => useLaborChange(updateTimeLog, TIME_LOG_READS);

export type DeleteInput = { userId: number; logId: number; reason: string };

/** Deletes a log with the reason the audit trail keeps. */
export const deleteTimeLog = ({ userId, logId, reason }: DeleteInput) =>
  call(laborApi.remove, { params: { userId, logId }, query: { reason } });

export const useDeleteTimeLog = () => useLaborChange(deleteTimeLog, TIME_LOG_READS);
