import type { BusinessContactsSaveRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery, keyOf } from "../../../lib/queries";

const contactsKey = (typeId: number) =>
  keyOf(settingsApi.appointmentTypeContacts, { params: { id: typeId } });

/** Who hears about one appointment type's bookings. */
export const useTypeContacts = (typeId: number) =>
  useQuery(endpointQuery(settingsApi.appointmentTypeContacts, { params: { id: typeId } }));

/** Saves the whole list (the server replaces it); the saved list goes straight into the cache. */
export function useSaveTypeContacts(typeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessContactsSaveRequest) =>
      call(settingsApi.appointmentTypeContactsSave, { params: { id: typeId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(contactsKey(typeId), saved),
  });
}
