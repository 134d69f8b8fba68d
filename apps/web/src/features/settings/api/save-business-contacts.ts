import type { BusinessContactsSaveRequest } from "@fieldlead/contracts";
import { settingsApi } from "@fieldlead/contracts/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { businessContactsKey } from "./get-business-contacts";
import type { ContactScope } from "./settings-keys";

type Input = { scope: ContactScope; body: BusinessContactsSaveRequest };

/** Replaces the whole list of contacts of a scope, in the order given. */
export const saveBusinessContacts = ({ scope, body }: Input) =>
  call(
    scope.level === "organization" ? settingsApi.organizationContactsSave : settingsApi.territoryContactsSave,
    {
      params: { id: scope.id },
      body,
    },
  );

export function useSaveBusinessContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessContacts,
    onSuccess: (saved, { scope }) => queryClient.setQueryData(businessContactsKey(scope), saved),
  });
}
