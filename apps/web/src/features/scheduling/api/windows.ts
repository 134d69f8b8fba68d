import type { AppointmentWindow, GenerateWindowsRequest, WindowSearchRequest } from "@fieldlead/contracts";
import { schedulingApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";

/** A week of windows is one call (up to 1000 a page). */
export const WEEK_PAGE_SIZE = 1000;

export const windowsQueryOptions = (request: WindowSearchRequest) =>
  queryOptions({
    ...endpointQuery(schedulingApi.windowSearch, { body: request }),
    placeholderData: keepPreviousData,
  });

export function useWindows(request: WindowSearchRequest | null) {
  return useQuery({ ...windowsQueryOptions(request ?? {}), enabled: request !== null });
}

/** A window's bookings, for the calendar's drawer. */
export function useWindowBookings(id: number | null) {
  return useQuery({
    ...endpointQuery(schedulingApi.windowBookings, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** Closes a window (it keeps its bookings and takes no more) or reopens it. */
export const setWindowClosed = (w: AppointmentWindow, isClosed: boolean) =>
  call(schedulingApi.windowUpsert, {
    body: {
      id: w.id,
      appointmentTypeId: w.appointmentTypeId,
      territoryId: w.territoryId,
      storeId: w.storeId,
      localDate: w.localDate,
      startTime: w.startTime,
      endTime: w.endTime,
      capacity: w.capacity,
      isClosed,
    },
  });

export function useSetWindowClosed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ window, isClosed }: { window: AppointmentWindow; isClosed: boolean }) =>
      setWindowClosed(window, isClosed),
    onSuccess: () => invalidate(queryClient, schedulingApi.windowSearch),
  });
}

export const generateWindows = (body: GenerateWindowsRequest) => call(schedulingApi.generate, { body });

export function useGenerateWindows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateWindows,
    onSuccess: () => invalidate(queryClient, schedulingApi.windowSearch),
  });
}
