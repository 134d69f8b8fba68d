import type { EndpointResponse } from "@fieldlead/contracts";
import { appApi, type DefinitionOf } from "@fieldlead/contracts/routes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "../../../lib/queries";

export type AddressSuggestion = EndpointResponse<DefinitionOf<typeof appApi.addressSuggestions>>[number];

/** Addresses, cities and ZIP codes matching what was typed. */
export const addressSuggestionsQueryOptions = (query: string) =>
  queryOptions({
    ...endpointQuery(appApi.addressSuggestions, { query: { query } }),
    staleTime: 10 * 60_000,
  });

/** Asked only once at least 3 characters were typed (the caller debounces). */
export function useAddressSuggestions(query: string) {
  const q = query.trim();
  return useQuery({ ...addressSuggestionsQueryOptions(q), enabled: q.length >= 3 });
}
