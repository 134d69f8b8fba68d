import { appApi } from "@fieldlead/contracts/routes";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { endpointQuery } from "../../../lib/queries";

/** The structured address of one suggestion: street, city, state, ZIP, time zone, position. */
export const addressDetailsQueryOptions = (id: string) =>
  queryOptions({
    ...endpointQuery(appApi.addressDetails, { params: { id } }),
    staleTime: 60 * 60_000,
  });

/** Reads a suggestion's details when one is chosen (cached, so choosing it again asks nothing). */
export function useFetchAddressDetails() {
  const queryClient = useQueryClient();
  return useCallback((id: string) => queryClient.fetchQuery(addressDetailsQueryOptions(id)), [queryClient]);
}
