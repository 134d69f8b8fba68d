import type {
  AppointmentTypeBusinessUnitUpsertRequest,
  AppointmentTypeQuestionUpsertRequest,
  AppointmentTypeTechnicianUpsertRequest,
} from "@fieldlead/contracts";
import { appointmentTypesApi, settingsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, invalidate } from "../../../lib/queries";

const api = appointmentTypesApi;

// Reads -------------------------------------------------------------------------------------------------

export const useTypeTechnicians = (typeId: number) =>
  useQuery(endpointQuery(api.technicians, { params: { id: typeId } }));
export const useTypeBusinessUnits = (typeId: number) =>
  useQuery(endpointQuery(api.businessUnits, { params: { id: typeId } }));
export const useTypeQuestions = (typeId: number) =>
  useQuery(endpointQuery(api.questions, { params: { id: typeId } }));

/** The active CRM technicians not linked to the type yet. */
export const useTechnicianOptions = (typeId: number, enabled = true) =>
  useQuery({ ...endpointQuery(api.technicianOptions, { params: { id: typeId } }), enabled });

/** The organization's CRM business units, job types and campaigns (they change only when the CRM's are read). */
export const serviceTitanOptionsQuery = () =>
  queryOptions({ ...endpointQuery(api.serviceTitanOptions), staleTime: 5 * 60_000 });
export const useServiceTitanOptions = (enabled = true) =>
  useQuery({ ...serviceTitanOptionsQuery(), enabled });

/** The organization's active service-type questions. */
export const useQuestionOptions = (enabled = true) =>
  useQuery({ ...endpointQuery(api.questionOptions), staleTime: 60_000, enabled });

// Writes: each refreshes the type's lists (and the pickers' lists) ----------------------------------------

function useLinkMutation<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      invalidate(
        queryClient,
        api.technicians,
        api.technicianOptions,
        api.businessUnits,
        api.questions,
        settingsApi.questionAppointmentTypes,
      ),
  });
}

export const useUpsertTechnician = () =>
  useLinkMutation((body: AppointmentTypeTechnicianUpsertRequest) => call(api.technicianUpsert, { body }));
export const useDeleteTechnician = () =>
  useLinkMutation((id: number) => call(api.technicianDelete, { params: { id } }));

export const useUpsertBusinessUnit = () =>
  useLinkMutation((body: AppointmentTypeBusinessUnitUpsertRequest) => call(api.businessUnitUpsert, { body }));
export const useDeleteBusinessUnit = () =>
  useLinkMutation((id: number) => call(api.businessUnitDelete, { params: { id } }));

export const useUpsertQuestion = () =>
  useLinkMutation((body: AppointmentTypeQuestionUpsertRequest) => call(api.questionUpsert, { body }));
export const useDeleteQuestion = () =>
  useLinkMutation((id: number) => call(api.questionDelete, { params: { id } }));
