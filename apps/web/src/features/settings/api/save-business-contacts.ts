import type { BusinessContact, BusinessContactsSaveRequest } from "@fieldlead/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ApiError } from "../../../lib/api-error";
import { type ContactScope, settingsKeys } from "./settings-keys";

type Input = { scope: ContactScope; body: BusinessContactsSaveRequest };

/** Replaces the whole list of contacts of a scope, in the order given. */
export const saveBusinessContacts = ({ scope, body }: Input) =>
  api<BusinessContact[]>(
    scope.level === "organization"
      ? "settings.organizationByIdBusinessContact.post"
      : "settings.organizationsTerritoryByIdBusinessContact.post",
    { params: { id: scope.id }, body },
  );

export function useSaveBusinessContacts() {
  const queryClient = useQueryClient();
  return useMutation<BusinessContact[], ApiError, Input>({
    mutationFn: saveBusinessContacts,
    onSuccess: (saved, { scope }) => queryClient.setQueryData(settingsKeys.contacts(scope), saved),
  });
}
