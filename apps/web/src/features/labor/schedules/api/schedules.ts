import type {
  AvailableHoursReplaceRequest,
  ScheduleCopyRequest,
  SchedulesExportRequest,
  SchedulesRequest,
  ShiftUpsertRequest,
} from "@fieldlead/contracts";
import { laborApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call, downloadFile } from "../../../../lib/api-client";
import { endpointQuery } from "../../../../lib/queries";
import { useLaborChange } from "../../components/use-labor-change";

/**
 * The schedules screen's calls (docs/decisions/0040-labor.md): the week grid, planning and deleting shifts, copying a
 * week, available hours, the export. A change makes the grid stale, and the punch screen's "today" and the labor
 * history's planned minutes with it.
 */

export const scheduleQueryOptions = (body: SchedulesRequest) =>
  queryOptions({
    ...endpointQuery(laborApi.schedulesWeek, { body }),
    placeholderData: keepPreviousData,
  });

/** A page of people, each with the week's shifts by day, their conflicts and available hours. */
export function useSchedule(body: SchedulesRequest) {
  return useQuery(scheduleQueryOptions(body));
}

/** A change to the plan ends once the grid (and the punch screen's day, the history's planned minutes) is back. */
const useScheduleChange = <A, R>(fn: (arg: A) => Promise<R>) =>
  useLaborChange(fn, [laborApi.schedulesWeek, laborApi.today, laborApi.historySearch], {
    waitForReads: true,
  });

export const useUpsertShift = () =>
  useScheduleChange((body: ShiftUpsertRequest) => call(laborApi.shiftUpsert, { body }));
export const useDeleteShift = () =>
  useScheduleChange((id: number) => call(laborApi.shiftDelete, { params: { id } }));
export const useCopyWeek = () =>
  useScheduleChange((body: ScheduleCopyRequest) => call(laborApi.schedulesCopy, { body }));
export const useReplaceAvailableHours = () =>
  useScheduleChange((body: AvailableHoursReplaceRequest) => call(laborApi.availableHoursReplace, { body }));

/** The week as the server's CSV (one row per shift) or XLSX (shifts and the week grid); answers the file's name. */
export const exportSchedule = (body: SchedulesExportRequest) =>
  downloadFile(laborApi.schedulesExport, { body, fallbackName: `schedule.${body.format ?? "xlsx"}` });
