import type { AppointmentSearchRequest } from "@fieldlead/contracts";
import { appointmentsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { downloadFile } from "../../../lib/api-client";
import { endpointQuery } from "../../../lib/queries";

export const appointmentsQueryOptions = (request: AppointmentSearchRequest) =>
  queryOptions({
    ...endpointQuery(appointmentsApi.search, { body: request }),
    placeholderData: keepPreviousData,
  });

export function useAppointments(request: AppointmentSearchRequest) {
  return useQuery(appointmentsQueryOptions(request));
}

/** The whole list (every page, same filters and sort) as the server's CSV or XLSX file. */
export const exportAppointments = (request: AppointmentSearchRequest, format: "csv" | "xlsx") =>
  downloadFile(appointmentsApi.search, {
    body: { ...request, page: 1, format },
    fallbackName: `appointments.${format}`,
  });
