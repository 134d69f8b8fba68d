import type { AppointmentTypeUpsertRequest } from "@fieldlead/contracts";
import { appApi, appointmentTypesApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { invalidate } from "../../../lib/queries";
import { appointmentTypeKey } from "./search-appointment-types";

/** Saves the details form: creates (no id) or updates. */
export const upsertAppointmentType = (body: AppointmentTypeUpsertRequest) =>
  call(appointmentTypesApi.upsert, { body });

export function useUpsertAppointmentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertAppointmentType,
    onSuccess: (saved) => {
      queryClient.setQueryData(appointmentTypeKey(saved.id), saved);
      // The lists, and the lookup list's `scheduleAppointmentTypes` (the booking selects).
      void invalidate(queryClient, appointmentTypesApi.search, appApi.lookupList);
    },
  });
}

/** Deletes a type nothing uses (the server refuses one in use, saying where). */
export function useDeleteAppointmentType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(appointmentTypesApi.delete, { params: { id } }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: appointmentTypeKey(id) });
      void invalidate(queryClient, appointmentTypesApi.search, appApi.lookupList);
    },
  });
}
