import { appApi } from "@fieldlead/contracts/routes";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { endpointQuery } from "../../../lib/queries";

export const getAddressDetails = (id: string) => call(appApi.addressDetails, { params: { id } });

export const addressSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    ...endpointQuery(appApi.addressSuggestions, { query: { query, limit: 6 } }),
    enabled: query.trim().length >= 3,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Suggestions for what was typed (three characters at least; the caller debounces). */
export function useAddressSuggestions(query: string) {
  return useQuery(addressSuggestionsQueryOptions(query.trim()));
}
