import type { AvailableWindowsRequest, BookAppointmentRequest } from "@fieldlead/contracts";
import { appointmentsApi, leadsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";
import { endpointQuery, invalidate } from "../../lib/queries";

/**
 * The calls of the booking panel (shared by the capture screen and the lead drawer, docs/decisions/0033): the free
 * windows of a type for a lead, the lead's appointments, and book, move, cancel. A change refreshes the lead's
 * appointments, the availability, the appointments list and the lead (its status follows the booking).
 */
export function useAvailableWindows(input: AvailableWindowsRequest | null) {
  return useQuery({
    ...endpointQuery(appointmentsApi.available, { body: input ?? { appointmentTypeId: 0 } }),
    enabled: input !== null,
    // Places go quickly: a list a minute old is refreshed before it is shown again.
    staleTime: 15_000,
  });
}

export function useLeadAppointments(leadId: number | null) {
  return useQuery({
    ...endpointQuery(appointmentsApi.leadAppointments, { params: { id: leadId ?? 0 } }),
    enabled: leadId !== null,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    invalidate(
      client,
      appointmentsApi.leadAppointments,
      appointmentsApi.available,
      appointmentsApi.search,
      leadsApi.internalDetail,
      leadsApi.internalSearch,
    );
}

/** Books a window; the key makes a retry of the same press safe (the server answers the first booking). */
export function useBookAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ body, key }: { body: BookAppointmentRequest; key: string }) =>
      call(appointmentsApi.book, { body, headers: { "idempotency-key": key } }),
    onSettled: refresh,
  });
}

export function useMoveAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, windowId, reason }: { id: number; windowId: number; reason: string | null }) =>
      call(appointmentsApi.move, { params: { id }, body: { windowId, reason } }),
    onSettled: refresh,
  });
}

export function useCancelAppointment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(appointmentsApi.cancel, { params: { id }, body: { reason } }),
    onSettled: refresh,
  });
}
