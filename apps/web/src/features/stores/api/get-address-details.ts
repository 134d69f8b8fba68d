import type { AddressDetails } from "@fieldlead/contracts";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../../lib/api-client";
import { addressKeys } from "./get-address-suggestions";

/** The structured address of one suggestion: street, city, state, ZIP, time zone, position. */
export const getAddressDetails = (id: string, signal?: AbortSignal) =>
  api<AddressDetails>("app.addressDetailsById", { params: { id }, signal });

export const addressDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: addressKeys.details(id),
    queryFn: ({ signal }) => getAddressDetails(id, signal),
    staleTime: 60 * 60_000,
  });

/** Reads a suggestion's details when one is chosen (cached, so choosing it again asks nothing). */
export function useFetchAddressDetails() {
  const queryClient = useQueryClient();
  return useCallback((id: string) => queryClient.fetchQuery(addressDetailsQueryOptions(id)), [queryClient]);
}
