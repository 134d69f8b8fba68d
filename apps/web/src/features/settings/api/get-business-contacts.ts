import { settingsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { keyOf } from "../../../lib/queries";
import type { ContactScope } from "./settings-keys";

/** The key of a scope's contacts (a save puts the saved list into it). */
export const businessContactsKey = (scope: ContactScope) =>
  scope.level === "organization"
    ? keyOf(settingsApi.organizationContacts, { params: { id: scope.id } })
    : keyOf(settingsApi.territoryContacts, { params: { id: scope.id } });

/** The business contacts of the organization, or of one of its territories. */
export const getBusinessContacts = (scope: ContactScope, signal?: AbortSignal) =>
  call(scope.level === "organization" ? settingsApi.organizationContacts : settingsApi.territoryContacts, {
    params: { id: scope.id },
    signal,
  });

export const businessContactsQueryOptions = (scope: ContactScope) =>
  queryOptions({
    queryKey: businessContactsKey(scope),
    queryFn: ({ signal }) => getBusinessContacts(scope, signal),
  });

export function useBusinessContacts(scope: ContactScope | null) {
  return useQuery({
    ...businessContactsQueryOptions(scope ?? { level: "organization", id: 0 }),
    enabled: scope !== null,
  });
}
