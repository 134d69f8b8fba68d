import type { ServiceType } from "@fieldlead/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { settingsKeys } from "./settings-keys";

/** Every service type of the organization, inactive ones too, in their order. */
export const getServiceTypes = (orgId: number, signal?: AbortSignal) =>
  api<ServiceType[]>("settings.byOrgIdServiceType", {
    params: { orgId },
    body: { includeInactive: true },
    signal,
  });

export const serviceTypesQueryOptions = (orgId: number) =>
  queryOptions({
    queryKey: settingsKeys.serviceTypes(orgId),
    queryFn: ({ signal }) => getServiceTypes(orgId, signal),
    select: (types) => [...types].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name)),
  });

export function useServiceTypes(orgId: number) {
  return useQuery(serviceTypesQueryOptions(orgId));
}
