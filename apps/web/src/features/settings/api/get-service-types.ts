import { settingsApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery, keyOf } from "../../../lib/queries";

/** Every service type of the organization, inactive ones too. */
const input = (orgId: number) => ({ params: { orgId }, body: { includeInactive: true } });

/** The key of an organization's service types (the page puts a saved type into it at once). */
export const serviceTypesKey = (orgId: number) => keyOf(settingsApi.serviceTypes, input(orgId));

/** Every service type of the organization, inactive ones too, in their order. */
export const serviceTypesQueryOptions = (orgId: number) =>
  queryOptions({
    ...endpointQuery(settingsApi.serviceTypes, input(orgId)),
    select: (types) => [...types].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)),
  });

export function useServiceTypes(orgId: number) {
  return useQuery(serviceTypesQueryOptions(orgId));
}
