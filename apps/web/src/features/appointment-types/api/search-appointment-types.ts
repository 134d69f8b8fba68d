import type { AppointmentTypeSearchRequest } from "@fieldlead/contracts";
import { appointmentTypesApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, keyOf } from "../../../lib/queries";

export const appointmentTypesQueryOptions = (request: AppointmentTypeSearchRequest) =>
  queryOptions({
    ...endpointQuery(appointmentTypesApi.search, { body: request }),
    placeholderData: keepPreviousData,
  });

/** A page of the organization's appointment types. */
export function useAppointmentTypes(request: AppointmentTypeSearchRequest) {
  return useQuery(appointmentTypesQueryOptions(request));
}

/** The key of one type as the editor reads it (a save puts the saved type into it). */
export const appointmentTypeKey = (id: number) =>
  keyOf(appointmentTypesApi.search, { body: { ids: [id], pageSize: 1 } });

/** One type, read by the search with its id (null when there is none the caller reaches). */
export function useAppointmentType(id: number | null) {
  return useQuery({
    queryKey: appointmentTypeKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await call(appointmentTypesApi.search, { body: { ids: [id ?? 0], pageSize: 1 }, signal })).items[0] ??
      null,
    enabled: id !== null,
  });
}
