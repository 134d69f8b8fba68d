import { organizationsApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export type OrganizationsRequest = { includeDeleted?: boolean; search?: string };

/** The organizations the caller administers: owner groups with their organizations inside. */
export const organizationsQueryOptions = (request: OrganizationsRequest) =>
  queryOptions({
    ...endpointQuery(organizationsApi.settingsOrganizations, { body: request }),
    placeholderData: keepPreviousData,
  });

export function useOrganizations(request: OrganizationsRequest, enabled = true) {
  return useQuery({ ...organizationsQueryOptions(request), enabled });
}
