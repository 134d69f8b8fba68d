import type { AddressDetails } from "@fieldlead/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type AddressSuggestion = { id: string; label: string; source: "organization" | "zip" };

export const getAddressSuggestions = (query: string, signal?: AbortSignal) =>
  api<AddressSuggestion[]>("app.addressSuggestions", { query: { query, limit: 6 }, signal });

export const getAddressDetails = (id: string) =>
  api<AddressDetails>("app.addressDetailsById", { params: { id } });

export const addressSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["capture", "address-suggestions", query] as const,
    queryFn: ({ signal }) => getAddressSuggestions(query, signal),
    enabled: query.trim().length >= 3,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for what was typed (three characters at least; the caller debounces). */
export function useAddressSuggestions(query: string) {
  return useQuery(addressSuggestionsQueryOptions(query.trim()));
}
