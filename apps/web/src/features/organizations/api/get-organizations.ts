import type { SettingsOrganization } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OrganizationsRequest = { includeDeleted?: boolean; search?: string };

export const organizationKeys = {
  all: ["organizations"] as const,
  trees: () => [...organizationKeys.all, "tree"] as const,
  tree: (request: OrganizationsRequest) => [...organizationKeys.trees(), request] as const,
  smartCircleUsers: () => [...organizationKeys.all, "smart-circle-users"] as const,
};

/** The organizations the caller administers: owner groups with their organizations inside. */
export const getOrganizations = (body: OrganizationsRequest, signal?: AbortSignal) =>
  api<SettingsOrganization[]>("settings.organizations", { body, signal });

export const organizationsQueryOptions = (request: OrganizationsRequest) =>
  queryOptions({
    queryKey: organizationKeys.tree(request),
    queryFn: ({ signal }) => getOrganizations(request, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganizations(request: OrganizationsRequest, enabled = true) {
  return useQuery({ ...organizationsQueryOptions(request), enabled });
}
