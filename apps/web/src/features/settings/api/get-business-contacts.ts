import type { BusinessContact } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type ContactScope, settingsKeys } from "./settings-keys";

/** The business contacts of the organization, or of one of its territories. */
export const getBusinessContacts = (scope: ContactScope, signal?: AbortSignal) =>
  api<BusinessContact[]>(
    scope.level === "organization"
      ? "settings.organizationByIdBusinessContact.get"
      : "settings.organizationsTerritoryByIdBusinessContact.get",
    { params: { id: scope.id }, signal },
  );

export const businessContactsQueryOptions = (scope: ContactScope) =>
  queryOptions({
    queryKey: settingsKeys.contacts(scope),
    queryFn: ({ signal }) => getBusinessContacts(scope, signal),
  });

export function useBusinessContacts(scope: ContactScope | null) {
  return useQuery({
    ...businessContactsQueryOptions(scope ?? { level: "organization", id: 0 }),
    enabled: scope !== null,
  });
}
